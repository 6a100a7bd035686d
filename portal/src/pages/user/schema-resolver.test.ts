import { describe, expect, it } from 'vitest';
import { PasswordChangeSchema } from './profile-schema';
import { schemaResolver } from './schema-resolver';

const resolve = (values: Record<string, string>) =>
  schemaResolver(PasswordChangeSchema)(values as never, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('schemaResolver', () => {
  it('hands react-hook-form the parsed values when the schema passes', async () => {
    const values = { currentPassword: 'old', newPassword: 'new-secret', confirmPassword: 'new-secret' };
    expect(await resolve(values)).toEqual({ values, errors: {} });
  });

  it('puts the first issue of each field under it, the code as the message', async () => {
    const result = await resolve({ currentPassword: '', newPassword: '123', confirmPassword: '' });
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      currentPassword: { type: 'too_small', message: 'validation.required' },
      newPassword: { type: 'too_small', message: 'validation.tooShort' },
      confirmPassword: { type: 'too_small', message: 'validation.required' },
    });
  });
});
