// The widgets' trimmed translations (vite/widget-locales-plugin.ts): what is left out must be what no widget shows, and
// what is mirrored back must read as the portal reads it.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  MIRRORED_ERROR_SECTION,
  PORTAL_ONLY_ERROR_KEYS,
  PORTAL_ONLY_SECTIONS,
  WIDGET_ERROR_SECTIONS,
  WIDGET_KEYS_OF_SECTIONS,
  widgetLocalesPlugin,
} from '../../vite/widget-locales-plugin';
import { createInstance } from './mini-i18next';
import { mirrorValidation } from './mirror-validation';

const locale = (language: string, namespace: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../locales/${language}/${namespace}.json`, import.meta.url)), 'utf8'));
const sharedDir = fileURLToPath(new URL('../../../shared/src/', import.meta.url));

/** The plugin's transform as the widgets' build runs it on a locale file. */
function transformed(language: string, namespace: string): Record<string, unknown> {
  const plugin = widgetLocalesPlugin() as { transform: (code: string, id: string) => { code: string } | null };
  const file = `/repo/locales/${language}/${namespace}.json`;
  const result = plugin.transform(JSON.stringify(locale(language, namespace)), file);
  return result ? JSON.parse(result.code) : locale(language, namespace);
}

describe('the widgets’ errors.json', () => {
  it.each(['ja', 'en'])('%s keeps the widgets’ sections without the portal-only keys, and nothing else', (language) => {
    const errors = transformed(language, 'errors');
    expect(Object.keys(errors).sort()).toEqual(WIDGET_ERROR_SECTIONS.filter((section) => section in locale(language, 'errors')).sort());
    for (const [section, keys] of Object.entries(PORTAL_ONLY_ERROR_KEYS)) {
      const kept = errors[section] as Record<string, unknown>;
      for (const key of keys) {
        // A stale entry would hide a rename: each dropped key exists in the source file.
        expect(locale(language, 'errors')[section], `${section}.${key}`).toHaveProperty([key]);
        expect(kept, `${section}.${key}`).not.toHaveProperty([key]);
      }
    }
  });

  it.each(['ja', 'en'])('%s: no kept string nests a left-out key', (language) => {
    const errors = transformed(language, 'errors');
    const nested = JSON.stringify(errors).matchAll(/\$t\(errors:([\w.-]+)\)/g);
    for (const [, path] of nested) {
      const found = path!.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], errors);
      expect(found, path).toBeTypeOf('string');
    }
  });

  it.each(['ja', 'en'])('%s: the validation section is a mirror of the validation namespace, rebuilt the same', (language) => {
    const source = locale(language, 'errors')[MIRRORED_ERROR_SECTION] as Record<string, string>;
    const validation = locale(language, 'validation');
    for (const [key, text] of Object.entries(source)) {
      expect(text, key).toBe(`$t(validation:${key})`);
      expect(validation, key).toHaveProperty([key]);
    }
    expect(transformed(language, 'errors')).not.toHaveProperty([MIRRORED_ERROR_SECTION]);
    const rebuilt = mirrorValidation(transformed(language, 'errors'), validation).validation;
    for (const [key, text] of Object.entries(source)) expect(rebuilt[key], key).toBe(text);
  });

  it('reads a coded validation error through the mirror as the portal does', async () => {
    const i18n = createInstance();
    const errors = mirrorValidation(transformed('en', 'errors'), locale('en', 'validation'));
    await i18n.init({ lng: 'en', resources: { en: { errors, validation: locale('en', 'validation') } }, ns: ['errors'] });
    expect(i18n.t('errors:validation.required')).toBe(locale('en', 'validation').required);
    expect(i18n.t('errors:validation.required')).not.toContain('$t(');
  });
});

describe('the widgets’ own namespaces', () => {
  it('drop the portal-only sections', () => {
    for (const [namespace, sections] of Object.entries(PORTAL_ONLY_SECTIONS))
      for (const language of ['ja', 'en']) {
        const strings = transformed(language, namespace);
        for (const section of sections) {
          expect(locale(language, namespace), `${namespace}.${section}`).toHaveProperty([section]);
          expect(strings, `${namespace}.${section}`).not.toHaveProperty([section]);
        }
      }
  });

  it('keep every key of a trimmed section that the shared views the widgets render use', () => {
    const eventViews = readdirSync(`${sharedDir}features/events`).filter(
      (file) => /\.tsx?$/.test(file) && !file.includes('.test.') && file !== 'event-form.tsx',
    );
    for (const [namespace, sections] of Object.entries(WIDGET_KEYS_OF_SECTIONS))
      for (const [section, keys] of Object.entries(sections)) {
        const used = new Set<string>();
        for (const file of eventViews) {
          const code = readFileSync(`${sharedDir}features/events/${file}`, 'utf8');
          // No key of the section is built at run time (it could not be checked here).
          expect(code, file).not.toMatch(new RegExp(`['"\`](?:${namespace}:)?${section}\\.\\$\\{`));
          for (const [, key] of code.matchAll(new RegExp(`['"\`](?:${namespace}:)?${section}\\.(\\w+)['"\`]`, 'g'))) used.add(key!);
        }
        expect(used.size).toBeGreaterThan(0);
        for (const key of used) expect(keys, `${namespace}:${section}.${key}`).toContain(key);
        for (const language of ['ja', 'en'])
          expect(Object.keys(transformed(language, namespace)[section] as object).sort()).toEqual([...keys].sort());
      }
  });
});
