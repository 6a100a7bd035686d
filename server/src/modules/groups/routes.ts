import { CreateGroupSchema, UpdateGroupSchema } from '@kiwi/shared/schemas/group';
import { Router } from 'express';
import { requireOrganizationMember } from '../../auth/guards';
import { parseBody, parseId } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
import { presentGroup, presentGroups } from './presenter';
import { createGroup, deleteGroup, findGroup, listGroups, updateGroup } from './service';

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
    const group = await db.db.transaction(async (tx) => findGroup(tx, organizationId, await createGroup(tx, organizationId, input)));
    res.status(201).json(presentGroup(group));
  });

  router.get('/organizations/:organizationId/groups/:groupId', managers, async (req, res) => {
    const { organizationId, groupId } = ids(req);
    res.json(presentGroup(await db.db.transaction((tx) => findGroup(tx, organizationId, groupId))));
  });

  router.put('/organizations/:organizationId/groups/:groupId', managers, async (req, res) => {
    const { organizationId, groupId } = ids(req);
    const { group: input } = parseBody(UpdateGroupSchema, req);
    const group = await db.db.transaction(async (tx) => {
      await updateGroup(tx, organizationId, groupId, input);
      return findGroup(tx, organizationId, groupId);
    });
    res.json(presentGroup(group));
  });

  router.delete('/organizations/:organizationId/groups/:groupId', managers, async (req, res) => {
    const { organizationId, groupId } = ids(req);
    await db.db.transaction((tx) => deleteGroup(tx, organizationId, groupId));
    res.status(204).end();
  });

  return router;
}
