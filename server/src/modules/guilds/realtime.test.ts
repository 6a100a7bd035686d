// The live chat on the engine of this run (PGlite and PostgreSQL): NOTIFY after commit, LISTEN, SSE, Last-Event-ID.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server';
import { appendGuildEvent } from './event-log';
import { buildUser } from '../../test/factories';
import { buildGuildWorld, type GuildWorld, inviteAndAccept, joinAs, openStream, type OpenStream, postMessageAs } from './test-support';

let server: TestServer;
let world: GuildWorld;
const streams: OpenStream[] = [];
beforeAll(async () => {
  server = await startTestServer();
  world = await buildGuildWorld(server);
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await server.close();
});

async function stream(guildId: number, token: string | undefined, lastEventId?: number) {
  const opened = await openStream(server.url, guildId, token, lastEventId);
  streams.push(opened);
  return opened;
}

const ids = (events: { id: string | null }[]) => events.map((event) => Number(event.id));
const bodies = (events: { event: string; data: string }[]) =>
  events.filter((event) => event.event === 'message.created').map((event) => JSON.parse(event.data).data.attributes.body);

describe('live guild chat', () => {
  it('streams new, edited and deleted messages, reactions and pins to an open chat', async () => {
    const live = await stream(world.publicGuildId, world.member.token);
    expect(live.status).toBe(200);
    const messageId = await postMessageAs(server, world.author, world.publicGuildId, 'hello <script>x</script>');
    await server.request(`/api/guild_messages/${messageId}/reactions`, {
      method: 'POST',
      token: world.member.token,
      json: { message_reaction: { emoji: '🎉' } },
    });
    await server.request(`/api/organizations/${world.organization.id}/guilds/${world.publicGuildId}/pinned_message`, {
      method: 'PUT',
      token: world.author.token,
      json: { guild: { pinned_message_id: messageId } },
    });
    await server.request(`/api/organizations/${world.organization.id}/guilds/${world.publicGuildId}/pinned_message`, {
      method: 'PUT',
      token: world.author.token,
      json: { guild: { pinned_message_id: null } },
    });
    await server.request(`/api/guilds/${world.publicGuildId}/messages/${messageId}`, {
      method: 'PUT',
      token: world.author.token,
      json: { guild_message: { body: 'edited' } },
    });
    await server.request(`/api/guilds/${world.publicGuildId}/messages/${messageId}`, { method: 'DELETE', token: world.author.token });

    const events = await live.waitFor(6);
    expect(events.map((event) => event.event)).toEqual([
      'message.created',
      'message.reactions',
      'guild.pinned',
      'guild.pinned',
      'message.updated',
      'message.deleted',
    ]);
    // Consecutive sequence numbers: the SSE ids.
    const first = Number(events[0]!.id);
    expect(ids(events)).toEqual([first, first + 1, first + 2, first + 3, first + 4, first + 5]);
    const created = JSON.parse(events[0]!.data);
    expect(created.data).toMatchObject({
      type: 'guild-messages',
      id: String(messageId),
      attributes: { body: 'hello <script>x</script>', mine: false },
    });
    // Reactions are personal: this viewer reacted.
    expect(JSON.parse(events[1]!.data).data.attributes.reactions).toEqual([
      { emoji: '🎉', count: 1, 'reacted-by-me': true, names: ['Member'] },
    ]);
    expect(JSON.parse(events[2]!.data)).toMatchObject({ 'pinned-message-id': messageId, message: { data: { id: String(messageId) } } });
    expect(JSON.parse(events[3]!.data)).toMatchObject({ 'pinned-message-id': null, message: null });
    expect(JSON.parse(events[4]!.data).data.attributes.body).toBe('edited');
    expect(JSON.parse(events[5]!.data)).toEqual({ id: messageId });
  });

  it('tells each viewer which messages are theirs', async () => {
    const asAuthor = await stream(world.publicGuildId, world.author.token);
    const asMember = await stream(world.publicGuildId, world.member.token);
    await postMessageAs(server, world.author, world.publicGuildId, 'whose');
    const [authorEvent] = await asAuthor.waitFor(1);
    const [memberEvent] = await asMember.waitFor(1);
    expect(JSON.parse(authorEvent!.data).data.attributes.mine).toBe(true);
    expect(JSON.parse(memberEvent!.data).data.attributes.mine).toBe(false);
  });

  it('resumes after a reconnect with Last-Event-ID: no gap, no duplicate', async () => {
    const first = await stream(world.publicGuildId, world.member.token);
    await postMessageAs(server, world.author, world.publicGuildId, 'r1');
    await postMessageAs(server, world.author, world.publicGuildId, 'r2');
    const seen = await first.waitFor(2);
    const lastSeen = Number(seen[1]!.id);
    first.close();

    // Posted while the chat was disconnected.
    await postMessageAs(server, world.author, world.publicGuildId, 'r3');
    await postMessageAs(server, world.author, world.publicGuildId, 'r4');

    const resumed = await stream(world.publicGuildId, world.member.token, lastSeen);
    await postMessageAs(server, world.author, world.publicGuildId, 'r5');
    const events = await resumed.waitFor(3);
    expect(bodies(events)).toEqual(['r3', 'r4', 'r5']);
    expect(ids(events)).toEqual([lastSeen + 1, lastSeen + 2, lastSeen + 3]);
  });

  it('resumes from an older id with exactly the events after it', async () => {
    const before = await server.request(`/api/guilds/${world.publicGuildId}/messages?per=1`, { token: world.member.token });
    const start = before.body.meta['last-event-id'] as number;
    for (const body of ['o1', 'o2', 'o3']) await postMessageAs(server, world.author, world.publicGuildId, body);
    const fromMiddle = await stream(world.publicGuildId, world.member.token, start + 1);
    const events = await fromMiddle.waitFor(2);
    // Give a duplicate a chance to show up before checking there is none.
    await postMessageAs(server, world.author, world.publicGuildId, 'o4');
    await fromMiddle.waitFor(3);
    expect(bodies(fromMiddle.events)).toEqual(['o2', 'o3', 'o4']);
    expect(events[0]!.id).toBe(String(start + 2));
  });

  it('starts live without Last-Event-ID (only what comes after it connected)', async () => {
    await postMessageAs(server, world.author, world.publicGuildId, 'old');
    const live = await stream(world.publicGuildId, world.member.token);
    await postMessageAs(server, world.author, world.publicGuildId, 'new');
    await live.waitFor(1);
    expect(bodies(live.events)).toEqual(['new']);
  });

  it('delivers a message too large for a NOTIFY payload from the log, in order with small ones', async () => {
    const live = await stream(world.publicGuildId, world.member.token);
    const large = '👨‍👩‍👧'.repeat(1000);
    await postMessageAs(server, world.author, world.publicGuildId, 'before large');
    await postMessageAs(server, world.author, world.publicGuildId, large);
    await postMessageAs(server, world.author, world.publicGuildId, 'after large');
    await live.waitFor(3);
    expect(bodies(live.events)).toEqual(['before large', large, 'after large']);
  });

  it('never notifies a change that was rolled back (NOTIFY is sent on commit)', async () => {
    const live = await stream(world.publicGuildId, world.member.token);
    const rolledBack = server.db.db.transaction(async (tx) => {
      await appendGuildEvent(tx, world.publicGuildId, 'message.deleted', { id: -1 });
      throw new Error('rolled back');
    });
    await expect(rolledBack).rejects.toThrow('rolled back');
    await postMessageAs(server, world.author, world.publicGuildId, 'after the rollback');
    const [event] = await live.waitFor(1);
    expect(event!.event).toBe('message.created');
    expect(bodies([event!])).toEqual(['after the rollback']);
    // The rolled-back event took no place in the sequence either: a reconnect from just before sees no gap.
    const resumed = await stream(world.publicGuildId, world.member.token, Number(event!.id) - 1);
    expect((await resumed.waitFor(1))[0]!.id).toBe(event!.id);
  });

  it('keeps guilds apart', async () => {
    const other = await stream(world.privateGuildId, world.member.token);
    const mine = await stream(world.publicGuildId, world.member.token);
    await postMessageAs(server, world.author, world.privateGuildId, 'private');
    await postMessageAs(server, world.author, world.publicGuildId, 'public');
    await other.waitFor(1);
    await mine.waitFor(1);
    expect(bodies(other.events)).toEqual(['private']);
    expect(bodies(mine.events)).toEqual(['public']);
  });

  it('wants the token in the header: none or one in the URL is 401; a non-member of a private guild gets 404', async () => {
    expect((await stream(world.publicGuildId, undefined)).status).toBe(401);
    const inUrl = await fetch(`${server.url}/api/guilds/${world.publicGuildId}/stream?token=${world.member.token}`);
    expect(inUrl.status).toBe(401);
    await inUrl.text();
    expect((await stream(world.privateGuildId, world.outsider.token)).status).toBe(404);
    expect((await stream(world.privateGuildId, world.stranger.token)).status).toBe(404);
  });

  it("takes a removed member's reactions off an open chat at once, keeping the others'", async () => {
    const leaving = await buildUser(server, { organization: world.organization, name: 'Leaving' });
    await joinAs(server, leaving, world.publicGuildId);
    const messageId = await postMessageAs(server, world.author, world.publicGuildId, 'react to me');
    for (const [who, emoji] of [
      [leaving, '🎉'],
      [leaving, '👍'],
      [world.member, '🎉'],
    ] as const) {
      const reacted = await server.request(`/api/guild_messages/${messageId}/reactions`, {
        method: 'POST',
        token: who.token,
        json: { message_reaction: { emoji } },
      });
      expect(reacted.status).toBeLessThan(300);
    }
    const live = await stream(world.publicGuildId, world.member.token);
    expect(live.status).toBe(200);
    const removed = await server.request(`/api/organizations/${world.organization.id}/members/${leaving.membership!.id}`, {
      method: 'DELETE',
      token: world.manager.token,
    });
    expect(removed.status).toBe(204);
    const [event] = await live.waitFor(1);
    expect(event!.event).toBe('message.reactions');
    const message = JSON.parse(event!.data).data;
    expect(message.id).toBe(String(messageId));
    expect(message.attributes.reactions).toEqual([{ emoji: '🎉', count: 1, 'reacted-by-me': true, names: ['Member'] }]);
  });

  it('ends the stream of a member removed from a private guild', async () => {
    const id = Number(
      (
        await server.request(`/api/organizations/${world.organization.id}/guilds`, {
          method: 'POST',
          token: world.author.token,
          json: { guild: { name: 'Closing', public_range: 'private' } },
        })
      ).body.data.id,
    );
    const row = await inviteAndAccept(server, world.author, world.outsider, id);
    const live = await stream(id, world.outsider.token);
    expect(live.status).toBe(200);
    await server.request(`/api/guilds/${id}/members/${row}`, { method: 'DELETE', token: world.author.token });
    await live.ended;
    await postMessageAs(server, world.author, id, 'not for the removed member');
    // Reconnecting is refused too.
    expect((await stream(id, world.outsider.token)).status).toBe(404);
    expect(bodies(live.events)).toEqual([]);
  });

  it('holds back what is posted right after a removal until the removed member’s access is re-checked', async () => {
    const id = Number(
      (
        await server.request(`/api/organizations/${world.organization.id}/guilds`, {
          method: 'POST',
          token: world.author.token,
          json: { guild: { name: 'Quick removal', public_range: 'private' } },
        })
      ).body.data.id,
    );
    const row = await inviteAndAccept(server, world.author, world.outsider, id);
    const live = await stream(id, world.outsider.token);
    const staying = await stream(id, world.author.token);
    // Posts race the removal: those committed after it must not reach the removed member, even while the removal's
    // re-check is still running.
    await Promise.all([
      server.request(`/api/guilds/${id}/members/${row}`, { method: 'DELETE', token: world.author.token }),
      ...[1, 2, 3, 4, 5, 6].map((n) => postMessageAs(server, world.author, id, `secret ${n}`)),
    ]);
    await live.ended;
    const seen = await staying.waitFor(7);
    const removal = Number(seen.find((event) => event.event === 'members.changed')!.id);
    expect(ids(live.events).filter((seq) => seq > removal)).toEqual([]);
  });

  it('ends a stream when the token it was opened with expires (the client reconnects with a fresh one)', async () => {
    // The member's own token with a closer expiry (the emulator's tokens are unsigned).
    const [, payload] = world.member.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const now = Math.floor(Date.now() / 1000);
    const shortLived = [
      Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'),
      Buffer.from(JSON.stringify({ ...claims, iat: now, exp: now + 2 })).toString('base64url'),
      '',
    ].join('.');
    const live = await stream(world.publicGuildId, shortLived);
    expect(live.status).toBe(200);
    await live.ended;
    // The expired token cannot open it again.
    await vi.waitFor(async () => expect((await stream(world.publicGuildId, shortLived)).status).toBe(401), {
      timeout: 5000,
      interval: 200,
    });
  });

  it('ends the stream of a non-member reader when a public guild turns private', async () => {
    const id = Number(
      (
        await server.request(`/api/organizations/${world.organization.id}/guilds`, {
          method: 'POST',
          token: world.author.token,
          json: { guild: { name: 'Going private' } },
        })
      ).body.data.id,
    );
    const reader = await stream(id, world.outsider.token);
    const member = await stream(id, world.author.token);
    await server.request(`/api/organizations/${world.organization.id}/guilds/${id}`, {
      method: 'PUT',
      token: world.author.token,
      json: { guild: { public_range: 'private' } },
    });
    await reader.ended;
    await postMessageAs(server, world.author, id, 'members only');
    await member.waitFor(2);
    expect(bodies(member.events)).toEqual(['members only']);
    expect(bodies(reader.events)).toEqual([]);
  });

  it('resets a client whose Last-Event-ID the guild never reached', async () => {
    const live = await stream(world.publicGuildId, world.member.token, 10_000_000);
    await live.ended;
    expect(live.events.map((event) => event.event)).toEqual(['reset']);
  });

  it('tells open chats to reset when their guild is deleted', async () => {
    const id = (
      await server.request(`/api/organizations/${world.organization.id}/guilds`, {
        method: 'POST',
        token: world.author.token,
        json: { guild: { name: 'Short-lived' } },
      })
    ).body.data.id;
    const live = await stream(Number(id), world.author.token);
    await server.request(`/api/organizations/${world.organization.id}/guilds/${id}`, { method: 'DELETE', token: world.author.token });
    const [event] = await live.waitFor(1);
    expect(event!.event).toBe('reset');
  });
});
