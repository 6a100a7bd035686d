// The widgets' trimmed translations (vite/widget-locales-plugin.ts): what is left out must be what no widget shows, and
// what is mirrored back must read as the portal reads it.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CARRIED_ERROR_SECTIONS, CARRIED_ERRORS_KEY } from './carried-errors';
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
import { widgetSources } from '../widget-sources';
import { localeLoaders } from './widget-i18n';

const locale = (language: string, namespace: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../locales/${language}/${namespace}.json`, import.meta.url)), 'utf8'));
const sharedDir = fileURLToPath(new URL('../../../shared/src/', import.meta.url));

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The plugin's transform as the widgets' build runs it on a locale file. */
function transformed(language: string, namespace: string): Record<string, unknown> {
  const plugin = widgetLocalesPlugin() as { transform: (code: string, id: string) => { code: string } | null };
  const file = `${root}locales/${language}/${namespace}.json`;
  const result = plugin.transform(JSON.stringify(locale(language, namespace)), file);
  return result ? JSON.parse(result.code) : locale(language, namespace);
}

describe('the widgets’ errors.json', () => {
  it.each(['ja', 'en'])('%s keeps the widgets’ sections without the portal-only keys, and nothing else', (language) => {
    // The frame's file has the sections every widget may meet, the widget namespaces' files carry the others.
    const carried = Object.entries(CARRIED_ERROR_SECTIONS).map(
      ([namespace]) => transformed(language, namespace)[CARRIED_ERRORS_KEY] as object,
    );
    const frame = transformed(language, 'errors');
    expect(Object.keys(frame).some((section) => Object.values(CARRIED_ERROR_SECTIONS).flat().includes(section))).toBe(false);
    const errors: Record<string, unknown> = Object.assign({}, frame, ...carried);
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

  it.each(['ja', 'en'])('%s: each widget namespace carries exactly its own sections, as errors.json has them', (language) => {
    const source = locale(language, 'errors');
    for (const [namespace, sections] of Object.entries(CARRIED_ERROR_SECTIONS)) {
      const carried = transformed(language, namespace)[CARRIED_ERRORS_KEY] as Record<string, Record<string, string>>;
      expect(Object.keys(carried).sort(), namespace).toEqual([...sections].sort());
      for (const section of sections)
        for (const [key, text] of Object.entries(carried[section]!))
          expect(text, `${namespace} ${section}.${key}`).toBe(source[section][key]);
      // The rest of the namespace's file is untouched by carrying.
      expect(transformed(language, namespace), namespace).toMatchObject(
        Object.fromEntries(
          Object.entries(locale(language, namespace)).filter(
            ([section]) => !PORTAL_ONLY_SECTIONS[namespace]?.includes(section) && !WIDGET_KEYS_OF_SECTIONS[namespace]?.[section],
          ),
        ),
      );
    }
  });

  it('carries a section only in the namespace of the one widget whose features meet its codes', () => {
    const sources = widgetSources();
    for (const [namespace, sections] of Object.entries(CARRIED_ERROR_SECTIONS))
      for (const section of sections)
        for (const [file, code] of sources) {
          // A literal key of a carried section is only written in the feature of the widget that carries it.
          if (!new RegExp(`['"\`]errors:${section}\\.`).test(code)) continue;
          expect(file, `errors:${section}.*`).toMatch(
            new RegExp(
              `features/${{ events: 'events', guilds: 'guild-chat', coins: 'coin-messages', surveys: 'surveys' }[namespace]}/|schemas/${{ events: 'event', guilds: 'guild', coins: 'coin', surveys: 'survey' }[namespace]}`,
            ),
          );
        }
  });

  it.each(['ja', 'en'])('%s: no kept string nests a left-out key', (language) => {
    const errors: Record<string, unknown> = Object.assign(
      {},
      transformed(language, 'errors'),
      ...Object.keys(CARRIED_ERROR_SECTIONS).map((namespace) => transformed(language, namespace)[CARRIED_ERRORS_KEY] as object),
    );
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
    for (const namespace of Object.keys(CARRIED_ERROR_SECTIONS))
      expect(transformed(language, namespace)[CARRIED_ERRORS_KEY]).not.toHaveProperty([MIRRORED_ERROR_SECTION]);
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

  it('drop no section that a file the widgets bundle reads', () => {
    const sources = widgetSources();
    // The crawl found the widgets' feature code (not only the runtime).
    expect([...sources.keys()].some((file) => file.endsWith('shared/src/features/guild-chat/guild-chat.tsx'))).toBe(true);
    expect([...sources.keys()].some((file) => file.endsWith('shared/src/features/events/event-detail.tsx'))).toBe(true);
    expect([...sources.keys()].some((file) => file.endsWith('shared/src/features/guild-chat/guild-list.tsx'))).toBe(false);
    for (const [namespace, sections] of Object.entries(PORTAL_ONLY_SECTIONS))
      for (const [file, code] of sources) {
        // Unqualified keys are the namespace's in a file whose useTranslation names it first (or none: 'common').
        const isDefault =
          new RegExp(`useTranslation\\(\\[?['"]${namespace}['"]`).test(code) || (namespace === 'common' && /useTranslation\(\)/.test(code));
        for (const section of sections) {
          const key = `${isDefault ? `(?:${namespace}:)?` : `${namespace}:`}${section}(?:\\.|\\$\\{|['"\`])`;
          expect(code, `${file}: ${namespace}:${section}`).not.toMatch(new RegExp(`['"\`]${key}`));
        }
      }
  });

  it('can load every namespace a file the widgets bundle names (the report strings load themselves)', () => {
    const namespaces = readdirSync(`${root}locales/ja`).map((file) => file.replace(/\.json$/, ''));
    const named = new Set<string>();
    for (const code of widgetSources().values()) {
      for (const [, namespace] of code.matchAll(new RegExp(`['"\`](${namespaces.join('|')}):[\\w$]`, 'g'))) named.add(namespace!);
      for (const [, list] of code.matchAll(/useTranslation\(\s*(\[[^\]]*\]|['"][\w-]+['"])/g))
        for (const [, namespace] of list!.matchAll(/['"]([\w-]+)['"]/g)) named.add(namespace!);
    }
    expect(named).toContain('cancellation');
    for (const namespace of named) if (namespace !== 'report') expect(localeLoaders, namespace).toHaveProperty([`ja/${namespace}`]);
  });
});
