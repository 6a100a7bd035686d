import type { ViolationObjectType } from '@kiwi/shared/domain/violation-report';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiwiCoinTransfers } from '../../db/schema/coins';
import { eventGuests, eventMessages, events } from '../../db/schema/events';
import { guildEvents, guildMessages } from '../../db/schema/guilds';
import type { OrganizationRow } from '../../db/schema/organizations';
import { outbox } from '../../db/schema/outbox';
import { walkingEventMessages } from '../../db/schema/walking-events';
import { type BuiltUser, buildOrganization, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { addEventMember, buildEvent, buildGuest } from '../events/test-support';
import { insertTeams, insertWalkingEvent } from '../walking-events/test-support';
import { insertCoinMessageTransfer, insertEventMessage, insertGuild, insertGuildMessage, insertWalkingMessage } from './test-support';

describe('violation reports', () => {
  let server: TestServer;
  let acme: OrganizationRow;
  let globex: OrganizationRow;
  let manager: BuiltUser;
  let author: BuiltUser;
  let alice: BuiltUser;
  let bob: BuiltUser;
  let carol: BuiltUser;
  let stranger: BuiltUser;
  let guildId: number;

  beforeAll(async () => {
    server = await startTestServer();
    acme = await buildOrganization(server, { numberOfMembers: 50 });
    globex = await buildOrganization(server);
    [manager, author, alice, bob, carol, stranger] = await Promise.all([
      buildUser(server, { organization: acme, memberRole: 'manager', name: 'Manager' }),
      buildUser(server, { organization: acme, name: 'Author' }),
      buildUser(server, { organization: acme, name: 'Alice' }),
      buildUser(server, { organization: acme, name: 'Bob' }),
      buildUser(server, { organization: acme, name: 'Carol' }),
      buildUser(server, { organization: globex, memberRole: 'manager', name: 'Stranger' }),
    ]);
    guildId = (await insertGuild(server, acme.id, author.membership!.id, [alice.membership!.id, bob.membership!.id, carol.membership!.id]))
      .id;
  });
  afterAll(() => server.close());

  const report = (user: BuiltUser, type: ViolationObjectType, id: number, organizationId = acme.id, extra: object = {}) =>
    server.request(`/api/organizations/${organizationId}/violation_reports`, {
      method: 'POST',
      token: user.token,
      json: {
        violation_report: { violation_object_type: type, violation_object_id: id, reason_category: 'harassment', reason: 'Rude', ...extra },
      },
    });
  const queue = (status = 'pending', user = manager) =>
    server.request(`/api/organizations/${acme.id}/violation_reports?status=${status}&per=100`, { token: user.token });
  const detail = (reportId: string, user = manager) =>
    server.request(`/api/organizations/${acme.id}/violation_reports/${reportId}`, { token: user.token });
  const decide = (reportId: string, decision: 'resolve' | 'ignore', user = manager) =>
    server.request(`/api/organizations/${acme.id}/violation_reports/${reportId}/${decision}`, { method: 'PUT', token: user.token });
  const guildMessagesSeenBy = async (user: BuiltUser) =>
    (await server.request(`/api/guilds/${guildId}/messages?per=100`, { token: user.token })).body.data as {
      id: string;
      attributes: Record<string, unknown>;
    }[];
  const queueRowOf = async (type: ViolationObjectType, id: number, status = 'pending') =>
    ((await queue(status)).body.data as { id: string; attributes: Record<string, unknown> }[]).find(
      (row) => row.attributes['violation-object-type'] === type && row.attributes['violation-object-id'] === id,
    );

  /** One post of each type the member route takes, by `author`, each seen by alice. */
  async function postsOfEveryType(): Promise<[ViolationObjectType, number, () => Promise<boolean>][]> {
    const event = await buildEvent(server, acme, author);
    const eventMessage = await insertEventMessage(server, event.id, { organizationMemberId: author.membership!.id }, 'Event insult');
    const guildMessage = await insertGuildMessage(server, guildId, author.membership!.id, 'Guild insult');
    const walk = await insertWalkingEvent(server, acme.id);
    const { Team: teamId } = await insertTeams(server, walk, { Team: [author.membership!.id, alice.membership!.id] });
    const walkingMessage = await insertWalkingMessage(server, walk.id, teamId!, author.membership!.id, 'Walk insult');
    const transfer = await insertCoinMessageTransfer(server, acme.id, author.membership!.id, alice.membership!.id, 'Coin insult');
    const db = server.db.db;
    const exists = async (query: Promise<unknown[]>) => (await query).length > 0;
    return [
      ['EventMessage', eventMessage.id, () => exists(db.select().from(eventMessages).where(eq(eventMessages.id, eventMessage.id)))],
      ['GuildMessage', guildMessage.id, () => exists(db.select().from(guildMessages).where(eq(guildMessages.id, guildMessage.id)))],
      [
        'WalkingEventMessage',
        walkingMessage.id,
        () => exists(db.select().from(walkingEventMessages).where(eq(walkingEventMessages.id, walkingMessage.id))),
      ],
      [
        'KiwiCoinTransfer',
        transfer.id,
        async () => (await db.select().from(kiwiCoinTransfers).where(eq(kiwiCoinTransfers.id, transfer.id)))[0]?.message !== null,
      ],
    ];
  }

  it('each type: reported, queued with its evidence, resolved (gone) or ignored (stays)', async () => {
    for (const decision of ['resolve', 'ignore'] as const) {
      for (const [type, id, stillThere] of await postsOfEveryType()) {
        const filed = await report(alice, type, id);
        expect(filed.status, `${type} ${decision}`).toBe(201);
        expect(filed.body.data.attributes).toMatchObject({ status: 'pending', 'violation-object-type': type, 'violation-object-id': id });
        const row = await queueRowOf(type, id);
        expect(row?.attributes).toMatchObject({ 'reporters-count': 1, 'author-name': 'Author', hidden: false });
        const shown = await detail(row!.id);
        expect(shown.status).toBe(200);
        expect(shown.body.data.attributes['raw-content']).toMatchObject({
          'author-name': 'Author',
          'author-member-id': author.membership!.id,
        });
        expect(shown.body.data.attributes['raw-content'].text).toMatch(/insult/);
        expect(shown.body.data.attributes.reports).toMatchObject([
          { 'reporter-name': 'Alice', 'reason-category': 'harassment', reason: 'Rude' },
        ]);
        if (type !== 'KiwiCoinTransfer') {
          const context = shown.body.data.attributes.context as { reported: boolean; 'author-name': string; text: string }[];
          expect(context.find((message) => message.reported)).toMatchObject({
            'author-name': 'Author',
            text: expect.stringMatching(/insult/),
          });
        }

        const decided = await decide(row!.id, decision);
        expect(decided.status).toBe(200);
        expect(decided.body.data.attributes.status).toBe(decision === 'resolve' ? 'resolved' : 'ignored');
        expect(decided.body.data.attributes.actions).toMatchObject([{ action: decision, 'actor-name': 'Manager' }]);
        expect(await stillThere(), `${type} after ${decision}`).toBe(decision === 'ignore');
        // The evidence outlives the post.
        expect((await detail(row!.id)).body.data.attributes['raw-content'].text).toMatch(/insult/);
        expect((await decide(row!.id, decision)).body.errors[0].code).toBe('violationReport.alreadyDecided');
      }
    }
  });

  it('members are reported and resolving deletes every post of theirs in events, guilds and walking events, in one go', async () => {
    const troll = await buildUser(server, { organization: acme, name: 'Troll' });
    const trollId = troll.membership!.id;
    const event = await buildEvent(server, acme, troll);
    await insertEventMessage(server, event.id, { organizationMemberId: trollId }, 'e1');
    await insertEventMessage(server, event.id, { organizationMemberId: alice.membership!.id }, 'kept');
    const guild = await insertGuild(server, acme.id, trollId, [alice.membership!.id]);
    const pinned = await insertGuildMessage(server, guild.id, trollId, 'g1');
    await insertGuildMessage(server, guild.id, trollId, 'g2');
    await server.db.db.execute(sql`update guilds set pinned_message_id = ${pinned.id} where id = ${guild.id}`);
    const walk = await insertWalkingEvent(server, acme.id);
    const { Team: teamId } = await insertTeams(server, walk, { Team: [trollId] });
    await insertWalkingMessage(server, walk.id, teamId!, trollId, 'w1');

    expect((await report(troll, 'OrganizationMember', trollId)).body.errors[0].code).toBe('violationReport.ownContent');
    expect((await report(alice, 'OrganizationMember', trollId)).status).toBe(201);
    const row = await queueRowOf('OrganizationMember', trollId);
    expect((await detail(row!.id)).body.data.attributes['posts-to-delete']).toBe(4);

    // A failure midway (the walking-event messages refuse to go) leaves every post in place.
    await server.db.db.execute(sql`create function refuse_walking_delete() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`);
    await server.db.db.execute(sql`create trigger refuse_walking_delete before delete on walking_event_messages
      for each row execute function refuse_walking_delete()`);
    expect((await decide(row!.id, 'resolve')).status).toBe(500);
    expect((await detail(row!.id)).body.data.attributes).toMatchObject({ status: 'pending', 'posts-to-delete': 4, actions: [] });
    await server.db.db.execute(sql`drop trigger refuse_walking_delete on walking_event_messages`);

    const seqBefore = (await server.db.db.execute(sql`select last_event_seq from guilds where id = ${guild.id}`)) as unknown as {
      rows: { last_event_seq: number }[];
    };
    const resolved = await decide(row!.id, 'resolve');
    expect(resolved.status).toBe(200);
    expect(resolved.body.data.attributes.actions).toMatchObject([{ action: 'resolve', 'deleted-count': 4 }]);
    expect(resolved.body.data.attributes['posts-to-delete']).toBe(0);
    const left = (await server.db.db.execute(sql`select
      (select count(*) from event_messages where event_id = ${event.id})::int as event,
      (select count(*) from guild_messages where guild_id = ${guild.id})::int as guild,
      (select count(*) from walking_event_messages where walking_event_id = ${walk.id})::int as walking,
      (select pinned_message_id from guilds where id = ${guild.id}) as pinned`)) as unknown as { rows: Record<string, unknown>[] };
    expect(left.rows[0]).toEqual({ event: 1, guild: 0, walking: 0, pinned: null });
    // The guild's open chats hear each deletion, and the unpin, in the log the stream serves.
    const logged = await server.db.db
      .select({ kind: guildEvents.kind, payload: guildEvents.payload })
      .from(guildEvents)
      .where(and(eq(guildEvents.guildId, guild.id), sql`${guildEvents.seq} > ${Number(seqBefore.rows[0]!.last_event_seq)}`));
    expect(logged.map((event) => event.kind).sort()).toEqual(['guild.pinned', 'message.deleted', 'message.deleted']);
  });

  it('refuses own content, a second report by the same person, another organisation and what the reporter cannot see', async () => {
    const message = await insertGuildMessage(server, guildId, author.membership!.id, 'mine');
    expect((await report(author, 'GuildMessage', message.id)).body.errors[0].code).toBe('violationReport.ownContent');
    expect((await report(alice, 'GuildMessage', message.id)).status).toBe(201);
    const again = await report(alice, 'GuildMessage', message.id);
    expect([again.status, again.body.errors[0].code]).toEqual([409, 'violationReport.duplicate']);
    // Another organisation's message is not found, through our path or theirs.
    expect((await report(stranger, 'GuildMessage', message.id, globex.id)).status).toBe(404);
    expect((await report(alice, 'GuildMessage', 2_000_000_000)).status).toBe(404);
    // A private event alice is not part of does not exist for her.
    const secret = await buildEvent(server, acme, author, { publicRange: 'private' });
    const secretMessage = await insertEventMessage(server, secret.id, { organizationMemberId: author.membership!.id });
    expect((await report(alice, 'EventMessage', secretMessage.id)).status).toBe(404);
    await addEventMember(server, secret.id, alice);
    expect((await report(alice, 'EventMessage', secretMessage.id)).status).toBe(201);
    // Bad input: unknown type, overlong reason, unknown key.
    expect((await report(alice, 'Poll' as ViolationObjectType, 1)).body.errors[0].code).toBe('validation.oneOf');
    expect((await report(alice, 'GuildMessage', message.id, acme.id, { reason: 'x'.repeat(501) })).body.errors[0].code).toBe(
      'validation.tooLong',
    );
    expect((await report(alice, 'GuildMessage', message.id, acme.id, { extra: 1 })).status).toBe(422);
  });

  it('keeps the evidence when the author edits or deletes the post', async () => {
    const message = await insertGuildMessage(server, guildId, author.membership!.id, 'The original words');
    await report(bob, 'GuildMessage', message.id);
    await server.db.db.update(guildMessages).set({ body: 'Edited away' }).where(eq(guildMessages.id, message.id));
    const row = await queueRowOf('GuildMessage', message.id);
    expect((await detail(row!.id)).body.data.attributes['raw-content'].text).toBe('The original words');
    await server.db.db.delete(guildMessages).where(eq(guildMessages.id, message.id));
    const shown = (await detail(row!.id)).body.data.attributes;
    expect(shown['raw-content'].text).toBe('The original words');
    expect(shown.context).toEqual([]);
    // Resolving a post already gone deletes nothing and still decides.
    expect((await decide(row!.id, 'resolve')).body.data.attributes.actions).toMatchObject([{ action: 'resolve', 'deleted-count': 0 }]);
  });

  it('hides a post at the third distinct reporter (not a second report by the same one) until a manager decides', async () => {
    const message = await insertGuildMessage(server, guildId, author.membership!.id, 'Hide me');
    const hidden = async (user: BuiltUser) => !(await guildMessagesSeenBy(user)).some((row) => row.id === String(message.id));
    await report(alice, 'GuildMessage', message.id);
    await report(alice, 'GuildMessage', message.id);
    await report(bob, 'GuildMessage', message.id);
    expect(await hidden(carol)).toBe(false);
    await report(carol, 'GuildMessage', message.id);
    expect(await hidden(carol)).toBe(true);
    expect(await hidden(alice)).toBe(true);
    // Its author and the managers still see it, marked hidden.
    for (const user of [author, manager]) {
      expect((await guildMessagesSeenBy(user)).find((row) => row.id === String(message.id))?.attributes.hidden).toBe(true);
    }
    const row = await queueRowOf('GuildMessage', message.id);
    expect(row?.attributes).toMatchObject({ 'reporters-count': 3, hidden: true });
    const ignored = await decide(row!.id, 'ignore');
    expect(ignored.body.data.attributes.actions.map((action: { action: string }) => action.action)).toEqual([
      'auto_hide',
      'restore',
      'ignore',
    ]);
    expect(ignored.body.data.attributes.hidden).toBe(false);
    expect(await hidden(carol)).toBe(false);
  });

  it('follows the organisation threshold (0 never hides)', async () => {
    const setting = (json?: object) =>
      server.request(`/api/organizations/${acme.id}/violation_report_setting`, {
        method: json ? 'PUT' : 'GET',
        token: manager.token,
        ...(json ? { json } : {}),
      });
    expect((await setting()).body.data.attributes['auto-hide-threshold']).toBe(3);
    expect((await setting({ violation_report_setting: { auto_hide_threshold: 101 } })).status).toBe(422);
    expect((await setting({ violation_report_setting: { auto_hide_threshold: 1 } })).body.data.attributes['auto-hide-threshold']).toBe(1);
    const quick = await insertGuildMessage(server, guildId, author.membership!.id, 'One report hides me');
    await report(bob, 'GuildMessage', quick.id);
    expect((await queueRowOf('GuildMessage', quick.id))?.attributes.hidden).toBe(true);
    await setting({ violation_report_setting: { auto_hide_threshold: 0 } });
    const never = await insertGuildMessage(server, guildId, author.membership!.id, 'Never hidden');
    await report(bob, 'GuildMessage', never.id);
    await report(alice, 'GuildMessage', never.id);
    await report(carol, 'GuildMessage', never.id);
    expect((await queueRowOf('GuildMessage', never.id))?.attributes.hidden).toBe(false);
    await setting({ violation_report_setting: { auto_hide_threshold: 3 } });
  });

  it('shared-event guests report messages and guests of their event; members report guests too', async () => {
    const event = await buildEvent(server, acme, author, { externallyPublished: true });
    const { guest: rude, token: rudeToken } = await buildGuest(server, event.id, 'Rude guest');
    const { token } = await buildGuest(server, event.id, 'Polite guest');
    const rudeMessage = await insertEventMessage(server, event.id, { eventGuestId: rude.id }, 'Guest insult');
    const guestReport = (bearer: string, type: ViolationObjectType, id: number, eventId = event.id) =>
      server.request(`/api/shared_events/${eventId}/violation_reports`, {
        method: 'POST',
        token: bearer,
        json: { violation_report: { violation_object_type: type, violation_object_id: id, reason_category: 'spam' } },
      });
    expect((await guestReport(token, 'EventMessage', rudeMessage.id)).status).toBe(201);
    // The context around a guest's message names the guest, as the event's message list does.
    const messageRow = await queueRowOf('EventMessage', rudeMessage.id);
    const context = (await detail(messageRow!.id)).body.data.attributes.context as { reported: boolean; 'author-name': string }[];
    expect(context.find((message) => message.reported)?.['author-name']).toBe('Rude guest');
    expect((await guestReport(rudeToken, 'EventGuest', rude.id)).body.errors[0].code).toBe('violationReport.ownContent');
    expect((await guestReport(token, 'GuildMessage', 1)).status).toBe(404);
    const other = await buildEvent(server, acme, author, { externallyPublished: true });
    expect((await guestReport(token, 'EventMessage', rudeMessage.id, other.id)).status).toBe(403);
    expect((await guestReport(token, 'EventGuest', rude.id)).status).toBe(201);
    expect((await report(alice, 'EventGuest', rude.id)).status).toBe(201);
    const row = await queueRowOf('EventGuest', rude.id);
    expect(row?.attributes['reporters-count']).toBe(2);
    expect(
      (await detail(row!.id)).body.data.attributes.reports.map((entry: { 'reporter-name': string }) => entry['reporter-name']),
    ).toEqual(['Polite guest', 'Alice']);
    await decide(row!.id, 'resolve');
    expect(await server.db.db.select().from(eventGuests).where(eq(eventGuests.id, rude.id))).toEqual([]);
    // The guest's message went with them.
    expect(await server.db.db.select().from(eventMessages).where(eq(eventMessages.id, rudeMessage.id))).toEqual([]);
    expect(await server.db.db.select({ id: events.id }).from(events).where(eq(events.id, event.id))).toHaveLength(1);
  });

  it('tells the managers once per object, never with the content; shows the reporter their reports and the managers the count', async () => {
    const message = await insertGuildMessage(server, guildId, author.membership!.id, 'Secret words');
    const before = await server.db.db.select().from(outbox).where(eq(outbox.topic, 'slack.violation_reported'));
    const pendingBefore = (await server.request(`/api/organizations/${acme.id}/violation_reports/pending_count`, { token: manager.token }))
      .body.meta.pending as number;
    await report(alice, 'GuildMessage', message.id);
    await report(bob, 'GuildMessage', message.id);
    const after = await server.db.db.select().from(outbox).where(eq(outbox.topic, 'slack.violation_reported'));
    expect(after.length - before.length).toBe(1);
    expect(JSON.stringify(after.at(-1)!.payload)).not.toContain('Secret words');
    expect(after.at(-1)!.payload).toEqual({ objectType: 'GuildMessage', path: `/org/${acme.identifier}/violation_reports` });
    const pending = await server.request(`/api/organizations/${acme.id}/violation_reports/pending_count`, { token: manager.token });
    expect(pending.body.meta.pending).toBe(pendingBefore + 1);
    expect((await server.request(`/api/organizations/${acme.id}/violation_reports/pending_count`, { token: alice.token })).status).toBe(
      403,
    );

    const mine = await server.request('/api/user/violation_reports', { token: bob.token });
    expect(mine.status).toBe(200);
    const entry = (mine.body.data as { attributes: Record<string, unknown> }[]).find(
      (row) => row.attributes['violation-object-id'] === message.id,
    );
    expect(entry?.attributes).toMatchObject({ status: 'pending', 'violation-object-type': 'GuildMessage' });
    expect(entry?.attributes).not.toHaveProperty('raw-content');
    // Members do not read the queue; another organisation's manager does not reach ours nor our report ids.
    expect((await queue('pending', alice)).status).toBe(403);
    expect((await queue('pending', stranger)).status).toBe(403);
    const row = await queueRowOf('GuildMessage', message.id);
    const foreign = await server.request(`/api/organizations/${globex.id}/violation_reports/${row!.id}`, { token: stranger.token });
    expect(foreign.status).toBe(404);
    expect((await queue('nonsense')).status).toBe(400);
  });
});
