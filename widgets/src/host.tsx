// The component r2wc mounts in each element's shadow root (entry chunk): a placeholder until the widget's own chunk
// (its feature components and the shared runtime) has loaded, then the widget.
import { type ComponentType, useEffect, useState } from 'react';
import { UntranslatedState } from './runtime/states';
import type { WidgetKind, WidgetProps } from './widget-kinds';

type WidgetModule = { default: ComponentType<WidgetProps> };

// Literal dynamic imports: each widget is its own chunk, loaded when the first element of its kind connects.
const loaders: Record<WidgetKind, () => Promise<WidgetModule>> = {
  events: () => import('./widgets/events-widget'),
  'guild-chat': () => import('./widgets/guild-chat-widget'),
  'coin-message': () => import('./widgets/coin-message-widget'),
  survey: () => import('./widgets/survey-widget'),
  'walking-event': () => import('./widgets/walking-event-widget'),
};

const loaded = new Map<WidgetKind, ComponentType<WidgetProps>>();

export function hostFor(kind: WidgetKind): ComponentType<WidgetProps> {
  function KiwiWidgetHost(props: WidgetProps) {
    const [Widget, setWidget] = useState<ComponentType<WidgetProps> | null>(() => loaded.get(kind) ?? null);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (Widget) return;
      let live = true;
      loaders[kind]().then(
        (module) => {
          loaded.set(kind, module.default);
          if (live) setWidget(() => module.default);
        },
        (error: unknown) => {
          console.warn(`Kiwi widgets: the ${kind} widget could not be loaded`, error);
          if (live) setFailed(true);
        },
      );
      return () => {
        live = false;
      };
    }, [Widget]);

    if (Widget) return <Widget {...props} />;
    return <UntranslatedState failed={failed} locale={props.locale} />;
  }
  KiwiWidgetHost.displayName = `KiwiWidgetHost(${kind})`;
  return KiwiWidgetHost;
}
