// @vitest-environment happy-dom
import { createApiClient } from '@kiwi/shared/api/client';
import { FeatureProvider } from '@kiwi/shared/features/feature-context';
import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { OrganizationContextProvider } from '../../organization/organization-context';
import { EventsCommunicationSection } from './events-communication-section';

afterEach(cleanup);

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/vnd.api+json' } });
const event = (id: number) => ({
  type: 'events',
  id: String(id),
  attributes: {
    name: `Event ${id}`,
    'started-at': '2030-01-01T00:00:00.000Z',
    'ended-at': '2030-01-01T01:00:00.000Z',
    'public-range': 'public',
    'apply-maximum': null,
    'joined-count': 0,
    cancel: false,
    tags: [],
  },
});
const series = {
  labels: ['2030-01'],
  'events-count': [0],
  'cancelled-count': [0],
  'participants-count': [0],
  'messages-count': [0],
  totals: { events: 0, cancelled: 0, participants: 0, messages: 0 },
};

/** A backend of 60 events: every page of all_events, the two charts, the organisation. */
function backend() {
  const asked: URL[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    asked.push(url);
    if (url.pathname.endsWith('/all_events')) {
      const page = Number(url.searchParams.get('page') ?? 1);
      const per = Number(url.searchParams.get('per') ?? 20);
      const ids = Array.from({ length: 60 }, (_unused, index) => index + 1).slice((page - 1) * per, page * per);
      return json({ data: ids.map(event), meta: { 'total-count': 60, 'total-pages': Math.ceil(60 / per), 'current-page': page } });
    }
    if (url.pathname.endsWith('/events_summary')) return json({ data: { type: 'events-summaries', id: '1', attributes: series } });
    if (url.pathname.endsWith('/events_participation_rate')) {
      return json({
        data: {
          type: 'events-participation-rates',
          id: '1',
          attributes: { labels: ['2030-01'], rates: [null], participants: [0], members: [0] },
        },
      });
    }
    return json({ data: { type: 'organizations', id: '1', attributes: { name: 'Acme', identifier: 'acme' } } });
  }) as typeof globalThis.fetch;
  return { asked, api: createApiClient({ baseURL: 'http://kiwi.test/api', getToken: async () => 'token', fetch }) };
}

describe('EventsCommunicationSection', () => {
  it('lists every event a page at a time, not only the first page', async () => {
    const { api } = backend();
    render(
      <I18nextProvider i18n={createI18n({ lng: 'en' })}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <FeatureProvider value={{ api, viewer: null, navigate: () => undefined }}>
            <OrganizationContextProvider api={api} identifier="acme">
              <MemoryRouter>
                <EventsCommunicationSection />
              </MemoryRouter>
            </OrganizationContextProvider>
          </FeatureProvider>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    // The link names the organisation, so a platform admin without membership reads the event there (read-only).
    expect((await screen.findByRole('link', { name: 'Event 1' })).getAttribute('href')).toBe('/events/1?organization=1');
    expect(screen.queryByRole('link', { name: 'Event 60' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Event 60' })).toBeTruthy());
    expect(screen.queryByRole('link', { name: 'Event 1' })).toBeNull();
  });
});
