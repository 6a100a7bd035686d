import { Component, type ComponentType, type ErrorInfo, lazy, type ReactNode, Suspense, useContext, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingView } from '../pages/loading-view';
import { PageShownContext } from './page-shown';

/** A page in a chunk of its own; `preload` starts loading the chunk (hover, focus, idle) without rendering it. */
export type LazyPage<Props extends object> = ComponentType<Props> & { preload(): Promise<unknown> };

/**
 * `lazyPage(() => import('./pages/login-page'), 'LoginPage')`: the named export as a lazy route element, shown with
 * the loading view while its chunk loads and a translated error with a reload button when the chunk cannot be loaded.
 * The page renders under react-query's provider, loaded with it, unless `queries: false` (pages that fetch nothing).
 */
export function lazyPage<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
  { queries = true }: { queries?: boolean } = {},
): LazyPage<Module[Name] extends ComponentType<infer Props> ? Props & object : never> {
  type Props = Module[Name] extends ComponentType<infer P> ? P & object : never;
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const preload = () => {
    loading ??= Promise.all([load(), queries ? import('./query-provider') : undefined]).then(
      ([module, provider]) => {
        const Page = module[name] as ComponentType<Props>;
        return { default: provider ? provider.withQueries(Page) : Page };
      },
      (error: unknown) => {
        // A failed prefetch (offline for a moment) must not decide the later render: that one tries again.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Page = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per page at module level (routes.tsx), never in a render.
  function LazyRoutePage(props: Props) {
    return (
      <PageLoadBoundary>
        <Suspense fallback={<LoadingView />}>
          <Shown>
            <Page {...props} />
          </Shown>
        </Suspense>
      </PageLoadBoundary>
    );
  }
  LazyRoutePage.displayName = `Lazy(${String(name)})`;
  return Object.assign(LazyRoutePage, { preload });
}

/** Tells RoutePrefetch that a page is on screen (its effect runs once the chunk has loaded and the page rendered). */
function Shown({ children }: { children: ReactNode }) {
  const pageShown = useContext(PageShownContext);
  useEffect(() => pageShown(), [pageShown]);
  return children;
}

/** The boundary of one page: its failure (usually a chunk a new release replaced) keeps the layout and says so. */
function PageLoadBoundary({ children }: { children: ReactNode }) {
  // Another path is another page: a failure shown on one does not stick to the next.
  const { pathname } = useLocation();
  return <FailureBoundary key={pathname}>{children}</FailureBoundary>;
}

class FailureBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Kiwi: the page could not be shown', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <PageLoadFailed /> : this.props.children;
  }
}

export function PageLoadFailed() {
  const { t } = useTranslation('portal');
  return (
    <div className="page-card page-load-failed" role="alert">
      <p>{t('pageLoad.failed')}</p>
      <button type="button" className="kiwi-button kiwi-button--primary" onClick={() => window.location.reload()}>
        {t('pageLoad.reload')}
      </button>
    </div>
  );
}
