// A widget's content chunk, loaded when the widget first shows it: the signed-in feature components stay out of the
// first load of a signed-out widget (npm run size counts them in the signed-in total).
import { type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from '../i18n/mini-react-i18next';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

export function lazyContent<P extends object>(load: Loader<P>): ComponentType<P> & { preload(): Promise<unknown> } {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    pending ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };

  function LazyContent(props: P) {
    const { t } = useTranslation('widgets');
    const [Component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (Component) return;
      let live = true;
      preload().then(
        (component) => live && setComponent(() => component),
        (error: unknown) => {
          console.warn('Kiwi widgets: a widget chunk could not be loaded', error);
          if (live) setFailed(true);
        },
      );
      return () => {
        live = false;
      };
    }, [Component]);
    if (Component) return <Component {...props} />;
    if (failed) {
      return (
        <p className="kiwi-root__error" part="error" role="alert">
          {t('loadFailed')}
        </p>
      );
    }
    return (
      <p role="status" className="kiwi-root__status">
        <span className="kiwi-root__spinner" aria-hidden="true" />
        {t('loading')}
      </p>
    );
  }
  return Object.assign(LazyContent, { preload });
}
