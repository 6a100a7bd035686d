// Guild routes x callers. World: guilds of acme made by the bystander (an acme member); the `member` caller joined the
// public one, is the author of its own guild, and is NOT in the bystander's private guild ("non-member of a private
// guild"). The other organisation's manager never sees acme's guilds: 403 on organisation paths, 404 on /guilds paths.
import { FORBIDDEN, INACTIVE, OK, UNAUTHENTICATED, type Caller, type Expected } from '../../test/authorization';
import { ACME_MEMBERS, acmeOrganization, type Fixture, managersRow, type MatrixModule, membersRow, row } from '../../test/matrix';
import type { TestServer } from '../../test/server';
import { createGuildAs, joinAs, postMessageAs } from './test-support';

const NOT_FOUND = [404, 'resource.notFound'] as const;
const NOT_MEMBER = [403, 'guild.notMember'] as const;

type World = {
  server: TestServer;
  publicGuild: number;
  privateGuild: number;
  ownGuild: number;
  memberMessage: number;
  otherMessage: number;
  memberRow: number;
};

/** /guilds/... paths: signed-in only, then the guild decides (another organisation's guild does not exist for them). */
const GUILD_READERS: Record<Caller, Expected> = { ...ACME_MEMBERS, otherOrganization: NOT_FOUND };
/** Posting and reacting need a joined member: the manager and the admin are not in the guild. */
const JOINED_ONLY: Record<Caller, Expected> = { ...GUILD_READERS, manager: NOT_MEMBER, admin: NOT_MEMBER };
/** Only the message's author. */
const MESSAGE_AUTHOR: Record<Caller, Expected> = { ...GUILD_READERS, manager: FORBIDDEN, admin: FORBIDDEN };
/** The guild's author, acme's managers and admins; other members of acme are refused. */
const GUILD_MANAGERS_ORG_PATH: Record<Caller, Expected> = { ...ACME_MEMBERS, member: FORBIDDEN };
const GUILD_MANAGERS: Record<Caller, Expected> = { ...GUILD_READERS, member: FORBIDDEN };

/** The params of one of the world's guilds, under acme's organisation path or under /guilds. */
const orgGuild = (which: 'publicGuild' | 'privateGuild' | 'ownGuild') => (fixture: Fixture, _caller: Caller, world: World) => ({
  ...acmeOrganization(fixture),
  id: world[which],
});
const guild = (which: 'publicGuild' | 'privateGuild') => (_f: Fixture, _c: Caller, world: World) => ({ id: world[which] });
const publicMessage = (message: 'memberMessage' | 'otherMessage') => (_f: Fixture, _c: Caller, world: World) => ({
  id: world.publicGuild,
  messageId: world[message],
});
const reaction = { message_reaction: { emoji: '👍' } };
const newGuild = async (world: World, fixture: Fixture, guild: Record<string, unknown> = {}) =>
  createGuildAs(world.server, fixture.bystander, fixture.acme.id, { name: 'Matrix guild', ...guild });

export const matrix: MatrixModule<World> = {
  async setup(server, fixture) {
    const { bystander, users } = fixture;
    const publicGuild = await createGuildAs(server, bystander, fixture.acme.id, { name: 'Matrix public', tags: 'matrix' });
    const privateGuild = await createGuildAs(server, bystander, fixture.acme.id, { name: 'Matrix private', public_range: 'private' });
    const ownGuild = await createGuildAs(server, users.member, fixture.acme.id, { name: 'Member’s own', public_range: 'private' });
    const memberRow = await joinAs(server, users.member, publicGuild);
    return {
      server,
      publicGuild,
      privateGuild,
      ownGuild,
      memberRow,
      memberMessage: await postMessageAs(server, users.member, publicGuild, 'by member'),
      otherMessage: await postMessageAs(server, bystander, publicGuild, 'by bystander'),
    };
  },
  rows: [
    membersRow('GET /api/organizations/:organizationId/guilds'),
    membersRow('POST /api/organizations/:organizationId/guilds', { body: { guild: { name: 'New', tags: 'a, b' } } }),
    managersRow('GET /api/organizations/:organizationId/all_guilds'),
    managersRow('GET /api/organizations/:organizationId/guilds_summary'),
    managersRow('GET /api/organizations/:organizationId/guilds_participation_rate'),
    membersRow('GET /api/organizations/:organizationId/guild_tags'),
    membersRow('GET /api/organizations/:organizationId/guilds/:id', { sample: 'public guild', params: orgGuild('publicGuild') }),
    row(
      'GET /api/organizations/:organizationId/guilds/:id',
      { ...ACME_MEMBERS, member: NOT_FOUND },
      {
        sample: 'private guild, member not in it',
        params: orgGuild('privateGuild'),
      },
    ),
    row('PUT /api/organizations/:organizationId/guilds/:id', GUILD_MANAGERS_ORG_PATH, {
      sample: "another member's guild",
      params: orgGuild('publicGuild'),
      body: { guild: { description: 'changed' } },
    }),
    membersRow('PUT /api/organizations/:organizationId/guilds/:id', {
      sample: "member's own guild (author)",
      params: orgGuild('ownGuild'),
      body: { guild: { description: 'changed' } },
    }),
    row('DELETE /api/organizations/:organizationId/guilds/:id', GUILD_MANAGERS_ORG_PATH, {
      sample: "another member's guild, fresh per caller",
      params: async (fixture, _caller, world) => ({ ...acmeOrganization(fixture), id: await newGuild(world, fixture) }),
    }),
    row('PUT /api/organizations/:organizationId/guilds/:id/pinned_message', GUILD_MANAGERS_ORG_PATH, {
      params: orgGuild('publicGuild'),
      body: (_fixture: Fixture, _caller: Caller, world: World) => ({ guild: { pinned_message_id: world.otherMessage } }),
    }),
    row('GET /api/guilds/:id/messages', GUILD_READERS, { sample: 'public guild', params: guild('publicGuild') }),
    row(
      'GET /api/guilds/:id/messages',
      { ...GUILD_READERS, member: NOT_FOUND },
      {
        sample: 'private guild, member not in it',
        params: guild('privateGuild'),
      },
    ),
    row('POST /api/guilds/:id/messages', JOINED_ONLY, {
      sample: 'public guild the member joined',
      params: guild('publicGuild'),
      body: { guild_message: { body: 'hello' } },
    }),
    row(
      'POST /api/guilds/:id/messages',
      { ...JOINED_ONLY, member: NOT_FOUND },
      {
        sample: 'private guild, member not in it',
        params: guild('privateGuild'),
        body: { guild_message: { body: 'hello' } },
      },
    ),
    row('GET /api/guilds/:id/messages/:messageId', GUILD_READERS, { params: publicMessage('otherMessage') }),
    row('PUT /api/guilds/:id/messages/:messageId', MESSAGE_AUTHOR, {
      sample: "member's own message (author)",
      params: publicMessage('memberMessage'),
      body: { guild_message: { body: 'edited' } },
    }),
    row(
      'PUT /api/guilds/:id/messages/:messageId',
      { ...MESSAGE_AUTHOR, member: FORBIDDEN },
      {
        sample: "another member's message",
        params: publicMessage('otherMessage'),
        body: { guild_message: { body: 'edited' } },
      },
    ),
    row('DELETE /api/guilds/:id/messages/:messageId', MESSAGE_AUTHOR, {
      sample: "member's own message, fresh per caller",
      params: async ({ users }, _c, world) => ({
        id: world.publicGuild,
        messageId: await postMessageAs(world.server, users.member, world.publicGuild, 'to delete'),
      }),
    }),
    row(
      'DELETE /api/guilds/:id/messages/:messageId',
      { ...MESSAGE_AUTHOR, member: FORBIDDEN },
      {
        sample: "another member's message",
        params: publicMessage('otherMessage'),
      },
    ),
    row('POST /api/guild_messages/:messageId/reactions', JOINED_ONLY, {
      params: (_f, _c, world) => ({ messageId: world.otherMessage }),
      body: reaction,
    }),
    row('DELETE /api/guild_messages/:messageId/reactions', JOINED_ONLY, {
      params: (_f, _c, world) => ({ messageId: world.otherMessage }),
      body: reaction,
    }),
    // The stream ends at once with `Prefer: wait=0`, so the answer can be judged.
    row('GET /api/guilds/:id/stream', GUILD_READERS, { params: guild('publicGuild'), headers: () => ({ prefer: 'wait=0' }) }),
    // An admin without a membership has nobody to join as.
    row(
      'POST /api/guilds/:id/members/join',
      { ...GUILD_READERS, admin: FORBIDDEN },
      {
        sample: 'a fresh public guild',
        params: async (fixture, _c, world) => ({ id: await newGuild(world, fixture) }),
      },
    ),
    row(
      'PUT /api/guilds/:id/members/:memberId/accept_invitation',
      { anonymous: UNAUTHENTICATED, otherOrganization: NOT_FOUND, member: OK, manager: OK, admin: FORBIDDEN, inactiveMember: INACTIVE },
      {
        sample: "the caller's own invitation (member, manager), someone else's (others)",
        params: async (fixture, caller, world) => {
          const id = await newGuild(world, fixture, { public_range: 'private' });
          // The inactive member cannot be invited; its call is refused before the invitation matters.
          const invitee = caller === 'member' || caller === 'manager' ? fixture.users[caller] : fixture.users.member;
          const invited = await world.server.request(`/api/guilds/${id}/members/join`, {
            method: 'POST',
            token: fixture.bystander.token,
            json: { guild_member: { organization_member_id: invitee.membership!.id } },
          });
          return { id, memberId: invited.body.data.id };
        },
      },
    ),
    row('PUT /api/guilds/:id/members/:memberId', GUILD_READERS, {
      sample: "the member's own row",
      params: (_f, _c, world) => ({ id: world.publicGuild, memberId: world.memberRow }),
      body: { guild_member: { role: 'runner' } },
    }),
    row('DELETE /api/guilds/:id/members/:memberId', GUILD_MANAGERS, {
      sample: "another member's row (removal), fresh per caller",
      params: async (fixture, _c, world) => {
        const id = await createGuildAs(world.server, fixture.users.manager, fixture.acme.id, { name: 'Removal' });
        return { id, memberId: await joinAs(world.server, fixture.bystander, id) };
      },
    }),
    row('DELETE /api/guilds/:id/members/:memberId', GUILD_READERS, {
      sample: "the member's own row (leaving), fresh per caller",
      params: async (fixture, _c, world) => {
        const id = await newGuild(world, fixture);
        return { id, memberId: await joinAs(world.server, fixture.users.member, id) };
      },
    }),
  ],
};
