import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { preloadable } from '../src/preloadable';

function Greeting({ name }: { name: string }) {
  return <p>Olá, {name}</p>;
}

test('a component whose code was loaded ahead renders at once, with no Suspense fallback', async () => {
  const Page = preloadable(() => Promise.resolve({ default: Greeting }));
  await Page.load();
  render(
    <Suspense fallback={<p>Carregando</p>}>
      <Page name="Joana" />
    </Suspense>,
  );
  // Synchronously: nothing waited for.
  expect(screen.getByText('Olá, Joana')).toBeTruthy();
  expect(screen.queryByText('Carregando')).toBeNull();
});

test('one not loaded yet suspends as React.lazy does, then renders; a failed load is tried again', async () => {
  let tries = 0;
  const Page = preloadable(async () => {
    tries += 1;
    if (tries === 1) throw new Error('rede');
    return { default: Greeting };
  });
  await expect(Page.load()).rejects.toThrow('rede');
  render(
    <Suspense fallback={<p>Carregando</p>}>
      <Page name="Paulo" />
    </Suspense>,
  );
  expect(screen.getByText('Carregando')).toBeTruthy();
  expect(await screen.findByText('Olá, Paulo')).toBeTruthy();
  expect(tries).toBe(2);
});
