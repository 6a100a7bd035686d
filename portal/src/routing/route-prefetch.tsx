import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { preloadPath } from '../routes';
import { useSession } from '../session/session-provider';
import { PageShownContext } from './page-shown';

/** Links prefetched when the browser is idle after a page shows: the menu and the page's own links, bounded. */
const IDLE_LINK_LIMIT = 40;

/**
 * Prefetches the page chunk behind a link when the pointer rests on it or it takes focus, and those of the links on
 * screen once the browser is idle after a page has shown. One listener on the document covers every link (menus,
 * pages, shared features).
 */
export function RoutePrefetch({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const signedIn = status === 'signedIn';
  const cancelIdle = useRef<() => void>(() => {});

  useEffect(() => {
    const onIntent = (event: Event) => {
      const path = samePortalPath(event.target);
      if (path) preloadPath(path, signedIn);
    };
    document.addEventListener('pointerover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    return () => {
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
    };
  }, [signedIn]);

  const pageShown = useCallback(() => {
    cancelIdle.current();
    cancelIdle.current = whenIdle(() => {
      const paths = new Set<string>();
      for (const link of document.querySelectorAll('a[href]')) {
        const path = samePortalPath(link);
        if (path) paths.add(path);
        if (paths.size >= IDLE_LINK_LIMIT) break;
      }
      for (const path of paths) preloadPath(path, signedIn);
    });
  }, [signedIn]);
  useEffect(() => () => cancelIdle.current(), []);

  return <PageShownContext value={pageShown}>{children}</PageShownContext>;
}

/** The pathname a link (or the element inside a link) leads to in this portal, or null for other targets. */
function samePortalPath(target: EventTarget | null): string | null {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return null;
  if (link.origin !== window.location.origin) return null;
  return link.pathname;
}

/** Runs `task` when the browser has nothing else to do (after load and the first renders); returns the cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 5000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 1500);
  return () => window.clearTimeout(handle);
}
