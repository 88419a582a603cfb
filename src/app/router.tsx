import { Suspense, lazy, type ReactNode } from 'react';
import { Navigate, ScrollRestoration, createBrowserRouter, useLocation, type RouteObject } from 'react-router-dom';
import { SCREEN_ROUTES, canSee, homeScreen } from '../domain/routes';
import { DelayedSpinner } from './feedback/DelayedSpinner';
import { useSession } from './session/session';
import { SCREENS } from './screens';
import { ErrorScreen } from './shell/ErrorScreen';
import { Layout } from './shell/Layout';

/** The route guard of SPEC §2: no session → /login; a level below the route's minimum → /. */
export function Guard({ path, children }: { path: string; children: ReactNode }) {
  const user = useSession();
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (!canSee(path, user.permission)) return <Navigate to="/" replace />;
  return <>{children}</>;
}

function Home() {
  const user = useSession();
  const Screen = SCREENS[homeScreen(user?.permission ?? 0) === 'dashboard' ? '/dash' : '/make-request'];
  return <Screen />;
}

// its form library stays out of the first load: a signed-in device opens on a screen, not on the login
const LoginScreen = lazy(() => import('./login/LoginScreen'));

// SPEC §9: the loading indicator shows only after 1 s, so a precached screen never flashes one
const lazyScreen = (node: ReactNode) => <Suspense fallback={<DelayedSpinner />}>{node}</Suspense>;

export const routes: RouteObject[] = [
  { path: '/login', element: lazyScreen(<LoginScreen />), errorElement: <ErrorScreen /> },
  {
    // issue 30: a screen opened by a link or the menu starts at its top (it opened where the last one was scrolled:
    // a screen low in the menu showed blank), and Back or Forward comes back where that screen was left. The shell
    // scrolls the window alone. ScrollRestoration needs the data router this table is mounted in, so it sits here
    // and not in Layout, which is drawn without one too.
    element: (
      <>
        <ScrollRestoration />
        <Layout />
      </>
    ),
    errorElement: <ErrorScreen />,
    children: SCREEN_ROUTES.map((r) => {
      const Screen = SCREENS[r.path];
      return {
        path: r.path,
        element: <Guard path={r.path}>{lazyScreen(r.path === '/' ? <Home /> : <Screen />)}</Guard>,
        errorElement: <ErrorScreen />,
      };
    }),
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

export const createAppRouter = () => createBrowserRouter(routes);
