import { PaginationSchema } from '@kiwi/shared/schemas/common';
import {
  CreateOrganizationSchema,
  OrganizationKeySchema,
  OrganizationListQuerySchema,
  ShowOrganizationQuerySchema,
  UpdateOrganizationSchema,
} from '@kiwi/shared/schemas/organization';
import { Router } from 'express';
import { can } from '../../auth/authorize';
import { authenticate, currentSession, requireAdmin, requireSignedIn } from '../../auth/guards';
import { invalidParameter } from '../../jsonapi/errors';
import { parseBody, parseId, parseQuery } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
import { assertOrganizationAccess, findOrganization, managesOrganization } from './access';
import { presentOrganization, presentOrganizations } from './presenter';
import { AdminUpdateOrganizationSchema, DeleteOrganizationSchema } from '@kiwi/shared/schemas/admin-organization';
import type { OrganizationRow } from '../../db/schema/organizations';
import { changedFields, recordStaffAction } from '../staff-actions/record';
import { deleteOrganization } from './deletion';
import { embedOriginsChanged } from '../embed-origins/registry';
import {
  assertManagerMayChange,
  assertSeatsCoverMembers,
  createOrganization,
  listOrganizations,
  memberFigures,
  setOrganizationArchived,
  updateOrganization,
} from './service';

/** The organisation's fields the staff log compares before and after a change. */
const LOGGED_FIELDS = [
  'name',
  'identifier',
  'icon',
  'serviceStartedAt',
  'numberOfMembers',
  'plan',
  'planStartedAt',
  'planEndedAt',
  'archived',
  'vineConnectEnabled',
  'distributionGraphGroupFilter',
  'mfaEnabled',
] as const satisfies readonly (keyof OrganizationRow)[];

/** Paths below /organizations/ that other modules serve and that must not be read as an identifier. */
const RESERVED_KEYS = new Set(['utilization_rates']);

export function organizationsRoutes({ db, sessions }: ModuleDependencies): Router {
  const router = Router();

  router.get('/organizations', requireAdmin, async (req, res) => {
    const { page, per } = parseQuery(PaginationSchema, req);
    const { q, archived } = parseQuery(OrganizationListQuerySchema, req);
    const { rows, total, figures } = await db.db.transaction(async (tx) => {
      const list = await listOrganizations(tx, {
        name: q?.name,
        archived: archived === undefined ? undefined : archived === 'true',
        page,
        per,
      });
      const ids = list.rows.map((row) => row.id);
      return { ...list, figures: await memberFigures(tx, ids, new Date()) };
    });
    res.json(presentOrganizations(rows, { page, per, total, url: req.originalUrl }, figures));
  });

  router.post('/organizations', requireAdmin, async (req, res) => {
    const { organization: input } = parseBody(CreateOrganizationSchema, req);
    const row = await db.db.transaction((tx) => createOrganization(tx, input));
    res.status(201).json(presentOrganization(row, { withMfaEnabled: true, forManager: true }));
  });

  // The organisation context of the portal (spec §4) looks organisations up by route identifier here too.
  router.get('/organizations/:id', async (req, res, next) => {
    if (RESERVED_KEYS.has(req.params.id)) return next();
    const session = await authenticate(req);
    const key = parseKey(req.params.id);
    assertOrganizationAccess(session, key, { managerOnly: false });
    const { with_mfa_enabled } = parseQuery(ShowOrganizationQuerySchema, req);
    const row = await findOrganization(db.db, key);
    res.json(presentOrganization(row, { withMfaEnabled: with_mfa_enabled === 'true', forManager: managesOrganization(session, row.id) }));
  });

  router.put('/organizations/:id', requireSignedIn, async (req, res) => {
    const session = await currentSession(req);
    const id = parseId(req);
    assertOrganizationAccess(session, id, { managerOnly: true });
    const changesContract = can(session, 'organization.changeContract', { kind: 'organization', id });
    const { organization: input, confirm_seats_below_members } = changesContract
      ? parseBody(AdminUpdateOrganizationSchema, req)
      : { ...parseBody(UpdateOrganizationSchema, req), confirm_seats_below_members: false };
    if (!changesContract) assertManagerMayChange(input);
    const row = await db.db.transaction(async (tx) => {
      // Locked first: the seats compared below cannot change before the new count is stored.
      const before = await findOrganization(tx, id, { forUpdate: true });
      if (changesContract) {
        await assertSeatsCoverMembers(tx, id, input.number_of_members, {
          confirmed: confirm_seats_below_members === true,
          now: new Date(),
        });
      }
      const after = await updateOrganization(tx, id, input);
      await recordStaffAction(tx, {
        actor: session,
        organizationId: id,
        kind: 'organizations.update',
        method: 'PUT',
        route: '/api/organizations/:id',
        targetType: 'organization',
        targetId: id,
        changes: changedFields(before, after, LOGGED_FIELDS),
        statusCode: 200,
      });
      return after;
    });
    res.locals.staffActionRecorded = true;
    // Its members' sessions carry the organisation's name, identifier and settings.
    await sessions.invalidateOrganization(id);
    res.json(presentOrganization(row, { withMfaEnabled: true, forManager: true }));
  });

  for (const [action, archived] of [
    ['archive', true],
    ['unarchive', false],
  ] as const) {
    router.put(`/organizations/:id/${action}`, requireAdmin, async (req, res) => {
      const session = await currentSession(req);
      const id = parseId(req);
      const row = await db.db.transaction(async (tx) => {
        const { before, after } = await setOrganizationArchived(tx, id, archived);
        await recordStaffAction(tx, {
          actor: session,
          organizationId: id,
          kind: `organizations.${action}.update`,
          method: 'PUT',
          route: `/api/organizations/:id/${action}`,
          targetType: 'organization',
          targetId: id,
          changes: changedFields(before, after, ['archived']),
          statusCode: 200,
        });
        // An archived organisation's embed origins no longer let anything through (an unarchived one's again).
        await embedOriginsChanged(tx);
        return after;
      });
      res.locals.staffActionRecorded = true;
      await sessions.invalidateOrganization(id);
      res.json(presentOrganization(row, { withMfaEnabled: true, forManager: true }));
    });
  }

  // Issue 20 point 3: only an archived organisation, after the admin typed its identifier; everything of it goes.
  router.delete('/organizations/:id', requireAdmin, async (req, res) => {
    const session = await currentSession(req);
    const id = parseId(req);
    const { organization: input } = parseBody(DeleteOrganizationSchema, req);
    const deletion = await db.db.transaction(async (tx) => {
      const deleted = await deleteOrganization(tx, {
        organizationId: id,
        identifierConfirmation: input.identifier_confirmation,
        actor: session,
      });
      await embedOriginsChanged(tx);
      return deleted;
    });
    res.locals.staffActionRecorded = true;
    // Its members' sessions name it; the users who left with it must not be served from the cache either.
    await sessions.invalidateAll();
    res.json({
      meta: { identifier: deletion.identifier, 'members-count': deletion.members, 'removed-users-count': deletion.removedUsers },
    });
  });

  return router;
}

function parseKey(raw: string): number | string {
  const result = OrganizationKeySchema.safeParse(raw);
  if (!result.success) throw invalidParameter('id');
  return result.data;
}
