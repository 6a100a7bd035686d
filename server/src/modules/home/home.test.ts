import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guildMembers, guildMessages, guilds } from '../../db/schema/guilds';
import { appInformations, contentReads } from '../../db/schema/home';
import { news } from '../../db/schema/news';
import type { OrganizationRow } from '../../db/schema/organizations';
import { wellBeingSurveyAnswers, wellBeingSurveys } from '../../db/schema/surveys';
import { type BuiltUser, buildOrganization, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { addEventMember, buildEvent } from '../events/test-support';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

type Resource = { type: string; id: string; attributes: Record<string, any> };
type HomeDocument = {
  data: Resource & { relationships: Record<string, { data: { type: string; id: string }[] }> };
  included?: Resource[];
};

describe('GET /api/home and PUT /api/home/reads', () => {
  let server: TestServer;
  let acme: OrganizationRow;
  let globex: OrganizationRow;
  let member: BuiltUser;
  let colleague: BuiltUser;
  let outsider: BuiltUser;
  let admin: BuiltUser;

  beforeAll(async () => {
    server = await startTestServer();
    [acme, globex] = await Promise.all([buildOrganization(server), buildOrganization(server)]);
    [member, colleague, outsider, admin] = await Promise.all([
      buildUser(server, { organization: acme }),
      buildUser(server, { organization: acme, memberRole: 'manager' }),
      buildUser(server, { organization: globex }),
      buildUser(server, { role: 'admin' }),
    ]);
  });
  afterAll(() => server.close());

  const home = async (user: BuiltUser) => {
    const response = await server.request('/api/home', { token: user.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as HomeDocument;
  };
  /** The included resources of one relationship, in its order. */
  const related = (document: HomeDocument, name: string) =>
    document.data.relationships[name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)]!.data.map(
      (link) => document.included!.find((resource) => resource.type === link.type && resource.id === link.id)!,
    );
  const titles = (document: HomeDocument, name: string, attribute = 'title') =>
    related(document, name).map((resource) => resource.attributes[attribute]);
  const markRead = (user: BuiltUser, json: unknown) => server.request('/api/home/reads', { method: 'PUT', token: user.token, json });

  it('shows only published news of the member’s organisation, newest first, unread until marked read', async () => {
    const now = Date.now();
    const [older, newer] = await server.db.db
      .insert(news)
      .values([
        { organizationId: acme.id, title: 'Older', body: 'Old body', publishedAt: new Date(now - 2 * DAY) },
        { organizationId: acme.id, title: 'Newer', body: 'New body', publishedAt: new Date(now - HOUR) },
        { organizationId: acme.id, title: 'Scheduled', body: 'Later', publishedAt: new Date(now + DAY) },
        { organizationId: globex.id, title: 'Globex news', body: 'Not for acme', publishedAt: new Date(now - HOUR) },
      ])
      .returning();
    const before = await home(member);
    expect(titles(before, 'news')).toEqual(['Newer', 'Older']);
    expect(related(before, 'news').map((item) => item.attributes.read)).toEqual([false, false]);
    expect(related(before, 'news')[0]!.attributes.body).toBe('New body');
    expect(titles(await home(outsider), 'news')).toEqual(['Globex news']);

    expect((await markRead(member, { content_read: { kind: 'news', item_id: newer!.id } })).status).toBe(204);
    // Twice is fine (opening it again).
    expect((await markRead(member, { content_read: { kind: 'news', item_id: newer!.id } })).status).toBe(204);
    const after = await home(member);
    expect(related(after, 'news').map((item) => [item.attributes.title, item.attributes.read])).toEqual([
      ['Newer', true],
      ['Older', false],
    ]);
    // Read for this user only: the colleague still sees it unread.
    expect(related(await home(colleague), 'news').map((item) => item.attributes.read)).toEqual([false, false]);
    expect(older).toBeDefined();
  });

  it('refuses marking another organisation’s, unpublished or unknown items, and never another user’s reads', async () => {
    const [globexNews, scheduled] = await server.db.db
      .insert(news)
      .values([
        { organizationId: globex.id, title: 'Foreign', body: 'x', publishedAt: new Date(Date.now() - HOUR) },
        { organizationId: acme.id, title: 'Not yet', body: 'x', publishedAt: new Date(Date.now() + DAY) },
      ])
      .returning();
    const [future] = await server.db.db
      .insert(appInformations)
      .values({ title: 'Future', body: 'x', publishedAt: new Date(Date.now() + DAY) })
      .returning();
    for (const [kind, itemId] of [
      ['news', globexNews!.id],
      ['news', scheduled!.id],
      ['news', 2_000_000_000],
      ['app_information', future!.id],
    ] as const) {
      const refused = await markRead(member, { content_read: { kind, item_id: itemId } });
      expect(refused.status).toBe(422);
      expect(refused.body.errors[0]).toMatchObject({
        code: 'validation.notFoundInOrganization',
        source: { pointer: '/content_read/item_id' },
      });
    }
    // There is no way to name another user: an extra key is refused, nothing is stored for anybody.
    const [acmeNews] = await server.db.db
      .insert(news)
      .values({ organizationId: acme.id, title: 'Mine', body: 'x', publishedAt: new Date(Date.now() - HOUR) })
      .returning();
    const smuggled = await markRead(member, { content_read: { kind: 'news', item_id: acmeNews!.id, user_id: colleague.user.id } });
    expect(smuggled.status).toBe(422);
    expect(smuggled.body.errors[0].code).toBe('validation.unknownKey');
    const bad = await markRead(member, { content_read: { kind: 'quest', item_id: -1 } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((error: { code: string }) => error.code).sort()).toEqual(['validation.oneOf', 'validation.positive']);
    expect(await server.db.db.select().from(contentReads).where(eq(contentReads.itemId, acmeNews!.id))).toEqual([]);
    expect(
      await server.db.db
        .select()
        .from(contentReads)
        .where(and(eq(contentReads.kind, 'news'), eq(contentReads.itemId, globexNews!.id))),
    ).toEqual([]);
  });

  it('shows published app informations to every member, not scheduled ones, with their own read marks', async () => {
    const [published] = await server.db.db
      .insert(appInformations)
      .values([
        { title: 'Welcome', body: 'Hello', headCopy: 'New', iconName: 'info', publishedAt: new Date(Date.now() - HOUR) },
        { title: 'Coming', body: 'Soon', publishedAt: new Date(Date.now() + DAY) },
      ])
      .returning();
    const mine = await home(member);
    expect(titles(mine, 'appInformations')).toContain('Welcome');
    expect(titles(mine, 'appInformations')).not.toContain('Coming');
    const welcome = related(mine, 'appInformations').find((item) => item.attributes.title === 'Welcome')!;
    expect(welcome.attributes).toMatchObject({ body: 'Hello', 'head-copy': 'New', 'icon-name': 'info', read: false });
    expect((await markRead(outsider, { content_read: { kind: 'app_information', item_id: published!.id } })).status).toBe(204);
    const read = (document: HomeDocument) =>
      related(document, 'appInformations').find((item) => item.attributes.title === 'Welcome')!.attributes.read;
    expect(read(await home(outsider))).toBe(true);
    expect(read(await home(member))).toBe(false);
  });

  it('lists the member’s events in the next 14 days and open events to join, never another organisation’s', async () => {
    const soon = (days: number) => ({ startsAt: new Date(Date.now() + days * DAY) });
    const joined = await buildEvent(server, acme, colleague, { name: 'Joined soon', ...soon(2) });
    await addEventMember(server, joined.id, member);
    const invited = await buildEvent(server, acme, colleague, { name: 'Invited soon', ...soon(1), publicRange: 'private' });
    await addEventMember(server, invited.id, member, { status: 'invited' });
    const farAway = await buildEvent(server, acme, colleague, { name: 'Joined later', ...soon(30) });
    await addEventMember(server, farAway.id, member);
    const cancelled = await buildEvent(server, acme, colleague, { name: 'Cancelled', ...soon(3), cancel: true });
    await addEventMember(server, cancelled.id, member);
    await buildEvent(server, acme, colleague, { name: 'Open', ...soon(5) });
    await buildEvent(server, acme, colleague, { name: 'Private', ...soon(5), publicRange: 'private' });
    await buildEvent(server, acme, colleague, { name: 'Closed', ...soon(5), recruitmentDeadline: new Date(Date.now() - HOUR) });
    await buildEvent(server, acme, colleague, { name: 'Full', ...soon(5), applyMaximum: 1 }).then((full) =>
      buildUser(server, { organization: acme }).then((other) => addEventMember(server, full.id, other)),
    );
    const globexManager = await buildUser(server, { organization: globex, memberRole: 'manager' });
    await buildEvent(server, globex, globexManager, { name: 'Globex open', ...soon(2) });

    const document = await home(member);
    expect(titles(document, 'upcomingEvents', 'name')).toEqual(['Invited soon', 'Joined soon']);
    expect(related(document, 'upcomingEvents').map((item) => item.attributes['my-status'])).toEqual(['invited', 'joined']);
    expect(titles(document, 'openEvents', 'name')).toEqual(['Open']);
    expect(titles(await home(outsider), 'openEvents', 'name')).toEqual(['Globex open']);
  });

  it('counts guild messages posted by others since the member last read the guild', async () => {
    const [guild] = await server.db.db.insert(guilds).values({ organizationId: acme.id, name: 'Runners' }).returning();
    const [quiet] = await server.db.db.insert(guilds).values({ organizationId: acme.id, name: 'Readers' }).returning();
    const [foreign] = await server.db.db.insert(guilds).values({ organizationId: globex.id, name: 'Globex guild' }).returning();
    const joinedAt = new Date(Date.now() - DAY);
    await server.db.db.insert(guildMembers).values([
      { guildId: guild!.id, organizationMemberId: member.membership!.id, joinedAt },
      { guildId: guild!.id, organizationMemberId: colleague.membership!.id, joinedAt },
      { guildId: quiet!.id, organizationMemberId: member.membership!.id, joinedAt },
      { guildId: foreign!.id, organizationMemberId: outsider.membership!.id, joinedAt },
    ]);
    const post = (author: BuiltUser, body: string) =>
      server.db.db.insert(guildMessages).values({ guildId: guild!.id, organizationMemberId: author.membership!.id, body });
    await post(colleague, 'one');
    await post(colleague, 'two');
    await post(member, 'my own');

    const counts = (document: HomeDocument) =>
      related(document, 'guilds').map((item) => [item.attributes.name, item.attributes['new-messages-count']]);
    expect(counts(await home(member))).toEqual([
      ['Runners', 2],
      ['Readers', 0],
    ]);
    expect(counts(await home(outsider))).toEqual([['Globex guild', 0]]);

    // Reading the guild's messages is the visit.
    expect((await server.request(`/api/guilds/${guild!.id}/messages`, { token: member.token })).status).toBe(200);
    expect(counts(await home(member))).toEqual([
      ['Runners', 0],
      ['Readers', 0],
    ]);
    await post(colleague, 'three');
    expect(counts(await home(member))[0]).toEqual(['Runners', 1]);
    // An older page is not the visit.
    await server.request(`/api/guilds/${guild!.id}/messages?page=2&per=1`, { token: member.token });
    expect(counts(await home(member))[0]).toEqual(['Runners', 1]);
  });

  it('lists open surveys the member has not answered, and this month’s activity and coin balance', async () => {
    const [open, answered] = await server.db.db
      .insert(wellBeingSurveys)
      .values([
        { organizationId: acme.id, title: 'Open survey', expiredAt: new Date(Date.now() + 5 * DAY) },
        { organizationId: acme.id, title: 'Answered survey', expiredAt: new Date(Date.now() + 5 * DAY) },
        { organizationId: acme.id, title: 'Closed survey', expiredAt: new Date(Date.now() - DAY) },
        { organizationId: globex.id, title: 'Globex survey', expiredAt: new Date(Date.now() + 5 * DAY) },
      ])
      .returning();
    const scores = { physical: 50, relationship: 50, career: 50, community: 50, economically: 50 };
    await server.db.db
      .insert(wellBeingSurveyAnswers)
      .values({ surveyId: answered!.id, organizationMemberId: member.membership!.id, answers: {}, ...scores });
    const document = await home(member);
    expect(titles(document, 'wellBeingSurveys')).toEqual(['Open survey']);
    expect(related(document, 'wellBeingSurveys')[0]!.id).toBe(String(open!.id));
    expect(titles(await home(colleague), 'wellBeingSurveys')).toEqual(['Open survey', 'Answered survey']);

    // Today's activity, logged the way the activity page does it, shows in this month's figures.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
    const logged = await server.request(`/api/user/activities/${today}`, {
      method: 'PUT',
      token: member.token,
      json: { activity: { steps: 8000, workout_minutes: 30, calories: 200, distance_meters: 5000 } },
    });
    expect(logged.status).toBe(200);
    const month = await server.request('/api/user/activities', { token: member.token });
    const after = await home(member);
    expect(after.data.attributes).toMatchObject({
      'activity-month': today.slice(0, 7),
      'month-steps': 8000,
      'month-health-points': month.body.meta['total-points'],
    });
    const coins = await server.request('/api/user/kiwi_coin_transfers', { token: member.token });
    expect(after.data.attributes['coin-balance']).toBe(coins.body.meta.balance);
  });

  it('shows the latest coin messages received, bounded, with the balance the send-coins page shows', async () => {
    const sender = await buildUser(server, { organization: acme });
    await server.db.db.execute(
      // Coins to send, through the ledger's own balance column (the grant route is tested in the coins module).
      (await import('drizzle-orm')).sql`update organization_members set coin_balance = 100 where id = ${sender.membership!.id}`,
    );
    for (let index = 1; index <= 6; index += 1) {
      const sent = await server.request('/api/user/kiwi_coin_transfers', {
        method: 'POST',
        token: sender.token,
        json: {
          kiwi_coin_transfer: { message: `Thanks ${index}`, recipients: [{ organization_member_id: member.membership!.id, amount: 2 }] },
        },
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    }
    const document = await home(member);
    expect(titles(document, 'coinMessages', 'message')).toEqual(['Thanks 6', 'Thanks 5', 'Thanks 4', 'Thanks 3', 'Thanks 2']);
    expect(related(document, 'coinMessages')[0]!.attributes).toMatchObject({
      amount: 2,
      sender: { id: String(sender.membership!.id) },
      // The transfer received, what the Report action names (issue 19).
      'transfer-id': expect.stringMatching(/^\d+$/),
    });
    expect(document.data.attributes.more.coinMessages).toBe(true);
    const feed = await server.request('/api/user/kiwi_coin_transfers', { token: member.token });
    expect(document.data.attributes['coin-balance']).toBe(feed.body.meta.balance);
    expect(feed.body.meta.balance).toBeGreaterThanOrEqual(12);
    // The sender's home lists nothing they sent.
    expect(titles(await home(sender), 'coinMessages', 'message')).toEqual([]);
  });

  it('answers 403 to a user without a membership and 401 without sign-in', async () => {
    const refused = await server.request('/api/home', { token: admin.token });
    expect(refused.status).toBe(403);
    expect((await server.request('/api/home')).status).toBe(401);
  });
});
