import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { SessionProvider } from '../lib/session/SessionProvider';
import { AreaBoundary } from './area';
import { AppRoutes } from './router';

export function App() {
  return (
    <BrowserRouter>
      {/* The last resort, for an error outside every area's own boundary (the layout, a guard). */}
      <AreaBoundary>
        <SessionProvider>
          <Suspense fallback={null}>
            <AppRoutes />
          </Suspense>
        </SessionProvider>
      </AreaBoundary>
    </BrowserRouter>
  );
}
