import { CreateGroupSchema, UpdateGroupSchema } from '@kiwi/shared/schemas/group';
import { Router } from 'express';
import { currentSession, requireOrganizationMember } from '../../auth/guards';
import { parseBody, parseId } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
import { markStaffActionRecorded, recordRowChange } from '../staff-actions/record';
import { presentGroup, presentGroups } from './presenter';
import { createGroup, deleteGroup, findGroup, listGroups, updateGroup } from './service';

/** What the staff action log compares (issue 20 point 8); the member list is logged as its size. */
const LOGGED = ['name', 'parentId', 'memberCount'] as const;

export function groupsRoutes({ db }: ModuleDependencies): Router {
  const router = Router();
  const managers = requireOrganizationMember();
  const ids = (req: Parameters<typeof parseId>[0]) => ({
    organizationId: parseId(req, 'organizationId'),
    groupId: parseId(req, 'groupId'),
  });

  // Every group of the organisation (hierarchy by parent-id, with member counts): small enough to answer unpaged.
  router.get('/organizations/:organizationId/groups', managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    res.json(presentGroups(await db.db.transaction((tx) => listGroups(tx, organizationId))));
  });

  router.post('/organizations/:organizationId/groups', managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const { group: input } = parseBody(CreateGroupSchema, req);
    const actor = await currentSession(req);
    const group = await db.db.transaction(async (tx) => {
      const created = await findGroup(tx, organizationId, await createGroup(tx, organizationId, input));
      await recordRowChange(tx, req, { actor, organizationId, before: null, after: created, fields: LOGGED, targetType: 'groups' });
      return created;
    });
    markStaffActionRecorded(res);
    res.status(201).json(presentGroup(group));
  });

  router.get('/organizations/:organizationId/groups/:groupId', managers, async (req, res) => {
    const { organizationId, groupId } = ids(req);
    res.json(presentGroup(await db.db.transaction((tx) => findGroup(tx, organizationId, groupId))));
  });

  router.put('/organizations/:organizationId/groups/:groupId', managers, async (req, res) => {
    const { organizationId, groupId } = ids(req);
    const { group: input } = parseBody(UpdateGroupSchema, req);
    const actor = await currentSession(req);
    const group = await db.db.transaction(async (tx) => {
      const before = await findGroup(tx, organizationId, groupId);
      await updateGroup(tx, organizationId, groupId, input);
      const after = await findGroup(tx, organizationId, groupId);
      await recordRowChange(tx, req, { actor, organizationId, before, after, fields: LOGGED });
      return after;
    });
    markStaffActionRecorded(res);
    res.json(presentGroup(group));
  });

  router.delete('/organizations/:organizationId/groups/:groupId', managers, async (req, res) => {
    const { organizationId, groupId } = ids(req);
    const actor = await currentSession(req);
    await db.db.transaction(async (tx) => {
      const before = await findGroup(tx, organizationId, groupId);
      await deleteGroup(tx, organizationId, groupId);
      await recordRowChange(tx, req, { actor, organizationId, before, after: null, fields: LOGGED });
    });
    markStaffActionRecorded(res);
    res.status(204).end();
  });

  return router;
}
