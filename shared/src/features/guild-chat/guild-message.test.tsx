// @vitest-environment happy-dom
// Editing a message on react-hook-form: the length rule under the text, the text sent, the save's busy state (its
// mutation), the server's word on the text under it and any other failure as a toast.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeDocument } from '../../api/jsonapi';
import { createI18n } from '../../i18n/create-i18n';
import type { GuildMessage } from '../../schemas/guild-resources';
import { featureWrapper, testApi, testViewer } from '../test-support';
import { type ChatHandler, chatNetwork, deferred, messageResource, serverFailure, unprocessable } from './chat-test-network';
import { MessageItem } from './guild-message';

afterEach(cleanup);

const i18n = createI18n({ lng: 'en' });
const message = decodeDocument<GuildMessage>({ data: messageResource(41, 'Ran 5 km') }).data as GuildMessage;

function renderMessage(put: ChatHandler) {
  const network = chatNetwork({ 'PUT /api/guilds/5/messages/41': put });
  const onChanged = vi.fn();
  render(
    <ol>
      <MessageItem
        guildId="5"
        message={message}
        language="en"
        joined
        canPin={false}
        pinned={false}
        onToggle={() => undefined}
        onPin={() => undefined}
        onUnpin={() => undefined}
        onChanged={onChanged}
        act={async (run) => {
          await run();
        }}
      />
    </ol>,
    { wrapper: featureWrapper({ api: testApi(network.fetch), viewer: testViewer(), navigate: () => undefined }, i18n) },
  );
  fireEvent.click(screen.getByRole('button', { name: i18n.t('guilds:chat.editMessage') }));
  const field = screen.getByRole('textbox', { name: i18n.t('guilds:chat.editMessage') }) as HTMLTextAreaElement;
  const save = screen.getByRole('button', { name: i18n.t('guilds:chat.save') }) as HTMLButtonElement;
  return { network, onChanged, field, save };
}

describe('<MessageItem> edit form', () => {
  it('starts from the text, refuses a text over the limit, and sends the new text while showing it is busy', async () => {
    const answer = deferred<{ body: unknown }>();
    const { network, onChanged, field, save } = renderMessage(() => answer.promise);
    expect(field.value).toBe('Ran 5 km');
    fireEvent.change(field, { target: { value: 'x'.repeat(1001) } });
    const problem = screen.getByText(i18n.t('validation:tooLong', { count: 1000 }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(problem.id);
    expect(save.disabled).toBe(true);

    fireEvent.change(field, { target: { value: 'Ran 10 km' } });
    expect(field.getAttribute('aria-invalid')).toBe('false');
    fireEvent.click(save);
    await waitFor(() => expect(save.disabled).toBe(true));
    expect(field.closest('form')?.getAttribute('aria-busy')).toBe('true');
    expect(network.writes().map((request) => request.body)).toEqual([{ guild_message: { body: 'Ran 10 km' } }]);

    answer.resolve({ body: { data: messageResource(41, 'Ran 10 km', true, { 'edited-at': '2026-01-01T01:00:00.000Z' }) } });
    await waitFor(() => expect(onChanged).toHaveBeenCalledOnce());
    expect(onChanged.mock.calls[0]?.[0]).toMatchObject({ id: '41', body: 'Ran 10 km' });
    // Saved: the form closes.
    await waitFor(() => expect(screen.queryByRole('textbox', { name: i18n.t('guilds:chat.editMessage') })).toBeNull());
  });

  it("shows the server's refusal of the text under the field, and clears it as the text changes", async () => {
    const { onChanged, field, save } = renderMessage(unprocessable('/guild_message/body', 'The server says: too long'));
    fireEvent.change(field, { target: { value: 'edited' } });
    fireEvent.click(save);
    const problem = await screen.findByText('The server says: too long');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(problem.id);
    expect(save.disabled).toBe(false);
    expect(onChanged).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: 'edited again' } });
    await waitFor(() => expect(screen.queryByText('The server says: too long')).toBeNull());
  });

  it('says any other failure as a toast and keeps the form open with the text', async () => {
    const { field, save } = renderMessage(serverFailure('The server is busy'));
    fireEvent.change(field, { target: { value: 'edited' } });
    fireEvent.click(save);
    expect(await screen.findByText('The server is busy')).toBeTruthy();
    expect(field.value).toBe('edited');
    expect(field.getAttribute('aria-invalid')).toBe('false');
  });
});
