import { createQueryClient } from '@corretora/web-kit';
import type { QueryClient } from '@tanstack/react-query';

let client: QueryClient | undefined;

/** The app's one query client: on a client's page the boot's early preload (bootstrap.tsx) fills it before the app renders. */
export function appQueryClient(): QueryClient {
  return (client ??= createQueryClient());
}
