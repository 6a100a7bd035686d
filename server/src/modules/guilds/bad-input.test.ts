// Bad input on every guild call is a coded 4xx, never a 500 (review of #5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server';
import { buildGuildWorld, type GuildWorld, openStream, postMessageAs } from './test-support';

let server: TestServer;
let world: GuildWorld;
let messageId: number;
beforeAll(async () => {
  server = await startTestServer();
  world = await buildGuildWorld(server);
  messageId = await postMessageAs(server, world.member, world.publicGuildId, 'hello');
});
afterAll(() => server.close());

describe('bad input on guild calls', () => {
  it('answers huge or malformed paging and query parameters with 400, never 500', async () => {
    const org = `/api/organizations/${world.organization.id}`;
    const paths = [
      `${org}/guilds?page=2147483647&per=100`,
      `${org}/guilds?page=99999999999999999999`,
      `${org}/guilds?per=0`,
      `${org}/guilds?q[tags][a]=b`,
      `${org}/guilds?q=x`,
      `${org}/guild_tags?q[most_used]=yes&per=5`,
      `${org}/guild_tags?q[most_used]=true&per=100000`,
      `${org}/all_guilds?page=2147483647`,
      `${org}/guilds_summary?from=2026-02-31`,
      `${org}/guilds_summary?guild_id=0`,
      `${org}/guilds_participation_rate?type=shoe`,
      `/api/guilds/${world.publicGuildId}/messages?before=abc`,
      `/api/guilds/${world.publicGuildId}/messages?before=99999999999999`,
      `/api/guilds/${world.publicGuildId}/messages?page=2147483647&per=100`,
      `/api/guilds/99999999999/messages`,
      `/api/guilds/abc/messages`,
    ];
    for (const path of paths) {
      const response = await server.request(path, { token: world.manager.token });
      expect.soft(response.status, path).toBeGreaterThanOrEqual(200);
      expect.soft(response.status, path).toBeLessThan(500);
    }
  });

  it('answers null, array, scalar and malformed bodies with a 4xx, never 500', async () => {
    const org = `/api/organizations/${world.organization.id}`;
    const calls: [string, string][] = [
      ['POST', `${org}/guilds`],
      ['PUT', `${org}/guilds/${world.publicGuildId}`],
      ['PUT', `${org}/guilds/${world.publicGuildId}/pinned_message`],
      ['POST', `/api/guilds/${world.publicGuildId}/messages`],
      ['PUT', `/api/guilds/${world.publicGuildId}/messages/${messageId}`],
      ['POST', `/api/guild_messages/${messageId}/reactions`],
      ['DELETE', `/api/guild_messages/${messageId}/reactions`],
      ['POST', `/api/guilds/${world.publicGuildId}/members/join`],
      ['PUT', `/api/guilds/${world.publicGuildId}/members/1`],
    ];
    const bodies = [
      'null',
      '[]',
      '"x"',
      '42',
      '{"guild":null}',
      '{"guild_message":null}',
      '{"message_reaction":{"emoji":null}}',
      '{',
      '{"guild_member":{"role":["a"]}}',
    ];
    for (const [method, path] of calls) {
      for (const body of bodies) {
        const response = await server.request(path, {
          method,
          token: world.author.token,
          body,
          headers: { 'content-type': 'application/json' },
        });
        expect.soft(response.status, `${method} ${path} ${body}`).toBeGreaterThanOrEqual(400);
        expect.soft(response.status, `${method} ${path} ${body}`).toBeLessThan(500);
      }
    }
    const query = await server.request(`/api/guild_messages/${messageId}/reactions?message_reaction[emoji][]=x`, {
      method: 'DELETE',
      token: world.author.token,
    });
    expect(query.status).toBe(422);
  });

  it('starts live on a garbage Last-Event-ID and resets one beyond the log', async () => {
    for (const garbage of ['abc', '-1', '1e3', '0x10', ' ', '99999999999999999999999']) {
      const live = await openStream(server.url, world.publicGuildId, world.member.token, garbage as unknown as number);
      expect(live.status, garbage).toBe(200);
      live.close();
    }
  });
});
