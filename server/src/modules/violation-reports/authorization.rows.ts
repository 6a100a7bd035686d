// Issue 19. Members of the organisation report (an admin outside it has no one to report as); its managers and admins
// see and decide; a shared event's guest reports with its guest token; anyone signed in reads their own reports.
import { type Caller, type Expected, FORBIDDEN, OK, UNAUTHENTICATED } from '../../test/authorization';
import {
  ACME_MANAGERS,
  acmeOrganization,
  ACME_MEMBERS,
  ANY_ACTIVE_USER,
  EVERYONE,
  type Fixture,
  GUEST_CALL,
  type MatrixModule,
} from '../../test/matrix';
import type { TestServer } from '../../test/server';
import { buildEvent, buildGuest } from '../events/test-support';
import { findReportedObject } from './objects';
import { fileReport } from './service';
import { insertEventMessage, insertGuild, insertGuildMessage } from './test-support';

type World = { server: TestServer; fixture: Fixture; guildId: number; eventId: number; guestToken: string; otherGuestId: number };

const everyCaller = (expected: Expected) =>
  Object.fromEntries(Object.keys(EVERYONE).map((caller) => [caller, expected])) as Record<Caller, Expected>;

/** A fresh message by the bystander, so no caller's report is a duplicate of another's. */
const freshMessage = async (w: World) => (await insertGuildMessage(w.server, w.guildId, w.fixture.bystander.membership!.id, 'Reported')).id;

/** A pending report of a fresh message (filed as the organisation's manager would see it in the queue). */
async function pendingReport(w: World) {
  const messageId = await freshMessage(w);
  const report = await w.server.db.db.transaction(async (tx) => {
    const object = (await findReportedObject(tx, 'GuildMessage', messageId))!;
    return fileReport(tx, {
      object,
      reporter: { memberId: w.fixture.users.member.membership!.id, guestId: null, name: 'Member' },
      input: { violation_object_type: 'GuildMessage', violation_object_id: messageId, reason_category: 'spam' },
      now: new Date(),
    });
  });
  return { organizationId: w.fixture.acme.id, reportId: report.id };
}

const BASE = '/api/organizations/:organizationId/violation_reports';

export const matrix: MatrixModule<World> = {
  async setup(server, fixture) {
    const guild = await insertGuild(server, fixture.acme.id, fixture.bystander.membership!.id);
    const event = await buildEvent(server, fixture.acme, fixture.bystander, { externallyPublished: true });
    const { token } = await buildGuest(server, event.id, 'Matrix reporter');
    const { guest: other } = await buildGuest(server, event.id, 'Matrix reported');
    return { server, fixture, guildId: guild.id, eventId: event.id, guestToken: token, otherGuestId: other.id };
  },
  rows: [
    {
      route: `POST ${BASE}`,
      params: acmeOrganization,
      body: async (_f: Fixture, _c: Caller, w: World) => ({
        violation_report: { violation_object_type: 'GuildMessage', violation_object_id: await freshMessage(w), reason_category: 'spam' },
      }),
      // The admin passes the guard but has no membership to report as.
      expect: { ...ACME_MEMBERS, admin: FORBIDDEN },
    },
    {
      route: 'POST /api/shared_events/:id/violation_reports',
      sample: "a guest's token",
      params: (_f, _c, w) => ({ id: w.eventId }),
      headers: (_f, _c, w) => ({ authorization: `Bearer ${w.guestToken}` }),
      body: async (_f: Fixture, _c: Caller, w: World) => {
        const message = await insertEventMessage(w.server, w.eventId, { eventGuestId: w.otherGuestId }, 'Reported');
        return { violation_report: { violation_object_type: 'EventMessage', violation_object_id: message.id, reason_category: 'spam' } };
      },
      // A signed-in caller's own ID token wins over the header and is no guest token.
      expect: { ...everyCaller(UNAUTHENTICATED), anonymous: OK },
      openTo: GUEST_CALL,
    },
    { route: `GET ${BASE}`, params: acmeOrganization, expect: ACME_MANAGERS },
    { route: `GET ${BASE}/pending_count`, params: acmeOrganization, expect: ACME_MANAGERS },
    { route: `GET ${BASE}/:reportId`, params: (_f, _c, w) => pendingReport(w), expect: ACME_MANAGERS },
    { route: `PUT ${BASE}/:reportId/resolve`, params: (_f, _c, w) => pendingReport(w), expect: ACME_MANAGERS },
    { route: `PUT ${BASE}/:reportId/ignore`, params: (_f, _c, w) => pendingReport(w), expect: ACME_MANAGERS },
    { route: 'GET /api/user/violation_reports', expect: ANY_ACTIVE_USER },
    { route: 'GET /api/organizations/:organizationId/violation_report_setting', params: acmeOrganization, expect: ACME_MANAGERS },
    {
      route: 'PUT /api/organizations/:organizationId/violation_report_setting',
      params: acmeOrganization,
      body: { violation_report_setting: { auto_hide_threshold: 3 } },
      expect: ACME_MANAGERS,
    },
  ],
};
