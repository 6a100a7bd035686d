import { describe, expect, it } from 'vitest';
import { checkSystemSetting, readSystemSetting, SYSTEM_SETTING_KEYS } from './system-settings';

describe('system settings registry', () => {
  it('knows the keys the product reads', () => {
    expect(SYSTEM_SETTING_KEYS).toEqual([
      'app_store_url',
      'google_play_url',
      'maintenance_message_ja',
      'maintenance_message_en',
      'public_rate_limit_per_minute',
    ]);
  });

  it('refuses a key outside the registry', () => {
    expect(checkSystemSetting('support_url', 'https://a.example')).toEqual({ ok: false, issue: { code: 'validation.unknownKey' } });
    expect(checkSystemSetting('__proto__', 'x')).toMatchObject({ ok: false, issue: { code: 'validation.unknownKey' } });
  });

  it('takes https store links only', () => {
    expect(checkSystemSetting('app_store_url', '  https://apps.apple.com/app/id1 ')).toEqual({
      ok: true,
      value: 'https://apps.apple.com/app/id1',
    });
    expect(checkSystemSetting('app_store_url', 'http://apps.apple.com/app/id1')).toMatchObject({
      issue: { code: 'validation.invalidUrl' },
    });
    expect(checkSystemSetting('google_play_url', ' ')).toMatchObject({ issue: { code: 'validation.required' } });
    expect(checkSystemSetting('google_play_url', `https://a.example/${'a'.repeat(1000)}`)).toMatchObject({
      issue: { code: 'validation.tooLong', params: { count: 1000 } },
    });
    expect(checkSystemSetting('google_play_url', 42)).toMatchObject({ issue: { code: 'validation.invalidType' } });
  });

  it('bounds the maintenance messages in graphemes and lets them be empty', () => {
    expect(checkSystemSetting('maintenance_message_ja', '')).toEqual({ ok: true, value: '' });
    expect(checkSystemSetting('maintenance_message_ja', '👨‍👩‍👧'.repeat(300))).toMatchObject({ ok: true });
    expect(checkSystemSetting('maintenance_message_en', 'a'.repeat(301))).toMatchObject({
      issue: { code: 'validation.tooLong', params: { count: 300 } },
    });
  });

  it('takes the rate limit as a whole number in range, at its edges', () => {
    expect(checkSystemSetting('public_rate_limit_per_minute', '10')).toEqual({ ok: true, value: '10' });
    expect(checkSystemSetting('public_rate_limit_per_minute', '10000')).toEqual({ ok: true, value: '10000' });
    expect(checkSystemSetting('public_rate_limit_per_minute', '9')).toMatchObject({
      issue: { code: 'validation.tooSmall', params: { min: 10 } },
    });
    expect(checkSystemSetting('public_rate_limit_per_minute', '10001')).toMatchObject({
      issue: { code: 'validation.tooBig', params: { max: 10000 } },
    });
    for (const value of ['1.5', '-20', '1e3', 'abc', '99999999999']) {
      expect(checkSystemSetting('public_rate_limit_per_minute', value), value).toMatchObject({ issue: { code: 'validation.integer' } });
    }
  });

  it('reads a missing or invalid stored value as the default', () => {
    expect(readSystemSetting('public_rate_limit_per_minute', undefined)).toBe('300');
    expect(readSystemSetting('public_rate_limit_per_minute', 'oops')).toBe('300');
    expect(readSystemSetting('app_store_url', 'javascript:alert(1)')).toBe('');
    expect(readSystemSetting('app_store_url', 'https://a.example/x')).toBe('https://a.example/x');
  });
});
