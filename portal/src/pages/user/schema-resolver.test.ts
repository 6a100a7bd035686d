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

  it('puts the first issue of each field under it, the code as the message and the limit it names as types.count', async () => {
    const result = await resolve({ currentPassword: '', newPassword: '123', confirmPassword: '' });
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      currentPassword: { type: 'too_small', message: 'validation.required', types: { count: '1' } },
      newPassword: { type: 'too_small', message: 'validation.tooShort', types: { count: '6' } },
      confirmPassword: { type: 'too_small', message: 'validation.required', types: { count: '1' } },
    });
  });

  it("gives a list item's issue to the list's field", async () => {
    const { z } = await import('zod');
    const schema = z.object({ labels: z.array(z.string().max(3, { error: 'validation.tooLong' })) });
    const result = await schemaResolver(schema)({ labels: ['ok', 'far too long'] } as never, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result.errors).toEqual({ labels: { type: 'too_big', message: 'validation.tooLong', types: { count: '3' } } });
  });
});
