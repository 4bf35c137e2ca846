import { lazy, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { AreaErrorBoundary } from './AreaErrorBoundary';

/** An area's page inside its error boundary, which forgets a caught error when the path changes. */
export function AreaBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <AreaErrorBoundary resetKey={pathname}>{children}</AreaErrorBoundary>;
}

/**
 * One chunk per area: the page components of a feature load together, on first use, each inside the
 * shared query cache (which is itself loaded with the first area page) and inside the area's error
 * boundary, so a chunk that fails to load shows a message rather than an empty page.
 */
export function area<M extends Record<string, unknown>>(load: () => Promise<M>) {
  return (name: keyof M & string) => {
    const Page = lazy(async () => {
      const [module, { QueryProvider }] = await Promise.all([load(), import('../lib/query')]);
      const Component = module[name] as ComponentType;
      return {
        default: () => (
          <QueryProvider>
            <Component />
          </QueryProvider>
        ),
      };
    });
    return function AreaPage() {
      return (
        <AreaBoundary>
          <Page />
        </AreaBoundary>
      );
    };
  };
}
