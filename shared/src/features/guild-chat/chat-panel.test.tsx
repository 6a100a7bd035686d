// @vitest-environment happy-dom
// The chat panel's older page: fetched on demand through a mutation (its busy state on the button, asked once), then
// put above the first page.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/create-i18n';
import { featureWrapper, joinedGuild, testApi, testViewer } from '../test-support';
import { chatNetwork, deferred, messageResource } from './chat-test-network';
import { GuildChat } from './guild-chat';

afterEach(cleanup);

const i18n = createI18n({ lng: 'en' });

describe('<GuildChat> older messages', () => {
  it('loads the page before the oldest message once, showing that it is loading', async () => {
    const older = deferred<{ body: unknown }>();
    const firstPage = Array.from({ length: 30 }, (_, index) => messageResource(100 + index, `message ${100 + index}`, false));
    const network = chatNetwork({
      'GET /api/organizations/7/guilds/5': { body: joinedGuild() },
      'GET /api/guilds/5/messages': (request) =>
        request.search.includes('before=') ? older.promise : { body: { data: firstPage, meta: { 'total-count': 31, 'last-event-id': 3 } } },
    });
    render(<GuildChat guildId="5" showMembers={false} />, {
      wrapper: featureWrapper({ api: testApi(network.fetch), viewer: testViewer(), navigate: () => undefined }, i18n),
    });
    const log = await screen.findByRole('log', { name: i18n.t('guilds:chat.messages') });
    await within(log).findByText('message 100');
    const button = within(log).getByRole('button', { name: i18n.t('guilds:chat.loadOlder') }) as HTMLButtonElement;
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe(i18n.t('guilds:chat.loadingOlder')));
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    const asked = () => network.sent.filter((request) => request.search.includes('before='));
    expect(asked().map((request) => request.search)).toEqual(['?per=30&before=100']);

    older.resolve({ body: { data: [messageResource(99, 'the oldest', false)], meta: { 'total-count': 31 } } });
    expect(await within(log).findByText('the oldest')).toBeTruthy();
    const texts = within(log)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.kiwi-guild-message__text')?.textContent);
    expect(texts.slice(0, 2)).toEqual(['the oldest', 'message 100']);
    // Fewer than a page came: nothing older is left to load.
    await waitFor(() => expect(within(log).queryByRole('button', { name: i18n.t('guilds:chat.loadOlder') })).toBeNull());
    expect(asked()).toHaveLength(1);
  });
});
