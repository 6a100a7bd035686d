// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../api/client';
import { createI18n } from '../../i18n/create-i18n';
import { type FeatureContextValue, FeatureProvider, type FeatureViewer } from '../feature-context';
import { CoinMessages } from './coin-messages';

afterEach(cleanup);

type Reply = { status?: number; body: unknown };
type Sent = { method: string; path: string; search: string; body: unknown };

/** The real API client over a fetch that answers from a table (the backend is not part of these tests). */
function host(replies: Record<string, Reply | ((sent: Sent) => Reply)>, extra: Partial<FeatureContextValue> = {}) {
  const sent: Sent[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://kiwi.test');
    const method = init?.method ?? 'GET';
    const request = { method, path: url.pathname, search: decodeURIComponent(url.search), body: init?.body ? JSON.parse(String(init.body)) : undefined };
    sent.push(request);
    const entry = replies[`${method} ${url.pathname}`];
    const reply = typeof entry === 'function' ? entry(request) : entry;
    if (!reply) return new Response(JSON.stringify({ errors: [{ status: '404', code: 'route.notFound' }] }), { status: 404 });
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/vnd.api+json' } });
  }) as typeof globalThis.fetch;
  const api = createApiClient({ getToken: async () => 'token', fetch, baseURL: 'http://kiwi.test/api' });
  const viewer: FeatureViewer = {
    userId: '1',
    name: 'Sato Hanako',
    role: 'member',
    organizationId: '5',
    organizationIdentifier: 'acme',
    organizationMemberId: '10',
    organizationRole: 'member',
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={createI18n({ lng: 'en' })}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <FeatureProvider value={{ api, viewer, navigate: () => {}, ...extra }}>{children}</FeatureProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
  return { sent, wrapper };
}

const feed = (balance: number, entries: unknown[] = []) => ({
  body: { data: entries, meta: { balance, 'total-count': entries.length, 'current-page': 1, 'total-pages': entries.length > 0 ? 1 : 0 } },
});
/** A feed entry: Suzuki Taro sent the viewer (Sato Hanako) 4 coins with `message`. */
const receivedFromTaro = (icon: string, message: string) => ({
  type: 'coin-messages',
  id: '3',
  attributes: {
    direction: 'received',
    'created-at': '2026-05-01T10:00:00Z',
    sender: { id: '11', name: 'Suzuki Taro', icon },
    recipients: [{ id: '10', name: 'Sato Hanako', amount: 4, message }],
  },
});
const colleagues = {
  body: {
    data: [
      { type: 'organization-members', id: '10', attributes: { name: 'Sato Hanako', nickname: null, icon: null } },
      { type: 'organization-members', id: '11', attributes: { name: 'Suzuki Taro', nickname: 'Taro-chan', icon: null } },
      { type: 'organization-members', id: '12', attributes: { name: 'Tanaka Jiro', nickname: null, icon: null } },
    ],
  },
};

async function pick(name: string) {
  fireEvent.change(screen.getByLabelText('Search colleagues by name'), { target: { value: name.split(' ')[0] } });
  fireEvent.click(await screen.findByRole('button', { name: `Add ${name}` }));
}

describe('CoinMessages', () => {
  it('previews {name} and {nickname} per recipient, sends one amount each and tells the host', async () => {
    const notify = vi.fn();
    const { sent, wrapper } = host(
      {
        'GET /api/user/kiwi_coin_transfers': feed(100),
        'GET /api/organizations/5/members': colleagues,
        'POST /api/user/kiwi_coin_transfers': { status: 201, body: { data: [], meta: { balance: 93 } } },
      },
      { notify },
    );
    render(<CoinMessages />, { wrapper });
    expect(await screen.findByText('Your balance: 100 coins')).toBeTruthy();
    await pick('Suzuki Taro');
    await pick('Tanaka Jiro');
    // The viewer never appears among the choices.
    fireEvent.change(screen.getByLabelText('Search colleagues by name'), { target: { value: 'Sato' } });
    await waitFor(() => expect(sent.some((r) => r.search.includes('q[name]=Sato'))).toBe(true));
    expect(screen.queryByRole('button', { name: 'Add Sato Hanako' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Coins for Suzuki Taro'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Coins for Tanaka Jiro'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Thanks {nickname} ({name})!' } });
    expect(screen.getByTestId('coin-preview-11').textContent).toBe('Thanks Taro-chan (Suzuki Taro)!');
    expect(screen.getByTestId('coin-preview-12').textContent).toBe('Thanks Tanaka Jiro (Tanaka Jiro)!');
    expect(screen.getByText('Total: 7 coins')).toBeTruthy();

    expect(notify).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Send coins' }));
    expect(await screen.findByText('Coins sent')).toBeTruthy();
    expect(notify).toHaveBeenCalledExactlyOnceWith({ type: 'coins-sent', amount: 7, receiverIds: ['11', '12'] });
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      kiwi_coin_transfer: {
        message: 'Thanks {nickname} ({name})!',
        recipients: [
          { organization_member_id: 11, amount: 5 },
          { organization_member_id: 12, amount: 2 },
        ],
      },
    });
  });

  it('shows "not enough coins" from the server and keeps the form (the host hears nothing)', async () => {
    const notify = vi.fn();
    const { wrapper } = host(
      {
        'GET /api/user/kiwi_coin_transfers': feed(3),
        'GET /api/organizations/5/members': colleagues,
        'POST /api/user/kiwi_coin_transfers': {
          status: 422,
          body: { errors: [{ status: '422', code: 'coins.notEnough', title: 'x', detail: 'You do not have enough KIWI coins' }] },
        },
      },
      { notify },
    );
    render(<CoinMessages />, { wrapper });
    await pick('Suzuki Taro');
    fireEvent.change(screen.getByLabelText('Coins for Suzuki Taro'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send coins' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You do not have enough KIWI coins');
    expect((screen.getByLabelText('Coins for Suzuki Taro') as HTMLInputElement).value).toBe('50');
    expect(notify).not.toHaveBeenCalled();
  });

  it("loads the sender's icon through the host's resolveUrl (a widget on another origin)", async () => {
    const { wrapper } = host(
      {
        'GET /api/user/kiwi_coin_transfers': feed(10, [receivedFromTaro('/api/images/abcdefghijklmnopqrstuvwxyz012345', 'Thanks')]),
      },
      { resolveUrl: (url) => new URL(url, 'https://api.example').href },
    );
    render(<CoinMessages />, { wrapper });
    await screen.findByText('Suzuki Taro sent you');
    expect(screen.getByTestId('coin-feed').querySelector('img')?.getAttribute('src')).toBe('https://api.example/api/images/abcdefghijklmnopqrstuvwxyz012345');
  });

  it('asks for a recipient before sending, and lists sent and received messages with the sender', async () => {
    const { sent, wrapper } = host({
      'GET /api/user/kiwi_coin_transfers': feed(10, [receivedFromTaro('https://img.example/taro.png', 'Thanks Sato Hanako')]),
    });
    render(<CoinMessages />, { wrapper });
    expect(await screen.findByText('Suzuki Taro sent you')).toBeTruthy();
    expect(screen.getByText('Thanks Sato Hanako')).toBeTruthy();
    expect(screen.getByTestId('coin-feed').querySelector('img')?.getAttribute('src')).toBe('https://img.example/taro.png');
    fireEvent.click(screen.getByRole('button', { name: 'Send coins' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose at least one colleague');
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
  });
});
