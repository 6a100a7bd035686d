/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resources } from './resources';

const localesDir = fileURLToPath(new URL('../../../locales/', import.meta.url));
const LANGUAGES = ['ja', 'en'] as const;

const namespaceFiles = (lng: string) =>
  readdirSync(`${localesDir}${lng}`)
    .filter((file) => file.endsWith('.json'))
    .sort();

/** `{ a: { b: "x" } }` -> `{ "a.b": "x" }` */
function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { [prefix]: value };
  return Object.assign({}, ...Object.entries(value).map(([key, nested]) => flatten(nested, prefix ? `${prefix}.${key}` : key)));
}

// `namespace:key` -> text, read from disk (not from resources.ts) so a file nobody imports is still checked.
function loadLanguage(lng: string): Record<string, unknown> {
  return Object.assign(
    {},
    ...namespaceFiles(lng).map((file) => {
      const namespace = file.replace(/\.json$/, '');
      const entries = flatten(JSON.parse(readFileSync(`${localesDir}${lng}/${file}`, 'utf8')));
      return Object.fromEntries(Object.entries(entries).map(([key, text]) => [`${namespace}:${key}`, text]));
    }),
  );
}

const variables = (text: unknown) => [...String(text).matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((match) => match[1]).sort();
const nestings = (text: unknown) => [...String(text).matchAll(/\$t\(([^,)]+)/g)].map((match) => match[1]?.trim()).sort();

const ja = loadLanguage('ja');
const en = loadLanguage('en');

describe('locales/ja and locales/en', () => {
  it('have the same namespace files', () => {
    expect(namespaceFiles('en')).toEqual(namespaceFiles('ja'));
  });

  it('have the same keys', () => {
    const onlyJa = Object.keys(ja).filter((key) => !(key in en));
    const onlyEn = Object.keys(en).filter((key) => !(key in ja));
    expect({ onlyJa, onlyEn }).toEqual({ onlyJa: [], onlyEn: [] });
  });

  it('use the same {{variables}} and $t() nestings for each key', () => {
    const differing = Object.keys(ja)
      .filter((key) => key in en)
      .filter((key) => variables(ja[key]).join() !== variables(en[key]).join() || nestings(ja[key]).join() !== nestings(en[key]).join())
      .map((key) => ({ key, ja: ja[key], en: en[key] }));
    expect(differing).toEqual([]);
  });

  it('hold only non-empty strings', () => {
    for (const [lng, texts] of [
      ['ja', ja],
      ['en', en],
    ] as const) {
      const bad = Object.entries(texts).filter(([, text]) => typeof text !== 'string' || text.trim() === '');
      expect(bad, lng).toEqual([]);
    }
  });

  it('nest only keys that exist', () => {
    const missing = LANGUAGES.flatMap((lng) => {
      const texts = lng === 'ja' ? ja : en;
      return Object.entries(texts).flatMap(([key, text]) =>
        nestings(text)
          // i18next looks an unqualified $t(key) up in the default namespace, not in the one holding the text.
          .map((target) => (target?.includes(':') ? target : `common:${target}`))
          .filter((target) => !(target in texts))
          .map((target) => `${lng} ${key} -> ${target}`),
      );
    });
    expect(missing).toEqual([]);
  });

  it('are all bundled by resources.ts', () => {
    for (const lng of LANGUAGES) {
      expect(Object.keys(resources[lng]).sort(), lng).toEqual(namespaceFiles(lng).map((file) => file.replace(/\.json$/, '')));
    }
  });
});
