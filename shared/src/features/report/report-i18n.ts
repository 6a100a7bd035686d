import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The `report` namespace (the Report button and dialog) rides in a chunk of its own per language, fetched the first
 * time a page shows a Report button: it is neither in the portal's language chunk (which /login loads) nor in a
 * widget's first load. The same loader serves the portal's i18next and the widgets' mini-i18next.
 */
const LOADERS = {
  ja: () => import('../../../../locales/ja/report.json'),
  en: () => import('../../../../locales/en/report.json'),
} as const;
type Loaded = { default: Record<string, unknown> };
/** One fetch per language, shared by every i18n instance of the page (each widget has its own). */
const modules = new Map<string, Promise<Loaded>>();

/** The report strings in the page's language: `ready` once they have arrived (render nothing before). */
export function useReportTranslation() {
  const { i18n } = useTranslation();
  const language = i18n.language?.startsWith('en') ? 'en' : 'ja';
  const ready = i18n.hasResourceBundle(language, 'report');
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (ready) return;
    let live = true;
    let loading = modules.get(language);
    if (!loading) {
      loading = LOADERS[language]() as Promise<Loaded>;
      modules.set(language, loading);
    }
    loading.then(
      (module) => {
        if (!i18n.hasResourceBundle(language, 'report')) i18n.addResourceBundle(language, 'report', module.default, true, true);
        if (live) rerender();
      },
      (error: unknown) => {
        modules.delete(language);
        console.warn('Kiwi: the report strings could not be loaded', error);
      },
    );
    return () => {
      live = false;
    };
  }, [i18n, language, ready]);
  return { t: i18n.getFixedT(language, 'report'), ready, language };
}
