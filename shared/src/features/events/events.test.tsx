// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guestStorageKey } from '../../schemas/event-resources';
import type { FeatureContextValue, FeatureViewer } from '../feature-context';
import { eventResource, featureHost, type Replies, sameNameColleagues, testViewer } from '../test-support';
import { EventDetail } from './event-detail';
import { EventList } from './event-list';
import { EventMessages } from './event-messages';
import { SharedEvent } from './shared-event';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const viewer = testViewer({ organizationId: '1', organizationMemberId: '5' });

/** The events API answered from `replies`, for `viewer` (null: signed out, a guest). */
const host = (replies: Replies, who: FeatureViewer | null = viewer, extra: Partial<FeatureContextValue> = {}) =>
  featureHost(replies, { viewer: who, ...extra });

const DAY = 24 * 3600 * 1000;
const event = eventResource;
const noMessages = { body: { data: [] } };

describe('EventDetail', () => {
  it('lets an organiser tell two invitees of the same name apart (nickname, group, masked email) and search by them', async () => {
    const { sent, wrapper } = host({
      'GET /api/organizations/1/events/9': { body: { data: event({ 'can-manage': true, 'my-role': 'author' }), included: [] } },
      'GET /api/organizations/1/events/9/messages': noMessages,
      'GET /api/organizations/1/members': sameNameColleagues,
    });
    render(<EventDetail eventId="9" />, { wrapper });
    const person = await screen.findByLabelText('Colleague');
    fireEvent.change(screen.getByLabelText('Search by name, nickname, group or email'), { target: { value: 'sales' } });
    await waitFor(() => expect(sent.some((r) => r.path.endsWith('/members') && r.search.includes('q[name]=sales'))).toBe(true));
    await waitFor(() => expect(person.querySelectorAll('option')).toHaveLength(3));
    expect([...person.querySelectorAll('option')].slice(1).map((option) => option.textContent)).toEqual([
      'Sato Hanako · Sales · ha***@ac…',
      'Hana-D (Sato Hanako) · hs***@de…',
    ]);
  });

  it('shows "invited as co-host", accepts the invitation and tells the host it joined', async () => {
    let accepted = false;
    const notify = vi.fn();
    const { sent, wrapper } = host(
      {
        'GET /api/organizations/1/events/9': () => ({
          body: {
            data: event(
              accepted
                ? { 'my-role': 'manager', 'my-status': 'joined', 'my-event-member-id': 3 }
                : { 'my-role': 'manager', 'my-status': 'invited', 'my-event-member-id': 3 },
            ),
            included: [],
          },
        }),
        'GET /api/organizations/1/events/9/messages': noMessages,
        'PUT /api/organizations/1/events/9/members/3/accept_invitation': () => {
          accepted = true;
          return { body: { data: { type: 'event-members', id: '3', attributes: { role: 'manager', status: 'joined' } } } };
        },
      },
      viewer,
      { notify },
    );
    render(<EventDetail eventId="9" />, { wrapper });
    expect(await screen.findByText('You are invited as a co-host')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    await waitFor(() => expect(screen.queryByText('You are invited as a co-host')).toBeNull());
    expect(sent.some((call) => call.method === 'PUT' && call.path.endsWith('/accept_invitation'))).toBe(true);
    expect(notify).toHaveBeenCalledExactlyOnceWith({ type: 'event-joined', eventId: '9' });
  });

  it.each([
    [{ cancel: true }, 'This event was cancelled by the organiser'],
    [{ 'joined-count': 10 }, 'This event is full'],
    [{ 'recruitment-deadline': new Date(Date.now() - DAY).toISOString() }, 'The registration deadline has passed'],
    [
      { 'started-at': new Date(Date.now() - 3 * DAY).toISOString(), 'ended-at': new Date(Date.now() - 2 * DAY).toISOString() },
      'This event has finished',
    ],
  ])('shows the status message for %j and offers no join', async (attributes, message) => {
    const { wrapper } = host({
      'GET /api/organizations/1/events/9': { body: { data: event(attributes), included: [] } },
      'GET /api/organizations/1/events/9/messages': noMessages,
    });
    render(<EventDetail eventId="9" />, { wrapper });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
  });

  it('joins with the own organisation member id and tells the host (a widget fires kiwi-event-joined)', async () => {
    const notify = vi.fn();
    const { sent, wrapper } = host(
      {
        'GET /api/organizations/1/events/9': { body: { data: event(), included: [] } },
        'GET /api/organizations/1/events/9/messages': noMessages,
        'POST /api/organizations/1/events/9/members/join': {
          status: 201,
          body: { data: { type: 'event-members', id: '4', attributes: {} } },
        },
      },
      viewer,
      { notify },
    );
    render(<EventDetail eventId="9" />, { wrapper });
    fireEvent.click(await screen.findByRole('button', { name: 'Join' }));
    await waitFor(() => expect(sent.find((call) => call.method === 'POST')?.body).toEqual({ event_member: { organization_member_id: 5 } }));
    await waitFor(() => expect(notify).toHaveBeenCalledExactlyOnceWith({ type: 'event-joined', eventId: '9' }));
  });

  it('tells the host nothing when the join is refused', async () => {
    const notify = vi.fn();
    const { sent, wrapper } = host(
      {
        'GET /api/organizations/1/events/9': { body: { data: event(), included: [] } },
        'GET /api/organizations/1/events/9/messages': noMessages,
        'POST /api/organizations/1/events/9/members/join': {
          status: 422,
          body: { errors: [{ status: '422', code: 'event.full', detail: 'This event is full' }] },
        },
      },
      viewer,
      { notify },
    );
    render(<EventDetail eventId="9" />, { wrapper });
    fireEvent.click(await screen.findByRole('button', { name: 'Join' }));
    await waitFor(() => expect(sent.some((call) => call.method === 'POST')).toBe(true));
    expect(await screen.findByText('This event is full')).toBeTruthy();
    expect(notify).not.toHaveBeenCalled();
  });

  it("shows the header image through the host's resolveUrl and the shared-event link as the host's portal URL", async () => {
    const { wrapper } = host(
      {
        'GET /api/organizations/1/events/9': {
          body: {
            data: event({
              'can-manage': true,
              'my-role': 'author',
              'my-status': 'joined',
              'externally-published': true,
              'header-image-url': '/api/images/abcdefghijklmnopqrstuvwxyz012345',
            }),
            included: [],
          },
        },
        'GET /api/organizations/1/events/9/messages': noMessages,
        'GET /api/organizations/1/members': { body: { data: [] } },
      },
      viewer,
      { resolveUrl: (url) => new URL(url, 'https://api.example').href, portalUrl: (path) => `https://kiwi.example${path}` },
    );
    const view = render(<EventDetail eventId="9" />, { wrapper });
    await screen.findByRole('heading', { name: 'Picnic' });
    expect(view.container.querySelector('img.kiwi-event__header-image')?.getAttribute('src')).toBe(
      'https://api.example/api/images/abcdefghijklmnopqrstuvwxyz012345',
    );
    const link = screen.getByRole('link', { name: 'https://kiwi.example/shared_events/9' });
    expect(link.getAttribute('href')).toBe('https://kiwi.example/shared_events/9');
  });

  it("shows the shared-event link on the page's own origin by default (the portal)", async () => {
    const { wrapper } = host({
      'GET /api/organizations/1/events/9': {
        body: {
          data: event({ 'can-manage': true, 'my-role': 'author', 'my-status': 'joined', 'externally-published': true }),
          included: [],
        },
      },
      'GET /api/organizations/1/events/9/messages': noMessages,
      'GET /api/organizations/1/members': { body: { data: [] } },
    });
    render(<EventDetail eventId="9" />, { wrapper });
    const expected = new URL('/shared_events/9', document.baseURI).href;
    expect((await screen.findByRole('link', { name: expected })).getAttribute('href')).toBe(expected);
  });

  it('says "not a member" to someone without membership', async () => {
    const { wrapper } = host({}, null);
    render(<EventDetail eventId="9" />, { wrapper });
    expect(await screen.findByText('You are not a member of this organization, so you cannot join')).toBeTruthy();
  });

  it('shows a platform admin without membership the event of the organisation they came from, read-only (not "not a member")', async () => {
    const { sent, wrapper } = host(
      {
        // The API lets admins read (and gives them organiser rights on) every event.
        'GET /api/organizations/2/events/9': { body: { data: event({ 'organization-id': 2, 'can-manage': true }), included: [] } },
        'GET /api/organizations/2/events/9/messages': noMessages,
      },
      null,
    );
    render(<EventDetail eventId="9" organizationId="2" />, { wrapper });
    expect(await screen.findByRole('heading', { name: 'Picnic' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('read only');
    expect(screen.queryByText('You are not a member of this organization, so you cannot join')).toBeNull();
    for (const name of ['Join', 'Cancel the event', 'Edit', 'Delete', 'Publish externally'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(sent.every((call) => call.method === 'GET')).toBe(true);
  });

  it('asks before cancelling, then sends event.cancel=true', async () => {
    const { sent, wrapper } = host({
      'GET /api/organizations/1/events/9': {
        body: { data: event({ 'can-manage': true, 'my-role': 'author', 'my-status': 'joined' }), included: [] },
      },
      'GET /api/organizations/1/events/9/messages': noMessages,
      'GET /api/organizations/1/members': { body: { data: [] } },
      'PUT /api/organizations/1/events/9': { body: { data: event({ cancel: true }), included: [] } },
    });
    render(<EventDetail eventId="9" />, { wrapper });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the event' }));
    expect(sent.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(sent.find((call) => call.method === 'PUT')?.body).toEqual({ event: { cancel: true } }));
  });
});

describe('EventList', () => {
  it('shows the empty state of upcoming events and asks for past ones', async () => {
    const { sent, wrapper } = host({
      'GET /api/organizations/1/events': { body: { data: [], meta: { 'total-count': 0, 'total-pages': 0, tags: ['yoga'] } } },
    });
    render(<EventList />, { wrapper });
    expect(await screen.findByText('No upcoming events yet. Why not create one?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Past' }));
    expect(await screen.findByText('No past events.')).toBeTruthy();
    expect(sent.map((call) => call.path)).toContain('/api/organizations/1/events');
  });

  it('marks a participant "Joined" but not the organiser, who is not counted among the applicants (issue 21 point 6)', async () => {
    const { wrapper } = host({
      'GET /api/organizations/1/events': {
        body: {
          data: [
            event({ name: 'Organised', 'my-role': 'author', 'my-status': 'joined', 'joined-count': 0 }),
            { ...event({ name: 'Attended', 'my-role': 'member', 'my-status': 'joined', 'joined-count': 1 }), id: '10' },
          ],
          meta: { 'total-count': 2, 'total-pages': 1, tags: [] },
        },
      },
    });
    render(<EventList />, { wrapper });
    const organised = (await screen.findByRole('link', { name: 'Organised' })).closest('li, article') as HTMLElement;
    const attended = screen.getByRole('link', { name: 'Attended' }).closest('li, article') as HTMLElement;
    expect(within(organised).queryByText('Joined')).toBeNull();
    expect(within(attended).getByText('Joined')).toBeTruthy();
  });
});

describe('EventList on another origin (a widget)', () => {
  it("loads card images through resolveUrl and links each card to the host's portal URL", async () => {
    const navigated: string[] = [];
    const { wrapper } = host(
      {
        'GET /api/organizations/1/events': {
          body: {
            data: [event({ 'header-image-url': '/api/images/abcdefghijklmnopqrstuvwxyz012345' })],
            meta: { 'total-count': 1, 'total-pages': 1, tags: [] },
          },
        },
      },
      viewer,
      {
        resolveUrl: (url) => new URL(url, 'https://api.example').href,
        portalUrl: (path) => `https://kiwi.example${path}`,
        navigate: (path) => navigated.push(path),
      },
    );
    const view = render(<EventList />, { wrapper });
    const link = await screen.findByRole('link', { name: 'Picnic' });
    expect(link.getAttribute('href')).toBe('https://kiwi.example/events/9');
    expect(view.container.querySelector('img.kiwi-event-card__image')?.getAttribute('src')).toBe(
      'https://api.example/api/images/abcdefghijklmnopqrstuvwxyz012345',
    );
    // A plain click still goes through the host's navigate, with the portal path.
    fireEvent.click(link);
    expect(navigated).toEqual(['/events/9']);
  });
});

describe('EventList paging', () => {
  it('goes back to the first page when a tag of an event is chosen', async () => {
    const card = (id: string, tags: string[]) => ({ ...event({ tags }), id });
    const { sent, wrapper } = host({
      'GET /api/organizations/1/events': {
        body: { data: [card('1', ['yoga'])], meta: { 'total-count': 40, 'total-pages': 2, tags: ['yoga'] } },
      },
    });
    render(<EventList />, { wrapper });
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(sent.at(-1)?.search).toContain('page=2'));
    fireEvent.click(await screen.findByRole('button', { name: '#yoga' }));
    await waitFor(() => expect(sent.at(-1)?.search).toContain('tag=yoga'));
    expect(sent.at(-1)?.search).toContain('page=1');
  });
});

describe('SharedEvent', () => {
  const shared = (attributes: Record<string, unknown> = {}) => ({ body: { data: { ...event(attributes), type: 'shared-events' } } });

  it('reloads the guest kept under the event id and sends its token as bearer', async () => {
    localStorage.setItem(guestStorageKey(9), JSON.stringify({ id: '2', nickname: 'Sam', token: 'kgt_abc' }));
    const { sent, wrapper } = host(
      { 'GET /api/shared_events/9': shared({ 'my-guest-id': 2 }), 'GET /api/shared_events/9/messages': noMessages },
      null,
    );
    render(<SharedEvent eventId="9" />, { wrapper });
    expect(await screen.findByText('You are joining as Sam')).toBeTruthy();
    expect(sent.find((call) => call.path === '/api/shared_events/9')?.authorization).toBe('Bearer kgt_abc');
  });

  it('joins by nickname (trimmed), stores the guest in localStorage and tells the host', async () => {
    const notify = vi.fn();
    const { sent, wrapper } = host(
      {
        'GET /api/shared_events/9': shared(),
        'GET /api/shared_events/9/messages': noMessages,
        'GET /api/shared_events/9/guests/search': { body: { data: [] } },
        'POST /api/shared_events/9/guests': {
          status: 201,
          body: { data: { type: 'event-guests', id: '4', attributes: { nickname: 'Kim', token: 'kgt_new' } } },
        },
      },
      null,
      { notify },
    );
    render(<SharedEvent eventId="9" />, { wrapper });
    fireEvent.change(await screen.findByLabelText('Nickname'), { target: { value: '  Kim ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('You are joining as Kim')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(guestStorageKey(9)) ?? 'null')).toEqual({ id: '4', nickname: 'Kim', token: 'kgt_new' });
    expect(sent.find((call) => call.method === 'POST')?.body).toEqual({ event_guest: { nickname: 'Kim' } });
    expect(notify).toHaveBeenCalledExactlyOnceWith({ type: 'event-joined', eventId: '9' });
  });

  it('checks the nickname as the server does before asking it (too long, disguising characters)', async () => {
    const { sent, wrapper } = host({ 'GET /api/shared_events/9': shared(), 'GET /api/shared_events/9/messages': noMessages }, null);
    render(<SharedEvent eventId="9" />, { wrapper });
    fireEvent.change(await screen.findByLabelText('Nickname'), { target: { value: 'x'.repeat(31) } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter 30 or fewer characters');
    fireEvent.change(screen.getByLabelText('Nickname'), { target: { value: 'Kim\u202Egnp' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The format is not valid'));
    expect(sent.filter((call) => call.path.includes('/guests'))).toEqual([]);
  });

  it('refuses a nickname someone already uses', async () => {
    const { wrapper } = host(
      {
        'GET /api/shared_events/9': shared(),
        'GET /api/shared_events/9/messages': noMessages,
        'GET /api/shared_events/9/guests/search': { body: { data: [{ type: 'event-guests', id: '1', attributes: { nickname: 'kim' } }] } },
      },
      null,
    );
    render(<SharedEvent eventId="9" />, { wrapper });
    fireEvent.change(await screen.findByLabelText('Nickname'), { target: { value: 'Kim' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This nickname is already used in this event');
  });

  it('says so when the event is not published', async () => {
    const { wrapper } = host(
      { 'GET /api/shared_events/9': { status: 404, body: { errors: [{ status: '404', code: 'resource.notFound' }] } } },
      null,
    );
    render(<SharedEvent eventId="9" />, { wrapper });
    expect((await screen.findByRole('alert')).textContent).toBe('This event is not published or does not exist');
  });
});

describe('EventMessages', () => {
  const message = (attributes: Record<string, unknown> = {}) => ({
    type: 'event-messages',
    id: '21',
    attributes: {
      'event-id': 9,
      kind: 'chat',
      body: 'See you there',
      'image-urls': ['/api/images/abcdefghijklmnopqrstuvwxyz012345'],
      'author-name': 'Hanako',
      'author-icon': null,
      'author-kind': 'member',
      mine: true,
      reactions: [{ emoji: '👍', count: 2, 'reacted-by-me': true, names: ['Hanako', 'Taro'] }],
      'created-at': '2030-01-01T00:00:00.000Z',
      'updated-at': '2030-01-01T00:00:00.000Z',
      ...attributes,
    },
  });

  it('shows reactions, opens images in the viewer, edits and unreacts own messages', async () => {
    const { sent, wrapper } = host({
      'GET /api/organizations/1/events/9/messages': { body: { data: [message()] } },
      'PUT /api/organizations/1/events/9/messages/21': { body: { data: message({ body: 'See you at noon' }) } },
      'DELETE /api/event_messages/21/reactions': {
        body: { data: message({ reactions: [{ emoji: '👍', count: 1, 'reacted-by-me': false, names: ['Taro'] }] }) },
      },
    });
    render(<EventMessages scope={{ kind: 'member', organizationId: '1', eventId: '9' }} canPost canModerate={false} ended={false} />, {
      wrapper,
    });
    const chip = await screen.findByRole('button', { name: '👍 2: Hanako, Taro' });
    expect(chip.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(chip);
    await waitFor(() => expect(sent.find((call) => call.method === 'DELETE')?.body).toEqual({ message_reaction: { emoji: '👍' } }));
    expect(await screen.findByRole('button', { name: '👍 1: Taro' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Open image 1 of 1' }));
    expect(await screen.findByRole('dialog', { name: 'Images from Hanako' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Edit' }), { target: { value: 'See you at noon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('See you at noon')).toBeTruthy();
    expect(sent.find((call) => call.method === 'PUT')?.body).toEqual({ event_message: { body: 'See you at noon' } });
  });

  it("loads message images through the host's resolveUrl, also in the viewer, but posts the API's own URLs", async () => {
    const { wrapper } = host({ 'GET /api/organizations/1/events/9/messages': { body: { data: [message()] } } }, viewer, {
      resolveUrl: (url) => new URL(url, 'https://api.example').href,
    });
    render(<EventMessages scope={{ kind: 'member', organizationId: '1', eventId: '9' }} canPost canModerate={false} ended={false} />, {
      wrapper,
    });
    const open = await screen.findByRole('button', { name: 'Open image 1 of 1' });
    expect(open.querySelector('img')?.getAttribute('src')).toBe('https://api.example/api/images/abcdefghijklmnopqrstuvwxyz012345');
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Images from Hanako' });
    expect(dialog.querySelector('img.kiwi-image-viewer__image')?.getAttribute('src')).toBe(
      'https://api.example/api/images/abcdefghijklmnopqrstuvwxyz012345',
    );
  });

  it('tells a member who has not joined how to post', async () => {
    const { wrapper } = host({ 'GET /api/organizations/1/events/9/messages': { body: { data: [] } } });
    render(<EventMessages scope={{ kind: 'member', organizationId: '1', eventId: '9' }} canPost={false} canModerate={false} ended />, {
      wrapper,
    });
    expect(await screen.findByText('No messages yet')).toBeTruthy();
    expect(screen.getByText('Join the event to post messages')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Looking back' })).toBeTruthy();
  });
});
