// The component r2wc mounts in each element's shadow root (entry chunk): a placeholder until the widget's own chunk
// (its feature components and the shared runtime) has loaded, then the widget.
import type { ComponentType } from 'react';
import { lazyContent } from './runtime/lazy-content';
import { UntranslatedState } from './runtime/states';
import type { WidgetKind, WidgetProps } from './widget-kinds';

/** Before the widget's chunk (and so its translations) is there: the bare box, busy or with the load-failed line. */
const Placeholder = ({ failed, locale }: WidgetProps & { failed: boolean }) => <UntranslatedState failed={failed} locale={locale} />;

// Literal dynamic imports: each widget is its own chunk, loaded when the first element of its kind connects.
const hosts: Record<WidgetKind, ComponentType<WidgetProps>> = {
  events: lazyContent(() => import('./widgets/events-widget'), Placeholder),
  'guild-chat': lazyContent(() => import('./widgets/guild-chat-widget'), Placeholder),
  'coin-message': lazyContent(() => import('./widgets/coin-message-widget'), Placeholder),
  survey: lazyContent(() => import('./widgets/survey-widget'), Placeholder),
  'walking-event': lazyContent(() => import('./widgets/walking-event-widget'), Placeholder),
};

export function hostFor(kind: WidgetKind): ComponentType<WidgetProps> {
  return hosts[kind];
}
