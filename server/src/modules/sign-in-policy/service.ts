import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { isProviderAllowed, type SignInMethod } from '@kiwi/shared/domain/sign-in-policy';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizations } from '../../db/schema/organizations';
import { ApiError, notFound } from '../../jsonapi/errors';

export type SignInPolicyRow = { id: number; signInMethods: string[]; mfaRequiredForManagers: boolean };
export type SignInPolicyChange = { signInMethods: SignInMethod[]; mfaRequiredForManagers: boolean };

const columns = {
  id: organizations.id,
  signInMethods: organizations.signInMethods,
  mfaRequiredForManagers: organizations.mfaRequiredForManagers,
};

/** The organisation's sign-in policy; 404 for an organisation that does not exist. */
export async function getSignInPolicy(tx: Executor, organizationId: number): Promise<SignInPolicyRow> {
  const [row] = await tx.select(columns).from(organizations).where(eq(organizations.id, organizationId));
  if (!row) throw notFound();
  return row;
}

/**
 * Replaces the policy. `callerProvider` is the sign-in provider of a caller the policy binds (a manager, not an
 * admin): a policy that would refuse their own current sign-in is refused, so a manager cannot lock themselves out.
 */
export async function updateSignInPolicy(
  tx: Executor,
  organizationId: number,
  change: SignInPolicyChange,
  callerProvider: string | null | undefined,
): Promise<SignInPolicyRow> {
  if (callerProvider !== undefined && !isProviderAllowed(change.signInMethods, callerProvider)) {
    throw new ApiError(ErrorCode.signInPolicyExcludesOwnMethod, { pointer: '/sign_in_policy/sign_in_methods' });
  }
  const [row] = await tx.update(organizations).set(change).where(eq(organizations.id, organizationId)).returning(columns);
  if (!row) throw notFound();
  return row;
}
