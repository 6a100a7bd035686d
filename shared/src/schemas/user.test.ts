import { describe, expect, it } from 'vitest';
import { UpdateUserSchema } from './user';

type Failure = { path: string; message: string };

const failures = (input: unknown): Failure[] => {
  const result = UpdateUserSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
};

describe('UpdateUserSchema', () => {
  it('accepts a full profile update with a device', () => {
    const input = {
      user: {
        name: '  山田 花子 ',
        nickname: 'はなこ🌸',
        birthday: '1990-02-28',
        resting_heart_rate: 62,
        icon: '/api/images/AbCdEfGhIjKlMnOpQrStUvWxYz012345',
        height_cm: 158.5,
        weight_kg: 51,
        language: 'en',
        device: { uuid: '6f1c9a4e-0b4e-4b8a-9a51-1a2b3c4d5e6f', fcm_token: 'fcm:abc' },
      },
    };
    expect(UpdateUserSchema.parse(input)).toEqual({ user: { ...input.user, name: '山田 花子' } });
  });

  it.each<[string, unknown]>([
    ['an empty update', { user: {} }],
    ['only the device', { user: { device: { uuid: 'u', fcm_token: 't' } } }],
    ['nulls that clear fields', { user: { nickname: null, birthday: null, resting_heart_rate: null, icon: null } }],
    ['an empty nickname', { user: { nickname: '' } }],
    ['a leap day', { user: { birthday: '2000-02-29' } }],
    ['the date picker edges', { user: { birthday: '1900-01-01' } }],
    ['heart rate at the bounds', { user: { resting_heart_rate: 30 } }],
    ['height and weight at their floors', { user: { height_cm: 50, weight_kg: 20 } }],
    ['height and weight at their ceilings', { user: { height_cm: 250, weight_kg: 300 } }],
    ['height and weight cleared', { user: { height_cm: null, weight_kg: null } }],
    ['a birthday today', { user: { birthday: new Date().toISOString().slice(0, 10) } }],
    ['a name of 50 emoji', { user: { name: '👨‍👩‍👧‍👦'.repeat(50) } }],
    ['only the language, Japanese', { user: { language: 'ja' } }],
    ['only the language, English', { user: { language: 'en' } }],
  ])('accepts %s', (_name, input) => {
    expect(failures(input)).toEqual([]);
  });

  it('keeps height and weight to one decimal', () => {
    expect(UpdateUserSchema.parse({ user: { height_cm: 170.25, weight_kg: 62.04 } }).user).toEqual({ height_cm: 170.3, weight_kg: 62 });
  });

  it.each<[string, unknown, Failure[]]>([
    ['no user', {}, [{ path: 'user', message: 'validation.required' }]],
    ['not an object', { user: 'me' }, [{ path: 'user', message: 'validation.invalidType' }]],
    ['unknown top-level key', { user: {}, admin: true }, [{ path: '', message: 'validation.unknownKey' }]],
    ['unknown user key (role cannot be set)', { user: { role: 'admin' } }, [{ path: 'user', message: 'validation.unknownKey' }]],
    ['empty name', { user: { name: '   ' } }, [{ path: 'user.name', message: 'validation.required' }]],
    ['null name', { user: { name: null } }, [{ path: 'user.name', message: 'validation.invalidType' }]],
    ['name too long', { user: { name: 'a'.repeat(51) } }, [{ path: 'user.name', message: 'validation.tooLong' }]],
    ['nickname too long', { user: { nickname: 'あ'.repeat(31) } }, [{ path: 'user.nickname', message: 'validation.tooLong' }]],
    ['birthday in another format', { user: { birthday: '1990/02/28' } }, [{ path: 'user.birthday', message: 'validation.invalidFormat' }]],
    [
      'birthday with a time',
      { user: { birthday: '1990-02-28T00:00:00Z' } },
      [{ path: 'user.birthday', message: 'validation.invalidFormat' }],
    ],
    ['impossible date', { user: { birthday: '2001-02-29' } }, [{ path: 'user.birthday', message: 'validation.invalidFormat' }]],
    ['birthday before 1900', { user: { birthday: '1899-12-31' } }, [{ path: 'user.birthday', message: 'validation.dateOutOfRange' }]],
    ['birthday as a number', { user: { birthday: 19900228 } }, [{ path: 'user.birthday', message: 'validation.invalidType' }]],
    ['heart rate too low', { user: { resting_heart_rate: 29 } }, [{ path: 'user.resting_heart_rate', message: 'validation.tooSmall' }]],
    ['heart rate too high', { user: { resting_heart_rate: 221 } }, [{ path: 'user.resting_heart_rate', message: 'validation.tooBig' }]],
    ['heart rate not whole', { user: { resting_heart_rate: 60.5 } }, [{ path: 'user.resting_heart_rate', message: 'validation.integer' }]],
    [
      'heart rate as a string',
      { user: { resting_heart_rate: '60' } },
      [{ path: 'user.resting_heart_rate', message: 'validation.invalidType' }],
    ],
    ['icon not a URL', { user: { icon: 'icon.png' } }, [{ path: 'user.icon', message: 'validation.invalidFormat' }]],
    [
      'icon on another host (only uploaded images)',
      { user: { icon: 'https://example.com/icon.png' } },
      [{ path: 'user.icon', message: 'validation.invalidFormat' }],
    ],
    ['height too small', { user: { height_cm: 49.9 } }, [{ path: 'user.height_cm', message: 'validation.tooSmall' }]],
    ['height too big', { user: { height_cm: 250.1 } }, [{ path: 'user.height_cm', message: 'validation.tooBig' }]],
    ['weight too small', { user: { weight_kg: 19 } }, [{ path: 'user.weight_kg', message: 'validation.tooSmall' }]],
    ['weight too big', { user: { weight_kg: 300.5 } }, [{ path: 'user.weight_kg', message: 'validation.tooBig' }]],
    ['weight as a string', { user: { weight_kg: '60' } }, [{ path: 'user.weight_kg', message: 'validation.invalidType' }]],
    ['a birthday in 2099', { user: { birthday: '2099-01-01' } }, [{ path: 'user.birthday', message: 'validation.futureDate' }]],
    ['icon with a script URL', { user: { icon: 'javascript:alert(1)' } }, [{ path: 'user.icon', message: 'validation.invalidFormat' }]],
    ['a language the portal does not offer', { user: { language: 'fr' } }, [{ path: 'user.language', message: 'validation.oneOf' }]],
    ['a language tag with a region', { user: { language: 'en-US' } }, [{ path: 'user.language', message: 'validation.oneOf' }]],
    [
      'a null language (it cannot be cleared)',
      { user: { language: null } },
      [{ path: 'user.language', message: 'validation.invalidType' }],
    ],
    ['a language as a number', { user: { language: 1 } }, [{ path: 'user.language', message: 'validation.invalidType' }]],
    ['device without token', { user: { device: { uuid: 'u' } } }, [{ path: 'user.device.fcm_token', message: 'validation.required' }]],
    [
      'device with empty uuid',
      { user: { device: { uuid: '', fcm_token: 't' } } },
      [{ path: 'user.device.uuid', message: 'validation.required' }],
    ],
    [
      'device with an unknown key',
      { user: { device: { uuid: 'u', fcm_token: 't', os: 'ios' } } },
      [{ path: 'user.device', message: 'validation.unknownKey' }],
    ],
    [
      'several problems at once',
      { user: { name: '', resting_heart_rate: 10 } },
      [
        { path: 'user.name', message: 'validation.required' },
        { path: 'user.resting_heart_rate', message: 'validation.tooSmall' },
      ],
    ],
  ])('refuses %s', (_name, input, expected) => {
    expect(failures(input)).toEqual(expected);
  });
});
