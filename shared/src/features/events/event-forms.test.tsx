// @vitest-environment happy-dom
// Issue 21 (session 3): the event features' forms as react-hook-form forms over the domain rules, their writes as
// mutations, and event times with the viewer's time zone and relative times, in English and Japanese.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/create-i18n';
import { formatDateTime } from '../../i18n/format';
import {
  eventMessageResource,
  eventResource,
  featureHost,
  type HeldAnswer,
  heldAnswer,
  type Replies,
  type Reply,
  testViewer,
} from '../test-support';
import { EventDetail } from './event-detail';
import { EventList } from './event-list';
import { EventMessages } from './event-messages';
import { SharedEvent } from './shared-event';

// One zone for the whole file (formatters keep the zone they were built in): times are written in Tokyo's.
beforeAll(() => {
  process.env.TZ = 'Asia/Tokyo';
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const viewer = testViewer({ organizationId: '1', organizationMemberId: '5' });

/** The feature host in `lng` (English unless said), answering from `replies`; `hold` keeps one route waiting. */
const host = (replies: Replies, { lng = 'en', hold }: { lng?: 'en' | 'ja'; hold?: HeldAnswer } = {}) =>
  featureHost(replies, { viewer, navigate: () => undefined }, { i18n: createI18n({ lng }), hold });

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
/** Picnic, a week and an hour from now: no description, limit, tags; one joined. */
const event = (attributes: Record<string, unknown> = {}) =>
  eventResource({
    description: '',
    'started-at': new Date(Date.now() + 7 * DAY + HOUR).toISOString(),
    'ended-at': new Date(Date.now() + 7 * DAY + 2 * HOUR).toISOString(),
    'apply-maximum': null,
    tags: [],
    'joined-count': 1,
    ...attributes,
  });
const detailReplies = (attributes: Record<string, unknown> = {}): Replies => ({
  'GET /api/organizations/1/events/9': { body: { data: event(attributes), included: [] } },
  'GET /api/organizations/1/events/9/messages': { body: { data: [] } },
});
const memberScope = { kind: 'member', organizationId: '1', eventId: '9' } as const;
const message = (attributes: Record<string, unknown> = {}) =>
  eventMessageResource('21', {
    'created-at': new Date(Date.now() - 3 * 60 * 1000 - 5000).toISOString(),
    'updated-at': new Date().toISOString(),
    ...attributes,
  });
const failure = (code: string, detail: string): Reply => ({ status: 422, body: { errors: [{ status: '422', code, detail }] } });

describe('the guest join form (shared event)', () => {
  const shared = { body: { data: { ...event(), type: 'shared-events' } } };
  const sharedReplies = (extra: Replies = {}): Replies => ({
    'GET /api/shared_events/9': shared,
    'GET /api/shared_events/9/messages': { body: { data: [] } },
    ...extra,
  });

  it.each([
    ['en', '', 'This field is required'],
    ['ja', '', '入力してください'],
    ['en', 'x'.repeat(31), 'Enter 30 or fewer characters'],
    ['ja', 'a\u202Eb', '形式が正しくありません'],
  ] as const)('refuses the nickname %j (%s) as the server would, on the field, without asking the server', async (lng, nickname, text) => {
    const { sent, wrapper } = host(sharedReplies(), { lng });
    render(<SharedEvent eventId="9" />, { wrapper });
    const field = await screen.findByRole('textbox');
    fireEvent.change(field, { target: { value: nickname } });
    fireEvent.click(screen.getByRole('button', { name: lng === 'en' ? 'Join' : '参加する' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(text);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect(sent.filter((call) => call.path.startsWith('/api/shared_events/9/guests'))).toEqual([]);
  });

  it('is busy while joining (the button off), then says why the server refused, under the field; another try clears it', async () => {
    const refusal = heldAnswer('POST /api/shared_events/9/guests');
    const { wrapper } = host(
      sharedReplies({
        'GET /api/shared_events/9/guests/search': { body: { data: [] } },
        'POST /api/shared_events/9/guests': failure('event.full', 'This event is full'),
      }),
      { hold: refusal },
    );
    render(<SharedEvent eventId="9" />, { wrapper });
    fireEvent.change(await screen.findByLabelText('Nickname'), { target: { value: 'Kim' } });
    const join = screen.getByRole('button', { name: 'Join' });
    fireEvent.click(join);
    await waitFor(() => expect((join as HTMLButtonElement).disabled).toBe(true));
    refusal.release();
    expect((await screen.findByRole('alert')).textContent).toBe('This event is full');
    expect((join as HTMLButtonElement).disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Nickname'), { target: { value: '' } });
    fireEvent.click(join);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This field is required'));
  });
});

describe('the message composer', () => {
  it('posts text, is off while empty and while sending, and is emptied once posted', async () => {
    const posted = heldAnswer('POST /api/organizations/1/events/9/messages');
    const { sent, wrapper } = host(
      {
        'GET /api/organizations/1/events/9/messages': { body: { data: [] } },
        'POST /api/organizations/1/events/9/messages': {
          status: 201,
          body: { data: message({ body: 'Hello', 'created-at': new Date().toISOString() }) },
        },
      },
      { hold: posted },
    );
    render(<EventMessages scope={memberScope} canPost canModerate={false} ended={false} />, { wrapper });
    const send = (await screen.findByRole('button', { name: 'Post' })) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    const field = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: 'Hello' } });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    await waitFor(() => expect(send.disabled).toBe(true));
    posted.release();
    expect(await screen.findByText('Hello')).toBeTruthy();
    await waitFor(() => expect(field.value).toBe(''));
    expect(sent.find((call) => call.method === 'POST')?.body).toEqual({ event_message: { body: 'Hello', image_urls: [] } });
  });

  it.each([
    ['en', 'Message', 'Post', 'Enter 2000 or fewer characters'],
    ['ja', 'メッセージ', '投稿する', '2000文字以内で入力してください'],
  ] as const)('refuses text over 2000 characters in %s before sending, and keeps it', async (lng, label, post, text) => {
    const { sent, wrapper } = host({ 'GET /api/organizations/1/events/9/messages': { body: { data: [] } } }, { lng });
    render(<EventMessages scope={memberScope} canPost canModerate={false} ended={false} />, { wrapper });
    const field = (await screen.findByRole('textbox', { name: label })) as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: '字'.repeat(2001) } });
    fireEvent.click(screen.getByRole('button', { name: post }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.value).toHaveLength(2001);
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
  });

  it('keeps the text and says why when the server refuses it', async () => {
    const { wrapper } = host({
      'GET /api/organizations/1/events/9/messages': { body: { data: [] } },
      'POST /api/organizations/1/events/9/messages': failure('event.notParticipant', 'Join the event to post'),
    });
    render(<EventMessages scope={memberScope} canPost canModerate={false} ended={false} />, { wrapper });
    const field = (await screen.findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Join the event to post')).toBeTruthy();
    expect(field.value).toBe('Hello');
  });

  it.each([
    ['en', 'Edit', 'Save', 'Enter 2000 or fewer characters'],
    ['ja', '編集', '保存する', '2000文字以内で入力してください'],
  ] as const)('refuses an edit over 2000 characters on the edit form, and saves a good one (%s)', async (lng, edit, save, text) => {
    const { sent, wrapper } = host(
      {
        'GET /api/organizations/1/events/9/messages': { body: { data: [message()] } },
        'PUT /api/organizations/1/events/9/messages/21': { body: { data: message({ body: 'See you at noon' }) } },
      },
      { lng },
    );
    render(<EventMessages scope={memberScope} canPost canModerate={false} ended={false} />, { wrapper });
    fireEvent.click(await screen.findByRole('button', { name: edit }));
    const field = screen.getByRole('textbox', { name: edit }) as HTMLTextAreaElement;
    expect(field.value).toBe('See you there');
    fireEvent.change(field, { target: { value: 'y'.repeat(2001) } });
    fireEvent.click(screen.getByRole('button', { name: save }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(sent.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.change(field, { target: { value: 'See you at noon' } });
    fireEvent.click(screen.getByRole('button', { name: save }));
    expect(await screen.findByText('See you at noon')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: edit })).toBeNull();
  });
});

describe('the invitation form (organisers)', () => {
  it.each([
    [
      'en',
      [
        'Colleague',
        'Invite as',
        'Invite',
        'The invitation was sent',
        'Search by name, nickname, group or email',
        'Type in the search box to list colleagues',
      ],
    ],
    [
      'ja',
      [
        '同僚',
        '招待する役割',
        '招待する',
        '招待を送りました',
        '名前・ニックネーム・グループ・メールアドレスで検索',
        '検索欄に入力すると同僚が表示されます',
      ],
    ],
  ] as const)(
    'searches once typing pauses, invites the chosen colleague as a co-host, then offers a new choice; off until someone is chosen (%s)',
    async (lng, words) => {
      const [colleague, role, send, done, searchLabel, typeFirst] = words;
      const { sent, wrapper } = host(
        {
          ...detailReplies({ 'can-manage': true, 'my-role': 'author', 'my-status': 'joined' }),
          'GET /api/organizations/1/members': {
            body: { data: [{ type: 'organization-members', id: '21', attributes: { name: 'Sato Hanako', nickname: null, icon: null } }] },
          },
          'POST /api/organizations/1/events/9/members/join': {
            status: 201,
            body: { data: { type: 'event-members', id: '4', attributes: {} } },
          },
        },
        { lng },
      );
      render(<EventDetail eventId="9" />, { wrapper });
      const person = (await screen.findByLabelText(colleague)) as HTMLSelectElement;
      const invite = screen.getByRole('button', { name: send }) as HTMLButtonElement;
      expect(invite.disabled).toBe(true);
      // Nothing is asked before a name is typed, and a name typed in one go is asked once.
      expect(person.querySelectorAll('option')[0]?.textContent).toBe(typeFirst);
      const asked = () => sent.filter((call) => call.method === 'GET' && call.path === '/api/organizations/1/members');
      expect(asked()).toHaveLength(0);
      const search = screen.getByLabelText(searchLabel);
      for (const text of ['S', 'Sa', 'Sato']) fireEvent.change(search, { target: { value: text } });
      await waitFor(() => expect(person.querySelectorAll('option')).toHaveLength(2));
      expect(asked().map((call) => call.search)).toEqual(['?q[name]=Sato&per=10']);
      fireEvent.change(person, { target: { value: '21' } });
      fireEvent.change(screen.getByLabelText(role), { target: { value: 'manager' } });
      expect(invite.disabled).toBe(false);
      fireEvent.click(invite);
      expect(await screen.findByText(done)).toBeTruthy();
      expect(sent.find((call) => call.method === 'POST')?.body).toEqual({ event_member: { organization_member_id: 21, role: 'manager' } });
      await waitFor(() => expect(person.value).toBe(''));
      expect(invite.disabled).toBe(true);
    },
  );
});

describe('joining and leaving (mutations)', () => {
  it('turns the join button off while joining, once', async () => {
    const joined = heldAnswer('POST /api/organizations/1/events/9/members/join');
    const { sent, wrapper } = host(
      {
        ...detailReplies(),
        'POST /api/organizations/1/events/9/members/join': {
          status: 201,
          body: { data: { type: 'event-members', id: '4', attributes: {} } },
        },
      },
      { hold: joined },
    );
    render(<EventDetail eventId="9" />, { wrapper });
    const join = (await screen.findByRole('button', { name: 'Join' })) as HTMLButtonElement;
    fireEvent.click(join);
    await waitFor(() => expect(join.disabled).toBe(true));
    fireEvent.click(join);
    joined.release();
    expect(await screen.findByText('You joined the event')).toBeTruthy();
    expect(sent.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('asks before leaving, then leaves and says so in Japanese', async () => {
    const { sent, wrapper } = host(
      {
        ...detailReplies({ 'my-role': 'member', 'my-status': 'joined', 'my-event-member-id': 3, 'can-participate': true }),
        'DELETE /api/organizations/1/events/9/members/3': { body: { data: null } },
      },
      { lng: 'ja' },
    );
    render(<EventDetail eventId="9" />, { wrapper });
    fireEvent.click(await screen.findByRole('button', { name: '参加を取り消す' }));
    const dialog = await screen.findByRole('dialog', { name: '参加を取り消しますか？' });
    expect(sent.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('参加を取り消しました')).toBeTruthy();
    expect(sent.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});

describe('the poll (votes as a form)', () => {
  const poll = (voted: boolean, votes: number) => ({
    body: {
      data: {
        type: 'polls',
        id: '4',
        attributes: { 'event-id': 9 },
        relationships: { 'poll-items': { data: [{ type: 'poll-items', id: '41' }] } },
      },
      included: [
        {
          type: 'poll-items',
          id: '41',
          attributes: { text: 'Saturday', position: 0, 'votes-count': votes, 'voted-by-me': voted, 'voter-names': voted ? ['Hanako'] : [] },
        },
      ],
    },
  });
  const pollReplies = (vote: Reply): Replies => ({
    ...detailReplies({ 'poll-id': 4, 'my-role': 'member', 'my-status': 'joined', 'my-event-member-id': 3, 'can-participate': true }),
    'GET /api/polls/4': poll(false, 0),
    'POST /api/polls/4/items/41/members': vote,
  });

  it('sends a tick at once, keeps the boxes off meanwhile, and follows the answer', async () => {
    const answer = heldAnswer('POST /api/polls/4/items/41/members');
    const { sent, wrapper } = host(pollReplies(poll(true, 1)), { hold: answer });
    render(<EventDetail eventId="9" />, { wrapper });
    const box = (await screen.findByRole('checkbox', { name: /Saturday/ })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    await waitFor(() => expect(box.disabled).toBe(true));
    answer.release();
    expect(await screen.findByText('Votes: 1')).toBeTruthy();
    expect(box.checked).toBe(true);
    expect(box.disabled).toBe(false);
    expect(sent.filter((call) => call.path === '/api/polls/4/items/41/members').map((call) => call.method)).toEqual(['POST']);
  });

  it('puts the box back and says why when the vote is refused (ja)', async () => {
    const { wrapper } = host(pollReplies(failure('event.notParticipant', 'イベントに参加してください')), { lng: 'ja' });
    render(<EventDetail eventId="9" />, { wrapper });
    const box = (await screen.findByRole('checkbox', { name: /Saturday/ })) as HTMLInputElement;
    fireEvent.click(box);
    expect(await screen.findByText('イベントに参加してください')).toBeTruthy();
    await waitFor(() => expect(box.checked).toBe(false));
    expect(box.disabled).toBe(false);
  });
});

describe('event times', () => {
  // Start and end on Saturday 2030-06-01, 10:00-12:00 in Tokyo.
  const start = '2030-06-01T01:00:00.000Z';
  const end = '2030-06-01T03:00:00.000Z';

  it.each([
    ['en', 'Sat, Jun 1, 2030 10:00 – Sat, Jun 1, 2030 12:00 (Japan Standard Time) · Park'],
    ['ja', '2030年6月1日(土) 10:00 – 2030年6月1日(土) 12:00 (日本標準時) · Park'],
  ] as const)('the page states the time zone once after start and end (%s)', async (lng, text) => {
    const { wrapper } = host(detailReplies({ 'started-at': start, 'ended-at': end }), { lng });
    render(<EventDetail eventId="9" />, { wrapper });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Picnic' });
    expect(heading.nextElementSibling?.textContent).toBe(text);
  });

  it.each([
    ['en', 'in 2 days'],
    ['ja', '明後日'],
  ] as const)('the page and the card say how soon an event within the week starts (%s)', async (lng, soon) => {
    const at = new Date(Date.now() + 2 * DAY + HOUR).toISOString();
    const { wrapper } = host(
      {
        ...detailReplies({ 'started-at': at, 'ended-at': new Date(Date.now() + 2 * DAY + 2 * HOUR).toISOString() }),
        'GET /api/organizations/1/events': { body: { data: [event({ 'started-at': at })], meta: { 'total-pages': 1, tags: [] } } },
      },
      { lng },
    );
    const page = render(<EventDetail eventId="9" />, { wrapper });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Picnic' });
    expect(heading.nextElementSibling?.textContent).toContain(` · ${soon} · Park`);
    page.unmount();
    render(<EventList />, { wrapper });
    const card = (await screen.findByRole('link', { name: 'Picnic' })).closest('li');
    expect(card?.querySelector('.kiwi-event__muted')?.textContent).toMatch(
      lng === 'en' ? /\(Japan Standard Time\) · in 2 days · Park$/ : /\(日本標準時\) · 明後日 · Park$/,
    );
  });

  it.each([
    ['en', 'Wed, Jun 12, 2030 18:00 (Japan Standard Time)', '2 days'],
    ['ja', '2030年6月12日(水) 18:00 (日本標準時)', '後'],
  ] as const)('the deadline states the zone, and how soon it is when it is this week (%s)', async (lng, far, soonPart) => {
    const { wrapper } = host(
      detailReplies({
        'recruitment-deadline': '2030-06-12T09:00:00.000Z',
        'started-at': '2030-06-20T01:00:00.000Z',
        'ended-at': '2030-06-20T03:00:00.000Z',
      }),
      { lng },
    );
    const page = render(<EventDetail eventId="9" />, { wrapper });
    const deadline = await screen.findByText(far);
    expect(deadline.tagName).toBe('TIME');
    expect(deadline.parentElement?.textContent).toBe(far);
    page.unmount();

    const soon = new Date(Date.now() + 2 * DAY + HOUR).toISOString();
    const second = host(detailReplies({ 'recruitment-deadline': soon }), { lng });
    render(<EventDetail eventId="9" />, { wrapper: second.wrapper });
    const time = await waitFor(() => {
      const found = document.querySelector(`dd time[datetime="${soon}"]`);
      if (!found) throw new Error('no deadline yet');
      return found;
    });
    expect(time.parentElement?.textContent).toMatch(new RegExp(`\\) · .*${soonPart}`));
  });

  it.each([
    ['en', '3 min. ago'],
    ['ja', '3 分前'],
  ] as const)('a message says how long ago it was posted, the full date and time on hover (%s)', async (lng, ago) => {
    const posted = new Date(Date.now() - 3 * 60 * 1000 - 5000);
    const { wrapper } = host(
      { 'GET /api/organizations/1/events/9/messages': { body: { data: [message({ 'created-at': posted.toISOString() })] } } },
      { lng },
    );
    render(<EventMessages scope={memberScope} canPost canModerate={false} ended={false} />, { wrapper });
    const time = await screen.findByText(ago);
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe(posted.toISOString());
    expect(time.getAttribute('title')).toBe(formatDateTime(posted, lng));
  });
});
