// Loaded on use (dynamic import) by the cancellation page: it shares the Firebase Auth chunk startup/firebase.ts loads.
import { EmailAuthProvider, getAuth, reauthenticateWithCredential } from 'firebase/auth';

/**
 * SPEC §7 re-authentication with the current password: the signed-in user's next ID token carries a fresh auth_time,
 * which the server asks of calls such as cancellation (issue 16). Rejects with Firebase's auth/... error when wrong.
 */
export async function reauthenticateWithPassword(password: string): Promise<void> {
  // The default app's Auth: the one startup/firebase.ts initialised.
  const user = getAuth().currentUser;
  if (!user?.email) throw Object.assign(new Error('No signed-in user'), { code: 'auth/requires-recent-login' });
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
  // The API client reads the current token: make it the new one now.
  await user.getIdToken(true);
}
