import { lazy, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { fetchNamespacesAhead, i18n, i18nReady, type Namespace } from '../lib/i18n';
import { AreaErrorBoundary } from './AreaErrorBoundary';

/** An area's page inside its error boundary, which forgets a caught error when the path changes. */
export function AreaBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <AreaErrorBoundary resetKey={pathname}>{children}</AreaErrorBoundary>;
}

/** A page of a lazily loaded area, and how to start loading it before it is rendered. */
export interface AreaPage {
  (): ReactNode;
  preload: () => Promise<unknown>;
}

/**
 * One chunk per area: the page components of a feature load together, on first use, each inside the
 * shared query cache (which is itself loaded with the first area page) and inside the area's error
 * boundary, so a chunk that fails to load shows a message rather than an empty page. The area's texts
 * load alongside its code, not after it has rendered, and `preload` starts both before the first render
 * (main.tsx does so for the page the browser opened, while the shell's own texts are still loading).
 */
export function area<M extends Record<string, unknown>>(load: () => Promise<M>, areaNamespaces: Namespace[]) {
  // Every area has forms: the validation texts come with it (the first page, with none, loads without them).
  const namespaces: Namespace[] = [...areaNamespaces, 'validation'];
  let loading: Promise<[M, typeof import('../lib/query'), unknown]> | undefined;
  const loadArea = () => {
    // A failed load is forgotten, so the error boundary's retry (or the next page) fetches again.
    loading ??= Promise.all([
      load(),
      import('../lib/query'),
      Promise.all([i18nReady, fetchNamespacesAhead(namespaces)]).then(() => i18n.loadNamespaces(namespaces)),
    ]).catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
  return (name: keyof M & string): AreaPage => {
    const Page = lazy(async () => {
      const [module, { QueryProvider }] = await loadArea();
      const Component = module[name] as ComponentType;
      return {
        default: () => (
          <QueryProvider>
            <Component />
          </QueryProvider>
        ),
      };
    });
    function LazyAreaPage() {
      return (
        <AreaBoundary>
          <Page />
        </AreaBoundary>
      );
    }
    LazyAreaPage.preload = loadArea;
    return LazyAreaPage;
  };
}
