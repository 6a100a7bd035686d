import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guilds } from '../../db/schema/guilds';
import { buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { buildGuildWorld, createGuildAs, type GuildWorld, joinAs, postMessageAs } from './test-support';

let server: TestServer;
let world: GuildWorld;
beforeAll(async () => {
  server = await startTestServer();
  world = await buildGuildWorld(server);
});
afterAll(() => server.close());

const orgPath = () => `/api/organizations/${world.organization.id}`;
const errorCode = (body: { errors: { code: string }[] }) => body.errors[0]?.code;

describe('guild CRUD', () => {
  it('creates a guild with tags and a header image; the creator is its first, joined member', async () => {
    const header = `/api/images/${'a'.repeat(32)}`;
    const response = await server.request(`${orgPath()}/guilds`, {
      method: 'POST',
      token: world.member.token,
      json: {
        guild: { name: ' Yoga ', description: 'Stretch 🧘', tags: 'yoga、 health ,', public_range: 'private', header_image_url: header },
      },
    });
    expect(response.status).toBe(201);
    expect(response.body.data.type).toBe('guilds');
    expect(response.body.data.attributes).toMatchObject({
      name: 'Yoga',
      description: 'Stretch 🧘',
      tags: ['yoga', 'health'],
      'public-range': 'private',
      'header-image-url': header,
      'members-count': 1,
      'my-status': 'joined',
      'can-manage': true,
      'author-member-id': world.member.membership!.id,
    });
    expect(response.body.included).toEqual([
      expect.objectContaining({
        type: 'guild-members',
        attributes: expect.objectContaining({ status: 'joined', author: true, name: 'Member' }),
      }),
    ]);
  });

  it.each([
    ['duplicate tags', { name: 'x', tags: 'a, b, a' }, '/guild/tags', 'validation.duplicateTags'],
    ['empty name', { name: '  ' }, '/guild/name', 'validation.required'],
    ['name too long (graphemes)', { name: '👨‍👩‍👧'.repeat(51) }, '/guild/name', 'validation.tooLong'],
    ['unknown public range', { name: 'x', public_range: 'secret' }, '/guild/public_range', 'validation.oneOf'],
    [
      'a header image from elsewhere',
      { name: 'x', header_image_url: 'https://evil.example/a.png' },
      '/guild/header_image_url',
      'validation.invalidFormat',
    ],
    ['an unknown key', { name: 'x', owner: 1 }, '/guild/owner', 'validation.unknownKey'],
  ])('refuses %s with a coded 422', async (_name, guild, pointer, code) => {
    const response = await server.request(`${orgPath()}/guilds`, { method: 'POST', token: world.member.token, json: { guild } });
    expect(response.status).toBe(422);
    expect(response.body.errors).toContainEqual(expect.objectContaining({ code, source: { pointer } }));
    // Translated (Japanese by default).
    expect(response.body.errors[0].title).not.toBe(code);
  });

  it('accepts 50 emoji as a 50-grapheme name', async () => {
    const id = await createGuildAs(server, world.member, world.organization.id, { name: '👨‍👩‍👧'.repeat(50) });
    expect(id).toBeGreaterThan(0);
  });

  it('lists public guilds and the caller’s own, filtered by tags (all given) and name', async () => {
    const asOutsider = await server.request(`${orgPath()}/guilds?per=100`, { token: world.outsider.token });
    const names = asOutsider.body.data.map((guild: { attributes: { name: string } }) => guild.attributes.name);
    expect(names).toContain('Runners');
    expect(names).not.toContain('Secret club');
    const asMember = await server.request(`${orgPath()}/guilds?q[tags][]=running&per=100`, { token: world.member.token });
    expect(asMember.body.data.map((guild: { attributes: { name: string } }) => guild.attributes.name).sort()).toEqual([
      'Runners',
      'Secret club',
    ]);
    const both = await server.request(`${orgPath()}/guilds?q[tags][]=running&q[tags][]=morning`, { token: world.member.token });
    expect(both.body.data.map((guild: { attributes: { name: string } }) => guild.attributes.name)).toEqual(['Runners']);
    expect(both.body.meta).toMatchObject({ 'total-count': 1, 'current-page': 1 });
    const byName = await server.request(`${orgPath()}/guilds?q[name]=secr`, { token: world.member.token });
    expect(byName.body.data.map((guild: { attributes: { name: string } }) => guild.attributes.name)).toEqual(['Secret club']);
    expect(byName.body.data[0].attributes['my-status']).toBe('joined');
  });

  it('suggests the 5 most-used tags with q[most_used]=true&per=5', async () => {
    const organization = world.organization.id;
    for (const tags of ['a, b, c', 'a, b, d', 'a, e, f', 'a, b, g'])
      await createGuildAs(server, world.outsider, organization, { name: `T ${tags}`, tags });
    const response = await server.request(`${orgPath()}/guild_tags?q[most_used]=true&per=5`, { token: world.outsider.token });
    expect(response.status).toBe(200);
    const tags = response.body.data.map((tag: { id: string; attributes: { name: string; 'guilds-count': number } }) => [
      tag.attributes.name,
      tag.attributes['guilds-count'],
    ]);
    expect(tags).toHaveLength(5);
    expect(tags[0]).toEqual(['a', 4]);
    expect(tags[1]).toEqual(['b', 3]);
    expect(response.body.data[0].type).toBe('guild-tags');
  });

  it('refuses a bad query parameter with 400 naming it', async () => {
    const response = await server.request(`${orgPath()}/guild_tags?q[most_used]=maybe`, { token: world.member.token });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({ code: 'request.invalidParameter', source: { parameter: 'q[most_used]' } });
  });

  it('shows a private guild to its members and managers, 404 to other members and other organisations', async () => {
    const path = `${orgPath()}/guilds/${world.privateGuildId}`;
    expect((await server.request(path, { token: world.member.token })).status).toBe(200);
    expect((await server.request(path, { token: world.manager.token })).status).toBe(200);
    expect((await server.request(path, { token: world.outsider.token })).status).toBe(404);
    expect((await server.request(path, { token: world.stranger.token })).status).toBe(403);
    // A guild id under the wrong organisation is not found.
    const stranger = world.stranger.membership!.organizationId;
    expect(
      (await server.request(`/api/organizations/${stranger}/guilds/${world.publicGuildId}`, { token: world.stranger.token })).status,
    ).toBe(404);
  });

  it('lets the author and managers edit; other members get 403', async () => {
    const id = await createGuildAs(server, world.author, world.organization.id, { name: 'Editable', tags: 'x' });
    const path = `${orgPath()}/guilds/${id}`;
    const refused = await server.request(path, { method: 'PUT', token: world.member.token, json: { guild: { name: 'Nope' } } });
    expect(refused.status).toBe(403);
    const edited = await server.request(path, {
      method: 'PUT',
      token: world.manager.token,
      json: { guild: { name: 'Edited', tags: ['x', 'y'] } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.attributes).toMatchObject({ name: 'Edited', tags: ['x', 'y'] });
    const duplicate = await server.request(path, { method: 'PUT', token: world.author.token, json: { guild: { tags: ['x', ' x'] } } });
    expect(duplicate.status).toBe(422);
    expect(errorCode(duplicate.body)).toBe('validation.duplicateTags');
    expect((await server.request(path, { method: 'DELETE', token: world.member.token })).status).toBe(403);
    expect((await server.request(path, { method: 'DELETE', token: world.author.token })).status).toBe(204);
    expect((await server.request(path, { token: world.author.token })).status).toBe(404);
  });
});

describe('membership', () => {
  it('joins a public guild directly, refuses joining twice', async () => {
    const id = await createGuildAs(server, world.author, world.organization.id, { name: 'Open' });
    const joined = await server.request(`/api/guilds/${id}/members/join`, { method: 'POST', token: world.outsider.token });
    expect(joined.status).toBe(201);
    expect(joined.body.data).toMatchObject({ type: 'guild-members', attributes: { status: 'joined', name: 'Outsider', role: '' } });
    const again = await server.request(`/api/guilds/${id}/members/join`, { method: 'POST', token: world.outsider.token });
    expect(again.status).toBe(409);
    expect(errorCode(again.body)).toBe('guild.alreadyMember');
  });

  it('a private guild needs an invitation and its accept step; only the invitee accepts', async () => {
    const id = await createGuildAs(server, world.author, world.organization.id, { name: 'Closed', public_range: 'private' });
    const selfJoin = await server.request(`/api/guilds/${id}/members/join`, { method: 'POST', token: world.outsider.token });
    // Not even visible to them before the invitation.
    expect(selfJoin.status).toBe(404);
    const invite = await server.request(`/api/guilds/${id}/members/join`, {
      method: 'POST',
      token: world.author.token,
      json: { guild_member: { organization_member_id: world.outsider.membership!.id } },
    });
    expect(invite.status).toBe(201);
    expect(invite.body.data.attributes.status).toBe('invited');
    const invitation = invite.body.data.id;
    // Invited: sees the guild, cannot read or post yet.
    const seen = await server.request(`${orgPath()}/guilds/${id}`, { token: world.outsider.token });
    expect(seen.body.data.attributes).toMatchObject({ 'my-status': 'invited', 'can-read': false });
    expect((await server.request(`/api/guilds/${id}/messages`, { token: world.outsider.token })).status).toBe(404);
    const byOther = await server.request(`/api/guilds/${id}/members/${invitation}/accept_invitation`, {
      method: 'PUT',
      token: world.member.token,
    });
    expect(byOther.status).toBe(404);
    const accepted = await server.request(`/api/guilds/${id}/members/${invitation}/accept_invitation`, {
      method: 'PUT',
      token: world.outsider.token,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.attributes.status).toBe('joined');
    const twice = await server.request(`/api/guilds/${id}/members/${invitation}/accept_invitation`, {
      method: 'PUT',
      token: world.outsider.token,
    });
    expect(twice.status).toBe(409);
    expect(errorCode(twice.body)).toBe('guild.notInvited');
  });

  it('refuses inviting someone of another organisation, and inviting twice', async () => {
    const path = `/api/guilds/${world.publicGuildId}/members/join`;
    const foreign = await server.request(path, {
      method: 'POST',
      token: world.author.token,
      json: { guild_member: { organization_member_id: world.stranger.membership!.id } },
    });
    expect(foreign.status).toBe(422);
    expect(errorCode(foreign.body)).toBe('guild.inviteeUnavailable');
    const already = await server.request(path, {
      method: 'POST',
      token: world.author.token,
      json: { guild_member: { organization_member_id: world.member.membership!.id } },
    });
    expect(already.status).toBe(409);
  });

  it('refuses a private guild join without invitation for a manager who can see it', async () => {
    const response = await server.request(`/api/guilds/${world.privateGuildId}/members/join`, {
      method: 'POST',
      token: world.manager.token,
    });
    expect(response.status).toBe(403);
    expect(errorCode(response.body)).toBe('guild.invitationRequired');
  });

  it('role labels are free text, editable by the member and the author, not by others', async () => {
    const id = await createGuildAs(server, world.author, world.organization.id, { name: 'Roles' });
    const memberRow = await joinAs(server, world.member, id);
    const outsiderRow = await joinAs(server, world.outsider, id);
    const path = `/api/guilds/${id}/members/${memberRow}`;
    const own = await server.request(path, { method: 'PUT', token: world.member.token, json: { guild_member: { role: 'コーチ 🏃' } } });
    expect(own.status).toBe(200);
    expect(own.body.data.attributes.role).toBe('コーチ 🏃');
    const byAuthor = await server.request(path, {
      method: 'PUT',
      token: world.author.token,
      json: { guild_member: { role: 'organiser' } },
    });
    expect(byAuthor.body.data.attributes.role).toBe('organiser');
    const byPeer = await server.request(path, { method: 'PUT', token: world.outsider.token, json: { guild_member: { role: 'x' } } });
    expect(byPeer.status).toBe(403);
    const tooLong = await server.request(path, {
      method: 'PUT',
      token: world.member.token,
      json: { guild_member: { role: 'x'.repeat(31) } },
    });
    expect(tooLong.status).toBe(422);
    // Removal by the author, leaving oneself; the author cannot leave.
    expect((await server.request(`/api/guilds/${id}/members/${outsiderRow}`, { method: 'DELETE', token: world.member.token })).status).toBe(
      403,
    );
    expect((await server.request(`/api/guilds/${id}/members/${outsiderRow}`, { method: 'DELETE', token: world.author.token })).status).toBe(
      204,
    );
    expect((await server.request(path, { method: 'DELETE', token: world.member.token })).status).toBe(204);
    const detail = await server.request(`${orgPath()}/guilds/${id}`, { token: world.author.token });
    expect(detail.body.data.attributes['members-count']).toBe(1);
    const authorRow = detail.body.included.find((row: { attributes: { author: boolean } }) => row.attributes.author).id;
    const leave = await server.request(`/api/guilds/${id}/members/${authorRow}`, { method: 'DELETE', token: world.author.token });
    expect(leave.status).toBe(422);
    expect(errorCode(leave.body)).toBe('guild.authorCannotLeave');
  });
});

describe('messages', () => {
  const messagesPath = () => `/api/guilds/${world.publicGuildId}/messages`;

  it('posts text with images; shows them newest first; pages back with `before`', async () => {
    const image = `/api/images/${'b'.repeat(32)}`;
    const posted = await server.request(messagesPath(), {
      method: 'POST',
      token: world.member.token,
      json: { guild_message: { body: 'first <b>hi</b>', image_urls: [image] } },
    });
    expect(posted.status).toBe(201);
    expect(posted.body.data).toMatchObject({
      type: 'guild-messages',
      attributes: { body: 'first <b>hi</b>', 'image-urls': [image], 'author-name': 'Member', mine: true, reactions: [] },
    });
    const second = await postMessageAs(server, world.author, world.publicGuildId, 'second');
    const list = await server.request(`${messagesPath()}?per=1`, { token: world.member.token });
    expect(list.body.data.map((message: { id: string }) => Number(message.id))).toEqual([second]);
    expect(list.body.meta['last-event-id']).toBeGreaterThan(0);
    const older = await server.request(`${messagesPath()}?per=5&before=${second}`, { token: world.member.token });
    expect(older.body.data[0].id).toBe(posted.body.data.id);
  });

  it.each([
    ['empty', { body: '   ' }, 'validation.required'],
    ['no body at all', {}, 'validation.required'],
    ['over 1000 graphemes', { body: 'a'.repeat(1001) }, 'validation.tooLong'],
    [
      'too many images',
      { body: 'x', image_urls: Array.from({ length: 5 }, (_, i) => `/api/images/${String(i).repeat(32)}`) },
      'validation.tooLong',
    ],
    ['a foreign image url', { body: 'x', image_urls: ['javascript:alert(1)'] }, 'validation.invalidFormat'],
  ])('refuses a message that is %s', async (_name, message, code) => {
    const response = await server.request(messagesPath(), { method: 'POST', token: world.member.token, json: { guild_message: message } });
    expect(response.status).toBe(422);
    expect(errorCode(response.body)).toBe(code);
  });

  it('counts graphemes: 1000 family emoji pass', async () => {
    const response = await server.request(messagesPath(), {
      method: 'POST',
      token: world.member.token,
      json: { guild_message: { body: '👨‍👩‍👧'.repeat(1000) } },
    });
    expect(response.status).toBe(201);
  });

  it('refuses one "grapheme" of many combining marks: clusters are capped at 32 code points', async () => {
    const zalgo = `a${'\u0301'.repeat(20_000)}`;
    const message = await server.request(messagesPath(), {
      method: 'POST',
      token: world.member.token,
      json: { guild_message: { body: zalgo } },
    });
    expect(message.status).toBe(422);
    expect(message.body.errors[0]).toMatchObject({ code: 'validation.clusterTooLong', source: { pointer: '/guild_message/body' } });
    const guild = await server.request(`${orgPath()}/guilds`, {
      method: 'POST',
      token: world.member.token,
      json: { guild: { name: zalgo } },
    });
    expect(guild.status).toBe(422);
    // Past name's max × 64 UTF-16 units: too long, found before looking at clusters.
    expect(errorCode(guild.body)).toBe('validation.tooLong');
    const huge = await server.request(messagesPath(), {
      method: 'POST',
      token: world.member.token,
      json: { guild_message: { body: `a${'\u0301'.repeat(100_000)}` } },
    });
    expect(huge.status).toBe(413);
    expect(errorCode(huge.body)).toBe('request.tooLarge');
  });

  it('needs membership to post: a non-joined member gets guild.notMember, a non-member of a private guild 404', async () => {
    const notJoined = await server.request(messagesPath(), {
      method: 'POST',
      token: world.outsider.token,
      json: { guild_message: { body: 'hi' } },
    });
    expect(notJoined.status).toBe(403);
    expect(errorCode(notJoined.body)).toBe('guild.notMember');
    const hidden = await server.request(`/api/guilds/${world.privateGuildId}/messages`, {
      method: 'POST',
      token: world.outsider.token,
      json: { guild_message: { body: 'hi' } },
    });
    expect(hidden.status).toBe(404);
    // Public guilds are readable by every member of the organisation.
    expect((await server.request(messagesPath(), { token: world.outsider.token })).status).toBe(200);
  });

  it('only the author edits or deletes a message: 403 for another member and for a manager', async () => {
    const id = await postMessageAs(server, world.member, world.publicGuildId, 'mine');
    const path = `${messagesPath()}/${id}`;
    for (const other of [world.author, world.manager]) {
      expect((await server.request(path, { method: 'PUT', token: other.token, json: { guild_message: { body: 'theirs' } } })).status).toBe(
        403,
      );
      expect((await server.request(path, { method: 'DELETE', token: other.token })).status).toBe(403);
    }
    const edited = await server.request(path, { method: 'PUT', token: world.member.token, json: { guild_message: { body: 'edited' } } });
    expect(edited.status).toBe(200);
    expect(edited.body.data.attributes.body).toBe('edited');
    expect(edited.body.data.attributes['edited-at']).not.toBeNull();
    expect((await server.request(path, { method: 'DELETE', token: world.member.token })).status).toBe(204);
    expect((await server.request(path, { token: world.member.token })).status).toBe(404);
  });

  it('a pinned message shows on the guild and cannot be deleted until unpinned', async () => {
    const id = await postMessageAs(server, world.member, world.publicGuildId, 'pin me');
    const pinPath = `${orgPath()}/guilds/${world.publicGuildId}/pinned_message`;
    expect(
      (await server.request(pinPath, { method: 'PUT', token: world.member.token, json: { guild: { pinned_message_id: id } } })).status,
    ).toBe(403);
    const pinned = await server.request(pinPath, { method: 'PUT', token: world.author.token, json: { guild: { pinned_message_id: id } } });
    expect(pinned.status).toBe(200);
    expect(pinned.body.data.attributes['pinned-message-id']).toBe(id);
    expect(pinned.body.data.relationships['pinned-message'].data).toEqual({ type: 'guild-messages', id: String(id) });
    expect(pinned.body.included).toContainEqual(
      expect.objectContaining({ type: 'guild-messages', id: String(id), attributes: expect.objectContaining({ body: 'pin me' }) }),
    );
    const refused = await server.request(`${messagesPath()}/${id}`, {
      method: 'DELETE',
      token: world.member.token,
      headers: { 'accept-language': 'en' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({ code: 'guild.pinnedMessageUndeletable', title: 'A pinned message cannot be deleted' });
    const otherGuildMessage = await postMessageAs(server, world.member, world.privateGuildId, 'elsewhere');
    const wrong = await server.request(pinPath, {
      method: 'PUT',
      token: world.author.token,
      json: { guild: { pinned_message_id: otherGuildMessage } },
    });
    expect(wrong.status).toBe(422);
    expect(errorCode(wrong.body)).toBe('guild.pinnedMessageInvalid');
    const unpinned = await server.request(pinPath, {
      method: 'PUT',
      token: world.manager.token,
      json: { guild: { pinned_message_id: null } },
    });
    expect(unpinned.body.data.attributes['pinned-message-id']).toBeNull();
    expect((await server.request(`${messagesPath()}/${id}`, { method: 'DELETE', token: world.member.token })).status).toBe(204);
  });

  it('a pinned message stays pinned when its author leaves; if the author leaves the organisation, nothing shows pinned', async () => {
    const leaver = await buildUser(server, { organization: world.organization, name: 'Leaver' });
    const row = await joinAs(server, leaver, world.publicGuildId);
    const id = await postMessageAs(server, leaver, world.publicGuildId, 'pinned, then left');
    const pinPath = `${orgPath()}/guilds/${world.publicGuildId}/pinned_message`;
    expect(
      (await server.request(pinPath, { method: 'PUT', token: world.author.token, json: { guild: { pinned_message_id: id } } })).status,
    ).toBe(200);
    expect(
      (await server.request(`/api/guilds/${world.publicGuildId}/members/${row}`, { method: 'DELETE', token: leaver.token })).status,
    ).toBe(204);
    const guildPath = `${orgPath()}/guilds/${world.publicGuildId}`;
    expect((await server.request(guildPath, { token: world.member.token })).body.data.attributes['pinned-message-id']).toBe(id);
    // Still undeletable, by its author too, who can still read the public guild.
    expect((await server.request(`${messagesPath()}/${id}`, { method: 'DELETE', token: leaver.token })).status).toBe(409);
    // Removing the member from the organisation takes their messages with it (a cascade, not the guild service).
    expect(
      (await server.request(`${orgPath()}/members/${leaver.membership!.id}`, { method: 'DELETE', token: world.manager.token })).status,
    ).toBe(204);
    const after = await server.request(guildPath, { token: world.member.token });
    expect(after.body.data.attributes['pinned-message-id']).toBeNull();
    expect(after.body.data.relationships['pinned-message'].data).toBeNull();
    // Not only hidden: the column itself is cleared (foreign key ON DELETE SET NULL), so no id dangles.
    const [stored] = await server.db.db
      .select({ pinnedMessageId: guilds.pinnedMessageId })
      .from(guilds)
      .where(eq(guilds.id, world.publicGuildId));
    expect(stored).toEqual({ pinnedMessageId: null });
  });
});

describe('reactions', () => {
  it('toggles an emoji: counts, names and reacted-by-me per viewer', async () => {
    const id = await postMessageAs(server, world.author, world.publicGuildId, 'react to me');
    const path = `/api/guild_messages/${id}/reactions`;
    const added = await server.request(path, { method: 'POST', token: world.member.token, json: { message_reaction: { emoji: '👍🏽' } } });
    expect(added.status).toBe(201);
    await server.request(path, { method: 'POST', token: world.author.token, json: { message_reaction: { emoji: '👍🏽' } } });
    // Adding twice is harmless.
    await server.request(path, { method: 'POST', token: world.author.token, json: { message_reaction: { emoji: '👍🏽' } } });
    const shown = await server.request(`/api/guilds/${world.publicGuildId}/messages/${id}`, { token: world.member.token });
    expect(shown.body.data.attributes.reactions).toEqual([{ emoji: '👍🏽', count: 2, 'reacted-by-me': true, names: ['Member', 'Author'] }]);
    const removed = await server.request(path, {
      method: 'DELETE',
      token: world.member.token,
      json: { message_reaction: { emoji: '👍🏽' } },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data.attributes.reactions).toEqual([{ emoji: '👍🏽', count: 1, 'reacted-by-me': false, names: ['Author'] }]);
    const byQuery = await server.request(`${path}?message_reaction[emoji]=${encodeURIComponent('👍🏽')}`, {
      method: 'DELETE',
      token: world.author.token,
    });
    expect(byQuery.body.data.attributes.reactions).toEqual([]);
  });

  it('counts equal-looking spellings of an emoji as one reaction (variation selectors, a stray joiner)', async () => {
    const id = await postMessageAs(server, world.author, world.publicGuildId, 'one thumb');
    const path = `/api/guild_messages/${id}/reactions`;
    await server.request(path, { method: 'POST', token: world.member.token, json: { message_reaction: { emoji: '👍' } } });
    const both = await server.request(path, {
      method: 'POST',
      token: world.author.token,
      json: { message_reaction: { emoji: '👍\uFE0F' } },
    });
    expect(both.body.data.attributes.reactions).toEqual([{ emoji: '👍', count: 2, 'reacted-by-me': true, names: ['Member', 'Author'] }]);
    await server.request(path, { method: 'POST', token: world.member.token, json: { message_reaction: { emoji: '👍\uFE0E\u200D' } } });
    // Removing with another spelling (here in the query) removes the same reaction.
    const removed = await server.request(`${path}?message_reaction[emoji]=${encodeURIComponent('👍\uFE0F')}`, {
      method: 'DELETE',
      token: world.author.token,
    });
    expect(removed.body.data.attributes.reactions).toEqual([{ emoji: '👍', count: 1, 'reacted-by-me': false, names: ['Member'] }]);
  });

  it.each([
    ['text', 'ok'],
    ['two emoji', '👍👍'],
    ['a shortcode', ':+1:'],
    ['nothing', ''],
  ])('refuses %s as an emoji', async (_name, emoji) => {
    const id = await postMessageAs(server, world.author, world.publicGuildId, 'x');
    const response = await server.request(`/api/guild_messages/${id}/reactions`, {
      method: 'POST',
      token: world.member.token,
      json: { message_reaction: { emoji } },
    });
    expect(response.status).toBe(422);
    expect(errorCode(response.body)).toBe('validation.invalidFormat');
  });

  it('reacting to a message of another organisation’s guild is 404; of an unjoined public guild 403', async () => {
    const id = await postMessageAs(server, world.author, world.publicGuildId, 'x');
    const foreign = await server.request(`/api/guild_messages/${id}/reactions`, {
      method: 'POST',
      token: world.stranger.token,
      json: { message_reaction: { emoji: '👍' } },
    });
    expect(foreign.status).toBe(404);
    const outsider = await server.request(`/api/guild_messages/${id}/reactions`, {
      method: 'POST',
      token: world.outsider.token,
      json: { message_reaction: { emoji: '👍' } },
    });
    expect(outsider.status).toBe(403);
    expect(
      (
        await server.request(`/api/guild_messages/999999/reactions`, {
          method: 'POST',
          token: world.member.token,
          json: { message_reaction: { emoji: '👍' } },
        })
      ).status,
    ).toBe(404);
  });
});

describe('dashboards', () => {
  it('guilds_summary: organisation figures for managers, one guild for its author, 403 for members', async () => {
    const summary = await server.request(`${orgPath()}/guilds_summary`, { token: world.manager.token });
    expect(summary.status).toBe(200);
    const attributes = summary.body.data.attributes;
    expect(summary.body.data.type).toBe('guilds-summaries');
    expect(attributes['guilds-count']).toBeGreaterThanOrEqual(2);
    expect(attributes['messages-count']).toBeGreaterThan(0);
    expect(attributes.days).toHaveLength(30);
    expect(attributes['participation-rate']).toBeGreaterThan(0);
    expect((await server.request(`${orgPath()}/guilds_summary`, { token: world.member.token })).status).toBe(403);
    const one = await server.request(`${orgPath()}/guilds_summary?guild_id=${world.publicGuildId}&from=2020-01-01&to=2099-12-31`, {
      token: world.author.token,
    });
    expect(one.status).toBe(400);
    const guild = await server.request(`${orgPath()}/guilds_summary?guild_id=${world.publicGuildId}`, { token: world.author.token });
    expect(guild.status).toBe(200);
    expect(guild.body.data.attributes['guilds-count']).toBe(1);
    expect(guild.body.data.attributes['top-posters'][0]).toHaveProperty('messages-count');
    expect(
      (await server.request(`${orgPath()}/guilds_summary?guild_id=${world.publicGuildId}`, { token: world.member.token })).status,
    ).toBe(403);
  });

  it('guilds_participation_rate by age range and affiliation', async () => {
    const byAge = await server.request(`${orgPath()}/guilds_participation_rate?type=age`, { token: world.manager.token });
    expect(byAge.status).toBe(200);
    const unknown = byAge.body.data.find((row: { attributes: { key: string } }) => row.attributes.key === 'unknown');
    // Nobody in the world has a birthday: its 4 members are "unknown"; author and member (2 at least) take part.
    expect(unknown.attributes['members-count']).toBe(4);
    expect(unknown.attributes['participants-count']).toBeGreaterThanOrEqual(2);
    expect((await server.request(`${orgPath()}/guilds_participation_rate?type=zodiac`, { token: world.manager.token })).status).toBe(400);
    expect((await server.request(`${orgPath()}/guilds_participation_rate?type=belonging`, { token: world.member.token })).status).toBe(403);
  });

  it('all_guilds lists private guilds too, for managers', async () => {
    const response = await server.request(`${orgPath()}/all_guilds?per=100`, { token: world.manager.token });
    expect(response.status).toBe(200);
    const names = response.body.data.map((guild: { attributes: { name: string } }) => guild.attributes.name);
    expect(names).toContain('Secret club');
    expect(response.body.data[0].attributes).toHaveProperty('messages-count');
  });
});

it('an admin without a membership sees every guild but cannot post (no member to post as)', async () => {
  const admin = await buildUser(server, { role: 'admin' });
  expect((await server.request(`${orgPath()}/guilds/${world.privateGuildId}`, { token: admin.token })).status).toBe(200);
  const post = await server.request(`/api/guilds/${world.privateGuildId}/messages`, {
    method: 'POST',
    token: admin.token,
    json: { guild_message: { body: 'hi' } },
  });
  expect(post.status).toBe(403);
});
