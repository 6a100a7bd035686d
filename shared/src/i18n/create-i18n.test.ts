import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../api/error-codes';
import { createI18n, resolveLanguage } from './create-i18n';

describe('resolveLanguage', () => {
  it.each<[string | null | undefined, 'ja' | 'en']>([
    [undefined, 'ja'],
    [null, 'ja'],
    ['', 'ja'],
    ['ja', 'ja'],
    ['en', 'en'],
    ['en-US', 'en'],
    ['EN_gb', 'en'],
    ['ja-JP', 'ja'],
    ['fr', 'ja'],
    ['english', 'ja'],
  ])('%s -> %s', (candidate, expected) => {
    expect(resolveLanguage(candidate)).toBe(expected);
  });
});

describe('createI18n', () => {
  it('is ready synchronously in Japanese by default', () => {
    const i18n = createI18n();
    expect(i18n.language).toBe('ja');
    expect(i18n.t('loading', { product: 'Kiwi' })).toBe('Kiwiを読み込み中...');
  });

  it('speaks English when asked, and instances are independent', () => {
    const en = createI18n({ lng: 'en' });
    const ja = createI18n();
    expect(en.t('loading', { product: 'Kiwi' })).toBe('Loading Kiwi...');
    expect(ja.t('loading', { product: 'Kiwi' })).toBe('Kiwiを読み込み中...');
  });

  it('falls back to Japanese for a key English lacks', () => {
    const i18n = createI18n({ lng: 'en' });
    i18n.addResource('ja', 'common', 'onlyInJapanese', '日本語のみ');
    expect(i18n.t('onlyInJapanese')).toBe('日本語のみ');
  });

  it('translates every stable error code in both languages, nested texts included', () => {
    for (const lng of ['ja', 'en'] as const) {
      const i18n = createI18n({ lng });
      const missing: string[] = [];
      i18n.options.saveMissing = true;
      i18n.on('missingKey', (_lngs, namespace, key) => missing.push(`${namespace}:${key}`));
      for (const code of Object.values(ErrorCode)) {
        const text = i18n.t(`errors:${code}`, { count: 3, min: 1, max: 9, values: 'a, b', tags: 'x', organizations: 'Acme' });
        expect(text, `${lng} errors:${code}`).not.toMatch(/\$t\(|\{\{/);
      }
      expect(missing, lng).toEqual([]);
    }
  });

  it('passes interpolation through errors:validation.* to the form messages', () => {
    const i18n = createI18n({ lng: 'en' });
    expect(i18n.t('errors:validation.tooLong', { count: 30 })).toBe('Enter 30 or fewer characters');
    expect(i18n.t('errors:validation.duplicateTags', { tags: 'yoga, run' })).toBe('Tags must not repeat: yoga, run');
    expect(i18n.t('validation:oneOf', { values: 'manager, member' })).toBe('Choose one of: manager, member');
    expect(createI18n().t('errors:validation.tooShort', { count: 2 })).toBe('2文字以上で入力してください');
  });

  it('shares one text between a server code and the session message', () => {
    const i18n = createI18n();
    expect(i18n.t('errors:auth.userInactive')).toBe(i18n.t('errors:userInactive'));
    expect(i18n.t('errors:server.unexpected')).toBe(i18n.t('errors:unexpected'));
  });
});
