// A widget's content chunk, loaded when the widget first shows it: the signed-in feature components stay out of the
// first load of a signed-out widget (npm run size counts them in the signed-in total).
import { type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from '../i18n/mini-react-i18next';
import { ErrorState, Loading } from './states';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

export function lazyContent<P extends object>(load: Loader<P>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const loadOnce = () => {
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
      loadOnce().then(
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
    if (failed) return <ErrorState>{t('loadFailed')}</ErrorState>;
    return <Loading />;
  }
  return LazyContent;
}
