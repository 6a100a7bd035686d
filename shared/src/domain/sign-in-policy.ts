// Issue 16: an organisation's sign-in policy, the same rule for the server's guard and the portal's settings page.

/** The ways a person can sign in to Kiwi that an organisation may allow (at least one). */
export const SIGN_IN_METHODS = ['password', 'google', 'microsoft', 'emailLink'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export type SignInPolicy = { signInMethods: readonly string[]; mfaRequiredForManagers: boolean };

/** What an organisation allows until its managers choose: every method, no second factor required. */
export const DEFAULT_SIGN_IN_POLICY: SignInPolicy = { signInMethods: SIGN_IN_METHODS, mfaRequiredForManagers: false };

/**
 * The methods a token's `firebase.sign_in_provider` claim may stand for. Firebase reports `password` for an email-link
 * sign-in too (the email provider signs both), so `password` is allowed when either of them is; `emailLink` is mapped in
 * case a token ever names it. Any other provider (anonymous, phone, facebook.com ...) is none of Kiwi's methods; null
 * (no claim) stands for nothing either.
 */
export function methodsOfProvider(provider: string | null | undefined): readonly SignInMethod[] {
  switch (provider) {
    case 'password':
      return ['password', 'emailLink'];
    case 'emailLink':
      return ['emailLink'];
    case 'google.com':
      return ['google'];
    case 'microsoft.com':
      return ['microsoft'];
    default:
      return [];
  }
}

/** Whether a session signed in through `provider` is allowed by `allowed` (the organisation's methods). */
export function isProviderAllowed(allowed: readonly string[], provider: string | null | undefined): boolean {
  return methodsOfProvider(provider).some((method) => allowed.includes(method));
}
