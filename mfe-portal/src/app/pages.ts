import { preloadable } from '@corretora/web-kit';

// The portal's pages, each its own chunk (a client's first page carries the sign-in, not the records'
// screens), loaded ahead by the route's preload (manifest.tsx, which keeps portal-app's) so they render
// at once.
export const HomePage = preloadable(() => import('./home-page'));
export const SignInPage = preloadable(() => import('../features/sign-in/sign-in-page'));
