// @vitest-environment happy-dom
// The chat against the real API client and event-stream reader, with a fake network: a live event appears, a failed
// send stays with its reason and can be retried; the host hears of the message once the server stored it.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/create-i18n';
import { featureWrapper, joinedGuild, testApi, testViewer } from '../test-support';
import { messageResource } from './chat-test-network';
import { GuildChat } from './guild-chat';

afterEach(cleanup);

const i18n = createI18n({ lng: 'en' });

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/vnd.api+json' } });
const messageDoc = (id: number, body: string, mine = false) => ({ data: messageResource(id, body, mine) });

function fakeServer() {
  const encoder = new TextEncoder();
  let push: (text: string) => void = () => undefined;
  const posts: unknown[] = [];
  let failNextPost = true;
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://kiwi.test');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/organizations/7/guilds/5')
      return json(joinedGuild({ 'header-image-url': '/api/images/abcdefghijklmnopqrstuvwxyz012345' }));
    if (url.pathname === '/api/guilds/5/messages' && method === 'GET')
      return json({ data: [], meta: { 'total-count': 0, 'last-event-id': 3 } });
    if (url.pathname === '/api/guilds/5/messages' && method === 'POST') {
      posts.push(JSON.parse(String(init?.body)));
      if (failNextPost) {
        failNextPost = false;
        return json({ errors: [{ status: '503', code: 'server.unexpected', detail: 'The server is busy' }] }, 503);
      }
      return json(messageDoc(41, 'hello', true), 201);
    }
    if (url.pathname === '/api/guilds/5/stream') {
      const headers = new Headers(init?.headers);
      expect(headers.get('last-event-id')).toBe('3');
      expect(headers.get('authorization')).toBe('Bearer token');
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) => controller.enqueue(encoder.encode(text));
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }
    return json({ errors: [{ status: '404', code: 'route.notFound' }] }, 404);
  }) as typeof globalThis.fetch;
  return { fetch, posts, push: (text: string) => push(text) };
}

describe('<GuildChat> live', () => {
  it('shows live messages, keeps a failed send with its reason until retried, and tells the host of the sent one', async () => {
    const server = fakeServer();
    const notify = vi.fn();
    const context = {
      api: testApi(server.fetch),
      viewer: testViewer(),
      navigate: () => undefined,
      notify,
      resolveUrl: (url: string) => new URL(url, 'https://api.example').href,
    };
    const view = render(<GuildChat guildId="5" showMembers={false} />, { wrapper: featureWrapper(context, i18n) });
    const log = await screen.findByRole('log', { name: i18n.t('guilds:chat.messages') });
    expect(await within(log).findByText(i18n.t('guilds:chat.empty'))).toBeTruthy();
    expect(await screen.findByText(i18n.t('guilds:chat.live.live'))).toBeTruthy();
    // The header image is the API's; a widget's page loads it from the API's origin.
    expect(view.container.querySelector('img.kiwi-guild__header-image')?.getAttribute('src')).toBe(
      'https://api.example/api/images/abcdefghijklmnopqrstuvwxyz012345',
    );

    // A message from someone else arrives on the stream, as text.
    await act(async () => server.push(`id: 4\nevent: message.created\ndata: ${JSON.stringify(messageDoc(40, '<b>from Taro</b>'))}\n\n`));
    expect(await within(log).findByText('<b>from Taro</b>')).toBeTruthy();

    // Sending fails: the message stays, marked, with the server's reason.
    fireEvent.change(screen.getByRole('textbox', { name: i18n.t('guilds:chat.newMessage') }), { target: { value: 'hello' } });
    fireEvent.click(screen.getByRole('button', { name: i18n.t('guilds:chat.send') }));
    const failure = await within(log).findByRole('alert');
    expect(failure.textContent).toContain('The server is busy');
    expect(within(log).getByText('hello')).toBeTruthy();
    expect(notify).not.toHaveBeenCalled();

    // Retry succeeds; the live event for the same message adds no duplicate.
    fireEvent.click(within(failure).getByRole('button', { name: i18n.t('guilds:chat.retry') }));
    await act(async () => server.push(`id: 5\nevent: message.created\ndata: ${JSON.stringify(messageDoc(41, 'hello', true))}\n\n`));
    await screen.findByRole('listitem', { name: i18n.t('guilds:chat.messageBy', { name: 'Hanako' }) });
    expect(within(log).queryByRole('alert')).toBeNull();
    expect(within(log).getAllByText('hello')).toHaveLength(1);
    // Once, with the id the server gave it (a widget fires kiwi-message-sent); the live echo does not count again.
    expect(notify).toHaveBeenCalledExactlyOnceWith({ type: 'message-sent', guildId: '5', messageId: '41' });
    expect(server.posts).toEqual([
      { guild_message: { body: 'hello', image_urls: [] } },
      { guild_message: { body: 'hello', image_urls: [] } },
    ]);
  });
});

describe('<GuildChat> pinned message', () => {
  it('offers no delete button on the pinned message (SPEC §4: it cannot be deleted), and does on the others', async () => {
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://kiwi.test');
      if (url.pathname === '/api/organizations/7/guilds/5') return json(joinedGuild({ 'pinned-message-id': 41 }));
      if (url.pathname === '/api/guilds/5/messages' && (init?.method ?? 'GET') === 'GET') {
        const messages = [messageDoc(41, 'pinned one', true).data, messageDoc(42, 'plain one', true).data];
        return json({ data: messages, meta: { 'total-count': 2, 'last-event-id': 3 } });
      }
      if (url.pathname === '/api/guilds/5/stream')
        return new Response(new ReadableStream(), { headers: { 'content-type': 'text/event-stream' } });
      return json({ errors: [{ status: '404', code: 'route.notFound' }] }, 404);
    }) as typeof globalThis.fetch;
    render(<GuildChat guildId="5" showMembers={false} />, {
      wrapper: featureWrapper({ api: testApi(fetch), viewer: testViewer(), navigate: () => undefined }, i18n),
    });
    const log = await screen.findByRole('log', { name: i18n.t('guilds:chat.messages') });
    const pinned = (await within(log).findByText('pinned one')).closest('li')!;
    const plain = within(log).getByText('plain one').closest('li')!;
    const remove = { name: i18n.t('guilds:chat.deleteMessage') };
    expect(within(plain).getByRole('button', remove)).toBeTruthy();
    expect(within(pinned).queryByRole('button', remove)).toBeNull();
    // Editing stays: only deleting is refused for a pinned message.
    expect(within(pinned).getByRole('button', { name: i18n.t('guilds:chat.editMessage') })).toBeTruthy();
  });
});
