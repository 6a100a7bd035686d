// Firebase JS SDK codes (`auth/<client-code>`) that have their own message under `errors:identity.<client-code>` (spec §8).
const IDENTITY_CODES = new Set([
  'email-already-in-use',
  'wrong-password',
  'user-not-found',
  'invalid-credential',
  'invalid-email',
  'expired-action-code',
  'invalid-action-code',
  'too-many-requests',
  'user-disabled',
  'network-request-failed',
  'password-does-not-meet-requirements',
  'multi-factor-auth-required',
  'requires-recent-login',
  'code-expired',
  'invalid-verification-code',
  'invalid-multi-factor-session',
  'second-factor-already-in-use',
  'quota-exceeded',
  'unverified-email',
  'invalid-phone-number',
]);

// Codes that mean the same thing to the person signing in.
const ALIASES: Record<string, string> = {
  timeout: 'network-request-failed',
  'invalid-login-credentials': 'invalid-credential',
  'missing-verification-id': 'invalid-multi-factor-session',
  // The second-factor flow (issue 16): Firebase's other names for the same §8 messages.
  'invalid-verification-id': 'invalid-multi-factor-session',
  'missing-multi-factor-session': 'invalid-multi-factor-session',
  'multi-factor-info-not-found': 'invalid-multi-factor-session',
  'missing-code': 'invalid-verification-code',
  'user-token-expired': 'requires-recent-login',
  'phone-number-already-exists': 'second-factor-already-in-use',
  'missing-phone-number': 'invalid-phone-number',
};

/** The i18n key for an error thrown by the Firebase Auth SDK, e.g. `auth/wrong-password` -> `errors:identity.wrong-password`. */
export function identityErrorKey(err: unknown): string {
  const code = typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : '';
  if (!code.startsWith('auth/')) return 'errors:unexpected';
  const clientCode = code.slice('auth/'.length);
  const known = ALIASES[clientCode] ?? clientCode;
  return IDENTITY_CODES.has(known) ? `errors:identity.${known}` : 'errors:unexpected';
}
