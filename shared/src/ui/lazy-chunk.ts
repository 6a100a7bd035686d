import { type ComponentType, lazy } from 'react';

/**
 * React.lazy for a part of a page that lives in a chunk of its own (the survey chart, the emoji picker's placement).
 * When the chunk cannot be loaded (a release replaced it since the page was opened, the network dropped), `fallback`
 * renders in its place: a lazy component's error would otherwise reach the root, and neither the portal nor a widget has
 * an error boundary, so the whole page or widget would go blank. The failure is kept until the page is reloaded.
 */
export function lazyOr<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>, fallback: ComponentType<Props>) {
  return lazy(() =>
    load().catch((error: unknown) => {
      console.warn('Kiwi: a part of the page could not be loaded', error);
      return { default: fallback };
    }),
  );
}
