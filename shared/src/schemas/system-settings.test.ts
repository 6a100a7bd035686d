import { describe, expect, it } from 'vitest';
import { CreateSystemSettingSchema, isHttpsSettingUrl, systemSettingValueIssue, UpdateSystemSettingSchema } from './system-settings';

describe('system settings', () => {
  it.each([
    ['https://apps.apple.com/app/id123', true],
    ['https://play.google.com/store/apps/details?id=jp.kiwi', true],
    ['HTTPS://APPS.APPLE.COM/app', true],
    ['http://apps.apple.com/app', false],
    ['javascript:alert(1)', false],
    ['JavaScript://apps.apple.com/%0aalert(1)', false],
    ['data:text/html,hi', false],
    ['https://user:pass@apps.apple.com/', false],
    ['https:///path', false],
    ['https:\\\\apps.apple.com/app', false],
    ['https:apps.apple.com/app', false],
    ['//apps.apple.com/app', false],
    ['https://apps.apple.com/a b', false],
    [`https://apps.apple.com/${'a'.repeat(1000)}`, false],
  ])('isHttpsSettingUrl(%s) -> %s', (value, expected) => {
    expect(isHttpsSettingUrl(value)).toBe(expected);
  });

  it('applies each key its own rule, and refuses keys outside the registry', () => {
    expect(systemSettingValueIssue('app_store_url', 'javascript:alert(1)')).toEqual({ code: 'validation.invalidUrl' });
    expect(systemSettingValueIssue('app_store_url', `https://a.example/${'a'.repeat(1000)}`)).toMatchObject({ code: 'validation.tooLong' });
    expect(systemSettingValueIssue('app_store_url', 'https://a.example/')).toBeNull();
    expect(systemSettingValueIssue('maintenance_message_en', 'javascript:alert(1)')).toBeNull();
    expect(systemSettingValueIssue('maintenance_notice', 'x')).toEqual({ code: 'validation.unknownKey' });
  });

  it('checks a new setting with its key, and an update without one', () => {
    const created = CreateSystemSettingSchema.safeParse({ system_setting: { key: 'app_store_url', value: 'javascript:alert(1)' } });
    expect(created.error?.issues.map((issue) => [issue.path.join('/'), issue.message])).toEqual([
      ['system_setting/value', 'validation.invalidUrl'],
    ]);
    const unknown = CreateSystemSettingSchema.safeParse({ system_setting: { key: 'help_url', value: 'https://a.example' } });
    expect(unknown.error?.issues.map((issue) => [issue.path.join('/'), issue.message])).toEqual([
      ['system_setting/key', 'validation.unknownKey'],
    ]);
    expect(CreateSystemSettingSchema.parse({ system_setting: { key: ' google_play_url ', value: ' https://a.example ' } })).toEqual({
      system_setting: { key: 'google_play_url', value: 'https://a.example' },
    });
    expect(UpdateSystemSettingSchema.safeParse({ system_setting: { key: 'x', value: 'y' } }).error?.issues[0]?.message).toBe(
      'validation.unknownKey',
    );
  });
});
