// @vitest-environment happy-dom
// The guild feature components rendered against the real API client with a fake network (fetch), as a widget or the
// portal would run them.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/create-i18n';
import { featureWrapper, testApi, testViewer } from '../test-support';
import { GuildList } from './guild-list';

afterEach(cleanup);

const i18n = createI18n({ lng: 'en' });

type Call = { url: string; method: string };
function fakeNetwork(answer: (url: URL) => unknown) {
  const calls: Call[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://kiwi.test');
    calls.push({ url: `${url.pathname}${decodeURIComponent(url.search)}`, method: init?.method ?? 'GET' });
    return new Response(JSON.stringify(answer(url)), { status: 200, headers: { 'content-type': 'application/vnd.api+json' } });
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

function renderWith(node: ReactNode, fetch: typeof globalThis.fetch, navigated: string[] = []) {
  render(node, { wrapper: featureWrapper({ api: testApi(fetch), viewer: testViewer(), navigate: (path) => navigated.push(path) }, i18n) });
}

const guildResource = (id: string, name: string, tags: string[]) => ({
  type: 'guilds',
  id,
  attributes: {
    name,
    description: `<b>${name}</b>`,
    tags,
    'public-range': 'public',
    'header-image-url': null,
    'members-count': 3,
    'my-status': null,
    'organization-id': 7,
  },
});

describe('<GuildList>', () => {
  it('lists guilds, offers the 5 most-used tags, and filters by a tag with q[tags][]', async () => {
    const { calls, fetch } = fakeNetwork((url) =>
      url.pathname.endsWith('/guild_tags')
        ? {
            data: ['running', 'yoga'].map((tag, index) => ({
              type: 'guild-tags',
              id: tag,
              attributes: { name: tag, 'guilds-count': 5 - index },
            })),
          }
        : { data: [guildResource('1', 'Runners', ['running'])], meta: { 'total-count': 1, 'current-page': 1, 'total-pages': 1 } },
    );
    const navigated: string[] = [];
    renderWith(<GuildList />, fetch, navigated);
    // The card links to the portal (absolute, so it also works from a widget's page); a click goes through navigate.
    expect((await screen.findByRole('link', { name: 'Runners' })).getAttribute('href')).toBe(new URL('/guilds/1', document.baseURI).href);
    // User text is text.
    expect(screen.getByText('<b>Runners</b>')).toBeTruthy();
    expect(calls).toContainEqual({ url: '/api/organizations/7/guild_tags?q[most_used]=true&per=5', method: 'GET' });

    const chip = await screen.findByRole('button', { name: /#running/ });
    fireEvent.click(chip);
    await waitFor(() => expect(calls.some((call) => call.url.includes('q[tags][]=running'))).toBe(true));
    expect(chip.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('link', { name: 'Runners' }));
    expect(navigated).toEqual(['/guilds/1']);
  });

  it('says so when there is no guild', async () => {
    const { fetch } = fakeNetwork((url) =>
      url.pathname.endsWith('/guild_tags') ? { data: [] } : { data: [], meta: { 'total-count': 0, 'total-pages': 0 } },
    );
    renderWith(<GuildList />, fetch);
    expect(await screen.findByText(i18n.t('guilds:list.empty'))).toBeTruthy();
  });
});
