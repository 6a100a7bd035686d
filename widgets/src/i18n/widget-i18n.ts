// The widgets' translations: a mini-i18next instance that loads only the namespaces a widget asks for, of only its
// language, from lazy chunks (the frame's four namespaces in one per language, every other namespace in one per
// language and namespace). Japanese is the fallback language, and
// for an English widget its namespaces are only loaded if an English lookup misses (the locale files have the same
// keys, so in practice they never are). See docs/decisions.md "Widgets: i18n without i18next".
import { COMMON_NAMESPACES } from '../widget-kinds';
import { CARRIED_ERROR_SECTIONS, CARRIED_ERRORS_KEY } from './carried-errors';
import { createInstance, type I18n } from './mini-i18next';

export type I18nInstance = I18n;
export const WIDGET_LANGUAGES = ['ja', 'en'] as const;
export type WidgetLanguage = (typeof WIDGET_LANGUAGES)[number];
const FALLBACK_LANGUAGE: WidgetLanguage = 'ja';

/** Loads one locale file: `localeLoaders['en/events']()` resolves locales/en/events.json. */
export type LocaleLoader = () => Promise<unknown>;

/** The namespaces every widget loads (widget-kinds.ts COMMON_NAMESPACES), one chunk per language: frame-locales-*.ts. */
const FRAME_LOCALES: Record<WidgetLanguage, () => Promise<Record<(typeof COMMON_NAMESPACES)[number], unknown>>> = {
  ja: () => import('./frame-locales-ja'),
  en: () => import('./frame-locales-en'),
};

/**
 * 'ja/common' -> loader of locales/ja/common.json: the frame's namespaces from their language's chunk, every other
 * namespace its own lazy chunk. Only the namespaces a widget loads (widget-kinds.ts) and the one the shared code looks
 * up on demand (format.ts: `cancellation:formerMember`): each loader is a line of the entry every page downloads, and
 * a widget never asks for the portal's namespaces (widget-namespaces.test.ts checks the built widgets).
 */
export const localeLoaders: Readonly<Record<string, LocaleLoader>> = {
  ...Object.fromEntries(
    Object.entries(
      import.meta.glob('../../../locales/*/{events,guilds,coins,surveys,walking,cancellation}.json', { import: 'default' }),
    ).map(([path, load]) => [path.replace(/^.*\/locales\/([^/]+)\/([^/]+)\.json$/, '$1/$2'), load]),
  ),
  ...Object.fromEntries(
    WIDGET_LANGUAGES.flatMap((language) =>
      COMMON_NAMESPACES.map((ns) => [`${language}/${ns}`, async () => (await FRAME_LOCALES[language]())[ns]] as const),
    ),
  ),
};

/**
 * Namespaces whose strings nest another namespace's ("$t(validation:tooLong)" in errors): loaded along with them, in
 * parallel. widget-i18n.test.ts checks this against the locale files.
 */
export const NESTED_NAMESPACES: Readonly<Record<string, readonly string[]>> = { errors: ['validation'] };

/** The namespaces plus every namespace they nest, transitively. */
export function withNestedNamespaces(namespaces: readonly string[]): string[] {
  const all = new Set<string>();
  const add = (ns: string) => {
    if (all.has(ns)) return;
    all.add(ns);
    for (const nested of NESTED_NAMESPACES[ns] ?? []) add(nested);
  };
  for (const ns of namespaces) add(ns);
  return [...all];
}

const supportedLanguage = (candidate: string | null | undefined): WidgetLanguage | undefined => {
  const primary = candidate?.trim().toLowerCase().split(/[-_]/)[0];
  return WIDGET_LANGUAGES.find((language) => language === primary);
};

function browserLanguages(): readonly string[] {
  const navigator = globalThis.navigator as Navigator | undefined;
  if (!navigator) return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

/**
 * The widget's language: the `locale` attribute when it names a supported language ('en', 'en-US', 'JA'), else the
 * first of the browser's preferred languages that is supported, else Japanese.
 */
export function resolveWidgetLanguage(
  attribute?: string | null,
  navigatorLanguages: readonly string[] = browserLanguages(),
): WidgetLanguage {
  return (
    supportedLanguage(attribute) ??
    navigatorLanguages.map(supportedLanguage).find((language) => language !== undefined) ??
    FALLBACK_LANGUAGE
  );
}

/**
 * A ready instance with `namespaces` of `language` loaded, with the namespaces they nest (nothing else). `i18n.changeLanguage(other)` loads those
 * namespaces of the other language, then switches and notifies (useTranslation re-renders); `i18n.loadNamespaces(ns)`
 * adds namespaces. Rejects when a requested file cannot be loaded (unknown namespace, network failure).
 */
export async function loadWidgetI18n(
  language: WidgetLanguage,
  namespaces: readonly string[],
  loaders: Readonly<Record<string, LocaleLoader>> = localeLoaders,
): Promise<I18nInstance> {
  const i18n = createInstance();
  // Each file once per instance (the errors namespace also reads the files that carry some of its sections).
  const files = new Map<string, Promise<unknown>>();
  const file = (lng: string, ns: string): Promise<unknown> => {
    const id = `${lng}/${ns}`;
    let loaded = files.get(id);
    if (!loaded) {
      const load = loaders[id];
      loaded = load ? load() : Promise.reject(new Error(`no locale file ${id}`));
      files.set(id, loaded);
      loaded.catch(() => files.delete(id));
    }
    return loaded;
  };
  i18n.use({
    type: 'backend',
    callbackApi: false,
    read: async (lng, ns) => {
      if (ns === 'errors') {
        // errors.json's sections of the widget's own features come in its namespaces' files (carried-errors.ts).
        const carriers = i18n.options.ns.filter((other) => CARRIED_ERROR_SECTIONS[other]);
        const [errors, ...carried] = await Promise.all([file(lng, ns), ...carriers.map((other) => file(lng, other))]);
        return Object.assign({}, errors, ...carried.map((strings) => (strings as Record<string, unknown>)[CARRIED_ERRORS_KEY]));
      }
      const strings = await file(lng, ns);
      if (!CARRIED_ERROR_SECTIONS[ns] || !strings || typeof strings !== 'object' || !(CARRIED_ERRORS_KEY in strings)) return strings;
      const { [CARRIED_ERRORS_KEY]: _errors, ...own } = strings as Record<string, unknown>;
      return own;
    },
  });
  await i18n.init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: WIDGET_LANGUAGES,
    ns: withNestedNamespaces(namespaces),
    defaultNS: 'common',
    // As shared/src/i18n/create-i18n.ts: React (preact) escapes on render.
    interpolation: { escapeValue: false },
  });
  const missing = i18n.options.ns.filter((ns) => !i18n.hasResourceBundle(language, ns));
  if (missing.length > 0)
    throw new Error(`Kiwi widgets: could not load translations ${missing.map((ns) => `${language}/${ns}`).join(', ')}`);
  return i18n;
}
