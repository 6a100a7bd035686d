// For the feature components' tests: the components rendered in what the portal and a widget give them (English
// translations, a query client that does not retry, toasts, the confirmation dialog, the image viewer and the feature
// context), over the real API client and a fake network (the backend is not part of these tests).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createApiClient } from '../api/client';
import { createI18n } from '../i18n/create-i18n';
import { ConfirmDialogProvider } from '../ui/confirm-dialog';
import { ImageViewerProvider } from '../ui/image-viewer';
import { ToastProvider } from '../ui/toast';
import { type FeatureContextValue, FeatureProvider, type FeatureViewer } from './feature-context';

/** A member of organisation 7 ("acme"), organisation member 11, unless `overrides` say otherwise. */
export const testViewer = (overrides: Partial<FeatureViewer> = {}): FeatureViewer => ({
  userId: '1',
  name: 'Hanako',
  role: 'member',
  organizationId: '7',
  organizationIdentifier: 'acme',
  organizationMemberId: '11',
  organizationRole: 'member',
  ...overrides,
});

/** The real API client on http://kiwi.test/api, signed in with the token "token", over `fetch`. */
export const testApi = (fetch: typeof globalThis.fetch) =>
  createApiClient({ baseURL: 'http://kiwi.test/api', getToken: async () => 'token', fetch });

/** The providers around a feature component, for `render(node, { wrapper })`. */
export function featureWrapper(context: FeatureContextValue, i18n: I18n = createI18n({ lng: 'en' })) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <ToastProvider>
          <ConfirmDialogProvider>
            <ImageViewerProvider>
              <FeatureProvider value={context}>{children}</FeatureProvider>
            </ImageViewerProvider>
          </ConfirmDialogProvider>
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

/** The error text a field points at (aria-describedby), or null when it is not marked invalid. */
export function errorOf(field: HTMLElement): string | null {
  if (field.getAttribute('aria-invalid') !== 'true') return null;
  return document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent ?? null;
}

export type Reply = { status?: number; body: unknown };
/** A request the fake network answered: `search` decoded, `body` parsed. */
export type Sent = { method: string; path: string; search: string; authorization: string | null; body: unknown };
/** Answers by "METHOD /path" (no query string); anything else is a 404. */
export type Replies = Record<string, Reply | ((request: Sent) => Reply)>;

/** A fetch that answers from `replies` and keeps every request in `sent`. */
export function tableFetch(replies: Replies) {
  const sent: Sent[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://kiwi.test');
    const method = init?.method ?? 'GET';
    const request: Sent = {
      method,
      path: url.pathname,
      search: decodeURIComponent(url.search),
      authorization: new Headers(init?.headers).get('authorization'),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    sent.push(request);
    const entry = replies[`${method} ${url.pathname}`];
    const reply = typeof entry === 'function' ? entry(request) : entry;
    if (!reply) return new Response(JSON.stringify({ errors: [{ status: '404', code: 'route.notFound' }] }), { status: 404 });
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/vnd.api+json' },
    });
  }) as typeof globalThis.fetch;
  return { fetch, sent };
}

/**
 * An answer held back until `release()`, to see a form while its write is under way: the answer of `route`
 * ("METHOD /path"), or every answer when no route is named.
 */
export function heldAnswer(route?: string) {
  let release: () => void = () => undefined;
  const until = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { route, until, release: () => release() };
}
export type HeldAnswer = ReturnType<typeof heldAnswer>;

/**
 * A host for one test: the fake network answering from `replies` (holding back what `hold` holds), the wrapper (no
 * viewer and a navigate that records the paths in `navigated`, unless `context` says otherwise; English unless `i18n`
 * says otherwise), and what was sent.
 */
export function featureHost(
  replies: Replies,
  context: Partial<FeatureContextValue> = {},
  { i18n, hold }: { i18n?: I18n; hold?: HeldAnswer } = {},
) {
  const table = tableFetch(replies);
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const { pathname } = new URL(String(input instanceof Request ? input.url : input), 'http://kiwi.test');
    if (hold && (!hold.route || `${init?.method ?? 'GET'} ${pathname}` === hold.route)) await hold.until;
    return table.fetch(input, init);
  }) as typeof globalThis.fetch;
  const navigated: string[] = [];
  const wrapper = featureWrapper({ api: testApi(fetch), viewer: null, navigate: (path) => navigated.push(path), ...context }, i18n);
  return { sent: table.sent, navigated, wrapper };
}

/**
 * GET /organizations/:id/members answering two colleagues named "Sato Hanako" (issue 21): 21 in group Sales without a
 * nickname, 22 "Hana-D" with an icon and no group; each with a masked email.
 */
export const sameNameColleagues = {
  body: {
    data: [
      {
        type: 'organization-members',
        id: '21',
        attributes: { name: 'Sato Hanako', nickname: null, icon: null, 'email-hint': 'ha***@ac…' },
        relationships: { groups: { data: [{ type: 'groups', id: '1' }] } },
      },
      {
        type: 'organization-members',
        id: '22',
        attributes: { name: 'Sato Hanako', nickname: 'Hana-D', icon: '/api/images/hana', 'email-hint': 'hs***@de…' },
        relationships: { groups: { data: [] } },
      },
    ],
    included: [{ type: 'groups', id: '1', attributes: { name: 'Sales', 'parent-id': null } }],
  },
};

/** GET /organizations/7/guilds/5's body: "Runners", which the viewer joined, with `attributes` over the defaults. */
export const joinedGuild = (attributes: Record<string, unknown> = {}) => ({
  data: {
    type: 'guilds',
    id: '5',
    attributes: {
      name: 'Runners',
      description: '',
      tags: [],
      'public-range': 'public',
      'header-image-url': null,
      'members-count': 2,
      'my-status': 'joined',
      'can-manage': false,
      'can-read': true,
      'pinned-message-id': null,
      'organization-id': 7,
      ...attributes,
    },
    relationships: { members: { data: [] }, 'pinned-message': { data: null } },
  },
});

const DAY = 24 * 3600 * 1000;
/**
 * GET /organizations/1/events/9's event resource: "Picnic" in the Park a week from now, for an hour, which the viewer
 * neither manages nor joined, with `attributes` over the defaults.
 */
export const eventResource = (attributes: Record<string, unknown> = {}) => ({
  type: 'events',
  id: '9',
  attributes: {
    'organization-id': 1,
    name: 'Picnic',
    description: 'Bring lunch',
    'started-at': new Date(Date.now() + 7 * DAY).toISOString(),
    'ended-at': new Date(Date.now() + 7 * DAY + 3600_000).toISOString(),
    'recruitment-deadline': null,
    location: 'Park',
    'apply-minimum': null,
    'apply-maximum': 10,
    tags: ['outdoor'],
    'public-range': 'public',
    'header-image-url': null,
    'externally-published': false,
    cancel: false,
    'cancelled-at': null,
    'joined-count': 2,
    'guests-count': 0,
    'poll-id': null,
    'my-role': null,
    'my-status': null,
    'my-event-member-id': null,
    'can-manage': false,
    'can-participate': false,
    ...attributes,
  },
  relationships: { 'event-members': { data: [] } },
});

/** An event message of event 9 by the viewer ("Hanako"), "See you there", with `attributes` over the defaults. */
export const eventMessageResource = (id: string, attributes: Record<string, unknown> = {}) => ({
  type: 'event-messages',
  id,
  attributes: {
    'event-id': 9,
    kind: 'chat',
    body: 'See you there',
    'image-urls': [],
    'author-name': 'Hanako',
    'author-icon': null,
    'author-kind': 'member',
    mine: true,
    reactions: [],
    'created-at': '2030-01-01T00:00:00.000Z',
    'updated-at': '2030-01-01T00:00:00.000Z',
    ...attributes,
  },
});
