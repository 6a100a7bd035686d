import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/create-i18n';
import { resources } from '../i18n/resources';
import { identityErrorKey } from './identity-errors';

// What the Firebase SDK throws: a FirebaseError with `code` and a message we never show.
const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { name: 'FirebaseError', code });

describe('identityErrorKey', () => {
  it.each<[string, unknown, string]>([
    ['wrong password', firebaseError('auth/wrong-password'), 'errors:identity.wrong-password'],
    ['invalid credential (email enumeration protection)', firebaseError('auth/invalid-credential'), 'errors:identity.invalid-credential'],
    ['older invalid login credentials', firebaseError('auth/invalid-login-credentials'), 'errors:identity.invalid-credential'],
    ['user not found', firebaseError('auth/user-not-found'), 'errors:identity.user-not-found'],
    ['email in use', firebaseError('auth/email-already-in-use'), 'errors:identity.email-already-in-use'],
    ['expired action code', firebaseError('auth/expired-action-code'), 'errors:identity.expired-action-code'],
    ['invalid action code', firebaseError('auth/invalid-action-code'), 'errors:identity.invalid-action-code'],
    ['too many requests', firebaseError('auth/too-many-requests'), 'errors:identity.too-many-requests'],
    ['disabled', firebaseError('auth/user-disabled'), 'errors:identity.user-disabled'],
    ['network', firebaseError('auth/network-request-failed'), 'errors:identity.network-request-failed'],
    ['time-out counts as a network failure', firebaseError('auth/timeout'), 'errors:identity.network-request-failed'],
    ['password policy', firebaseError('auth/password-does-not-meet-requirements'), 'errors:identity.password-does-not-meet-requirements'],
    ['second factor needed', firebaseError('auth/multi-factor-auth-required'), 'errors:identity.multi-factor-auth-required'],
    ['SMS code expired', firebaseError('auth/code-expired'), 'errors:identity.code-expired'],
    ['wrong SMS code', firebaseError('auth/invalid-verification-code'), 'errors:identity.invalid-verification-code'],
    ['lost verification', firebaseError('auth/missing-verification-id'), 'errors:identity.invalid-multi-factor-session'],
    ['MFA enrolment before the email is verified', firebaseError('auth/unverified-email'), 'errors:identity.unverified-email'],
    ['bad phone number', firebaseError('auth/invalid-phone-number'), 'errors:identity.invalid-phone-number'],
    ['phone number taken (admin name)', firebaseError('auth/phone-number-already-exists'), 'errors:identity.second-factor-already-in-use'],
    ['enrolment session lost', firebaseError('auth/invalid-verification-id'), 'errors:identity.invalid-multi-factor-session'],
    ['sign-in session lost', firebaseError('auth/missing-multi-factor-session'), 'errors:identity.invalid-multi-factor-session'],
    ['empty code', firebaseError('auth/missing-code'), 'errors:identity.invalid-verification-code'],
    ['stale token before removal', firebaseError('auth/user-token-expired'), 'errors:identity.requires-recent-login'],
    ['SMS quota (run limit)', firebaseError('auth/quota-exceeded'), 'errors:identity.quota-exceeded'],
    ['unmapped auth code', firebaseError('auth/operation-not-allowed'), 'errors:unexpected'],
    ['other Firebase service', firebaseError('storage/unauthorized'), 'errors:unexpected'],
    ['plain error', new Error('boom'), 'errors:unexpected'],
    ['not an error', 'auth/wrong-password', 'errors:unexpected'],
    ['null', null, 'errors:unexpected'],
    ['non-string code', { code: 401 }, 'errors:unexpected'],
  ])('%s -> %s', (_name, error, expected) => {
    expect(identityErrorKey(error)).toBe(expected);
  });

  it('has a message in both languages for every client code of errors.json', () => {
    const codes = Object.keys(resources.ja.errors.identity);
    expect(codes.length).toBeGreaterThanOrEqual(11);
    for (const lng of ['ja', 'en'] as const) {
      const i18n = createI18n({ lng });
      for (const code of codes) {
        const key = identityErrorKey(firebaseError(`auth/${code}`));
        expect(key, code).toBe(`errors:identity.${code}`);
        expect(i18n.t(key), `${lng} ${code}`).not.toMatch(/^identity\.|\$t\(/);
      }
    }
  });
});
