// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preferredLanguage } from '@kiwi/shared/i18n/languages';
import { deviceLanguage } from './language';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the logged-out portal language', () => {
  it('follows the browser languages when nobody chose one on this device', () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['fr-FR', 'en-GB', 'ja'], language: 'fr-FR' });
    expect(deviceLanguage()).toBe('en');
  });

  it('keeps the language chosen on this device over the browser languages', () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['en-US'], language: 'en-US' });
    localStorage.setItem('kiwi.language', 'ja');
    expect(deviceLanguage()).toBe('ja');
  });

  it('falls back to Japanese when the browser offers no supported language', () => {
    expect(preferredLanguage(['fr', 'de-DE'])).toBe('ja');
    expect(preferredLanguage(['EN_us'])).toBe('en');
    expect(preferredLanguage(undefined)).toBe('ja');
  });
});
