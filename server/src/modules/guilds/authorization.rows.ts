// Guild routes x callers. World: guilds of acme made by the bystander (an acme member); the `member` caller joined the
// public one, is the author of its own guild, and is NOT in the bystander's private guild ("non-member of a private
// guild"). The other organisation's manager never sees acme's guilds: 403 on organisation paths, 404 on /guilds paths.
import { FORBIDDEN, INACTIVE, OK, UNAUTHENTICATED, type Caller, type Expected } from '../../test/authorization';
import { ACME_MANAGERS, ACME_MEMBERS, type Fixture, type MatrixModule } from '../../test/matrix';
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

const orgPath = ({ acme }: Fixture) => ({ organizationId: acme.id });
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
    { route: 'GET /api/organizations/:organizationId/guilds', params: orgPath, expect: ACME_MEMBERS },
    {
      route: 'POST /api/organizations/:organizationId/guilds',
      params: orgPath,
      body: { guild: { name: 'New', tags: 'a, b' } },
      expect: ACME_MEMBERS,
    },
    { route: 'GET /api/organizations/:organizationId/all_guilds', params: orgPath, expect: ACME_MANAGERS },
    { route: 'GET /api/organizations/:organizationId/guilds_summary', params: orgPath, expect: ACME_MANAGERS },
    { route: 'GET /api/organizations/:organizationId/guilds_participation_rate', params: orgPath, expect: ACME_MANAGERS },
    { route: 'GET /api/organizations/:organizationId/guild_tags', params: orgPath, expect: ACME_MEMBERS },
    {
      route: 'GET /api/organizations/:organizationId/guilds/:id',
      sample: 'public guild',
      params: (fixture, _caller, world) => ({ ...orgPath(fixture), id: world.publicGuild }),
      expect: ACME_MEMBERS,
    },
    {
      route: 'GET /api/organizations/:organizationId/guilds/:id',
      sample: 'private guild, member not in it',
      params: (fixture, _caller, world) => ({ ...orgPath(fixture), id: world.privateGuild }),
      expect: { ...ACME_MEMBERS, member: NOT_FOUND },
    },
    {
      route: 'PUT /api/organizations/:organizationId/guilds/:id',
      sample: "another member's guild",
      params: (fixture, _caller, world) => ({ ...orgPath(fixture), id: world.publicGuild }),
      body: { guild: { description: 'changed' } },
      expect: GUILD_MANAGERS_ORG_PATH,
    },
    {
      route: 'PUT /api/organizations/:organizationId/guilds/:id',
      sample: "member's own guild (author)",
      params: (fixture, _caller, world) => ({ ...orgPath(fixture), id: world.ownGuild }),
      body: { guild: { description: 'changed' } },
      expect: ACME_MEMBERS,
    },
    {
      route: 'DELETE /api/organizations/:organizationId/guilds/:id',
      sample: "another member's guild, fresh per caller",
      params: async (fixture, _caller, world) => ({ ...orgPath(fixture), id: await newGuild(world, fixture) }),
      expect: GUILD_MANAGERS_ORG_PATH,
    },
    {
      route: 'PUT /api/organizations/:organizationId/guilds/:id/pinned_message',
      params: (fixture, _caller, world) => ({ ...orgPath(fixture), id: world.publicGuild }),
      body: (_fixture: Fixture, _caller: Caller, world: World) => ({ guild: { pinned_message_id: world.otherMessage } }),
      expect: GUILD_MANAGERS_ORG_PATH,
    },
    {
      route: 'GET /api/guilds/:id/messages',
      sample: 'public guild',
      params: (_f, _c, world) => ({ id: world.publicGuild }),
      expect: GUILD_READERS,
    },
    {
      route: 'GET /api/guilds/:id/messages',
      sample: 'private guild, member not in it',
      params: (_f, _c, world) => ({ id: world.privateGuild }),
      expect: { ...GUILD_READERS, member: NOT_FOUND },
    },
    {
      route: 'POST /api/guilds/:id/messages',
      sample: 'public guild the member joined',
      params: (_f, _c, world) => ({ id: world.publicGuild }),
      body: { guild_message: { body: 'hello' } },
      expect: JOINED_ONLY,
    },
    {
      route: 'POST /api/guilds/:id/messages',
      sample: 'private guild, member not in it',
      params: (_f, _c, world) => ({ id: world.privateGuild }),
      body: { guild_message: { body: 'hello' } },
      expect: { ...JOINED_ONLY, member: NOT_FOUND },
    },
    {
      route: 'GET /api/guilds/:id/messages/:messageId',
      params: (_f, _c, world) => ({ id: world.publicGuild, messageId: world.otherMessage }),
      expect: GUILD_READERS,
    },
    {
      route: 'PUT /api/guilds/:id/messages/:messageId',
      sample: "member's own message (author)",
      params: (_f, _c, world) => ({ id: world.publicGuild, messageId: world.memberMessage }),
      body: { guild_message: { body: 'edited' } },
      expect: MESSAGE_AUTHOR,
    },
    {
      route: 'PUT /api/guilds/:id/messages/:messageId',
      sample: "another member's message",
      params: (_f, _c, world) => ({ id: world.publicGuild, messageId: world.otherMessage }),
      body: { guild_message: { body: 'edited' } },
      expect: { ...MESSAGE_AUTHOR, member: FORBIDDEN },
    },
    {
      route: 'DELETE /api/guilds/:id/messages/:messageId',
      sample: "member's own message, fresh per caller",
      params: async ({ users }, _c, world) => ({
        id: world.publicGuild,
        messageId: await postMessageAs(world.server, users.member, world.publicGuild, 'to delete'),
      }),
      expect: MESSAGE_AUTHOR,
    },
    {
      route: 'DELETE /api/guilds/:id/messages/:messageId',
      sample: "another member's message",
      params: (_f, _c, world) => ({ id: world.publicGuild, messageId: world.otherMessage }),
      expect: { ...MESSAGE_AUTHOR, member: FORBIDDEN },
    },
    {
      route: 'POST /api/guild_messages/:messageId/reactions',
      params: (_f, _c, world) => ({ messageId: world.otherMessage }),
      body: { message_reaction: { emoji: '👍' } },
      expect: JOINED_ONLY,
    },
    {
      route: 'DELETE /api/guild_messages/:messageId/reactions',
      params: (_f, _c, world) => ({ messageId: world.otherMessage }),
      body: { message_reaction: { emoji: '👍' } },
      expect: JOINED_ONLY,
    },
    {
      route: 'GET /api/guilds/:id/stream',
      params: (_f, _c, world) => ({ id: world.publicGuild }),
      // The stream ends at once with `Prefer: wait=0`, so the answer can be judged.
      headers: () => ({ prefer: 'wait=0' }),
      expect: GUILD_READERS,
    },
    {
      route: 'POST /api/guilds/:id/members/join',
      sample: 'a fresh public guild',
      params: async (fixture, _c, world) => ({ id: await newGuild(world, fixture) }),
      // An admin without a membership has nobody to join as.
      expect: { ...GUILD_READERS, admin: FORBIDDEN },
    },
    {
      route: 'PUT /api/guilds/:id/members/:memberId/accept_invitation',
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
      expect: {
        anonymous: UNAUTHENTICATED,
        otherOrganization: NOT_FOUND,
        member: OK,
        manager: OK,
        admin: FORBIDDEN,
        inactiveMember: INACTIVE,
      },
    },
    {
      route: 'PUT /api/guilds/:id/members/:memberId',
      sample: "the member's own row",
      params: (_f, _c, world) => ({ id: world.publicGuild, memberId: world.memberRow }),
      body: { guild_member: { role: 'runner' } },
      expect: GUILD_READERS,
    },
    {
      route: 'DELETE /api/guilds/:id/members/:memberId',
      sample: "another member's row (removal), fresh per caller",
      params: async (fixture, _c, world) => {
        const id = await createGuildAs(world.server, fixture.users.manager, fixture.acme.id, { name: 'Removal' });
        return { id, memberId: await joinAs(world.server, fixture.bystander, id) };
      },
      expect: GUILD_MANAGERS,
    },
    {
      route: 'DELETE /api/guilds/:id/members/:memberId',
      sample: "the member's own row (leaving), fresh per caller",
      params: async (fixture, _c, world) => {
        const id = await newGuild(world, fixture);
        return { id, memberId: await joinAs(world.server, fixture.users.member, id) };
      },
      expect: GUILD_READERS,
    },
  ],
};
