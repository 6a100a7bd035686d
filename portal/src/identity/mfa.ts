// Firebase's second-factor calls (issue 16, SPEC §7 mfaEnrollment start/finalize/withdraw, sendVerificationCode), in a
// chunk of their own: /user/mfa_setting and the /login second-factor step import it when they need it. It shares the
// SDK chunk startup/firebase.ts loads, and adds the phone, reCAPTCHA and TOTP code only for those who use them.
import { getApp } from 'firebase/app';
import {
  type Auth,
  EmailAuthProvider,
  getAuth,
  getMultiFactorResolver,
  type MultiFactorError,
  type MultiFactorResolver,
  multiFactor,
  PhoneAuthProvider,
  PhoneMultiFactorGenerator,
  RecaptchaVerifier,
  reauthenticateWithCredential,
  sendEmailVerification,
  TotpMultiFactorGenerator,
  type TotpSecret,
  type User,
} from 'firebase/auth';
import type { EnrolledFactor } from '../pages/user/mfa/factor-view';

/** The Auth startup/firebase.ts initialised: getAuth answers the existing instance of the app. */
function portalAuth(): Auth {
  return getAuth(getApp());
}

/**
 * An invisible reCAPTCHA for the SMS step. Against the Auth Emulator (the client config's authEmulatorUrl, which made
 * startup connect the emulator) no Google script may load: app verification is switched off, as connectAuthEmulator
 * also does, and the SDK answers with a mock token the emulator accepts.
 */
function smsVerifier(auth: Auth, container: HTMLElement): RecaptchaVerifier {
  if (auth.emulatorConfig) auth.settings.appVerificationDisabledForTesting = true;
  return new RecaptchaVerifier(auth, container, { size: 'invisible' });
}

function signedInUser(): User {
  const user = portalAuth().currentUser;
  if (!user) throw Object.assign(new Error('No signed-in user'), { code: 'auth/requires-recent-login' });
  return user;
}

/** The signed-in user's state as the page shows it, read fresh from Firebase (reload) so a verification made elsewhere shows. */
export async function loadMfaState(): Promise<{ email: string; emailVerified: boolean; factors: EnrolledFactor[] }> {
  const user = signedInUser();
  await user.reload();
  // A verification made since sign-in: a fresh token carries it to the enrolment calls too.
  if (user.emailVerified && (await user.getIdTokenResult()).claims.email_verified !== true) await user.getIdToken(true);
  return { email: user.email ?? '', emailVerified: user.emailVerified, factors: enrolledFactors(user) };
}

function enrolledFactors(user: User): EnrolledFactor[] {
  return multiFactor(user).enrolledFactors.map((info) => ({
    uid: info.uid,
    factorId: info.factorId,
    displayName: info.displayName ?? null,
    enrollmentTime: info.enrollmentTime,
    ...('phoneNumber' in info && typeof info.phoneNumber === 'string' ? { phoneNumber: info.phoneNumber } : {}),
  }));
}

/** Firebase refuses enrolment until the email is verified: the verification mail, its link handled at /user/actions. */
export async function sendVerificationMail(continueUrl: string): Promise<void> {
  await sendEmailVerification(signedInUser(), { url: continueUrl });
}

/** Enrolment step 1 (mfaEnrollment:start): texts a code to `phoneNumber`; the answer is the verification id. */
export async function startSmsEnrollment(phoneNumber: string, recaptchaContainer: HTMLElement): Promise<string> {
  const user = signedInUser();
  const auth = portalAuth();
  const verifier = smsVerifier(auth, recaptchaContainer);
  try {
    const session = await multiFactor(user).getSession();
    return await new PhoneAuthProvider(auth).verifyPhoneNumber({ phoneNumber, session }, verifier);
  } finally {
    verifier.clear();
  }
}

/** Enrolment step 2 (mfaEnrollment:finalize): the texted code proves the phone. No name: a null one is refused. */
export async function finishSmsEnrollment(verificationId: string, code: string, displayName?: string): Promise<void> {
  const assertion = PhoneMultiFactorGenerator.assertion(PhoneAuthProvider.credential(verificationId, code));
  await multiFactor(signedInUser()).enroll(assertion, displayName);
}

export type TotpEnrollment = { secret: TotpSecret; key: string; url: string };

/** An authenticator-app secret to show as a QR code (and as text for typing in). */
export async function startTotpEnrollment(accountName: string, issuer: string): Promise<TotpEnrollment> {
  const session = await multiFactor(signedInUser()).getSession();
  const secret = await TotpMultiFactorGenerator.generateSecret(session);
  return { secret, key: secret.secretKey, url: secret.generateQrCodeUrl(accountName, issuer) };
}

export async function finishTotpEnrollment(enrollment: TotpEnrollment, code: string, displayName?: string): Promise<void> {
  const assertion = TotpMultiFactorGenerator.assertionForEnrollment(enrollment.secret, code);
  await multiFactor(signedInUser()).enroll(assertion, displayName);
}

/**
 * SPEC §7: re-authenticates with the current password. With factors enrolled, Firebase then asks for one of them too:
 * the answer is that auth/multi-factor-auth-required error, for the second-factor step to complete (null when done).
 */
export async function reauthenticate(currentPassword: string): Promise<unknown> {
  const user = signedInUser();
  if (!user.email) throw Object.assign(new Error('No email'), { code: 'auth/requires-recent-login' });
  try {
    await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, currentPassword));
    return null;
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/multi-factor-auth-required') throw error;
    return error;
  }
}

/** mfaEnrollment:withdraw, after a fresh re-authentication. */
export async function removeFactor(factorUid: string): Promise<void> {
  await multiFactor(signedInUser()).unenroll(factorUid);
}

/** The second-factor step (/login, re-authentication): what the refused sign-in offers. */
export function secondFactorResolver(error: unknown): MultiFactorResolver {
  return getMultiFactorResolver(portalAuth(), error as MultiFactorError);
}

/** Texts the sign-in code to the enrolled phone (the sendVerificationCode step of a second-factor sign-in). */
export async function sendSignInCode(resolver: MultiFactorResolver, factorUid: string, recaptchaContainer: HTMLElement): Promise<string> {
  const auth = portalAuth();
  const hint = resolver.hints.find((candidate) => candidate.uid === factorUid);
  if (!hint) throw Object.assign(new Error('Unknown factor'), { code: 'auth/multi-factor-info-not-found' });
  const verifier = smsVerifier(auth, recaptchaContainer);
  try {
    return await new PhoneAuthProvider(auth).verifyPhoneNumber({ multiFactorHint: hint, session: resolver.session }, verifier);
  } finally {
    verifier.clear();
  }
}

/** Completes the sign-in (or re-authentication) with the texted code. */
export async function finishSmsSignIn(resolver: MultiFactorResolver, verificationId: string, code: string): Promise<void> {
  await resolver.resolveSignIn(PhoneMultiFactorGenerator.assertion(PhoneAuthProvider.credential(verificationId, code)));
}

/** Completes the sign-in (or re-authentication) with an authenticator app's code. */
export async function finishTotpSignIn(resolver: MultiFactorResolver, factorUid: string, code: string): Promise<void> {
  await resolver.resolveSignIn(TotpMultiFactorGenerator.assertionForSignIn(factorUid, code));
}
