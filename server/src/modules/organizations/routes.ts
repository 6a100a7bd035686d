import { PaginationSchema } from '@kiwi/shared/schemas/common';
import {
  CreateOrganizationSchema,
  OrganizationKeySchema,
  OrganizationListQuerySchema,
  ShowOrganizationQuerySchema,
  UpdateOrganizationSchema,
} from '@kiwi/shared/schemas/organization';
import { Router } from 'express';
import { authenticate, currentSession, requireAdmin, requireSignedIn } from '../../auth/guards';
import { invalidParameter } from '../../jsonapi/errors';
import { parseBody, parseId, parseQuery } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
import { assertOrganizationAccess, findOrganization, managesOrganization } from './access';
import { presentOrganization, presentOrganizations } from './presenter';
import { archiveOrganization, assertManagerMayChange, createOrganization, listOrganizations, updateOrganization } from './service';

/** Paths below /organizations/ that other modules serve and that must not be read as an identifier. */
const RESERVED_KEYS = new Set(['utilization_rates']);

export function organizationsRoutes({ db, sessions }: ModuleDependencies): Router {
  const router = Router();

  router.get('/organizations', requireAdmin, async (req, res) => {
    const { page, per } = parseQuery(PaginationSchema, req);
    const { q, archived } = parseQuery(OrganizationListQuerySchema, req);
    const { rows, total } = await db.db.transaction((tx) =>
      listOrganizations(tx, { name: q?.name, archived: archived === undefined ? undefined : archived === 'true', page, per }),
    );
    res.json(presentOrganizations(rows, { page, per, total, url: req.originalUrl }));
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
    const { organization: input } = parseBody(UpdateOrganizationSchema, req);
    if (session.user.role !== 'admin') assertManagerMayChange(input);
    const row = await db.db.transaction((tx) => updateOrganization(tx, id, input));
    // Sessions carry the organisation's name and identifier.
    await sessions.invalidateAll();
    res.json(presentOrganization(row, { withMfaEnabled: true, forManager: true }));
  });

  router.put('/organizations/:id/archive', requireAdmin, async (req, res) => {
    const id = parseId(req);
    const row = await db.db.transaction((tx) => archiveOrganization(tx, id));
    await sessions.invalidateAll();
    res.json(presentOrganization(row, { withMfaEnabled: true, forManager: true }));
  });

  return router;
}

function parseKey(raw: string): number | string {
  const result = OrganizationKeySchema.safeParse(raw);
  if (!result.success) throw invalidParameter('id');
  return result.data;
}
