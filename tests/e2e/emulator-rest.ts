// The run's Auth Emulator as a spec reaches it: its URL, key and project come from the public client config, as the
// portal gets them, and its REST API stands in for the mailbox (out-of-band codes) and for a second device.
import { expect, type APIRequestContext } from '@playwright/test';

export type AuthEmulator = { url: string; apiKey: string; projectId: string };
export type OobCode = { email: string; requestType: string; oobCode: string; oobLink: string };

export async function authEmulator(request: APIRequestContext): Promise<AuthEmulator> {
  const response = await request.get('/api/client_config');
  expect(response.ok()).toBe(true);
  const { attributes } = (await response.json()).data as { attributes: Record<string, string | null> };
  const url = attributes['auth-emulator-url'];
  if (!url) throw new Error('The e2e server runs without the Auth Emulator');
  return { url, apiKey: attributes['firebase-api-key']!, projectId: attributes['firebase-project-id']! };
}

async function identityToolkit<T>(request: APIRequestContext, emulator: AuthEmulator, method: string, data: object): Promise<T> {
  const response = await request.post(`${emulator.url}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${emulator.apiKey}`, {
    data,
  });
  const body = await response.json();
  if (!response.ok()) throw new Error(`accounts:${method} failed: ${JSON.stringify(body.error ?? body)}`);
  return body as T;
}

/** A new Firebase account (no product user), as accounts:signUp makes it. */
export function signUp(request: APIRequestContext, emulator: AuthEmulator, email: string, password: string) {
  return identityToolkit<{ localId: string; idToken: string }>(request, emulator, 'signUp', { email, password, returnSecureToken: true });
}

export async function signInWithPassword(request: APIRequestContext, emulator: AuthEmulator, email: string, password: string) {
  const { idToken } = await identityToolkit<{ idToken: string }>(request, emulator, 'signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  return idToken;
}

/** What following the reset link does: sets a new password with the mailed code. */
export function resetPassword(request: APIRequestContext, emulator: AuthEmulator, oobCode: string, newPassword: string) {
  return identityToolkit<{ email: string; requestType: string }>(request, emulator, 'resetPassword', { oobCode, newPassword });
}

/** Every mail the emulator has "sent" in this run, oldest first. */
export async function oobCodes(request: APIRequestContext, emulator: AuthEmulator): Promise<OobCode[]> {
  const response = await request.get(`${emulator.url}/emulator/v1/projects/${emulator.projectId}/oobCodes`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { oobCodes: OobCode[] }).oobCodes;
}

export const passwordResetsFor = (codes: OobCode[], email: string) =>
  codes.filter((code) => code.requestType === 'PASSWORD_RESET' && code.email === email);

export type VerificationCode = { phoneNumber: string; code: string; sessionInfo: string };

/** Every SMS code the emulator has "texted" in this run, oldest first (issue 16: second-factor enrolment and sign-in). */
export async function verificationCodes(request: APIRequestContext, emulator: AuthEmulator): Promise<VerificationCode[]> {
  const response = await request.get(`${emulator.url}/emulator/v1/projects/${emulator.projectId}/verificationCodes`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { verificationCodes: VerificationCode[] }).verificationCodes;
}

/** What opening a mailed action link does for the modes applied by code (verifyEmail, verifyAndChangeEmail, ...). */
export function applyActionCode(request: APIRequestContext, emulator: AuthEmulator, oobCode: string) {
  return identityToolkit<{ email: string }>(request, emulator, 'update', { oobCode });
}
