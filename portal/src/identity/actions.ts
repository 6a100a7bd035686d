// The Firebase Auth calls of the action-link page (/user/actions). The page imports this module dynamically, so these
// SDK functions join the SDK chunk startup/firebase.ts loads instead of the entry or /login.
import {
  ActionCodeOperation,
  applyActionCode,
  checkActionCode,
  confirmPasswordReset,
  isSignInWithEmailLink,
  signInWithEmailLink,
  verifyPasswordResetCode,
  type Auth,
} from 'firebase/auth';
import type { ActionMode } from '@kiwi/shared/schemas/action-link';

/** The operation Firebase records on a code, per mode of the link: a code of another kind is refused. */
const OPERATION_OF: Record<Exclude<ActionMode, 'signIn'>, string> = {
  resetPassword: ActionCodeOperation.PASSWORD_RESET,
  verifyEmail: ActionCodeOperation.VERIFY_EMAIL,
  recoverEmail: ActionCodeOperation.RECOVER_EMAIL,
  verifyAndChangeEmail: ActionCodeOperation.VERIFY_AND_CHANGE_EMAIL,
  revertSecondFactorAddition: ActionCodeOperation.REVERT_SECOND_FACTOR_ADDITION,
};

/** Thrown as Firebase would for a code that is not of the link's kind (a tampered mode). */
const invalidCode = () => Object.assign(new Error('The action code does not match the link'), { code: 'auth/invalid-action-code' });

/** What applying a code did: the address it concerned (the restored one for recoverEmail, the new one for a change). */
export type AppliedAction = { email: string | null };

/**
 * verifyEmail, recoverEmail, verifyAndChangeEmail, revertSecondFactorAddition: the code is checked to be of the link's
 * kind (Firebase's own check gives the address), then applied. Firebase's auth/... error when refused.
 */
export async function applyAction(
  auth: Auth,
  mode: Exclude<ActionMode, 'signIn' | 'resetPassword'>,
  oobCode: string,
): Promise<AppliedAction> {
  const info = await checkActionCode(auth, oobCode);
  if (info.operation !== OPERATION_OF[mode]) throw invalidCode();
  await applyActionCode(auth, oobCode);
  // A signed-in user whose address just changed or was verified sees it at once.
  await auth.currentUser?.reload().catch(() => {});
  return { email: info.data.email ?? null };
}

/** resetPassword, step 1: the address the code resets (Firebase's error when the code is invalid, used or expired). */
export function passwordResetEmail(auth: Auth, oobCode: string): Promise<string> {
  return verifyPasswordResetCode(auth, oobCode);
}

/** resetPassword, step 2: the new password (the project's password policy applies). */
export function resetPassword(auth: Auth, oobCode: string, newPassword: string): Promise<void> {
  return confirmPasswordReset(auth, oobCode, newPassword);
}

/** signIn: whether `href` is an email sign-in link Firebase can complete. */
export function isEmailSignInLink(auth: Auth, href: string): boolean {
  return isSignInWithEmailLink(auth, href);
}

/** signIn: completes the email-link sign-in for `email` (auth/invalid-email when the link was sent to another one). */
export async function signInWithLink(auth: Auth, email: string, href: string): Promise<void> {
  await signInWithEmailLink(auth, email, href);
}
