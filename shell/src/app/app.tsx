import { FluentProvider, webLightTheme } from '@corretora/web-kit/fluent/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { AppRoutes } from './router';
import { BrowserRouter } from '@corretora/web-kit';
import { appQueryClient } from './query-client';

export function App() {
  const [queryClient] = useState(appQueryClient);
  return (
    <FluentProvider theme={webLightTheme} lang="pt-BR">
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </FluentProvider>
  );
}
