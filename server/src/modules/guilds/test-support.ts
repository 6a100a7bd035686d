// Worlds for the guild tests: an organisation with a manager and members, a public and a private guild.
import { readEventStream, type StreamEvent } from '@kiwi/shared/api/event-stream';
import { expect, vi } from 'vitest';
import type { BuiltUser } from '../../test/factories';
import { buildOrganization, buildUser } from '../../test/factories';
import type { TestServer } from '../../test/server';

export type GuildWorld = {
  organization: Awaited<ReturnType<typeof buildOrganization>>;
  manager: BuiltUser;
  author: BuiltUser;
  member: BuiltUser;
  outsider: BuiltUser;
  stranger: BuiltUser;
  publicGuildId: number;
  privateGuildId: number;
};

type Caller = { token: string };

export async function createGuildAs(server: TestServer, caller: Caller, organizationId: number, guild: Record<string, unknown>) {
  const response = await server.request(`/api/organizations/${organizationId}/guilds`, {
    method: 'POST',
    token: caller.token,
    json: { guild },
  });
  if (response.status !== 201) throw new Error(`guild not created: ${response.status} ${JSON.stringify(response.body)}`);
  return Number(response.body.data.id);
}

export async function joinAs(server: TestServer, caller: Caller, guildId: number) {
  const response = await server.request(`/api/guilds/${guildId}/members/join`, { method: 'POST', token: caller.token });
  if (response.status >= 300) throw new Error(`join failed: ${response.status} ${JSON.stringify(response.body)}`);
  return Number(response.body.data.id);
}

/** Invites `invitee` as `inviter`, then accepts as the invitee. */
export async function inviteAndAccept(server: TestServer, inviter: Caller, invitee: BuiltUser, guildId: number) {
  const invited = await server.request(`/api/guilds/${guildId}/members/join`, {
    method: 'POST',
    token: inviter.token,
    json: { guild_member: { organization_member_id: invitee.membership!.id } },
  });
  if (invited.status !== 201) throw new Error(`invite failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  const accepted = await server.request(`/api/guilds/${guildId}/members/${invited.body.data.id}/accept_invitation`, {
    method: 'PUT',
    token: invitee.token,
  });
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return Number(invited.body.data.id);
}

export async function postMessageAs(server: TestServer, caller: Caller, guildId: number, body: string) {
  const response = await server.request(`/api/guilds/${guildId}/messages`, {
    method: 'POST',
    token: caller.token,
    json: { guild_message: { body } },
  });
  if (response.status !== 201) throw new Error(`message not posted: ${response.status} ${JSON.stringify(response.body)}`);
  return Number(response.body.data.id);
}

/**
 * author made both guilds; member joined the public one and was invited to and accepted the private one;
 * outsider is in the organisation but in neither; stranger belongs to another organisation.
 */
export async function buildGuildWorld(server: TestServer): Promise<GuildWorld> {
  const organization = await buildOrganization(server);
  const other = await buildOrganization(server);
  const [manager, author, member, outsider, stranger] = await Promise.all([
    buildUser(server, { organization, memberRole: 'manager', name: 'Manager' }),
    buildUser(server, { organization, name: 'Author' }),
    buildUser(server, { organization, name: 'Member' }),
    buildUser(server, { organization, name: 'Outsider' }),
    buildUser(server, { organization: other, name: 'Stranger' }),
  ]);
  const publicGuildId = await createGuildAs(server, author, organization.id, {
    name: 'Runners',
    tags: 'running, morning',
    public_range: 'public',
  });
  const privateGuildId = await createGuildAs(server, author, organization.id, {
    name: 'Secret club',
    tags: 'running',
    public_range: 'private',
  });
  await joinAs(server, member, publicGuildId);
  await inviteAndAccept(server, author, member, privateGuildId);
  return { organization, manager, author, member, outsider, stranger, publicGuildId, privateGuildId };
}

export type OpenStream = {
  events: StreamEvent[];
  status: number;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  /** Waits until `count` events arrived (vi.waitFor polls). */
  waitFor(count: number): Promise<StreamEvent[]>;
  close(): void;
};

/** A guild's SSE stream read with fetch, the bearer token in the Authorization header, as the browser does. */
export async function openStream(baseUrl: string, guildId: number, token: string | undefined, lastEventId?: number): Promise<OpenStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
  const response = await fetch(`${baseUrl}/api/guilds/${guildId}/stream`, { headers, signal: controller.signal });
  const events: StreamEvent[] = [];
  let ended: Promise<void> = Promise.resolve();
  if (response.ok && response.body) {
    ended = readEventStream(response.body, (event) => events.push(event)).catch(() => undefined);
  } else {
    await response.text();
  }
  return {
    events,
    status: response.status,
    ended,
    async waitFor(count) {
      await vi.waitFor(() => expect(events.length).toBeGreaterThanOrEqual(count), { timeout: 5000, interval: 20 });
      return events;
    },
    close: () => controller.abort(),
  };
}
