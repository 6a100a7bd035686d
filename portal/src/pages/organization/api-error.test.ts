import { HttpResponseError } from '@kiwi/shared/api/errors';
import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import { expect, it } from 'vitest';
import { apiErrorMessage, fieldErrors } from './api-error';

const i18n = createI18n({ lng: 'en' });
const t = i18n.getFixedT('en', 'organization');

it("shows the server's detail, which carries the parameters the code alone cannot", () => {
  const error = new HttpResponseError(422, 'Unprocessable Entity', {
    errors: [{ status: '422', code: 'validation.tooShort', detail: 'Enter 6 or more characters', source: { pointer: '/user/password' } }],
  });
  expect(apiErrorMessage(t, error)).toBe('Enter 6 or more characters');
  expect(fieldErrors(t, error)).toEqual({ password: 'Enter 6 or more characters' });
});

it('translates a code without detail here, and anything else as unexpected', () => {
  const error = new HttpResponseError(409, 'Conflict', { errors: [{ status: '409', code: 'organization.memberLimitReached' }] });
  expect(apiErrorMessage(t, error)).toBe(i18n.t('errors:organization.memberLimitReached'));
  expect(apiErrorMessage(t, new Error('network'))).toBe(i18n.t('errors:unexpected'));
});
