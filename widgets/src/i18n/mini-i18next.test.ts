// mini-i18next answers exactly what the real i18next (configured by shared/src/i18n/create-i18n.ts) answers: for every
// key of every namespace of both languages, through every way the shared code calls t, with the options it passes.
import i18next, { type i18n as RealI18n } from 'i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../shared/src/i18n/create-i18n';
import { NAMESPACES, resources } from '../../../shared/src/i18n/resources';
import mini, { createInstance, type I18n, type InitOptions, type TOptions } from './mini-i18next';

type Json = { [key: string]: unknown };
const LANGUAGES = ['ja', 'en'] as const;

// The options create-i18n.ts passes to i18next, given to the mini instead.
const CREATE_I18N_OPTIONS = {
  resources,
  fallbackLng: 'ja',
  supportedLngs: ['ja', 'en'],
  ns: NAMESPACES,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
} satisfies InitOptions;

function createMini(lng: 'ja' | 'en', overrides: Partial<InitOptions> = {}): I18n {
  const instance = createInstance();
  void instance.init({ ...CREATE_I18N_OPTIONS, lng, ...overrides });
  return instance;
}

function createReal(lng: 'ja' | 'en', overrides: Partial<InitOptions> = {}): RealI18n {
  const instance = i18next.createInstance();
  void instance.init({ ...CREATE_I18N_OPTIONS, lng, ...overrides } as Parameters<RealI18n['init']>[0] & object);
  return instance;
}

/** Every leaf key of a namespace file, as t() addresses it ("slack.coin_message" stays one segment). */
function leafKeys(tree: Json, prefix = ''): { key: string; value: string }[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' ? leafKeys(value as Json, `${prefix}${key}.`) : [{ key: `${prefix}${key}`, value: String(value) }],
  );
}

const rawValue = (lng: string, ns: string, key: string): string | undefined =>
  leafKeys((resources as Record<string, Record<string, Json>>)[lng]?.[ns] ?? {}).find((leaf) => leaf.key === key)?.value;

/** The {{variables}} of a string and of the strings it nests with $t(ns:key), in either language. */
function variablesOf(text: string, seen = new Set<string>()): string[] {
  const names = new Set([...text.matchAll(/\{\{-?\s*([^},]+?)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1] ?? ''));
  for (const [, nested] of text.matchAll(/\$t\(([^,)]+)/g)) {
    const [ns, key] = (nested ?? '').trim().split(':');
    if (!ns || !key || seen.has(`${ns}:${key}`)) continue;
    seen.add(`${ns}:${key}`);
    for (const lng of LANGUAGES) for (const name of variablesOf(rawValue(lng, ns, key) ?? '', seen)) names.add(name);
  }
  return [...names];
}

const sample = (name: string) => `<${name} & "x" 'y'>`;

/** The option objects the shared code passes: none, counts, every variable filled, some left out, hostile values. */
function optionSets(value: string): (TOptions | undefined)[] {
  const variables = variablesOf(value);
  const filled = Object.fromEntries(variables.map((name) => [name, sample(name)]));
  const sets: (TOptions | undefined)[] = [undefined, {}, { count: 0 }, { count: 1 }, { count: 2 }, { count: 5 }];
  if (variables.length > 0) {
    sets.push(filled, { ...filled, count: 1 }, { ...filled, count: 2 });
    // A variable not passed stays "{{name}}"; one passed as undefined becomes ''.
    sets.push(Object.fromEntries(variables.slice(1).map((name) => [name, sample(name)])));
    sets.push({ ...filled, [variables[0] ?? '']: undefined });
    // Values are never interpolated or nested again (a user's name "$t(errors:unexpected)" stays text).
    sets.push(Object.fromEntries(variables.map((name) => [name, `$t(errors:unexpected) {{${name}}}`])));
    sets.push(Object.fromEntries(variables.map((name, index) => [name, index % 2 ? 42 : null])));
  }
  return sets;
}

/** Either instance's t, typed loosely (i18next's own types depend on the resources' shape). */
type AnyT = (key: string | readonly string[], options?: unknown, more?: unknown) => string;
const asT = (t: unknown) => t as AnyT;

type Caller = { name: string; call: (i18n: I18n | RealI18n, ns: string, key: string, options?: TOptions) => string };

// The ways shared code reaches t: i18n.t('ns:key'), useTranslation(ns) -> getFixedT(lng, ns[0]) called with 'ns:key'
// or a bare key, and t with an explicit ns option.
const CALLERS: Caller[] = [
  { name: 'i18n.t(ns:key)', call: (i18n, ns, key, options) => asT(i18n.t)(`${ns}:${key}`, options) },
  { name: 'i18n.t(key, {ns})', call: (i18n, ns, key, options) => asT(i18n.t)(key, { ...options, ns }) },
  {
    name: 'getFixedT(lng, events)(ns:key)',
    call: (i18n, ns, key, options) => asT(i18n.getFixedT(i18n.language, 'events'))(`${ns}:${key}`, options),
  },
  { name: 'getFixedT(lng, ns)(key)', call: (i18n, ns, key, options) => asT(i18n.getFixedT(i18n.language, ns))(key, options) },
];

function compareAll(pairs: { lng: string; real: RealI18n; mini: I18n }[]) {
  const mismatches: string[] = [];
  let compared = 0;
  for (const { lng, real, mini: miniInstance } of pairs) {
    for (const ns of NAMESPACES) {
      for (const { key, value } of leafKeys((resources as Record<string, Record<string, Json>>)[lng]?.[ns] ?? {})) {
        for (const options of optionSets(value)) {
          for (const caller of CALLERS) {
            const expected = caller.call(real, ns, key, options && { ...options });
            const actual = caller.call(miniInstance, ns, key, options && { ...options });
            compared += 1;
            if (actual !== expected)
              mismatches.push(
                `${lng} ${caller.name} ${ns}:${key} ${JSON.stringify(options)}: ${JSON.stringify(actual)} !== ${JSON.stringify(expected)}`,
              );
          }
        }
      }
    }
  }
  return { mismatches, compared };
}

// Every key of every locale file, each with every option and caller, through both libraries: seconds of work, more
// than vitest's default 5 s on a busy machine.
const EVERY_KEY_TIMEOUT = 60_000;

describe('mini-i18next matches i18next on every key of locales/ja and locales/en', () => {
  it(
    'with create-i18n.ts options (escapeValue false)',
    () => {
      const pairs = LANGUAGES.map((lng) => ({ lng, real: createI18n({ lng }), mini: createMini(lng) }));
      const { mismatches, compared } = compareAll(pairs);
      expect(mismatches.slice(0, 20)).toEqual([]);
      expect(compared).toBeGreaterThan(2234 * 6 * CALLERS.length);
    },
    EVERY_KEY_TIMEOUT,
  );

  it(
    'with escaping on (i18next default)',
    () => {
      const overrides = { interpolation: { escapeValue: true } };
      const pairs = LANGUAGES.map((lng) => ({ lng, real: createReal(lng, overrides), mini: createMini(lng, overrides) }));
      const { mismatches } = compareAll(pairs);
      expect(mismatches.slice(0, 20)).toEqual([]);
    },
    EVERY_KEY_TIMEOUT,
  );

  it('is not comparing trivial answers: nesting resolves, variables fill, the fallback language answers', () => {
    const en = createMini('en');
    expect(en.t('errors:validation.tooLong', { count: 5 })).toBe('Enter 5 or fewer characters');
    expect(en.t('errors:auth.userInactive')).toBe(en.t('errors:userInactive'));
    expect(en.t('loading', { product: 'Kiwi' })).toBe('Loading Kiwi...');
    expect(en.t('coins:externalServices.topics.slack.coin_message')).toBe('Coin message');
    expect(createMini('ja').t('loading', { product: 'Kiwi' })).toBe('Kiwiを読み込み中...');
    en.addResourceBundle('ja', 'common', { onlyInJapanese: '日本語のみ' });
    expect(en.t('common:onlyInJapanese')).toBe('日本語のみ');
  });
});

describe('mini-i18next matches i18next off the locale files', () => {
  // Keys and options the code can produce without a matching locale entry (error codes from the server, typos,
  // ternaries), plus the plural, context and nesting forms i18next supports that locales may use later.
  const FIXTURE = {
    item_one: 'one item',
    item_other: '{{count}} items',
    item_zero: 'no items',
    onlyOther_other: '{{count}} things',
    role: 'someone',
    role_manager: 'a manager',
    role_manager_one: 'one manager',
    role_manager_other: '{{count}} managers',
    nested: 'Total: $t(fixture:item, {"count": {{count}} })',
    nestedQuoted: "Say $t(fixture:greeting, {'name': 'Ann'})",
    nestedBare: 'Before $t(item) after',
    nestedInherits: '$t(fixture:greeting) and $t(fixture:item)',
    nestedBroken: 'x $t(fixture:greeting, {broken) y',
    nestedFormat: '$t(fixture:greeting, uppercase)',
    selfNested: 'loop $t(fixture:selfNested)',
    greeting: 'Hello {{name}}',
    raw: 'Raw {{- html}} and {{html}}',
    deep: 'Deep {{user.name}} and {{ user.missing }}',
    empty: '',
    inherited: 'Not own: {{constructor}} {{toString}} {{__proto__}}',
    'flat.key': 'flat dotted',
    group: { inner: 'inner value', 'dotted.leaf': 'dotted leaf' },
  };
  const KEYS: (string | string[])[] = [
    ...Object.keys(FIXTURE).map((key) => `fixture:${key}`),
    'fixture:group',
    'fixture:group.inner',
    'fixture:group.dotted.leaf',
    'fixture:group.inner.deeper',
    'errors:doesNotExist',
    'errors:validation',
    'errors:',
    'errors',
    'nope',
    'loading',
    'actions.ok',
    'errors:some thing: else',
    'errors:a, b.c',
    'Are you sure? Yes: no',
    'a:b:c',
    'errors:validation:tooLong',
    'unknownNs:key',
    '$t(errors:unexpected)',
    'errors:$t(x)',
    'errors:constructor',
    'errors:__proto__',
    'errors:toString',
    'common:actions.toString',
    ['errors:missing', 'errors:unexpected'],
    ['errors:unexpected', 'errors:failed'],
    ['errors:missing', 'errors:alsoMissing'],
  ];
  const OPTIONS: (TOptions | string | undefined)[] = [
    undefined,
    'a default',
    '',
    { count: 0 },
    { count: 1 },
    { count: 2 },
    { count: 5 },
    { count: 1.5 },
    { count: '3' as unknown as number },
    { count: 2, name: 'Ann', html: '<b>&</b>', user: { name: 'Ann' } },
    { context: 'manager' },
    { context: 'manager', count: 1 },
    { context: 'manager', count: 0 },
    { context: 'manager', count: 7 },
    { context: 'unknown', count: 2 },
    { context: '' },
    { context: 3 },
    { defaultValue: 'fallback {{name}}', name: 'Ann' },
    { defaultValue: '' },
    { defaultValue: 'plain', count: 2 },
    { defaultValue_other: 'plural default', count: 2 },
    { defaultValue_one: 'one default', defaultValue_other: 'other default', count: 1 },
    { defaultValue_zero: 'zero default', count: 0 },
    { defaultValue: { an: 'object' } as unknown as string },
    { lng: 'en' },
    { lng: 'ja' },
    { lng: 'fr' },
    { lng: 'en-US' },
    { ns: 'errors' },
    { ns: ['fixture', 'errors'] },
    { ns: 'events', count: 3 },
    { replace: { name: 'Replaced', count: 9 }, count: 1 },
    { name: '$t(fixture:greeting)' },
    { html: '{{name}}', name: 'second pass' },
    { nest: false },
  ];

  function pair(lng: 'ja' | 'en', escapeValue: boolean) {
    // i18next keeps the resources object it is given and adds to it: a copy keeps resources.ts untouched.
    const real = createReal(lng, { interpolation: { escapeValue }, resources: structuredClone(resources) });
    const miniInstance = createMini(lng, { interpolation: { escapeValue } });
    for (const target of [real, miniInstance] as (I18n | RealI18n)[]) {
      target.addResourceBundle('en', 'fixture', FIXTURE, true, true);
      target.addResourceBundle('ja', 'fixture', { ...FIXTURE, greeting: 'こんにちは {{name}}', jaOnly: '日本語だけ' }, true, true);
    }
    return { real, mini: miniInstance };
  }

  it.each([
    ['en', false],
    ['ja', false],
    ['en', true],
  ] as const)('%s, escapeValue %s: every key with every option, and through getFixedT', (lng, escapeValue) => {
    const { real, mini: miniInstance } = pair(lng, escapeValue);
    const mismatches: string[] = [];
    for (const key of [...KEYS, 'fixture:jaOnly']) {
      for (const options of OPTIONS) {
        // i18next's self-nesting guard is off when a context is given: it recurses until the stack overflows.
        if (key === 'fixture:selfNested' && typeof options === 'object' && options.context) continue;
        const copy = () => (typeof options === 'object' ? { ...options } : options);
        const expected = [asT(real.t)(key, copy()), asT(real.getFixedT(lng, 'fixture'))(key, copy())];
        const actual = [miniInstance.t(key, copy()), miniInstance.getFixedT(lng, 'fixture')(key, copy())];
        if (JSON.stringify(actual) !== JSON.stringify(expected))
          mismatches.push(`${JSON.stringify(key)} ${JSON.stringify(options)}: ${JSON.stringify(actual)} !== ${JSON.stringify(expected)}`);
      }
    }
    expect(mismatches.slice(0, 20)).toEqual([]);
    // The fixture's forms do resolve (the comparison is not only between two keys echoed back).
    expect(miniInstance.t('fixture:item', { count: 0 })).toBe('no items');
    expect(miniInstance.t('fixture:role', { context: 'manager', count: 3 })).toBe('3 managers');
    expect(miniInstance.t('fixture:nested', { count: 4 })).toBe('Total: 4 items');
  });

  it('no locale string uses what the mini leaves out: formatters ({{x, number}}, $t(key, format))', () => {
    const formatted = LANGUAGES.flatMap((lng) =>
      NAMESPACES.flatMap((ns) =>
        leafKeys((resources as Record<string, Record<string, Json>>)[lng]?.[ns] ?? {})
          .filter(({ value }) => /\{\{[^}]*,[^}]*\}\}/.test(value) || /\$t\([^{}()]*,\s*[^{\s]/.test(value))
          .map(({ key }) => `${lng}/${ns}:${key}`),
      ),
    );
    // Add formatting to mini-i18next (and this file's fixture) before using it in a locale.
    expect(formatted).toEqual([]);
  });

  it('t(key, defaultValue, options) and a null key', () => {
    const real = createI18n({ lng: 'en' });
    const miniInstance = createMini('en');
    const tReal = real.t as unknown as (...args: unknown[]) => string;
    expect(miniInstance.t('errors:nope', 'Default {{x}}', { x: 1 })).toBe(tReal('errors:nope', 'Default {{x}}', { x: 1 }));
    expect(miniInstance.t(null as unknown as string)).toBe(tReal(null));
    expect(miniInstance.t(undefined as unknown as string)).toBe(tReal(undefined));
  });
});

describe('mini-i18next instance', () => {
  it('exports what create-i18n.ts uses: a default instance whose createInstance gives independent instances', async () => {
    const a = mini.createInstance();
    const b = createInstance();
    await a.init({ ...CREATE_I18N_OPTIONS, lng: 'en' });
    await b.init({ ...CREATE_I18N_OPTIONS, lng: 'ja' });
    expect([a.language, b.language]).toEqual(['en', 'ja']);
    expect(a.t('loading', { product: 'K' })).toBe('Loading K...');
    expect(b.t('loading', { product: 'K' })).toBe('Kを読み込み中...');
    expect(a.isInitialized).toBe(true);
  });

  it('changes language like i18next (supported codes, language part, fallback) and says so', async () => {
    const real = createI18n({ lng: 'ja' });
    const miniInstance = createMini('ja');
    const seen: unknown[] = [];
    miniInstance.on('languageChanged', (lng) => seen.push(lng));
    for (const lng of ['en', 'en-US', 'EN', 'fr', 'ja-JP', 'en_GB']) {
      await real.changeLanguage(lng);
      await miniInstance.changeLanguage(lng);
      expect([miniInstance.language, miniInstance.languages, miniInstance.resolvedLanguage], lng).toEqual([
        real.language,
        real.languages,
        real.resolvedLanguage,
      ]);
      expect(miniInstance.t('common:actions.cancel')).toBe(real.t('common:actions.cancel'));
    }
    expect(seen).toEqual(['en', 'en', 'en', 'ja', 'ja', 'en']);
  });

  it('exists, hasResourceBundle, getResourceBundle and dir as i18next', () => {
    const real = createI18n({ lng: 'en' });
    const miniInstance = createMini('en');
    for (const key of ['errors:unexpected', 'errors:nope', 'errors:validation', 'loading', ['nope', 'errors:failed']]) {
      expect(miniInstance.exists(key), String(key)).toBe(real.exists(key as string));
    }
    expect(miniInstance.hasResourceBundle('en', 'events')).toBe(true);
    expect(miniInstance.hasResourceBundle('en', 'nope')).toBe(false);
    expect(miniInstance.getResourceBundle('en', 'events')).toEqual(real.getResourceBundle('en', 'events'));
    expect(miniInstance.dir()).toBe(real.dir());
  });

  it('off removes a listener; several events in one on()', () => {
    const miniInstance = createMini('en');
    const calls: string[] = [];
    const listener = (...args: unknown[]) => calls.push(String(args[1] ?? args[0]));
    miniInstance.on('added languageChanged', listener);
    miniInstance.addResourceBundle('en', 'x', { a: 'b' });
    miniInstance.off('added', listener);
    miniInstance.addResourceBundle('en', 'y', { a: 'b' });
    expect(calls).toEqual(['x']);
  });
});
