import { CreateMemberSchema, MemberListQuerySchema, UpdateMemberSchema } from '@kiwi/shared/schemas/member';
import { Router } from 'express';
import { can, PLATFORM } from '../../auth/authorize';
import { currentSession, requireOrganizationMember, requireSignedIn } from '../../auth/guards';
import { requestLanguage } from '../../http/i18n';
import { parseBody, parseId, parseQuery } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
import { identityErrorFor } from '../invitations/identity-errors';
import { managesOrganization } from '../organizations/access';
import { PENDING_UID_PREFIX } from './csv-import';
import { csvImportRoutes } from './csv-import-routes';
import { assertCanResetMfa, ensureIdentityUser, identityHeld, resetMfa, retryOnceOnUniqueViolation } from './identity';
import { changedFields, markStaffActionRecorded, recordRequestAction } from '../staff-actions/record';
import { presentMember, presentMembers } from './presenter';
import { findMember, listMembers, type MemberView } from './queries';
import {
  assertInvitable,
  assertMemberManageable,
  deleteMember,
  findUserWithMemberships,
  inviteMember,
  seatsInUse,
  updateMember,
} from './service';

/** What the staff action log compares before and after a manager's edit (issue 20 point 8). */
const loggedFields = (member: MemberView) => ({
  role: member.role,
  activeFrom: member.activeFrom,
  activeTo: member.activeTo,
  belongings: member.belongings,
  occupations: member.occupations,
  groupIds: member.groups.map((group) => group.id),
});

export function membersRoutes(deps: ModuleDependencies): Router {
  const { db, identity, config, sessions, logger } = deps;
  const router = Router();
  const anyMember = requireOrganizationMember({ managerOnly: false });
  const managers = requireOrganizationMember();

  // Every active member reads the list (colleague pickers); only managers see everyone, members see active colleagues.
  router.get('/organizations/:organizationId/members', anyMember, async (req, res) => {
    const session = await currentSession(req);
    const organizationId = parseId(req, 'organizationId');
    const { page, per, q } = parseQuery(MemberListQuerySchema, req);
    const forManager = managesOrganization(session, organizationId);
    const filter = { name: q?.name, groupId: q?.group_id, role: q?.role, state: forManager ? q?.state : ('active' as const) };
    const now = new Date();
    const { rows, total, seats } = await db.db.transaction(async (tx) => ({
      ...(await listMembers(tx, organizationId, { filter, page, per, now })),
      // Managers see how many seats the contract's numberOfMembers has left.
      seats: forManager ? await seatsInUse(tx, organizationId, now) : null,
    }));
    res.json(
      presentMembers(rows, forManager, { page, per, total, url: req.originalUrl }, seats === null ? undefined : { seatsUsed: seats }),
    );
  });

  router.post('/organizations/:organizationId/members', managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const { organization_member: input } = parseBody(CreateMemberSchema, req);
    const language = input.language ?? requestLanguage(req);
    const now = new Date();
    // Refuse early what the transaction would refuse, before a Firebase user is created for nothing.
    const existing = await db.db.transaction(async (tx) => {
      const found = await findUserWithMemberships(tx, input.email);
      assertInvitable(found, organizationId);
      return found;
    });
    let firebaseUid = existing?.firebaseUid;
    let createdIdentity = false;
    if (!firebaseUid) {
      try {
        ({ uid: firebaseUid, created: createdIdentity } = await ensureIdentityUser(identity, input.email, input.name));
      } catch (error) {
        throw identityErrorFor(error);
      }
    }
    const uid = firebaseUid;
    let result: Awaited<ReturnType<typeof inviteMember>>;
    try {
      // Another invitation of the same new address (another organisation's, or a double submit) may commit the product
      // user first: then once more, so this one sees that user and answers as it would a moment later (409).
      result = await retryOnceOnUniqueViolation(() =>
        db.db.transaction((tx) =>
          inviteMember(tx, organizationId, { ...input, language }, { firebaseUid: uid, publicUrl: config.publicUrl, now }),
        ),
      );
    } catch (error) {
      // The Firebase user stays when the other invitation's product user holds it.
      if (createdIdentity && !(await identityHeld(db, uid))) {
        await identity.auth
          .deleteUser(uid)
          .catch((cleanup: unknown) => logger.warn({ err: cleanup }, 'could not remove an unused Firebase user'));
      }
      throw error;
    }
    await sessions.invalidateUser(result.userId);
    const member = await db.db.transaction((tx) => findMember(tx, organizationId, result.memberId, now));
    res.status(201).json(presentMember(member));
  });

  router.get('/organizations/:organizationId/members/:memberId', managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const memberId = parseId(req, 'memberId');
    const member = await db.db.transaction((tx) => findMember(tx, organizationId, memberId, new Date()));
    res.json(presentMember(member));
  });

  router.put('/organizations/:organizationId/members/:memberId', managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const memberId = parseId(req, 'memberId');
    const { organization_member: input } = parseBody(UpdateMemberSchema, req);
    const session = await currentSession(req);
    const now = new Date();
    const member = await db.db.transaction(async (tx) => {
      await assertMemberManageable(tx, session, organizationId, memberId);
      const before = await findMember(tx, organizationId, memberId, now);
      await updateMember(tx, organizationId, memberId, input, now);
      const after = await findMember(tx, organizationId, memberId, now);
      await recordRequestAction(tx, req, {
        actor: session,
        organizationId,
        changes: changedFields(loggedFields(before), loggedFields(after)),
      });
      return after;
    });
    markStaffActionRecorded(res);
    await sessions.invalidateUser(member.userId);
    res.json(presentMember(member));
  });

  router.delete('/organizations/:organizationId/members/:memberId', managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const memberId = parseId(req, 'memberId');
    const session = await currentSession(req);
    const removed = await db.db.transaction(async (tx) => {
      await assertMemberManageable(tx, session, organizationId, memberId);
      const before = await findMember(tx, organizationId, memberId, new Date());
      const result = await deleteMember(tx, organizationId, memberId);
      const gone = { name: before.name, email: before.email, ...loggedFields(before) };
      await recordRequestAction(tx, req, { actor: session, organizationId, statusCode: 204, changes: changedFields(gone, {}) });
      return result;
    });
    markStaffActionRecorded(res);
    await sessions.invalidateUser(removed.userId);
    if (removed.firebaseUid && !removed.firebaseUid.startsWith(PENDING_UID_PREFIX)) {
      await identity.auth.deleteUser(removed.firebaseUid).catch((error: unknown) => {
        if ((error as { code?: string }).code !== 'auth/user-not-found')
          logger.warn({ err: error }, 'could not delete the Firebase user of a removed member');
      });
    }
    res.status(204).end();
  });

  // Spec §6: managers reset a member's multi-factor enrolment; admins anyone's.
  router.post('/users/:id/mfa_reset', requireSignedIn, async (req, res) => {
    const userId = parseId(req);
    const actor = await currentSession(req);
    const firebaseUid = await db.db.transaction(async (tx) => assertCanResetMfa(tx, actor, userId));
    if (!firebaseUid.startsWith(PENDING_UID_PREFIX)) await resetMfa(identity, firebaseUid);
    // Logged once the identity provider has done it (no transaction spans that call); a manager's is their organisation's.
    const organizationId = can(actor, 'platform.administer', PLATFORM) ? null : (actor.memberships[0]?.organizationId ?? null);
    try {
      await recordRequestAction(db.db, req, { actor, organizationId, statusCode: 204 });
      markStaffActionRecorded(res);
    } catch (error) {
      // The reset is done: a log that cannot be written is reported, never the manager's answer.
      logger.error({ err: error }, 'staff action not logged');
    }
    res.status(204).end();
  });

  router.use(csvImportRoutes(deps));
  return router;
}
