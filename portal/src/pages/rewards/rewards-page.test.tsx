// @vitest-environment happy-dom
// The shop on real React with the real API client, session, toast and confirmation dialog; the backend is a fetch that
// answers the issue 18 routes as docs/api.md describes them. What the member agrees to must be what is sent: the odds
// are read again before the confirmation, one click is one Idempotency-Key (kept when the same click is sent again),
// and a coded refusal reads as its errors.json message.
import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { acmeUserResponse, testApiClient } from '../../test-backend';
import { formatChance } from './odds-table';
import { RewardsPage } from './rewards-page';
import { renderPage as renderPortalPage } from '../../test-render';

afterEach(cleanup);

const i18n = createI18n({ lng: 'en' });
const t = (key: string, options: Record<string, unknown> = {}) => i18n.t(key.includes(':') ? key : `rewards:${key}`, options) as string;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/vnd.api+json' } });

type Prize = { id: string; name: string; remaining: number; probability: number };
type Post = { path: string; key: string | null };

type RedemptionAttributes = Record<string, unknown>;

function backend({
  weekly,
  redemptions = [],
}: {
  weekly: { prizes: Prize[]; miss: number; canDraw?: boolean; reason?: string }[];
  redemptions?: RedemptionAttributes[];
}) {
  const state = { weeklyReads: 0, posts: [] as Post[], dropNextDraw: false };
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    if (method === 'GET' && path === '/user') return acmeUserResponse();
    if (method === 'GET' && path === '/home') return json(200, { data: { type: 'homes', id: '1', attributes: { 'coin-balance': 120 } } });
    if (method === 'GET' && path === '/gifts')
      return json(200, {
        data: [
          {
            type: 'gifts',
            id: '3',
            attributes: { name: 'Coffee ticket', description: 'One cup', 'thumbnail-url': null, 'need-coins': 100, stock: 4 },
          },
        ],
        meta: { 'total-count': 1, 'total-pages': 1 },
      });
    if (method === 'GET' && path === '/gifts/weekly_gacha') {
      const answer = weekly[Math.min(state.weeklyReads, weekly.length - 1)]!;
      state.weeklyReads += 1;
      return json(200, {
        data: answer.prizes.map((prize) => ({
          type: 'gifts',
          id: prize.id,
          attributes: {
            name: prize.name,
            remaining: prize.remaining,
            probability: prize.probability,
            'weekly-gacha-calculation-type': 'bronze',
          },
        })),
        meta: {
          'week-start': '2030-05-06',
          'draws-left': answer.canDraw === false ? 0 : 1,
          'miss-probability': answer.miss,
          stamps: 7,
          'stamps-per-card': 5,
          'can-draw': answer.canDraw ?? true,
          reason: answer.reason ?? null,
        },
      });
    }
    if (method === 'GET' && path === '/user/gift_redemptions')
      return json(200, {
        data: redemptions.map((attributes, index) => ({ type: 'gift-redemptions', id: String(index + 1), attributes })),
        meta: { 'total-count': redemptions.length, 'total-pages': 1 },
      });
    const key = new Headers(init?.headers).get('Idempotency-Key');
    if (method === 'POST') state.posts.push({ path, key });
    if (method === 'POST' && path === '/gacha_draws') {
      if (state.dropNextDraw) {
        state.dropNextDraw = false;
        throw new TypeError('Failed to fetch');
      }
      return json(201, {
        data: {
          type: 'gacha-draws',
          id: '77',
          attributes: {
            'gacha-type': 'weekly_gacha',
            won: true,
            'random-value': 0.123456,
            odds: [
              { 'gift-id': '11', name: 'Bronze towel', remaining: 2, probability: 0.25 },
              { 'gift-id': null, name: '', remaining: 6, probability: 0.75 },
            ],
            'coins-spent': 0,
            'created-at': '2030-05-07T01:00:00Z',
          },
          relationships: { 'gift-redemption': { data: { type: 'gift-redemptions', id: '40' } } },
        },
        included: [
          {
            type: 'gift-redemptions',
            id: '40',
            attributes: { source: 'weekly_gacha', status: 'pending', 'gift-name': 'Bronze towel', 'coins-spent': 0 },
          },
        ],
      });
    }
    if (method === 'POST' && path === '/gifts/3/exchanges')
      return json(422, { errors: [{ status: '422', code: 'coins.notEnough', detail: i18n.t('errors:coins.notEnough') }] });
    throw new Error(`unexpected ${method} ${path}`);
  }) as typeof globalThis.fetch;
  return { state, api: testApiClient(fetch) };
}

function renderShop(api: ReturnType<typeof backend>['api'], entry = '/rewards?tab=weekly') {
  renderPortalPage(<RewardsPage />, { api, i18n, entry });
}

const towel = (remaining: number, probability: number): Prize => ({ id: '11', name: 'Bronze towel', remaining, probability });
const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('RewardsPage, weekly gacha', () => {
  it('shows every prize with its exact chance and the chance of no prize, then draws from odds read again before asking', async () => {
    const { state, api } = backend({
      weekly: [
        { prizes: [towel(3, 1 / 3)], miss: 2 / 3 },
        { prizes: [towel(2, 0.25)], miss: 0.75 },
      ],
    });
    renderShop(api);
    const table = await screen.findByRole('table', { name: t('odds.caption') });
    expect(within(table).getByText(formatChance(1 / 3, 'en'))).toBeTruthy();
    expect(formatChance(1 / 3, 'en')).toBe('33.33%');
    expect(within(table).getByText(formatChance(2 / 3, 'en'))).toBeTruthy();
    expect(within(table).getByRole('rowheader', { name: t('odds.miss') })).toBeTruthy();
    expect(screen.getByText(t('weekly.drawsLeft', { value: '1' }))).toBeTruthy();
    expect(screen.getByText(t('weekly.stamps', { value: '2', perCard: '5' }))).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('rewards-balance').textContent).toBe(t('coins', { value: '120', count: 120 })));
    expect(cellsOf(table).length).toBe(2);

    // The first try gets no answer: the dialog stays open and OK sends the same attempt (same key) again.
    state.dropNextDraw = true;
    fireEvent.click(screen.getByRole('button', { name: t('weekly.draw') }));
    const confirm = await screen.findByRole('dialog', { name: t('weekly.confirmTitle') });
    expect(state.weeklyReads).toBe(2);
    expect(within(confirm).getByText('25%')).toBeTruthy();
    expect(within(confirm).getByText('75%')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: t('weekly.draw') }));
    await waitFor(() => expect(state.posts.length).toBe(1));
    await waitFor(() =>
      expect((within(confirm).getByRole('button', { name: t('weekly.draw') }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(within(confirm).getByRole('button', { name: t('weekly.draw') }));

    const outcome = await screen.findByTestId('draw-outcome');
    expect(outcome.textContent).toBe(t('result.won', { name: 'Bronze towel' }));
    await waitFor(() => expect(document.activeElement).toBe(outcome));
    expect(state.posts.map((post) => post.path)).toEqual(['/gacha_draws', '/gacha_draws']);
    expect(state.posts[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(state.posts[1]!.key).toBe(state.posts[0]!.key);
    const result = screen.getByRole('dialog', { name: t('result.title') });
    expect(within(result).getByRole('heading', { name: t('result.how') })).toBeTruthy();
    expect(within(result).getByText(t('result.randomValue', { value: '0.123456' }))).toBeTruthy();
    expect(cellsOf(within(result).getByRole('table'))).toEqual([
      ['Bronze towel', '2', '25%'],
      [t('odds.miss'), '', '75%'],
    ]);
    fireEvent.click(within(result).getByRole('button', { name: t('result.close') }));

    // A new click is a new attempt: a new key.
    await waitFor(() => expect((screen.getByRole('button', { name: t('weekly.draw') }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: t('weekly.draw') }));
    const again = await screen.findByRole('dialog', { name: t('weekly.confirmTitle') });
    fireEvent.click(within(again).getByRole('button', { name: t('weekly.draw') }));
    await waitFor(() => expect(state.posts.length).toBe(3));
    expect(state.posts[2]!.key).not.toBe(state.posts[0]!.key);
  });

  it('disables the draw and says why when the member cannot draw', async () => {
    const { api } = backend({ weekly: [{ prizes: [towel(3, 0.5)], miss: 0.5, canDraw: false, reason: 'gacha.alreadyDrawn' }] });
    renderShop(api);
    const button = (await screen.findByRole('button', { name: t('weekly.draw') })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const reason = t('cannotDraw', { reason: t('errors:gacha.alreadyDrawn') });
    expect(screen.getByText(reason).id).toBe(button.getAttribute('aria-describedby'));
  });
});

describe('RewardsPage, coin exchange', () => {
  it('states the cost and the balance after, and tells a coded refusal in its own words', async () => {
    const { state, api } = backend({ weekly: [{ prizes: [], miss: 1 }] });
    renderShop(api, '/rewards');
    const card = (await screen.findByRole('heading', { name: 'Coffee ticket' })).closest('li')!;
    expect(within(card).getByText(t('exchange.stock', { value: '4' }))).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: t('exchange.actionFor', { name: 'Coffee ticket' }) }));
    const confirm = await screen.findByRole('dialog', { name: t('exchange.confirmTitle', { name: 'Coffee ticket' }) });
    expect(within(confirm).getByText(t('exchange.confirmCost', { cost: '100', count: 100 }))).toBeTruthy();
    expect(within(confirm).getByText(t('exchange.confirmAfter', { after: '20', count: 20 }))).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: t('exchange.ok') }));
    expect(await screen.findByText(i18n.t('validation:notEnoughCoins') as string)).toBeTruthy();
    // Sending again cannot help a refusal: the dialog closed.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: t('exchange.confirmTitle', { name: 'Coffee ticket' }) })).toBeNull());
    expect(state.posts).toEqual([{ path: '/gifts/3/exchanges', key: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
  });
});

describe('RewardsPage, my rewards', () => {
  const redemption = (attributes: RedemptionAttributes) => ({
    source: 'coin_exchange',
    status: 'pending',
    'gift-thumbnail-url': null,
    'coins-spent': 0,
    'prize-code': null,
    'created-at': '2030-05-07T01:00:00Z',
    'issued-at': null,
    ...attributes,
  });

  it('shows each prize with its source and status, the code with a copy button once issued, and why one failed', async () => {
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async (value: string) => copied.push(value) },
      configurable: true,
    });
    const { api } = backend({
      weekly: [{ prizes: [], miss: 1 }],
      redemptions: [
        redemption({
          'gift-name': 'Coffee ticket',
          status: 'issued',
          'prize-code': 'KIWI-1234',
          'coins-spent': 100,
          'issued-at': '2030-05-08T01:00:00Z',
        }),
        redemption({ 'gift-name': 'Bronze towel', source: 'weekly_gacha', status: 'failed' }),
        redemption({ 'gift-name': 'Dream trip', source: 'dream_gacha' }),
      ],
    });
    renderShop(api, '/rewards?tab=mine');
    const list = await screen.findByRole('list', { name: t('mine.heading') });
    const [coffee, towel, trip] = within(list).getAllByRole('listitem');
    expect(within(coffee!).getByText(t('mine.statuses.issued'))).toBeTruthy();
    expect(within(coffee!).getByText('KIWI-1234')).toBeTruthy();
    fireEvent.click(within(coffee!).getByRole('button', { name: t('mine.copyCode', { name: 'Coffee ticket' }) }));
    expect(await screen.findByText(t('mine.copied'))).toBeTruthy();
    expect(copied).toEqual(['KIWI-1234']);
    expect(within(towel!).getByText(t('mine.statusHelp.failed'))).toBeTruthy();
    expect(within(towel!).queryByRole('button')).toBeNull();
    expect(within(trip!).getByText(t('mine.statuses.pending'))).toBeTruthy();
    expect(within(trip!).getByText(new RegExp(t('mine.sources.dream_gacha')))).toBeTruthy();
  });

  it('says so when there is nothing yet', async () => {
    const { api } = backend({ weekly: [{ prizes: [], miss: 1 }] });
    renderShop(api, '/rewards?tab=mine');
    expect(await screen.findByText(t('mine.empty'))).toBeTruthy();
  });
});
