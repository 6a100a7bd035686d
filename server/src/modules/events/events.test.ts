import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMessages, events } from '../../db/schema/events';
import type { OrganizationRow } from '../../db/schema/organizations';
import { outbox } from '../../db/schema/outbox';
import { type BuiltUser, buildOrganization, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { addEventMember, buildEvent } from './test-support';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

describe('events (organisation)', () => {
  let server: TestServer;
  let acme: OrganizationRow;
  let globex: OrganizationRow;
  let author: BuiltUser;
  let colleague: BuiltUser;
  let manager: BuiltUser;
  let outsider: BuiltUser;
  const base = () => `/api/organizations/${acme.id}/events`;

  beforeAll(async () => {
    server = await startTestServer();
    acme = await buildOrganization(server);
    globex = await buildOrganization(server);
    [author, colleague, manager, outsider] = await Promise.all([
      buildUser(server, { organization: acme, name: 'Author' }),
      buildUser(server, { organization: acme, name: 'Colleague' }),
      buildUser(server, { organization: acme, memberRole: 'manager', name: 'Manager' }),
      buildUser(server, { organization: globex }),
    ]);
  });
  afterAll(() => server.close());

  const validEvent = (overrides: Record<string, unknown> = {}) => ({
    event: { name: 'Morning walk', started_at: inDays(3), ended_at: new Date(Date.now() + 3 * DAY + 2 * HOUR).toISOString(), ...overrides },
  });
  const create = async (overrides: Record<string, unknown> = {}, token = author.token) => {
    const response = await server.request(base(), { method: 'POST', token, json: validEvent(overrides) });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data as { id: string; attributes: Record<string, any> };
  };
  const join = (eventId: string | number, user: BuiltUser, body?: Record<string, unknown>) =>
    server.request(`${base()}/${eventId}/members/join`, {
      method: 'POST',
      token: user.token,
      json: { event_member: { organization_member_id: user.membership?.id, ...body } },
    });

  describe('POST events', () => {
    it('creates an event with tags, a poll and the author as its first member', async () => {
      const response = await server.request(base(), {
        method: 'POST',
        token: author.token,
        json: validEvent({
          description: 'Meet at the gate',
          location: 'Main gate',
          apply_minimum: 2,
          apply_maximum: 10,
          tags: 'walking, 初心者歓迎、 free',
          public_range: 'public',
          poll_items: ['7:00', '8:00'],
        }),
      });
      expect(response.status).toBe(201);
      const { data, included } = response.body;
      expect(data.attributes).toMatchObject({
        name: 'Morning walk',
        location: 'Main gate',
        // Presets are stored as keys (each reader sees them in their language); other tags as typed.
        tags: ['walking', 'preset:beginnersWelcome', 'preset:free'],
        'apply-maximum': 10,
        'joined-count': 0,
        'my-role': 'author',
        'my-status': 'joined',
        'can-manage': true,
        cancel: false,
        'externally-published': false,
      });
      expect(included).toEqual([
        expect.objectContaining({ type: 'event-members', attributes: expect.objectContaining({ role: 'author', name: 'Author' }) }),
      ]);

      const poll = await server.request(`/api/polls/${data.attributes['poll-id']}`, { token: author.token });
      expect(poll.body.included.map((item: any) => item.attributes.text)).toEqual(['7:00', '8:00']);
    });

    it('enqueues slack.event_created only when the send-notification flag is on', async () => {
      const quiet = await create({ name: 'Quiet one' });
      const loud = await create({ name: 'Loud one', send_notification: true });
      const rows = await server.db.db.select().from(outbox).where(eq(outbox.topic, 'slack.event_created'));
      const ids = rows.map((row) => (row.payload as { eventId: number }).eventId);
      expect(ids).toContain(Number(loud.id));
      expect(ids).not.toContain(Number(quiet.id));
      expect(rows.find((row) => (row.payload as { eventId: number }).eventId === Number(loud.id))).toMatchObject({
        organizationId: acme.id,
        payload: { name: 'Loud one', path: `/events/${loud.id}` },
      });
    });

    it.each([
      ['end before start', { ended_at: inDays(2) }, 'validation.endAfterStart', '/event/ended_at', 'The end must be later than the start'],
      [
        'a deadline after the start',
        { recruitment_deadline: inDays(4) },
        'event.deadlineAfterStart',
        '/event/recruitment_deadline',
        'The recruitment deadline must be on or before the start',
      ],
      [
        'applyMinimum above applyMaximum',
        { apply_minimum: 5, apply_maximum: 3 },
        'event.minimumAboveMaximum',
        '/event/apply_minimum',
        'The minimum number of applicants must not exceed the maximum',
      ],
      [
        'an over-long name counted in graphemes',
        { name: '👨‍👩‍👧'.repeat(101) },
        'validation.tooLong',
        '/event/name',
        'Enter 100 or fewer characters',
      ],
      ['duplicate tags', { tags: 'yoga, Yoga , yoga' }, 'validation.duplicateTags', '/event/tags', 'Tags must not repeat: yoga'],
      [
        'a date outside 1900..2099',
        { started_at: '2100-01-01T00:00:00.000Z' },
        'validation.dateOutOfRange',
        '/event/started_at',
        'Enter a date from 1900-01-01 to 2099-12-31',
      ],
      [
        'a start that is no date',
        { started_at: 'tomorrow', recruitment_deadline: 'soon' },
        'validation.invalidFormat',
        '/event/started_at',
        'The format is not valid',
      ],
      [
        'a header image that is no URL',
        { header_image_url: 'javascript:alert(1)' },
        'validation.invalidFormat',
        '/event/header_image_url',
        'The format is not valid',
      ],
    ])('refuses %s with a coded, translated 422', async (_case, overrides, code, pointer, detail) => {
      const response = await server.request(base(), {
        method: 'POST',
        token: author.token,
        json: validEvent(overrides),
        headers: { 'accept-language': 'en' },
      });
      expect(response.status).toBe(422);
      expect(response.body.errors).toContainEqual(expect.objectContaining({ code, source: { pointer }, detail }));
    });

    it.each([
      null,
      [],
      'event',
      { event: null },
      { event: [] },
      { event: { name: 5, started_at: 1, ended_at: true, tags: 7, poll_items: 'a', apply_maximum: '3' } },
    ])('answers %j with a coded 4xx, never a 500', async (body) => {
      const response = await server.request(base(), {
        method: 'POST',
        token: author.token,
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.body.errors[0].code).toMatch(/^(validation|request)\./);
    });

    it('accepts a 100-grapheme name made of family emoji', async () => {
      const event = await create({ name: '👨‍👩‍👧'.repeat(100) });
      expect(event.attributes.name).toBe('👨‍👩‍👧'.repeat(100));
    });

    it('refuses a platform admin without membership (no author) and another organisation', async () => {
      const admin = await buildUser(server, { role: 'admin' });
      const refused = await server.request(base(), { method: 'POST', token: admin.token, json: validEvent() });
      expect(refused.status).toBe(403);
      expect(refused.body.errors[0].code).toBe('event.membershipRequired');
      const other = await server.request(base(), { method: 'POST', token: outsider.token, json: validEvent() });
      expect(other.status).toBe(403);
    });
  });

  describe('GET events', () => {
    it('lists upcoming and past events, filters by tag, and hides private events from those not in them', async () => {
      const org = await buildOrganization(server);
      const [owner, viewer] = await Promise.all([buildUser(server, { organization: org }), buildUser(server, { organization: org })]);
      await buildEvent(server, org, owner, { name: 'Upcoming yoga', tags: ['yoga'] });
      await buildEvent(server, org, owner, { name: 'Upcoming run', tags: ['run'] });
      await buildEvent(server, org, owner, { name: 'Secret', publicRange: 'private' });
      await buildEvent(server, org, owner, { name: 'Past yoga', tags: ['yoga'], startsAt: new Date(Date.now() - 3 * DAY) });
      const list = async (query: string, token = viewer.token) =>
        (await server.request(`/api/organizations/${org.id}/events${query}`, { token })).body;

      const upcoming = await list('');
      expect(upcoming.data.map((event: any) => event.attributes.name)).toEqual(['Upcoming yoga', 'Upcoming run']);
      expect(upcoming.meta).toMatchObject({ 'total-count': 2, tags: expect.arrayContaining(['yoga', 'run']) });
      expect((await list('?period=past')).data.map((event: any) => event.attributes.name)).toEqual(['Past yoga']);
      expect((await list('?tag=yoga')).data.map((event: any) => event.attributes.name)).toEqual(['Upcoming yoga']);
      expect((await list('', owner.token)).data.map((event: any) => event.attributes.name)).toContain('Secret');
      expect((await server.request(`/api/organizations/${org.id}/events?period=soon`, { token: viewer.token })).status).toBe(400);
    });

    it('stores preset tags as keys whatever language they were written in, and filters by a label in any language', async () => {
      const org = await buildOrganization(server);
      const [ja, en] = await Promise.all([buildUser(server, { organization: org }), buildUser(server, { organization: org })]);
      const post = (tags: string, token: string) =>
        server.request(`/api/organizations/${org.id}/events`, { method: 'POST', token, json: validEvent({ name: tags, tags }) });
      const byJa = await post('初心者歓迎、無料、散歩', ja.token);
      const byEn = await post('beginners WELCOME, Free, Online ＯＫ', en.token);
      expect(byJa.body.data.attributes.tags).toEqual(['preset:beginnersWelcome', 'preset:free', '散歩']);
      expect(byEn.body.data.attributes.tags).toEqual(['preset:beginnersWelcome', 'preset:free', 'preset:onlineOk']);
      const names = async (query: string) =>
        (await server.request(`/api/organizations/${org.id}/events${query}`, { token: en.token })).body.data.map(
          (event: any) => event.attributes.name,
        );
      expect(await names(`?tag=${encodeURIComponent('無料')}`)).toHaveLength(2);
      expect(await names('?tag=free')).toHaveLength(2);
      expect(await names('?tag=Online%20OK')).toEqual(['beginners WELCOME, Free, Online ＯＫ']);
      const edited = await server.request(`/api/organizations/${org.id}/events/${byJa.body.data.id}`, {
        method: 'PUT',
        token: ja.token,
        json: { event: { tags: '家族歓迎, 散歩' } },
      });
      expect(edited.body.data.attributes.tags).toEqual(['preset:familyWelcome', '散歩']);
    });

    it('answers 404 for a private event to a member who is not in it', async () => {
      const secret = await buildEvent(server, acme, author, { publicRange: 'private' });
      expect((await server.request(`${base()}/${secret.id}`, { token: colleague.token })).status).toBe(404);
      expect((await server.request(`${base()}/${secret.id}`, { token: manager.token })).status).toBe(200);
    });

    it("offers as filter only the tags of events the viewer may see (a private event's tags stay inside it)", async () => {
      await buildEvent(server, acme, author, { publicRange: 'private', tags: ['board-only-tag'] });
      await buildEvent(server, acme, author, { tags: ['open-tag'] });
      const tagsFor = async (user: BuiltUser) => (await server.request(base(), { token: user.token })).body.meta.tags as string[];
      expect(await tagsFor(colleague)).toContain('open-tag');
      expect(await tagsFor(colleague)).not.toContain('board-only-tag');
      expect(await tagsFor(author)).toContain('board-only-tag');
      expect(await tagsFor(manager)).toContain('board-only-tag');
    });
  });

  describe('joining', () => {
    it('joins, refuses a second join, and leaves', async () => {
      const event = await create();
      const joined = await join(event.id, colleague);
      expect(joined.status).toBe(201);
      expect(joined.body.data.attributes).toMatchObject({ role: 'member', status: 'joined', name: 'Colleague' });
      expect((await join(event.id, colleague)).body.errors[0].code).toBe('event.alreadyJoined');
      const detail = await server.request(`${base()}/${event.id}`, { token: colleague.token });
      expect(detail.body.data.attributes).toMatchObject({ 'joined-count': 1, 'my-status': 'joined', 'can-manage': false });

      const leave = await server.request(`${base()}/${event.id}/members/${joined.body.data.id}`, {
        method: 'DELETE',
        token: colleague.token,
      });
      expect(leave.status).toBe(204);
    });

    it.each([
      ['"99999999999999999999"', 'validation.invalidType'],
      ['2147483648', 'validation.tooBig'],
      ['0', 'validation.positive'],
      ['"12a"', 'validation.invalidType'],
    ])('refuses organization_member_id %s with a coded 422, never a 500', async (raw, code) => {
      const event = await create();
      const response = await server.request(`${base()}/${event.id}/members/join`, {
        method: 'POST',
        token: author.token,
        headers: { 'content-type': 'application/json' },
        body: `{"event_member":{"organization_member_id":${raw}}}`,
      });
      expect(response.status).toBe(422);
      expect(response.body.errors[0]).toMatchObject({ code, source: { pointer: '/event_member/organization_member_id' } });
    });

    it('takes the member id as digits in a string too', async () => {
      const event = await create();
      const joined = await join(event.id, colleague, { organization_member_id: String(colleague.membership?.id) });
      expect(joined.status).toBe(201);
    });

    it('refuses a join when full, after the recruitment deadline, and once cancelled', async () => {
      const full = await buildEvent(server, acme, author, { applyMaximum: 1 });
      expect((await join(full.id, colleague)).status).toBe(201);
      const refused = await join(full.id, manager);
      expect(refused.status).toBe(409);
      expect(refused.body.errors[0].code).toBe('event.full');

      const closed = await buildEvent(server, acme, author, { recruitmentDeadline: new Date(Date.now() - HOUR) });
      expect((await join(closed.id, colleague)).body.errors[0].code).toBe('event.registrationClosed');

      const cancelled = await buildEvent(server, acme, author, { cancel: true });
      expect((await join(cancelled.id, colleague)).body.errors[0].code).toBe('event.cancelled');

      const finished = await buildEvent(server, acme, author, { startsAt: new Date(Date.now() - 3 * HOUR) });
      expect((await join(finished.id, colleague)).body.errors[0].code).toBe('event.finished');
    });

    it("refuses lowering applyMaximum below the number already joining with the spec's message", async () => {
      const event = await create({ apply_maximum: 5 });
      await join(event.id, colleague);
      await join(event.id, manager);
      const response = await server.request(`${base()}/${event.id}`, {
        method: 'PUT',
        token: author.token,
        json: { event: { apply_maximum: 1 } },
        headers: { 'accept-language': 'en' },
      });
      expect(response.status).toBe(422);
      expect(response.body.errors[0]).toMatchObject({
        code: 'validation.maximumBelowJoined',
        source: { pointer: '/event/apply_maximum' },
        detail: 'The maximum must be at least the number already joining (2)',
      });
      const ok = await server.request(`${base()}/${event.id}`, {
        method: 'PUT',
        token: author.token,
        json: { event: { apply_maximum: 2 } },
      });
      expect(ok.status).toBe(200);
    });

    it('invites a colleague as co-host, who accepts and may then edit; only the invitee accepts', async () => {
      const event = await create();
      const invited = await server.request(`${base()}/${event.id}/members/join`, {
        method: 'POST',
        token: author.token,
        json: { event_member: { organization_member_id: colleague.membership?.id, role: 'manager' } },
      });
      expect(invited.status).toBe(201);
      expect(invited.body.data.attributes).toMatchObject({ role: 'manager', status: 'invited' });
      const acceptPath = `${base()}/${event.id}/members/${invited.body.data.id}/accept_invitation`;

      expect(
        (await server.request(`${base()}/${event.id}`, { method: 'PUT', token: colleague.token, json: { event: { name: 'x' } } })).status,
      ).toBe(403);
      expect((await server.request(acceptPath, { method: 'PUT', token: manager.token })).status).toBe(403);
      const accepted = await server.request(acceptPath, { method: 'PUT', token: colleague.token });
      expect(accepted.body.data.attributes).toMatchObject({ role: 'manager', status: 'joined' });
      expect((await server.request(acceptPath, { method: 'PUT', token: colleague.token })).body.errors[0].code).toBe('event.notInvited');

      const edited = await server.request(`${base()}/${event.id}`, {
        method: 'PUT',
        token: colleague.token,
        json: { event: { name: 'Co-hosted' } },
      });
      expect(edited.status).toBe(200);
      expect(edited.body.data.attributes).toMatchObject({ name: 'Co-hosted', 'my-role': 'manager', 'can-manage': true });
    });

    it('lets only organisers invite, and refuses someone outside the organisation', async () => {
      const event = await create();
      await join(event.id, colleague);
      const byMember = await server.request(`${base()}/${event.id}/members/join`, {
        method: 'POST',
        token: colleague.token,
        json: { event_member: { organization_member_id: manager.membership?.id } },
      });
      expect(byMember.status).toBe(403);
      const stranger = await server.request(`${base()}/${event.id}/members/join`, {
        method: 'POST',
        token: author.token,
        json: { event_member: { organization_member_id: outsider.membership?.id } },
      });
      expect(stranger.status).toBe(422);
      expect(stranger.body.errors[0].code).toBe('event.inviteeUnavailable');
    });

    it('keeps the author in: the author cannot leave', async () => {
      const event = await create();
      const detail = await server.request(`${base()}/${event.id}`, { token: author.token });
      const response = await server.request(`${base()}/${event.id}/members/${detail.body.data.attributes['my-event-member-id']}`, {
        method: 'DELETE',
        token: author.token,
      });
      expect(response.body.errors[0].code).toBe('event.authorCannotLeave');
    });
  });

  describe('organiser actions', () => {
    it('cancels with event.cancel=true (outbox row when notifying), then refuses edits', async () => {
      const event = await create({ send_notification: true });
      const cancelled = await server.request(`${base()}/${event.id}`, {
        method: 'PUT',
        token: author.token,
        json: { event: { cancel: true } },
      });
      expect(cancelled.body.data.attributes).toMatchObject({ cancel: true });
      const rows = await server.db.db.select().from(outbox).where(eq(outbox.topic, 'slack.event_cancelled'));
      expect(rows.map((row) => (row.payload as { eventId: number }).eventId)).toContain(Number(event.id));
      const edit = await server.request(`${base()}/${event.id}`, {
        method: 'PUT',
        token: author.token,
        json: { event: { name: 'again' } },
      });
      expect(edit.body.errors[0].code).toBe('event.cancelled');
    });

    it('publishes externally and unpublishes; refuses a member who is not an organiser', async () => {
      const event = await create();
      const put = (token: string, value: boolean) =>
        server.request(`${base()}/${event.id}`, { method: 'PUT', token, json: { event: { externally_published: value } } });
      expect((await put(colleague.token, true)).status).toBe(403);
      expect((await put(author.token, true)).body.data.attributes['externally-published']).toBe(true);
      expect((await server.request(`/api/shared_events/${event.id}`)).status).toBe(200);
      expect((await put(manager.token, false)).body.data.attributes['externally-published']).toBe(false);
      expect((await server.request(`/api/shared_events/${event.id}`)).status).toBe(404);
    });

    it('refuses publishing a private event externally, and making a published event private (make it public first)', async () => {
      const secret = await buildEvent(server, acme, author, { publicRange: 'private' });
      const put = (id: number | string, event: object) =>
        server.request(`${base()}/${id}`, { method: 'PUT', token: author.token, json: { event } });
      const refused = await put(secret.id, { externally_published: true });
      expect(refused.status).toBe(422);
      expect(refused.body.errors[0]).toMatchObject({
        code: 'event.privateNotPublishable',
        source: { pointer: '/event/externally_published' },
      });
      expect((await server.request(`/api/shared_events/${secret.id}`)).status).toBe(404);
      // Public and published in one call is fine.
      const both = await put(secret.id, { public_range: 'public', externally_published: true });
      expect(both.body.data.attributes).toMatchObject({ 'public-range': 'public', 'externally-published': true });
      const makePrivate = await put(secret.id, { public_range: 'private' });
      expect(makePrivate.body.errors[0]).toMatchObject({ code: 'event.privateNotPublishable', source: { pointer: '/event/public_range' } });
      // Unpublished and private in one call is fine, and the public page is gone.
      expect((await put(secret.id, { public_range: 'private', externally_published: false })).status).toBe(200);
      expect((await server.request(`/api/shared_events/${secret.id}`)).status).toBe(404);
      // A private event published before this rule existed is not served publicly either.
      const old = await buildEvent(server, acme, author, { publicRange: 'private', externallyPublished: true });
      expect((await server.request(`/api/shared_events/${old.id}`)).status).toBe(404);
    });

    it('deletes (organisers only)', async () => {
      const event = await create();
      expect((await server.request(`${base()}/${event.id}`, { method: 'DELETE', token: colleague.token })).status).toBe(403);
      expect((await server.request(`${base()}/${event.id}`, { method: 'DELETE', token: author.token })).status).toBe(204);
      expect(
        await server.db.db
          .select()
          .from(events)
          .where(eq(events.id, Number(event.id))),
      ).toEqual([]);
    });
  });

  describe('messages, reactions and polls', () => {
    it('lets participants chat before the event and post retrospection after it, with images', async () => {
      const upcoming = await buildEvent(server, acme, author);
      await addEventMember(server, upcoming.id, colleague);
      const messages = `${base()}/${upcoming.id}/messages`;
      const notJoined = await server.request(messages, { method: 'POST', token: manager.token, json: { event_message: { body: 'hi' } } });
      expect(notJoined.status).toBe(403);
      expect(notJoined.body.errors[0].code).toBe('event.notParticipant');
      const chat = await server.request(messages, {
        method: 'POST',
        token: colleague.token,
        json: { event_message: { body: 'See you!' } },
      });
      expect(chat.status).toBe(201);
      expect(chat.body.data.attributes).toMatchObject({
        kind: 'chat',
        body: 'See you!',
        'author-name': 'Colleague',
        mine: true,
        reactions: [],
      });
      const empty = await server.request(messages, { method: 'POST', token: colleague.token, json: { event_message: { body: ' ' } } });
      expect(empty.body.errors[0]).toMatchObject({ code: 'validation.required', source: { pointer: '/event_message/body' } });

      const past = await buildEvent(server, acme, author, { startsAt: new Date(Date.now() - 5 * HOUR) });
      const image = '/api/images/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
      const retro = await server.request(`${base()}/${past.id}/messages`, {
        method: 'POST',
        token: author.token,
        json: { event_message: { body: 'Great day', image_urls: [image] } },
      });
      expect(retro.body.data.attributes).toMatchObject({ kind: 'retrospection', 'image-urls': [image] });
      const list = await server.request(`${base()}/${past.id}/messages?kind=retrospection`, { token: colleague.token });
      expect(list.body.data.map((message: any) => message.attributes.body)).toEqual(['Great day']);
    });

    it('lists the latest 500 messages, oldest first, once a chat is longer', async () => {
      const event = await buildEvent(server, acme, author);
      const start = Date.now() - DAY;
      await server.db.db.insert(eventMessages).values(
        Array.from({ length: 502 }, (_unused, index) => ({
          eventId: event.id,
          organizationMemberId: author.membership!.id,
          kind: 'chat' as const,
          body: `message ${index}`,
          createdAt: new Date(start + index * 1000),
        })),
      );
      const list = await server.request(`${base()}/${event.id}/messages`, { token: author.token });
      const bodies = list.body.data.map((message: any) => message.attributes.body);
      expect(bodies).toHaveLength(500);
      expect(bodies[0]).toBe('message 2');
      expect(bodies.at(-1)).toBe('message 501');
    });

    it('edits own messages only, and lets organisers delete any', async () => {
      const event = await buildEvent(server, acme, author);
      await addEventMember(server, event.id, colleague);
      const posted = await server.request(`${base()}/${event.id}/messages`, {
        method: 'POST',
        token: colleague.token,
        json: { event_message: { body: 'typo' } },
      });
      const path = `${base()}/${event.id}/messages/${posted.body.data.id}`;
      expect((await server.request(path, { method: 'PUT', token: author.token, json: { event_message: { body: 'x' } } })).status).toBe(403);
      expect(
        (await server.request(path, { method: 'PUT', token: colleague.token, json: { event_message: { body: 'fixed' } } })).body.data
          .attributes.body,
      ).toBe('fixed');
      expect((await server.request(path, { token: colleague.token })).body.data.attributes.body).toBe('fixed');
      expect((await server.request(path, { method: 'DELETE', token: author.token })).status).toBe(204);
    });

    it('toggles emoji reactions with the shared reaction shape and refuses non-emoji', async () => {
      const event = await buildEvent(server, acme, author);
      await addEventMember(server, event.id, colleague);
      const posted = await server.request(`${base()}/${event.id}/messages`, {
        method: 'POST',
        token: author.token,
        json: { event_message: { body: 'Ready?' } },
      });
      const path = `/api/event_messages/${posted.body.data.id}/reactions`;
      const react = (token: string, emoji: string, method = 'POST') =>
        server.request(path, { method, token, json: { message_reaction: { emoji } } });
      await react(colleague.token, '👍');
      const both = await react(author.token, '👍');
      expect(both.body.data.attributes.reactions).toEqual([
        { emoji: '👍', count: 2, 'reacted-by-me': true, names: ['Colleague', 'Author'] },
      ]);
      const removed = await react(author.token, '👍', 'DELETE');
      expect(removed.body.data.attributes.reactions).toEqual([{ emoji: '👍', count: 1, 'reacted-by-me': false, names: ['Colleague'] }]);
      expect((await react(colleague.token, 'ok')).body.errors[0].code).toBe('validation.invalidFormat');
      expect((await react(manager.token, '🎉')).body.errors[0].code).toBe('event.notParticipant');
    });

    it('counts equal-looking spellings of an emoji as one reaction (variation selectors, a stray joiner)', async () => {
      const event = await buildEvent(server, acme, author);
      await addEventMember(server, event.id, colleague);
      const posted = await server.request(`${base()}/${event.id}/messages`, {
        method: 'POST',
        token: author.token,
        json: { event_message: { body: 'Go?' } },
      });
      const path = `/api/event_messages/${posted.body.data.id}/reactions`;
      const react = (token: string, emoji: string, method = 'POST') =>
        server.request(path, { method, token, json: { message_reaction: { emoji } } });
      await react(colleague.token, '👍');
      const both = await react(author.token, '👍\uFE0F');
      expect(both.body.data.attributes.reactions).toEqual([
        { emoji: '👍', count: 2, 'reacted-by-me': true, names: ['Colleague', 'Author'] },
      ]);
      // Removing with another spelling removes the same reaction.
      const removed = await react(author.token, '👍\u200D', 'DELETE');
      expect(removed.body.data.attributes.reactions).toEqual([{ emoji: '👍', count: 1, 'reacted-by-me': false, names: ['Colleague'] }]);
      await react(colleague.token, '❤');
      const hearts = await react(author.token, '❤\uFE0F');
      expect(hearts.body.data.attributes.reactions).toContainEqual({
        emoji: '❤\uFE0F',
        count: 2,
        'reacted-by-me': true,
        names: ['Colleague', 'Author'],
      });
    });

    it('votes and unvotes poll items (participants only)', async () => {
      const event = await create({ poll_items: ['Sat', 'Sun'] });
      await join(event.id, colleague);
      const poll = await server.request(`/api/polls/${event.attributes['poll-id']}`, { token: colleague.token });
      const [saturday] = poll.body.included;
      const path = `/api/polls/${event.attributes['poll-id']}/items/${saturday.id}/members`;
      const voted = await server.request(path, { method: 'POST', token: colleague.token });
      expect(voted.status).toBe(201);
      expect(voted.body.included[0].attributes).toMatchObject({
        text: 'Sat',
        'votes-count': 1,
        'voted-by-me': true,
        'voter-names': ['Colleague'],
      });
      expect((await server.request(path, { method: 'POST', token: manager.token })).status).toBe(403);
      const unvoted = await server.request(path, { method: 'DELETE', token: colleague.token });
      expect(unvoted.body.included[0].attributes).toMatchObject({ 'votes-count': 0, 'voted-by-me': false });
      expect((await server.request(`/api/polls/${event.attributes['poll-id']}`, { token: outsider.token })).status).toBe(403);
    });

    it('keeps votes of items whose text stays when the poll is edited', async () => {
      const event = await create({ poll_items: ['A', 'B'] });
      const poll = await server.request(`/api/polls/${event.attributes['poll-id']}`, { token: author.token });
      await server.request(`/api/polls/${event.attributes['poll-id']}/items/${poll.body.included[0].id}/members`, {
        method: 'POST',
        token: author.token,
      });
      await server.request(`${base()}/${event.id}`, { method: 'PUT', token: author.token, json: { event: { poll_items: ['C', 'A'] } } });
      const after = await server.request(`/api/polls/${event.attributes['poll-id']}`, { token: author.token });
      expect(after.body.included.map((item: any) => [item.attributes.text, item.attributes['votes-count']])).toEqual([
        ['C', 0],
        ['A', 1],
      ]);
      const duplicate = await server.request(`${base()}/${event.id}`, {
        method: 'PUT',
        token: author.token,
        json: { event: { poll_items: ['C', 'C'] } },
      });
      expect(duplicate.body.errors[0].code).toBe('event.duplicatePollItems');
    });
  });

  describe('dashboards', () => {
    it('summarises events and the participation rate per month for managers', async () => {
      const org = await buildOrganization(server);
      const [boss, a, b] = await Promise.all([
        buildUser(server, { organization: org, memberRole: 'manager' }),
        buildUser(server, { organization: org }),
        buildUser(server, { organization: org }),
      ]);
      const held = await buildEvent(server, org, boss, { startsAt: new Date('2025-01-10T01:00:00Z') });
      await addEventMember(server, held.id, a);
      await buildEvent(server, org, boss, { startsAt: new Date('2025-02-10T01:00:00Z'), cancel: true });
      const summary = await server.request(`/api/organizations/${org.id}/events_summary?from=2025-01-01&to=2025-03-31&type=monthly`, {
        token: boss.token,
      });
      expect(summary.body.data.attributes).not.toHaveProperty('type');
      expect(summary.body.data.attributes).toMatchObject({
        'period-type': 'monthly',
        labels: ['2025-01', '2025-02', '2025-03'],
        'events-count': [1, 0, 0],
        'cancelled-count': [0, 1, 0],
        'participants-count': [1, 0, 0],
        totals: { events: 1, cancelled: 1, participants: 1, messages: 0 },
      });
      const rate = await server.request(
        `/api/organizations/${org.id}/events_participation_rate?from=2025-01-01&to=2025-01-31&type=monthly`,
        { token: boss.token },
      );
      // boss (author) and a joined; b did not: 2 of 3.
      expect(rate.body.data.attributes).toMatchObject({
        'period-type': 'monthly',
        labels: ['2025-01'],
        participants: [2],
        members: [3],
        rates: [0.667],
      });
      expect(
        (await server.request(`/api/organizations/${org.id}/events_summary?from=2025-03-01&to=2025-01-01`, { token: boss.token })).status,
      ).toBe(400);
      expect(
        (await server.request(`/api/organizations/${org.id}/events_summary?from=2025-01-01&to=2025-01-31`, { token: b.token })).status,
      ).toBe(403);
      const all = await server.request(`/api/organizations/${org.id}/all_events`, { token: boss.token });
      expect(all.body.meta['total-count']).toBe(2);
    });
  });

  describe('capacity under concurrency', () => {
    it('50 simultaneous joins on an event with applyMaximum 10 leave exactly 10 joined', async () => {
      const org = await buildOrganization(server, { numberOfMembers: 100 });
      const owner = await buildUser(server, { organization: org });
      const event = await buildEvent(server, org, owner, { applyMaximum: 10 });
      const people: BuiltUser[] = [];
      for (let batch = 0; batch < 5; batch += 1) {
        people.push(...(await Promise.all(Array.from({ length: 10 }, () => buildUser(server, { organization: org })))));
      }
      const answers = await Promise.all(
        people.map((person) =>
          server.request(`/api/organizations/${org.id}/events/${event.id}/members/join`, {
            method: 'POST',
            token: person.token,
            json: { event_member: { organization_member_id: person.membership?.id } },
          }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10);
      expect(answers.filter((answer) => answer.status === 409 && answer.body.errors[0].code === 'event.full')).toHaveLength(40);
      const detail = await server.request(`/api/organizations/${org.id}/events/${event.id}`, { token: owner.token });
      expect(detail.body.data.attributes['joined-count']).toBe(10);
    }, 120_000);

    it('guests joining the shared page at the same time as members share the same 10 places', async () => {
      const org = await buildOrganization(server, { numberOfMembers: 100 });
      const owner = await buildUser(server, { organization: org });
      const event = await buildEvent(server, org, owner, { applyMaximum: 10, externallyPublished: true });
      const people = await Promise.all(Array.from({ length: 10 }, () => buildUser(server, { organization: org })));
      const memberJoins = people.map((person) =>
        server.request(`/api/organizations/${org.id}/events/${event.id}/members/join`, {
          method: 'POST',
          token: person.token,
          json: { event_member: { organization_member_id: person.membership?.id } },
        }),
      );
      const guestJoins = Array.from({ length: 20 }, (_unused, index) =>
        server.request(`/api/shared_events/${event.id}/guests`, { method: 'POST', json: { event_guest: { nickname: `guest ${index}` } } }),
      );
      const answers = await Promise.all([...memberJoins, ...guestJoins]);
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10);
      expect(answers.filter((answer) => answer.status === 409 && answer.body.errors[0].code === 'event.full')).toHaveLength(20);
      const detail = await server.request(`/api/organizations/${org.id}/events/${event.id}`, { token: owner.token });
      expect(detail.body.data.attributes['joined-count']).toBe(10);
    }, 120_000);
  });
});
