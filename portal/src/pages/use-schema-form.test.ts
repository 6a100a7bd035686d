import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import { ORGANIZATION_LIMITS } from '@kiwi/shared/schemas/organization';
import { UpdateOrganizationSchema } from '@kiwi/shared/schemas/organization';
import { describe, expect, it } from 'vitest';
import { fieldMessage } from './use-schema-form';
import { schemaResolver } from './user/schema-resolver';

const i18n = createI18n({ lng: 'en' });
const t = i18n.t.bind(i18n);
const resolve = (values: Record<string, unknown>) =>
  schemaResolver(UpdateOrganizationSchema.shape.organization)(values as never, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('fieldMessage', () => {
  it('says the limit a schema message names, whichever word the message uses for it', async () => {
    const { errors } = await resolve({
      name: 'x'.repeat(ORGANIZATION_LIMITS.nameMax + 1),
      number_of_members: ORGANIZATION_LIMITS.membersMax + 1,
    });
    expect(fieldMessage(t, errors.name as never)).toBe(t('validation:tooLong', { count: ORGANIZATION_LIMITS.nameMax }));
    expect(fieldMessage(t, errors.number_of_members as never)).toBe(t('validation:tooBig', { max: ORGANIZATION_LIMITS.membersMax }));
    expect(fieldMessage(t, errors.number_of_members as never)).not.toContain('{{');
  });

  it("gives the server's text as it came, and nothing for no error", () => {
    expect(fieldMessage(t, { type: 'server', message: 'Already taken' })).toBe('Already taken');
    expect(fieldMessage(t, undefined)).toBeUndefined();
  });
});
