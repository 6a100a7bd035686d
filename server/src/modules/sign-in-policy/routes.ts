import { SignInPolicyPayloadSchema } from '@kiwi/shared/schemas/sign-in-policy';
import { Router } from 'express';
import { authorize, can } from '../../auth/authorize';
import { currentSession, requireOrganizationMember } from '../../auth/guards';
import { parseBody, parseId } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
import { changedFields, markStaffActionRecorded, recordRequestAction } from '../staff-actions/record';
import { presentSignInPolicy } from './presenter';
import { getSignInPolicy, updateSignInPolicy } from './service';

/**
 * Issue 16: which sign-in methods an organisation's members may use and whether its managers need a second factor.
 * Sessions carry the policy, so a change drops its members' cached sessions: the next request of each is judged by it.
 */
export function signInPolicyRoutes({ db, sessions }: ModuleDependencies): Router {
  const router = Router();
  const managers = requireOrganizationMember();
  const path = '/organizations/:organizationId/sign_in_policy';

  router.get(path, managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    authorize(await currentSession(req), 'organization.manage', { kind: 'organization', id: organizationId });
    res.json(presentSignInPolicy(await db.db.transaction((tx) => getSignInPolicy(tx, organizationId))));
  });

  router.put(path, managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const session = await currentSession(req);
    authorize(session, 'organization.manage', { kind: 'organization', id: organizationId });
    const { sign_in_policy: input } = parseBody(SignInPolicyPayloadSchema, req);
    const change = { signInMethods: input.sign_in_methods, mfaRequiredForManagers: input.mfa_required_for_managers };
    const callerProvider = can(session, 'signInPolicy.excludeOwnMethod', { kind: 'organization', id: organizationId })
      ? undefined
      : session.signIn?.provider;
    const row = await db.db.transaction(async (tx) => {
      const before = await getSignInPolicy(tx, organizationId);
      const after = await updateSignInPolicy(tx, organizationId, change, callerProvider);
      const changes = changedFields(before, after, ['signInMethods', 'mfaRequiredForManagers']);
      await recordRequestAction(tx, req, { actor: session, organizationId, changes });
      return after;
    });
    markStaffActionRecorded(res);
    // Issue 22: only this organisation's members carry its policy (and their open streams end on every replica).
    await sessions.invalidateOrganization(organizationId);
    res.json(presentSignInPolicy(row));
  });

  return router;
}
