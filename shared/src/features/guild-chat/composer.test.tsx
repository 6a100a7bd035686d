// @vitest-environment happy-dom
// The composer on react-hook-form: the length rule as typed, the values handed on, the form emptied (text and image)
// with the focus kept in the text after sending; and, through the chat panel, the optimistic send's busy and failed
// states (its mutation).
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/create-i18n';
import { featureWrapper, joinedGuild, testApi, testViewer } from '../test-support';
import { chatNetwork, deferred, messageResource, unprocessable } from './chat-test-network';
import { Composer } from './composer';
import { GuildChat } from './guild-chat';

afterEach(cleanup);

const i18n = createI18n({ lng: 'en' });
const text = () => screen.getByRole('textbox', { name: i18n.t('guilds:chat.newMessage') }) as HTMLTextAreaElement;
const sendButton = () => screen.getByRole('button', { name: i18n.t('guilds:chat.send') }) as HTMLButtonElement;

function renderComposer() {
  const network = chatNetwork({
    'POST /api/images': { status: 201, body: { data: { type: 'images', id: 'k', attributes: { url: '/api/images/k' } } } },
  });
  const onSend = vi.fn();
  const view = render(<Composer onSend={onSend} />, {
    wrapper: featureWrapper({ api: testApi(network.fetch), viewer: testViewer(), navigate: () => undefined }, i18n),
  });
  return { onSend, network, view };
}

describe('<Composer>', () => {
  it('sends the text, then empties itself and keeps the focus in the text', async () => {
    const { onSend } = renderComposer();
    expect(sendButton().disabled).toBe(true);
    expect(screen.getByText(i18n.t('guilds:chat.counter', { count: 0, max: 1000 }))).toBeTruthy();
    fireEvent.change(text(), { target: { value: 'Ran 5 km 🏃‍♀️' } });
    expect(screen.getByText(i18n.t('guilds:chat.counter', { count: 10, max: 1000 }))).toBeTruthy();
    expect(sendButton().disabled).toBe(false);
    fireEvent.click(sendButton());
    await waitFor(() => expect(onSend).toHaveBeenCalledExactlyOnceWith('Ran 5 km 🏃‍♀️', []));
    await waitFor(() => expect(text().value).toBe(''));
    await waitFor(() => expect(document.activeElement).toBe(text()));
    expect(sendButton().disabled).toBe(true);
  });

  it('sends with Ctrl+Enter or Cmd+Enter, and not when there is nothing to send', async () => {
    const { onSend } = renderComposer();
    fireEvent.keyDown(text(), { key: 'Enter', ctrlKey: true });
    fireEvent.change(text(), { target: { value: 'first' } });
    fireEvent.keyDown(text(), { key: 'Enter' });
    await act(async () => undefined);
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(text(), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('first', []));
    fireEvent.change(text(), { target: { value: 'second' } });
    fireEvent.keyDown(text(), { key: 'Enter', metaKey: true });
    await waitFor(() => expect(onSend).toHaveBeenLastCalledWith('second', []));
    expect(onSend).toHaveBeenCalledTimes(2);
    // Nothing to send is said by the disabled button, never as an error under the text.
    expect(text().getAttribute('aria-invalid')).toBe('false');
  });

  it('says the length rule as it is typed and refuses to send over it (and hostile text)', async () => {
    const { onSend } = renderComposer();
    fireEvent.change(text(), { target: { value: '🏃'.repeat(1001) } });
    const problem = screen.getByText(i18n.t('validation:tooLong', { count: 1000 }));
    expect(problem.className).toBe('kiwi-guild__error');
    expect(text().getAttribute('aria-describedby')).toBe(problem.id);
    expect(text().getAttribute('aria-invalid')).toBe('true');
    expect(sendButton().disabled).toBe(true);
    fireEvent.keyDown(text(), { key: 'Enter', ctrlKey: true });
    fireEvent.change(text(), { target: { value: 'a\u0000b' } });
    expect(screen.getByText(i18n.t('validation:invalidFormat'))).toBeTruthy();
    fireEvent.keyDown(text(), { key: 'Enter', ctrlKey: true });
    await act(async () => undefined);
    expect(onSend).not.toHaveBeenCalled();
    // Back within the rule: the counter again.
    fireEvent.change(text(), { target: { value: 'ok' } });
    expect(await screen.findByText(i18n.t('guilds:chat.counter', { count: 2, max: 1000 }))).toBeTruthy();
    expect(text().getAttribute('aria-invalid')).toBe('false');
  });

  it('sends an image without text, then clears the image', async () => {
    const { onSend, network, view } = renderComposer();
    const file = view.container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(file, { target: { files: [new File(['png'], 'run.png', { type: 'image/png' })] } });
    const preview = () => view.container.querySelector('.kiwi-guild__composer img');
    await waitFor(() => expect(preview()?.getAttribute('src')).toBe('/api/images/k'));
    expect(network.writes().map((request) => `${request.method} ${request.path}`)).toEqual(['POST /api/images']);
    expect(sendButton().disabled).toBe(false);
    fireEvent.click(sendButton());
    await waitFor(() => expect(onSend).toHaveBeenCalledExactlyOnceWith('', ['/api/images/k']));
    await waitFor(() => expect(preview()).toBeNull());
    expect(sendButton().disabled).toBe(true);
  });
});

describe('<GuildChat> sending from the composer', () => {
  it('shows the message as sending while the post is pending, then as sent; a refused one keeps the reason', async () => {
    const first = deferred<{ status: number; body: unknown }>();
    let posts = 0;
    const network = chatNetwork({
      'GET /api/organizations/7/guilds/5': { body: joinedGuild() },
      'GET /api/guilds/5/messages': { body: { data: [], meta: { 'total-count': 0, 'last-event-id': 3 } } },
      'POST /api/guilds/5/messages': () => {
        posts += 1;
        return posts === 1 ? first.promise : unprocessable('/guild_message/body', 'The server refused this text');
      },
    });
    const notify = vi.fn();
    render(<GuildChat guildId="5" showMembers={false} />, {
      wrapper: featureWrapper({ api: testApi(network.fetch), viewer: testViewer(), navigate: () => undefined, notify }, i18n),
    });
    const log = await screen.findByRole('log', { name: i18n.t('guilds:chat.messages') });
    await within(log).findByText(i18n.t('guilds:chat.empty'));

    fireEvent.change(text(), { target: { value: 'on my way' } });
    fireEvent.click(sendButton());
    expect(await within(log).findByText(i18n.t('guilds:chat.sending'))).toBeTruthy();
    expect(within(log).getByText('on my way')).toBeTruthy();
    // The composer is free again at once (optimistic): empty, focused.
    expect(text().value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(text()));

    first.resolve({ status: 201, body: { data: messageResource(41, 'on my way') } });
    await screen.findByRole('listitem', { name: i18n.t('guilds:chat.messageBy', { name: 'Hanako' }) });
    expect(within(log).queryByText(i18n.t('guilds:chat.sending'))).toBeNull();
    expect(notify).toHaveBeenCalledExactlyOnceWith({ type: 'message-sent', guildId: '5', messageId: '41' });

    fireEvent.change(text(), { target: { value: 'second' } });
    fireEvent.click(sendButton());
    const failure = await within(log).findByRole('alert');
    expect(within(failure).getByText(i18n.t('guilds:chat.sendFailed', { reason: 'The server refused this text' }))).toBeTruthy();
    expect(within(failure).getByRole('button', { name: i18n.t('guilds:chat.retry') })).toBeTruthy();
    expect(network.writes().map((request) => request.body)).toEqual([
      { guild_message: { body: 'on my way', image_urls: [] } },
      { guild_message: { body: 'second', image_urls: [] } },
    ]);
  });
});
