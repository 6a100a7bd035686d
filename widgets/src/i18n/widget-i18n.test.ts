/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../shared/src/i18n/create-i18n';
import { COMMON_NAMESPACES, WIDGET_SPECS } from '../widget-kinds';
import { CARRIED_ERROR_SECTIONS, CARRIED_ERRORS_KEY } from './carried-errors';
import {
  NESTED_NAMESPACES,
  loadWidgetI18n,
  localeLoaders,
  resolveWidgetLanguage,
  withNestedNamespaces,
  type LocaleLoader,
} from './widget-i18n';

const localesDir = fileURLToPath(new URL('../../../locales/', import.meta.url));
const real = { en: createI18n({ lng: 'en' }), ja: createI18n({ lng: 'ja' }) };

/** The real loaders, recording which locale files were asked for. */
function countingLoaders(overrides: Record<string, LocaleLoader> = {}) {
  const calls: string[] = [];
  const loaders = Object.fromEntries(
    Object.entries({ ...localeLoaders, ...overrides }).map(([id, load]) => [
      id,
      () => {
        calls.push(id);
        return load();
      },
    ]),
  );
  return { loaders, calls };
}

const nextEvent = (i18n: { on: (event: string, listener: () => void) => unknown }, event: string) =>
  new Promise<void>((resolve) => i18n.on(event, () => resolve()));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('localeLoaders', () => {
  it('has one loader per locale file a widget loads, named language/namespace: the widgets’ own, the frame’s and the one looked up on demand', () => {
    const namespaces = [...COMMON_NAMESPACES, ...WIDGET_SPECS.flatMap((spec) => spec.namespaces), 'cancellation'];
    const files = ['ja', 'en'].flatMap((lng) => namespaces.map((ns) => `${lng}/${ns}`));
    expect(Object.keys(localeLoaders).sort()).toEqual(files.sort());
    for (const id of files) expect(readdirSync(`${localesDir}${id.split('/')[0]}`), id).toContain(`${id.split('/')[1]}.json`);
  });

  it('resolves the file contents', async () => {
    expect(await localeLoaders['en/events']?.()).toEqual((real.en.getResourceBundle('en', 'events') as object) ?? {});
  });
});

describe('NESTED_NAMESPACES', () => {
  it('lists exactly the other namespaces each locale file nests with $t(ns:key)', () => {
    const nested: Record<string, Set<string>> = {};
    for (const lng of ['ja', 'en']) {
      for (const file of readdirSync(`${localesDir}${lng}`).filter((name) => name.endsWith('.json'))) {
        const ns = file.replace(/\.json$/, '');
        for (const [, target] of readFileSync(`${localesDir}${lng}/${file}`, 'utf8').matchAll(/\$t\(\s*([^:,)]+):/g)) {
          if (target && target !== ns) (nested[ns] ??= new Set()).add(target);
        }
      }
    }
    expect(Object.fromEntries(Object.entries(nested).map(([ns, targets]) => [ns, [...targets].sort()]))).toEqual(NESTED_NAMESPACES);
  });

  it('adds nested namespaces once', () => {
    expect(withNestedNamespaces(['events', 'errors', 'validation', 'errors'])).toEqual(['events', 'errors', 'validation']);
    expect(withNestedNamespaces(['common'])).toEqual(['common']);
  });
});

describe('loadWidgetI18n', () => {
  it('loads only the requested namespaces (and those they nest) of only the requested language', async () => {
    const { loaders, calls } = countingLoaders();
    const i18n = await loadWidgetI18n('en', ['events', 'errors'], loaders);
    expect(calls.sort()).toEqual(['en/errors', 'en/events', 'en/validation']);
    expect(i18n.language).toBe('en');
    expect(i18n.t('events:loading')).toBe(real.en.t('events:loading'));
    expect(i18n.t('errors:validation.tooLong', { count: 3 })).toBe(real.en.t('errors:validation.tooLong', { count: 3 }));
    expect(i18n.hasResourceBundle('ja', 'events')).toBe(false);
    expect(i18n.hasResourceBundle('en', 'common')).toBe(false);
  });

  it('puts the errors sections a widget namespace carries back into errors, each file loaded once', async () => {
    // As the widgets' build ships them (vite/widget-locales-plugin.ts): errors.json without the carried sections,
    // each widget namespace with its own sections under CARRIED_ERRORS_KEY.
    const carried = Object.values(CARRIED_ERROR_SECTIONS).flat();
    const errors = JSON.parse(readFileSync(`${localesDir}en/errors.json`, 'utf8')) as Record<string, unknown>;
    const withoutCarried = Object.fromEntries(Object.entries(errors).filter(([section]) => !carried.includes(section)));
    const carrier = (ns: string) => async () => ({
      ...((await localeLoaders[`en/${ns}`]?.()) as object),
      [CARRIED_ERRORS_KEY]: Object.fromEntries(CARRIED_ERROR_SECTIONS[ns]!.map((section) => [section, errors[section]])),
    });
    const { loaders, calls } = countingLoaders({
      'en/errors': async () => withoutCarried,
      'en/events': carrier('events'),
      'en/guilds': carrier('guilds'),
    });
    const i18n = await loadWidgetI18n('en', ['events', 'errors'], loaders);
    expect(calls.sort()).toEqual(['en/errors', 'en/events', 'en/validation']);
    expect(i18n.t('errors:event.full')).toBe(real.en.t('errors:event.full'));
    expect(i18n.t('errors:event.full')).not.toBe('event.full');
    expect(i18n.t('errors:unexpected')).toBe(real.en.t('errors:unexpected'));
    expect(i18n.t('events:loading')).toBe(real.en.t('events:loading'));
    expect(i18n.getResourceBundle('en', 'events')).not.toHaveProperty([CARRIED_ERRORS_KEY]);
    // Another widget's sections are not there: only <kiwi-guild-chat> meets the guild API's codes.
    expect(i18n.t('errors:guild.notMember')).toBe('guild.notMember');
    const guild = await loadWidgetI18n('en', ['guilds', 'errors'], loaders);
    expect(guild.t('errors:guild.notMember')).toBe(real.en.t('errors:guild.notMember'));
  });

  it('in Japanese loads the Japanese files only', async () => {
    const { loaders, calls } = countingLoaders();
    const i18n = await loadWidgetI18n('ja', ['common', 'surveys'], loaders);
    expect(calls.sort()).toEqual(['ja/common', 'ja/surveys']);
    expect(i18n.t('loading', { product: 'Kiwi' })).toBe('Kiwiを読み込み中...');
  });

  it('never needs the Japanese fallback for an English key (the locale files have the same keys)', async () => {
    const { loaders, calls } = countingLoaders();
    const namespaces = ['common', 'errors', 'events', 'guilds', 'coins', 'surveys'];
    const i18n = await loadWidgetI18n('en', namespaces, loaders);
    for (const ns of namespaces) {
      const keys = (function walk(tree: object, prefix: string): string[] {
        return Object.entries(tree).flatMap(([key, value]) =>
          value && typeof value === 'object' ? walk(value, `${prefix}${key}.`) : [`${prefix}${key}`],
        );
      })(i18n.getResourceBundle('en', ns) ?? {}, '');
      for (const key of keys) expect(i18n.t(`${ns}:${key}`, { count: 2 })).toBe(real.en.t(`${ns}:${key}`, { count: 2 }));
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls.filter((id) => id.startsWith('ja/'))).toEqual([]);
  });

  it('loads a Japanese namespace on demand when an English key misses, once, and re-renders with it', async () => {
    const { loaders, calls } = countingLoaders({
      'ja/common': async () => ({ ...((await localeLoaders['ja/common']?.()) as object), onlyInJapanese: '日本語のみ' }),
    });
    const i18n = await loadWidgetI18n('en', ['common'], loaders);
    const loaded = nextEvent(i18n, 'loaded');
    expect(i18n.t('onlyInJapanese')).toBe('onlyInJapanese');
    await loaded;
    expect(i18n.t('onlyInJapanese')).toBe('日本語のみ');
    expect(i18n.t('common:unknownEverywhere')).toBe('unknownEverywhere');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls.sort()).toEqual(['en/common', 'ja/common']);
  });

  it('changeLanguage loads the missing files first, then switches and notifies', async () => {
    const { loaders, calls } = countingLoaders();
    const i18n = await loadWidgetI18n('en', ['common', 'events'], loaders);
    const seen: string[] = [];
    i18n.on('languageChanged', (lng) => seen.push(`${String(lng)}: ${i18n.t('events:loading')}`));
    await i18n.changeLanguage('ja');
    expect(seen).toEqual([`ja: ${real.ja.t('events:loading')}`]);
    expect(calls.sort()).toEqual(['en/common', 'en/events', 'ja/common', 'ja/events']);
    await i18n.changeLanguage('en');
    expect(calls).toHaveLength(4);
    expect(i18n.t('common:actions.cancel')).toBe(real.en.t('common:actions.cancel'));
  });

  it('the last changeLanguage wins when calls overlap', async () => {
    const i18n = await loadWidgetI18n('en', ['common'], countingLoaders().loaders);
    const seen: unknown[] = [];
    i18n.on('languageChanged', (lng) => seen.push(lng));
    await Promise.all([i18n.changeLanguage('ja'), i18n.changeLanguage('en')]);
    expect(i18n.language).toBe('en');
    expect(seen).toEqual(['en']);
  });

  it('loadNamespaces adds a namespace in the current language', async () => {
    const { loaders, calls } = countingLoaders();
    const i18n = await loadWidgetI18n('ja', ['common'], loaders);
    expect(i18n.hasLoadedNamespace('coins')).toBe(false);
    await i18n.loadNamespaces('coins');
    expect(i18n.hasLoadedNamespace('coins')).toBe(true);
    expect(i18n.t('coins:send.title')).toBe(real.ja.t('coins:send.title'));
    expect(calls.sort()).toEqual(['ja/coins', 'ja/common']);
  });

  it('rejects when a file cannot be loaded (unknown namespace, network failure)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(loadWidgetI18n('en', ['common', 'nope'])).rejects.toThrow('could not load translations en/nope');
    const offline = countingLoaders({ 'en/events': () => Promise.reject(new Error('offline')) });
    await expect(loadWidgetI18n('en', ['events'], offline.loaders)).rejects.toThrow('en/events');
    expect(warn).toHaveBeenCalled();
  });
});

describe('resolveWidgetLanguage', () => {
  it.each<[string | null | undefined, string[], 'ja' | 'en']>([
    ['en', ['ja'], 'en'],
    ['EN-us', [], 'en'],
    [' ja_JP ', ['en'], 'ja'],
    ['ja', ['en-US'], 'ja'],
    [null, ['en-US', 'ja'], 'en'],
    [undefined, ['fr', 'en-GB', 'ja'], 'en'],
    [undefined, ['fr', 'ja-JP', 'en'], 'ja'],
    ['fr', ['en-GB'], 'en'],
    ['', ['de'], 'ja'],
    ['english', [], 'ja'],
    [undefined, [], 'ja'],
  ])('attribute %j, browser %j -> %s', (attribute, languages, expected) => {
    expect(resolveWidgetLanguage(attribute, languages)).toBe(expected);
  });

  it("defaults to the browser's languages", () => {
    vi.stubGlobal('navigator', { languages: ['de-DE', 'en-GB'], language: 'de-DE' });
    expect(resolveWidgetLanguage(null)).toBe('en');
    vi.stubGlobal('navigator', { languages: [], language: 'en' });
    expect(resolveWidgetLanguage()).toBe('en');
    vi.stubGlobal('navigator', undefined);
    expect(resolveWidgetLanguage()).toBe('ja');
  });
});
