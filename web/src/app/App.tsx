import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { SessionProvider } from '../lib/session/SessionProvider';
import { AppRoutes } from './router';

export function App() {
  return (
    <BrowserRouter>
      <SessionProvider>
        <Suspense fallback={null}>
          <AppRoutes />
        </Suspense>
      </SessionProvider>
    </BrowserRouter>
  );
}
