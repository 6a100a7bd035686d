// A chunk's component, loaded when it first renders: a widget's content chunk (the signed-in feature components stay
// out of the first load of a signed-out widget; npm run size counts them in the signed-in total), the sign-in form,
// and each widget itself (host.tsx: before its translations exist, so with a placeholder of its own).
import { type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from '../i18n/mini-react-i18next';
import { ErrorState, Loading } from './states';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/** What shows while the chunk loads, and when it could not be loaded (`failed`), with the component's props. */
export type Placeholder<P> = ComponentType<P & { failed: boolean }>;

/** Inside a widget's frame: the translated loading line, or the translated load-failed error. */
function TranslatedPlaceholder({ failed }: { failed: boolean }) {
  const { t } = useTranslation('widgets');
  return failed ? <ErrorState>{t('loadFailed')}</ErrorState> : <Loading />;
}

export function lazyContent<P extends object>(load: Loader<P>, Fallback: Placeholder<P> = TranslatedPlaceholder): ComponentType<P> {
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
    return <Fallback {...props} failed={failed} />;
  }
  return LazyContent;
}
