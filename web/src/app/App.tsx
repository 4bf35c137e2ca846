import { Suspense, useState } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { RouterProvider } from 'react-router/dom';
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

/**
 * A data router (not <BrowserRouter>): only a data router can hold a navigation until the user answers, which a
 * form with unsent input needs (useBlocker, components/DraftGuard). No route has a loader; pages load their data.
 */
export function App() {
  const [router] = useState(() => createBrowserRouter([{ element: <Root />, children: routes }]));
  return <RouterProvider router={router} />;
}
