import { ChangeRequestListQuerySchema, CreateChangeRequestSchema, DecideChangeRequestSchema } from '@kiwi/shared/schemas/change-request';
import { Router } from 'express';
import { authorize, CHANGE_REQUEST_QUEUE, can } from '../../auth/authorize';
import { currentSession, firstMembership, requireAdmin, requireSignedIn } from '../../auth/guards';
import { forbidden, notFound } from '../../jsonapi/errors';
import { parseBody, parseId, parseQuery } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
import { presentChangeRequest, presentChangeRequests } from './presenter';
import { createChangeRequest, decideChangeRequest, listChangeRequests, organizationIdOfRequest, withdrawChangeRequest } from './service';

const BASE = '/organization_change_requests';

/** Issue 20 point 4 (docs/api.md "Organisation change requests"): managers ask and withdraw, the platform admin decides. */
export function changeRequestsRoutes({ db, config, sessions }: ModuleDependencies): Router {
  const router = Router();

  // Admins: every organisation's (or one's, with organization_id); a manager: their own organisation's only.
  router.get(BASE, requireSignedIn, async (req, res) => {
    const session = await currentSession(req);
    const { status, organization_id, page, per } = parseQuery(ChangeRequestListQuerySchema, req);
    let organizationId = organization_id;
    // The platform admin reads the queue of every organisation (or one's); a manager asks for their own.
    if (!can(session, 'changeRequest.decide', CHANGE_REQUEST_QUEUE)) {
      organizationId ??= firstMembership(session)?.organizationId;
      if (organizationId === undefined) throw forbidden();
      authorize(session, 'changeRequest.ask', { kind: 'organization', id: organizationId });
    }
    const list = await db.db.transaction((tx) => listChangeRequests(tx, { organizationId, status, page, per, now: new Date() }));
    res.json(presentChangeRequests(list.rows, { ...list, page, per, url: req.originalUrl }));
  });

  router.post(BASE, requireSignedIn, async (req, res) => {
    const session = await currentSession(req);
    const { organization_change_request: input } = parseBody(CreateChangeRequestSchema, req);
    authorize(session, 'changeRequest.ask', { kind: 'organization', id: input.organization_id });
    const row = await db.db.transaction((tx) =>
      createChangeRequest(tx, { organizationId: input.organization_id, input, actor: session, now: new Date() }),
    );
    res.locals.staffActionRecorded = true;
    res.status(201).json(presentChangeRequest(row));
  });

  router.put(`${BASE}/:id`, requireAdmin, async (req, res) => {
    const session = await currentSession(req);
    const id = parseId(req);
    authorize(session, 'changeRequest.decide', CHANGE_REQUEST_QUEUE);
    const { organization_change_request: input } = parseBody(DecideChangeRequestSchema, req);
    const { request, organizationChanged } = await db.db.transaction((tx) =>
      decideChangeRequest(tx, { id, input, actor: session, now: new Date(), publicUrl: config.publicUrl }),
    );
    // Sessions carry the organisation's name.
    if (organizationChanged) await sessions.invalidateAll();
    res.locals.staffActionRecorded = true;
    res.json(presentChangeRequest(request));
  });

  // Withdrawing: the requesting organisation's manager. Another organisation's request does not exist for the caller.
  router.delete(`${BASE}/:id`, requireSignedIn, async (req, res) => {
    const session = await currentSession(req);
    const id = parseId(req);
    const organizationId = await db.db.transaction((tx) => organizationIdOfRequest(tx, id));
    const visible = organizationId !== null && can(session, 'organization.open', { kind: 'organizationKey', key: organizationId });
    if (!visible) throw notFound();
    authorize(session, 'changeRequest.ask', { kind: 'organization', id: organizationId });
    const row = await db.db.transaction((tx) => withdrawChangeRequest(tx, { id, actor: session, now: new Date() }));
    res.locals.staffActionRecorded = true;
    res.json(presentChangeRequest(row));
  });

  return router;
}
