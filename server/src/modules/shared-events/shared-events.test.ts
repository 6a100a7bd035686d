import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, pollItems, polls } from '../../db/schema/events';
import type { OrganizationRow } from '../../db/schema/organizations';
import { type BuiltUser, buildOrganization, buildUser } from '../../test/factories';
import { startTestServer, type TestServer, testConfig } from '../../test/server';
import { buildEvent, buildGuest } from '../events/test-support';

describe('shared events (public)', () => {
  let server: TestServer;
  let acme: OrganizationRow;
  let author: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer();
    acme = await buildOrganization(server);
    author = await buildUser(server, { organization: acme, name: 'Author' });
  });
  afterAll(() => server.close());

  const joinAsGuest = (eventId: number, nickname: string) =>
    server.request(`/api/shared_events/${eventId}/guests`, { method: 'POST', json: { event_guest: { nickname } } });

  it('shows a published event to anyone, without private fields, and 404 once unpublished', async () => {
    const event = await buildEvent(server, acme, author, { name: 'Open day', externallyPublished: true, sendNotification: true });
    const shown = await server.request(`/api/shared_events/${event.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({
      type: 'shared-events',
      id: String(event.id),
      attributes: { name: 'Open day', 'joined-count': 0, 'my-guest-id': null },
    });
    expect(shown.body.data.attributes).not.toHaveProperty('send-notification');

    await server.db.db.update(events).set({ externallyPublished: false }).where(eq(events.id, event.id));
    for (const path of ['', '/messages', '/guests/search?nickname=a']) {
      expect((await server.request(`/api/shared_events/${event.id}${path}`)).status).toBe(404);
    }
    expect((await joinAsGuest(event.id, 'Late')).status).toBe(404);
  });

  it("answers the events widget's optional probe with null, not a 404, for an event that is not published", async () => {
    const hidden = await buildEvent(server, acme, author, { name: 'Members only', externallyPublished: false });
    const open = await buildEvent(server, acme, author, { name: 'Open house', externallyPublished: true });
    const probe = await server.request(`/api/shared_events/${hidden.id}?optional=true`);
    expect([probe.status, probe.body]).toEqual([200, { data: null }]);
    // The shared page and everything under it still 404.
    expect((await server.request(`/api/shared_events/${hidden.id}`)).status).toBe(404);
    expect((await server.request(`/api/shared_events/${hidden.id}/messages?optional=true`)).status).toBe(404);
    // Published: the same document either way.
    const shown = await server.request(`/api/shared_events/${open.id}?optional=true`);
    expect(shown.body).toEqual((await server.request(`/api/shared_events/${open.id}`)).body);
    expect(shown.body.data.attributes.name).toBe('Open house');
    const bad = await server.request(`/api/shared_events/${hidden.id}?optional=yes`);
    expect([bad.status, bad.body.errors[0].code]).toEqual([400, 'request.invalidParameter']);
  });

  it('lets a guest join by nickname, post, react and vote with the token as bearer', async () => {
    const event = await buildEvent(server, acme, author, { externallyPublished: true });
    const [poll] = await server.db.db.insert(polls).values({ eventId: event.id }).returning();
    const [item] = await server.db.db.insert(pollItems).values({ pollId: poll!.id, text: 'Yes' }).returning();

    const joined = await joinAsGuest(event.id, 'Kiwi fan');
    expect(joined.status).toBe(201);
    const token: string = joined.body.data.attributes.token;
    expect(token).toMatch(/^kgt_/);
    expect(joined.body.data.attributes).toMatchObject({ nickname: 'Kiwi fan', 'event-id': event.id });
    const bearer = { authorization: `Bearer ${token}` };

    expect((await server.request(`/api/shared_events/${event.id}`, { headers: bearer })).body.data.attributes).toMatchObject({
      'my-guest-id': Number(joined.body.data.id),
      'joined-count': 1,
    });
    const found = await server.request(`/api/shared_events/${event.id}/guests/search?nickname=kiwi%20FAN`);
    expect(found.body.data).toEqual([
      expect.objectContaining({ id: joined.body.data.id, attributes: expect.not.objectContaining({ token: expect.anything() }) }),
    ]);
    expect((await server.request(`/api/shared_events/${event.id}/guests/${joined.body.data.id}`)).body.data.attributes.nickname).toBe(
      'Kiwi fan',
    );

    const anonymous = await server.request(`/api/shared_events/${event.id}/messages`, {
      method: 'POST',
      json: { event_message: { body: 'hi' } },
    });
    expect(anonymous.status).toBe(401);
    const posted = await server.request(`/api/shared_events/${event.id}/messages`, {
      method: 'POST',
      headers: bearer,
      json: { event_message: { body: 'Hello from a guest' } },
    });
    expect(posted.status).toBe(201);
    expect(posted.body.data.attributes).toMatchObject({ 'author-name': 'Kiwi fan', 'author-kind': 'guest', mine: true });

    const reacted = await server.request(`/api/shared_events/${event.id}/messages/${posted.body.data.id}/reactions`, {
      method: 'POST',
      headers: bearer,
      json: { message_reaction: { emoji: '🎉' } },
    });
    expect(reacted.body.data.attributes.reactions).toEqual([{ emoji: '🎉', count: 1, 'reacted-by-me': true, names: ['Kiwi fan'] }]);

    const voted = await server.request(`/api/shared_events/${event.id}/polls/${poll!.id}/items/${item!.id}/members`, {
      method: 'POST',
      headers: bearer,
    });
    expect(voted.body.included[0].attributes).toMatchObject({ 'votes-count': 1, 'voted-by-me': true, 'voter-names': ['Kiwi fan'] });
    const unvoted = await server.request(`/api/shared_events/${event.id}/polls/${poll!.id}/items/${item!.id}/members`, {
      method: 'DELETE',
      headers: bearer,
    });
    expect(unvoted.body.included[0].attributes['votes-count']).toBe(0);

    // Members see the guest's message in the organisation view too.
    const list = await server.request(`/api/organizations/${acme.id}/events/${event.id}/messages`, { token: author.token });
    expect(list.body.data.map((message: any) => message.attributes['author-name'])).toEqual(['Kiwi fan']);

    // A member's message on the public page names its author, not the organisation's internal member id.
    await server.request(`/api/organizations/${acme.id}/events/${event.id}/messages`, {
      method: 'POST',
      token: author.token,
      json: { event_message: { body: 'Welcome' } },
    });
    const publicList = await server.request(`/api/shared_events/${event.id}/messages`);
    const welcome = publicList.body.data.find((message: any) => message.attributes.body === 'Welcome');
    expect(welcome.attributes).toMatchObject({ 'author-name': 'Author', 'author-kind': 'member' });
    expect(welcome.attributes).not.toHaveProperty('organization-member-id');

    expect(
      (await server.request(`/api/shared_events/${event.id}/messages/${posted.body.data.id}`, { method: 'DELETE', headers: bearer }))
        .status,
    ).toBe(204);
  });

  it('refuses a taken nickname, a guest token of another event, and guests beyond applyMaximum', async () => {
    const event = await buildEvent(server, acme, author, { externallyPublished: true, applyMaximum: 2 });
    expect((await joinAsGuest(event.id, 'Sam')).status).toBe(201);
    const taken = await joinAsGuest(event.id, 'sam');
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0]).toMatchObject({ code: 'event.nicknameTaken', source: { pointer: '/event_guest/nickname' } });
    expect((await joinAsGuest(event.id, 'Alex')).status).toBe(201);
    expect((await joinAsGuest(event.id, 'Kim')).body.errors[0].code).toBe('event.full');

    const other = await buildEvent(server, acme, author, { externallyPublished: true });
    const { token } = await buildGuest(server, other.id);
    const refused = await server.request(`/api/shared_events/${event.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      json: { event_message: { body: 'wrong event' } },
    });
    expect(refused.status).toBe(403);

    // A guest deletes only their own messages: not another guest's, not a member's.
    const first = await buildGuest(server, other.id, 'first');
    const second = await buildGuest(server, other.id, 'second');
    const posted = await server.request(`/api/shared_events/${other.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${first.token}` },
      json: { event_message: { body: 'mine' } },
    });
    const byOther = await server.request(`/api/shared_events/${other.id}/messages/${posted.body.data.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${second.token}` },
    });
    expect(byOther.status).toBe(403);

    // Unpublished: the guest's own token opens nothing any more, the stream included.
    await server.db.db.update(events).set({ externallyPublished: false }).where(eq(events.id, other.id));
    const bearer = { authorization: `Bearer ${first.token}` };
    for (const [method, path] of [
      ['GET', ''],
      ['GET', '/stream'],
      ['GET', `/guests/${first.guest.id}`],
      ['DELETE', `/messages/${posted.body.data.id}`],
    ] as const) {
      expect((await server.request(`/api/shared_events/${other.id}${path}`, { method, headers: bearer })).status, `${method} ${path}`).toBe(
        404,
      );
    }

    const blank = await joinAsGuest(event.id, '   ');
    expect(blank.body.errors[0]).toMatchObject({ code: 'validation.required', source: { pointer: '/event_guest/nickname' } });
  });

  it('rate limits the public calls per IP with the coded 429', async () => {
    const limited = await startTestServer({ config: testConfig({ PUBLIC_RATE_LIMIT: '3' }) });
    try {
      const org = await buildOrganization(limited);
      const owner = await buildUser(limited, { organization: org });
      const event = await buildEvent(limited, org, owner, { externallyPublished: true });
      const statuses: number[] = [];
      for (let index = 0; index < 4; index += 1) statuses.push((await limited.request(`/api/shared_events/${event.id}`)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await limited.request(`/api/shared_events/${event.id}`);
      expect(refused.body.errors[0].code).toBe('rateLimited');
      // Signed-in portal calls from the same address are not public calls: never throttled.
      const portal: number[] = [];
      for (let index = 0; index < 5; index += 1)
        portal.push((await limited.request(`/api/organizations/${org.id}/events/${event.id}`, { token: owner.token })).status);
      expect(portal).toEqual([200, 200, 200, 200, 200]);
      // Without TRUST_PROXY a forwarded address is not believed: it cannot buy a fresh allowance.
      expect((await limited.request(`/api/shared_events/${event.id}`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('counts each client behind the load balancer on its own with TRUST_PROXY', async () => {
    const proxied = await startTestServer({ config: testConfig({ PUBLIC_RATE_LIMIT: '2', TRUST_PROXY: '1' }) });
    try {
      const org = await buildOrganization(proxied);
      const owner = await buildUser(proxied, { organization: org });
      const event = await buildEvent(proxied, org, owner, { externallyPublished: true });
      const from = async (address: string) =>
        (await proxied.request(`/api/shared_events/${event.id}`, { headers: { 'x-forwarded-for': address } })).status;
      expect([await from('198.51.100.1'), await from('198.51.100.1'), await from('198.51.100.1')]).toEqual([200, 200, 429]);
      expect(await from('198.51.100.2')).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});
