// The part of react-i18next that Kiwi's shared components use, on top of mini-i18next. The widget build aliases
// `react-i18next` to this file; written against `react` (aliased to preact/compat there, real React in tests).
// No JSX here: the widgets' tsconfig compiles JSX for preact, and this file must also run on real React.
import {
  createContext,
  createElement,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { I18n, TFunction } from './mini-i18next';

type ContextValue = { i18n: I18n; defaultNS?: string | readonly string[] };

export const I18nContext = createContext<ContextValue | undefined>(undefined);

let globalI18n: I18n | undefined;
export const setI18n = (instance: I18n): void => {
  globalI18n = instance;
};
export const getI18n = (): I18n | undefined => globalI18n;

/** `i18n.use(initReactI18next)` makes the instance the one used outside an <I18nextProvider>. */
export const initReactI18next = { type: '3rdParty' as const, init: setI18n };

export function I18nextProvider({
  i18n,
  defaultNS,
  children,
}: {
  i18n: I18n;
  defaultNS?: string | readonly string[];
  children?: ReactNode;
}) {
  const value = useMemo(() => ({ i18n, defaultNS }), [i18n, defaultNS]);
  return createElement(I18nContext.Provider, { value }, children);
}

/** What re-renders a component: a language change, or a namespace (or fallback namespace) arriving. */
const EVENTS = 'languageChanged loaded added';

export type UseTranslationResponse = [TFunction, I18n, boolean] & { t: TFunction; i18n: I18n; ready: boolean };

/**
 * `useTranslation(ns | ns[])`: `t` bound to the first namespace (react-i18next's default nsMode) and the current
 * language; `ready` once every listed namespace is loaded for that language (missing ones are loaded, no Suspense).
 */
export function useTranslation(ns?: string | readonly string[], props: { i18n?: I18n } = {}): UseTranslationResponse {
  const context = useContext(I18nContext);
  const i18n = props.i18n ?? context?.i18n ?? globalI18n;
  if (!i18n) throw new Error('useTranslation: no i18n instance (wrap the tree in <I18nextProvider>)');
  const requested = ns ?? context?.defaultNS ?? i18n.options.defaultNS;
  const namespacesKey = JSON.stringify(typeof requested === 'string' ? [requested] : requested);
  const namespaces = useMemo(() => JSON.parse(namespacesKey) as string[], [namespacesKey]);

  const revision = useRef(0);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const listener = () => {
        revision.current += 1;
        onChange();
      };
      i18n.on(EVENTS, listener);
      return () => void i18n.off(EVENTS, listener);
    },
    [i18n],
  );
  const snapshot = () => `${revision.current}|${i18n.language}`;
  const version = useSyncExternalStore(subscribe, snapshot, snapshot);

  const lng = i18n.language;
  const ready = namespaces.every((namespace) => i18n.hasLoadedNamespace(namespace));
  useEffect(() => {
    if (!ready) void i18n.loadNamespaces(namespaces);
  }, [i18n, ready, namespaces]);

  // A new `t` after every change, so memoised children that take `t` re-render too.
  const t = useMemo(() => i18n.getFixedT(lng, namespaces[0]), [i18n, lng, namespaces, version]);
  return useMemo(() => Object.assign([t, i18n, ready] as [TFunction, I18n, boolean], { t, i18n, ready }), [t, i18n, ready]);
}
