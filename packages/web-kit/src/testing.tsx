/**
 * For the apps' jsdom tests of a whole screen: the providers a screen finds in the shell (Fluent's
 * theme, the query cache, the toaster, a router at the given address), and answers for the one HTTP boundary a
 * screen has in jsdom (fetch). Not part of any bundle: only tests import it.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { Role, User } from '@corretora/contracts';
import { QUERY_KEYS, createQueryClient } from './api/query-client';
import { FluentProvider, webLightTheme } from './fluent/core';
import { AppToaster } from './ui/notify';

/** A signed-in member of the role, as the session answers them (what role-aware screens read). */
export function signedInAs(role: Role): User {
  return {
    id: `member-${role}`,
    email: `${role}@corretora.test`,
    name: null,
    profileImageUrl: null,
    isEmailVerified: true,
    createdAt: '2026-11-01T12:00:00.000Z',
    phone: null,
    role,
    founder: role === 'owner',
  };
}

/** The shell's providers around `ui`; `as`: a member signed in with that role (none: the session is asked over fetch). */
export function withShell(
  ui: ReactNode,
  { client = createQueryClient(), path = '/', as }: { client?: QueryClient; path?: string; as?: Role } = {},
) {
  if (as) client.setQueryData(QUERY_KEYS.currentUser, signedInAs(as));
  return (
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <AppToaster />
          {ui}
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>
  );
}

/** What the API answers a screen: a status and a JSON body, or 'pending' for a call that never ends. */
export type Answer = { status: number; body: unknown } | 'pending';

/** Replaces fetch with `answer(url, init)` until the returned function restores it. */
export function answerFetch(answer: (url: string, init?: RequestInit) => Answer): () => void {
  const real = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const reply = answer(url, init);
    if (reply === 'pending') return new Promise<Response>(() => undefined);
    const text = JSON.stringify(reply.body);
    return {
      ok: reply.status < 400,
      status: reply.status,
      statusText: '',
      text: async () => text,
      json: async () => JSON.parse(text) as unknown,
    } as Response;
  };
  return () => {
    globalThis.fetch = real;
  };
}
