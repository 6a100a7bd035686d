// Issue 19 points 3 and 4 across the surfaces: a hidden post leaves other readers' lists (its author and managers
// still see it marked), and resolved or hidden posts leave open pages through the existing streams.
import { readEventStream, type StreamEvent } from '@kiwi/shared/api/event-stream';
import type { ViolationObjectType } from '@kiwi/shared/domain/violation-report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, type OrganizationRow } from '../../db/schema/organizations';
import { eq } from 'drizzle-orm';
import { type BuiltUser, buildOrganization, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { addEventMember, buildEvent, buildGuest } from '../events/test-support';
import { openStream } from '../guilds/test-support';
import { insertTeams, insertWalkingEvent } from '../walking-events/test-support';
import { insertCoinMessageTransfer, insertEventMessage, insertGuild, insertGuildMessage, insertWalkingMessage } from './test-support';

describe('hidden and deleted content on every surface', () => {
  let server: TestServer;
  let acme: OrganizationRow;
  let manager: BuiltUser;
  let author: BuiltUser;
  let reader: BuiltUser;

  beforeAll(async () => {
    server = await startTestServer();
    acme = await buildOrganization(server, { numberOfMembers: 20 });
    // One report hides: the surfaces are what is under test here, the threshold has its own test.
    await server.db.db.update(organizations).set({ violationAutoHideThreshold: 1 }).where(eq(organizations.id, acme.id));
    [manager, author, reader] = await Promise.all([
      buildUser(server, { organization: acme, memberRole: 'manager', name: 'Manager' }),
      buildUser(server, { organization: acme, name: 'Author' }),
      buildUser(server, { organization: acme, name: 'Reader' }),
    ]);
  });
  afterAll(() => server.close());

  const report = (user: BuiltUser, type: ViolationObjectType, id: number) =>
    server.request(`/api/organizations/${acme.id}/violation_reports`, {
      method: 'POST',
      token: user.token,
      json: { violation_report: { violation_object_type: type, violation_object_id: id, reason_category: 'spam' } },
    });
  const reportIdOf = async (type: ViolationObjectType, id: number) => {
    const rows = (await server.request(`/api/organizations/${acme.id}/violation_reports?per=100`, { token: manager.token })).body.data as {
      id: string;
      attributes: Record<string, unknown>;
    }[];
    return rows.find((row) => row.attributes['violation-object-type'] === type && row.attributes['violation-object-id'] === id)!.id;
  };
  const decide = async (type: ViolationObjectType, id: number, decision: 'resolve' | 'ignore') =>
    server.request(`/api/organizations/${acme.id}/violation_reports/${await reportIdOf(type, id)}/${decision}`, {
      method: 'PUT',
      token: manager.token,
    });
  const ids = (body: { data: { id: string; attributes: { hidden?: boolean } }[] }) =>
    body.data.map((row) => `${row.id}${row.attributes.hidden ? ' hidden' : ''}`);

  it('event messages: hidden for other members, marked for the author and managers, back on ignore', async () => {
    const event = await buildEvent(server, acme, author);
    await addEventMember(server, event.id, reader);
    const message = await insertEventMessage(server, event.id, { organizationMemberId: author.membership!.id }, 'Hidden event words');
    const list = async (user: BuiltUser) =>
      ids((await server.request(`/api/organizations/${acme.id}/events/${event.id}/messages`, { token: user.token })).body);
    expect(await list(reader)).toEqual([String(message.id)]);
    await report(reader, 'EventMessage', message.id);
    expect(await list(reader)).toEqual([]);
    expect(await list(author)).toEqual([`${message.id} hidden`]);
    expect(await list(manager)).toEqual([`${message.id} hidden`]);
    await decide('EventMessage', message.id, 'ignore');
    expect(await list(reader)).toEqual([String(message.id)]);
  });

  it('the walking cheer board and the coin message feed', async () => {
    const walk = await insertWalkingEvent(server, acme.id);
    const { Team: teamId } = await insertTeams(server, walk, { Team: [author.membership!.id, reader.membership!.id] });
    const cheer = await insertWalkingMessage(server, walk.id, teamId!, author.membership!.id, 'Hidden cheer');
    const board = async (user: BuiltUser, query = '') =>
      ids((await server.request(`/api/walking_events/${walk.id}/messages${query}`, { token: user.token })).body);
    await report(reader, 'WalkingEventMessage', cheer.id);
    expect(await board(reader)).toEqual([]);
    expect(await board(author)).toEqual([`${cheer.id} hidden`]);
    expect(await board(manager, `?team_id=${teamId}`)).toEqual([`${cheer.id} hidden`]);

    const transfer = await insertCoinMessageTransfer(server, acme.id, author.membership!.id, reader.membership!.id, 'Hidden coin words');
    await report(reader, 'KiwiCoinTransfer', transfer.id);
    const feed = async (user: BuiltUser) =>
      (await server.request('/api/user/kiwi_coin_transfers', { token: user.token })).body.data[0].attributes.recipients[0];
    expect(await feed(reader)).toMatchObject({ message: '', hidden: true, amount: 1 });
    expect(await feed(author)).toMatchObject({ message: 'Hidden coin words', hidden: true });
    await decide('KiwiCoinTransfer', transfer.id, 'resolve');
    expect((await feed(author)).message).toBe('');
  });

  it("shared-event guests: a hidden guest leaves the other guests' lookups", async () => {
    const event = await buildEvent(server, acme, author, { externallyPublished: true });
    const { guest, token } = await buildGuest(server, event.id, 'Spammer');
    const { token: other } = await buildGuest(server, event.id, 'Other');
    const lookup = (bearer: string) =>
      server.request(`/api/shared_events/${event.id}/guests/${guest.id}`, { headers: { authorization: `Bearer ${bearer}` } });
    expect((await lookup(other)).status).toBe(200);
    await report(reader, 'EventGuest', guest.id);
    expect((await lookup(other)).status).toBe(404);
    expect((await lookup(token)).status).toBe(200);
    const search = await server.request(`/api/shared_events/${event.id}/guests/search?nickname=Spammer`, {
      headers: { authorization: `Bearer ${other}` },
    });
    expect(search.body.data).toEqual([]);
  });

  it('open guild chats hear a hidden, a restored and a resolved message as the module tells them', async () => {
    const guild = await insertGuild(server, acme.id, author.membership!.id, [reader.membership!.id]);
    const message = await insertGuildMessage(server, guild.id, author.membership!.id, 'Streamed words');
    const stream = await openStream(server.url, guild.id, reader.token, 0);
    expect(stream.status).toBe(200);
    await report(reader, 'GuildMessage', message.id);
    await decide('GuildMessage', message.id, 'ignore');
    const again = await insertGuildMessage(server, guild.id, author.membership!.id, 'Streamed again');
    await report(reader, 'GuildMessage', again.id);
    await decide('GuildMessage', again.id, 'resolve');
    const events = await stream.waitFor(4);
    stream.close();
    expect(events.map((event) => [event.event, JSON.parse(event.data).id ?? JSON.parse(event.data).data?.id])).toEqual([
      ['message.deleted', message.id],
      ['message.created', String(message.id)],
      ['message.deleted', again.id],
      ['message.deleted', again.id],
    ]);
  });

  it('an open event page is told to reload when a message is resolved', async () => {
    const event = await buildEvent(server, acme, author);
    const message = await insertEventMessage(server, event.id, { organizationMemberId: author.membership!.id }, 'Going');
    const controller = new AbortController();
    const response = await fetch(`${server.url}/api/organizations/${acme.id}/events/${event.id}/stream`, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${reader.token}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const events: StreamEvent[] = [];
    const done = readEventStream(response.body!, (event) => {
      events.push(event);
    }).catch(() => undefined);
    await server.db.db.update(organizations).set({ violationAutoHideThreshold: 0 }).where(eq(organizations.id, acme.id));
    await report(reader, 'EventMessage', message.id);
    await decide('EventMessage', message.id, 'resolve');
    await expect.poll(() => events.filter((event) => event.event === 'changed').length, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    controller.abort();
    await done;
    await server.db.db.update(organizations).set({ violationAutoHideThreshold: 1 }).where(eq(organizations.id, acme.id));
  });
});
