import { readEventStream, type StreamEvent } from '@kiwi/shared/api/event-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationRow } from '../../db/schema/organizations';
import { type BuiltUser, buildOrganization, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { addEventMember, buildEvent, buildGuest } from './test-support';

/** Opens a stream and collects its events until `until` says enough (or 10 s pass). */
async function collect(
  url: string,
  headers: Record<string, string>,
  act: () => Promise<unknown>,
  until: (events: StreamEvent[]) => boolean,
) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const events: StreamEvent[] = [];
  const done = readEventStream(response.body!, (event) => {
    events.push(event);
    if (until(events)) controller.abort();
  }).catch(() => undefined);
  await act();
  const timer = setTimeout(() => controller.abort(), 10_000);
  await done;
  clearTimeout(timer);
  return events;
}

describe('event change streams', () => {
  let server: TestServer;
  let acme: OrganizationRow;
  let author: BuiltUser;
  let colleague: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer();
    acme = await buildOrganization(server);
    [author, colleague] = await Promise.all([buildUser(server, { organization: acme }), buildUser(server, { organization: acme })]);
  });
  afterAll(() => server.close());

  it("tells a member's open page that a message was posted", async () => {
    const event = await buildEvent(server, acme, author);
    await addEventMember(server, event.id, colleague);
    const base = `/api/organizations/${acme.id}/events/${event.id}`;
    const events = await collect(
      `${server.url}${base}/stream`,
      { authorization: `Bearer ${author.token}` },
      () => server.request(`${base}/messages`, { method: 'POST', token: colleague.token, json: { event_message: { body: 'hi' } } }),
      (seen) => seen.some((item) => item.event === 'changed'),
    );
    expect(events.map((item) => item.event)).toContain('changed');
  });

  it("tells an event's open page to reload when a member whose reaction is on it is removed from the organisation", async () => {
    const manager = await buildUser(server, { organization: acme, memberRole: 'manager' });
    const leaving = await buildUser(server, { organization: acme });
    const event = await buildEvent(server, acme, author);
    const participation = await addEventMember(server, event.id, leaving);
    const base = `/api/organizations/${acme.id}/events/${event.id}`;
    const posted = await server.request(`${base}/messages`, {
      method: 'POST',
      token: author.token,
      json: { event_message: { body: 'hi' } },
    });
    const reacted = await server.request(`/api/event_messages/${posted.body.data.id}/reactions`, {
      method: 'POST',
      token: leaving.token,
      json: { message_reaction: { emoji: '🎉' } },
    });
    expect(reacted.status).toBeLessThan(300);
    // They leave the event and their reaction stays: only the reaction ties them to it now.
    expect((await server.request(`${base}/members/${participation.id}`, { method: 'DELETE', token: leaving.token })).status).toBeLessThan(
      300,
    );
    const events = await collect(
      `${server.url}${base}/stream`,
      { authorization: `Bearer ${author.token}` },
      async () => {
        const removed = await server.request(`/api/organizations/${acme.id}/members/${leaving.membership!.id}`, {
          method: 'DELETE',
          token: manager.token,
        });
        expect(removed.status).toBe(204);
      },
      (seen) => seen.some((item) => item.event === 'changed'),
    );
    expect(events.map((item) => item.event)).toContain('changed');
    // What the page reloads: the reaction went with the member.
    const messages = await server.request(`${base}/messages`, { token: author.token });
    expect(messages.body.data[0].attributes.reactions).toEqual([]);
  });

  it("tells a guest's open shared page that someone reacted", async () => {
    const event = await buildEvent(server, acme, author, { externallyPublished: true });
    const { token } = await buildGuest(server, event.id);
    const posted = await server.request(`/api/shared_events/${event.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      json: { event_message: { body: 'hello' } },
    });
    const events = await collect(
      `${server.url}/api/shared_events/${event.id}/stream`,
      {},
      async () => {
        await server.request(`/api/shared_events/${event.id}/messages/${posted.body.data.id}/reactions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          json: { message_reaction: { emoji: '🎉' } },
        });
      },
      (seen) => seen.some((item) => item.event === 'changed'),
    );
    expect(events.map((item) => item.event)).toContain('changed');
  });

  it('ends an open shared page stream once the event is unpublished (after telling it to reload)', async () => {
    const event = await buildEvent(server, acme, author, { externallyPublished: true });
    const controller = new AbortController();
    const response = await fetch(`${server.url}/api/shared_events/${event.id}/stream`, {
      headers: { accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const events: StreamEvent[] = [];
    // Resolves when the server ends the stream; an abort (the safety net below) rejects instead.
    const ended = readEventStream(response.body!, (item) => void events.push(item)).then(
      () => 'ended by the server',
      () => 'still open',
    );
    const unpublished = await server.request(`/api/organizations/${acme.id}/events/${event.id}`, {
      method: 'PUT',
      token: author.token,
      json: { event: { externally_published: false } },
    });
    expect(unpublished.status).toBe(200);
    const safetyNet = setTimeout(() => controller.abort(), 10_000);
    expect(await ended).toBe('ended by the server');
    clearTimeout(safetyNet);
    expect(events.map((item) => item.event)).toContain('changed');
  });

  it("ends a member's stream when the token it was opened with expires (the client reconnects with a fresh one)", async () => {
    const event = await buildEvent(server, acme, author);
    // The author's own token with a closer expiry, 2 seconds from now (the emulator's tokens are unsigned).
    const [header, payload] = author.token.split('.');
    const now = Math.floor(Date.now() / 1000);
    const claims = { ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), iat: now, exp: now + 2 };
    const shortLived = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    const url = `${server.url}/api/organizations/${acme.id}/events/${event.id}/stream`;
    const controller = new AbortController();
    const response = await fetch(url, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${shortLived}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    // Resolves when the server ends the stream; the abort below (the stream would otherwise last 30 minutes) rejects.
    const ended = readEventStream(response.body!, () => undefined).then(
      () => 'ended by the server',
      () => 'still open',
    );
    const safetyNet = setTimeout(() => controller.abort(), 10_000);
    expect(await ended).toBe('ended by the server');
    clearTimeout(safetyNet);
  });

  it('ends at once with Prefer: wait=0', async () => {
    const event = await buildEvent(server, acme, author, { externallyPublished: true });
    const response = await server.request(`/api/shared_events/${event.id}/stream`, { headers: { prefer: 'wait=0' } });
    expect(response.status).toBe(200);
  });
});
