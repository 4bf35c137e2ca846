import { Suspense } from 'react';
import { BrowserRouter, Outlet, useRoutes } from 'react-router';
import { SessionProvider } from '../lib/session/SessionProvider';
import { AreaBoundary } from './area';
import { routes } from './router';

function Root() {
  return (
    // The last resort, for an error outside every area's own boundary (the layout, a guard).
    <AreaBoundary>
      <SessionProvider>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </SessionProvider>
    </AreaBoundary>
  );
}

function AppRoutes() {
  return useRoutes([{ element: <Root />, children: routes }]);
}

/**
 * A declarative router: a data router (which alone can hold Back until a dialog is answered) costs ~16 KB
 * gzip on every first load; a form's leave dialog holds link clicks instead (components/DraftGuard).
 */
export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
