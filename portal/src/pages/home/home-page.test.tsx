// @vitest-environment happy-dom
// `/` on real React with the real API client and session; the backend is a fetch answering GET /api/user and
// GET /api/home as the server presents them (issue 21 point 6: the organiser of an event is not a participant, so the
// home does not show them as joined beside a count that leaves them out).
import { createApiClient } from '@kiwi/shared/api/client';
import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { acmeUserResponse, jsonApiResponse } from '../../test-backend';
import { renderPage } from '../../test-render';
import { HomePage } from './home-page';

const i18n = createI18n({ lng: 'en' });
const t = (key: string) => i18n.t(`home:${key}`) as string;

const event = (id: string, name: string, attributes: Record<string, unknown>) => ({
  type: 'events',
  id,
  attributes: {
    name,
    'started-at': '2031-05-01T01:00:00.000Z',
    'ended-at': '2031-05-01T02:00:00.000Z',
    location: null,
    'apply-maximum': 20,
    ...attributes,
  },
});

const none = { data: [] };
const home = {
  data: {
    type: 'homes',
    id: '5',
    attributes: {
      'maintenance-message': null,
      'coin-balance': 0,
      'activity-month': '2031-05',
      'month-steps': 10,
      'month-health-points': 1,
      'quest-stamps': 0,
      more: {
        coinMessages: false,
        news: false,
        appInformations: false,
        upcomingEvents: false,
        openEvents: false,
        guilds: false,
        surveys: false,
      },
    },
    relationships: {
      quests: none,
      'walking-event': { data: null },
      'coin-messages': none,
      news: none,
      'app-informations': none,
      'upcoming-events': {
        data: [
          { type: 'events', id: '1' },
          { type: 'events', id: '2' },
        ],
      },
      'open-events': none,
      guilds: none,
      'well-being-surveys': none,
    },
  },
  included: [
    // The organiser: the server's joined count leaves them out (0 of 20), and so does the badge.
    event('1', 'Morning walk', { 'joined-count': 0, 'my-role': 'author', 'my-status': 'joined' }),
    event('2', 'Lunch run', { 'joined-count': 3, 'my-role': 'member', 'my-status': 'joined' }),
  ],
};

function backend() {
  return createApiClient({
    baseURL: 'http://kiwi.test/api',
    getToken: async () => 'token',
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url.pathname === '/api/user') return acmeUserResponse();
      if (method === 'GET' && url.pathname === '/api/home') return jsonApiResponse(200, home);
      throw new Error(`unexpected ${method} ${url.pathname}`);
    }) as typeof globalThis.fetch,
  });
}

afterEach(cleanup);

describe('HomePage', () => {
  it("does not show the organiser as joined, and shows a participant's own event as joined", async () => {
    renderPage(<HomePage />, { api: backend(), i18n });
    const itemOf = async (name: string) => within((await screen.findByRole('link', { name })).closest('li') as HTMLElement);
    expect((await itemOf('Morning walk')).queryByText(t('events.joined'))).toBeNull();
    expect((await itemOf('Lunch run')).getByText(t('events.joined'))).toBeTruthy();
  });
});
