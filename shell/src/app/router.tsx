import { UPCOMING_AREAS, remoteRoutes } from '@corretora/registry';
import { noop, useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, type ReactNode } from 'react';
import { PATHS } from '../config/paths';
import { Navigate, Outlet, useCurrentUser, useLocation, useRoutes, type RouteObject } from '@corretora/web-kit';
import { LoadingScreen } from '@corretora/web-kit/ui';

// Every screen loads on demand: /login ships only what it needs.
const LandingPage = lazy(() => import('../features/landing/landing-page'));
const NotFoundPage = lazy(() => import('../features/not-found/not-found-page'));
const LoginPage = lazy(() => import('../features/auth/components/login-page'));
const RegisterPage = lazy(() => import('../features/auth/components/register-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/components/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/components/reset-password-page'));
const InvitationPage = lazy(() => import('../features/auth/components/invitation-page'));
// A brokerage's public privacy page (LGPD): no session, whoever is signed in or not.
const PrivacyNoticePage = lazy(() => import('../features/privacy/privacy-notice-page'));
const ComparisonPage = lazy(() => import('../features/comparison/comparison-page'));
const PrivacyConfirmPage = lazy(() =>
  import('../features/privacy/privacy-notice-page').then((module) => ({ default: module.PrivacyConfirmPage })),
);
const AppLayout = lazy(() => import('../features/layout/app-layout'));
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page'));
const RemoteArea = lazy(() => import('../features/remote-area/remote-area'));
const UpcomingArea = lazy(() => import('../features/areas/upcoming-area'));
const OnboardingGate = lazy(() => import('../features/layout/onboarding-gate'));

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingScreen />}>{children}</Suspense>;
}

/** The session is loaded once; 'Carregando...' until it is known. */
function SessionRoot() {
  const { isLoading } = useCurrentUser();
  return isLoading ? <LoadingScreen /> : <Outlet />;
}

/** Signed out, every protected route shows the landing page in its place. */
function ProtectedRoot() {
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!user) return;
    // Signed in: the onboarding check and the area's code and data start now (lib/signed-in-preload).
    import('../lib/signed-in-preload').then(({ preloadSignedIn }) => preloadSignedIn(pathname, queryClient), noop);
  }, [user, pathname, queryClient]);
  if (!user) {
    return (
      <Page>
        <LandingPage />
      </Page>
    );
  }
  return (
    <Page>
      <AppLayout />
    </Page>
  );
}

function PublicOnly({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  return user ? <Navigate to={PATHS.dashboard} replace /> : <Page>{children}</Page>;
}

function gated(element: ReactNode) {
  return (
    <Page>
      <OnboardingGate>{element}</OnboardingGate>
    </Page>
  );
}

/** Every remote's routes and every upcoming area, from the registry: the shell names none of them. */
const AREA_ROUTES: RouteObject[] = [
  ...remoteRoutes()
    .filter((route) => route.audience !== 'client')
    .map((route) => {
      const area = <RemoteArea remote={route.remote} path={route.path} />;
      return { path: `/${route.path}/*`, element: route.locked ? gated(area) : <Page>{area}</Page> };
    }),
  ...UPCOMING_AREAS.map((area) => ({ path: `/${area.path}`, element: gated(<UpcomingArea title={area.title} />) })),
];

/**
 * A brokerage's clients' routes (the portal, #61): outside the member's session and layout, whoever
 * is signed in here or not; the remote keeps its own client session.
 */
const CLIENT_ROUTES: RouteObject[] = remoteRoutes()
  .filter((route) => route.audience === 'client')
  .map((route) => ({
    path: `/${route.path}/*`,
    // What the page needs was asked for at boot (bootstrap.tsx): there is no member's session to wait for.
    element: (
      <Page>
        <RemoteArea remote={route.remote} path={route.path} />
      </Page>
    ),
  }));

const ROUTES: RouteObject[] = [
  // Before the member's session is asked for: a client's page never waits on it.
  ...CLIENT_ROUTES,
  {
    element: <SessionRoot />,
    children: [
      {
        path: PATHS.login,
        element: (
          <PublicOnly>
            <LoginPage />
          </PublicOnly>
        ),
      },
      {
        path: PATHS.register,
        element: (
          <PublicOnly>
            <RegisterPage />
          </PublicOnly>
        ),
      },
      {
        path: PATHS.forgotPassword,
        element: (
          <PublicOnly>
            <ForgotPasswordPage />
          </PublicOnly>
        ),
      },
      {
        path: PATHS.resetPassword,
        element: (
          <Page>
            <ResetPasswordPage />
          </Page>
        ),
      },
      {
        path: PATHS.invitation,
        element: (
          <Page>
            <InvitationPage />
          </Page>
        ),
      },
      {
        path: `${PATHS.privacyNotice}/:brokerage`,
        element: (
          <Page>
            <PrivacyNoticePage />
          </Page>
        ),
      },
      {
        path: PATHS.comparison,
        element: (
          <Page>
            <ComparisonPage />
          </Page>
        ),
      },
      {
        path: `${PATHS.privacyNotice}/:brokerage/confirmar`,
        element: (
          <Page>
            <PrivacyConfirmPage />
          </Page>
        ),
      },
      {
        element: <ProtectedRoot />,
        children: [
          {
            index: true,
            element: (
              <Page>
                <DashboardPage />
              </Page>
            ),
          },
          {
            path: PATHS.dashboard,
            element: (
              <Page>
                <DashboardPage />
              </Page>
            ),
          },
          ...AREA_ROUTES,
        ],
      },
      {
        path: '*',
        element: (
          <Page>
            <NotFoundPage />
          </Page>
        ),
      },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(ROUTES);
}
