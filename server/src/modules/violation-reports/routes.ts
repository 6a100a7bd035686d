import { GUEST_REPORTABLE_TYPES } from '@kiwi/shared/domain/violation-report';
import {
  CreateViolationReportSchema,
  ViolationReportListQuerySchema,
  ViolationReportSettingSchema,
} from '@kiwi/shared/schemas/violation-report';
import { type Request, Router } from 'express';
import { authorize } from '../../auth/authorize';
import { currentSession, firstMembership, requireOrganizationMember, requireSignedIn } from '../../auth/guards';
import type { Session } from '../../auth/session-cache';
import { notFound } from '../../jsonapi/errors';
import { parseBody, parseId, parseQuery } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
import { publishedEvent, requireGuest } from '../shared-events/routes';
import { assertMemberSees, findReportedObject } from './objects';
import { presentDetail, presentFiledReport, presentOwnReports, presentQueue, presentSetting } from './presenter';
import {
  autoHideThreshold,
  decideReport,
  fileReport,
  listQueue,
  reportDetail,
  reportsOf,
  setAutoHideThreshold,
  statusCounts,
} from './service';

const BASE = '/organizations/:organizationId/violation_reports';

/** Issue 19 (docs/api.md "Moderation: server"): members and guests report; managers see and decide. */
export function violationReportsRoutes({ db }: ModuleDependencies): Router {
  const router = Router();
  const members = requireOrganizationMember({ managerOnly: false });
  const managers = requireOrganizationMember();
  const manageOrganization = async (req: Request): Promise<{ organizationId: number; session: Session }> => {
    const organizationId = parseId(req, 'organizationId');
    const session = await currentSession(req);
    authorize(session, 'violationReport.manage', { kind: 'organization', id: organizationId });
    return { organizationId, session };
  };

  router.post(BASE, members, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const session = await currentSession(req);
    authorize(session, 'violationReport.file', { kind: 'organization', id: organizationId });
    const membership = firstMembership(session)!;
    const { violation_report: input } = parseBody(CreateViolationReportSchema, req);
    const now = new Date();
    const document = await db.db.transaction(async (tx) => {
      const object = await findReportedObject(tx, input.violation_object_type, input.violation_object_id);
      // Another organisation's content, or content this member cannot see, is not there for them.
      if (!object || object.organizationId !== organizationId) throw notFound();
      await assertMemberSees(tx, session, membership.id, object);
      const name = membership.nickname || session.user.nickname || session.user.name;
      const report = await fileReport(tx, { object, reporter: { memberId: membership.id, guestId: null, name }, input, now });
      return presentFiledReport(report, { objectType: object.type, objectId: object.id });
    });
    res.status(201).json(document);
  });

  // A shared event's guest (guest bearer) reports a message of that event or another of its guests.
  router.post('/shared_events/:id/violation_reports', async (req, res) => {
    const eventId = parseId(req);
    const now = new Date();
    const document = await db.db.transaction(async (tx) => {
      const event = await publishedEvent(tx, eventId);
      const guest = await requireGuest(tx, req, event);
      const { violation_report: input } = parseBody(CreateViolationReportSchema, req);
      const reportable = (GUEST_REPORTABLE_TYPES as readonly string[]).includes(input.violation_object_type);
      const object = reportable ? await findReportedObject(tx, input.violation_object_type, input.violation_object_id) : null;
      if (!object || object.eventId !== event.id) throw notFound();
      const report = await fileReport(tx, { object, reporter: { memberId: null, guestId: guest.id, name: guest.nickname }, input, now });
      return presentFiledReport(report, { objectType: object.type, objectId: object.id });
    });
    res.status(201).json(document);
  });

  router.get(BASE, managers, async (req, res) => {
    const { organizationId } = await manageOrganization(req);
    const query = parseQuery(ViolationReportListQuerySchema, req);
    const queue = await db.db.transaction((tx) => listQueue(tx, organizationId, query));
    res.json(presentQueue(queue.rows, { ...queue, page: query.page, per: query.per }));
  });

  router.get(`${BASE}/pending_count`, managers, async (req, res) => {
    const { organizationId } = await manageOrganization(req);
    const counts = await db.db.transaction((tx) => statusCounts(tx, organizationId));
    res.json({ meta: { pending: counts.pending } });
  });

  router.get(`${BASE}/:reportId`, managers, async (req, res) => {
    const { organizationId } = await manageOrganization(req);
    const reportId = parseId(req, 'reportId');
    res.json(presentDetail(await db.db.transaction((tx) => reportDetail(tx, organizationId, reportId))));
  });

  for (const decision of ['resolve', 'ignore'] as const) {
    router.put(`${BASE}/:reportId/${decision}`, managers, async (req, res) => {
      const { organizationId, session } = await manageOrganization(req);
      const reportId = parseId(req, 'reportId');
      const decider = { userId: session.user.id, name: session.user.name };
      const now = new Date();
      await db.db.transaction((tx) => decideReport(tx, { organizationId, reportId, decider, decision, now }));
      res.json(presentDetail(await db.db.transaction((tx) => reportDetail(tx, organizationId, reportId))));
    });
  }

  router.get('/user/violation_reports', requireSignedIn, async (req, res) => {
    const session = await currentSession(req);
    const rows = await db.db.transaction((tx) =>
      reportsOf(
        tx,
        session.memberships.map((membership) => membership.id),
      ),
    );
    res.json(presentOwnReports(rows));
  });

  router.get('/organizations/:organizationId/violation_report_setting', managers, async (req, res) => {
    const { organizationId } = await manageOrganization(req);
    res.json(presentSetting(organizationId, await db.db.transaction((tx) => autoHideThreshold(tx, organizationId))));
  });

  router.put('/organizations/:organizationId/violation_report_setting', managers, async (req, res) => {
    const { organizationId } = await manageOrganization(req);
    const { violation_report_setting: input } = parseBody(ViolationReportSettingSchema, req);
    const threshold = await db.db.transaction((tx) => setAutoHideThreshold(tx, organizationId, input.auto_hide_threshold));
    res.json(presentSetting(organizationId, threshold));
  });

  return router;
}
