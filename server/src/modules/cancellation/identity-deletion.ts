import { z } from 'zod';
import type { Identity } from '../../auth/identity';
import type { OutboxHandler } from '../../outbox/worker';

const Payload = z.object({ uid: z.string().min(1).max(128) });

const isUserNotFound = (error: unknown) => (error as { code?: string }).code === 'auth/user-not-found';

/**
 * Deletes a cancelled user's identity account, refresh tokens revoked first (spec §7 revokeToken, delete). Runs after
 * the cancellation committed: from the outbox with retries, and once at once from the request. An account already gone
 * counts as done, so the two never fail each other.
 */
export async function deleteIdentityAccount(identity: Pick<Identity, 'auth'>, uid: string): Promise<void> {
  try {
    await identity.auth.revokeRefreshTokens(uid);
    await identity.auth.deleteUser(uid);
  } catch (error) {
    if (!isUserNotFound(error)) throw error;
  }
}

/** The outbox handler of `identity.delete_account` rows. */
export const identityDeletionHandler =
  (identity: Pick<Identity, 'auth'>): OutboxHandler =>
  async (row) => {
    const { uid } = Payload.parse(row.payload);
    await deleteIdentityAccount(identity, uid);
  };
