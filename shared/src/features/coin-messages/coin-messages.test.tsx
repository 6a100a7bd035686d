// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FeatureContextValue } from '../feature-context';
import { featureHost, type Replies, sameNameColleagues, testViewer } from '../test-support';
import { CoinMessages } from './coin-messages';

afterEach(cleanup);

const viewer = testViewer({ name: 'Sato Hanako', organizationId: '5', organizationMemberId: '10' });

/** The coins API answered from `replies`, for `viewer`. */
const host = (replies: Replies, extra: Partial<FeatureContextValue> = {}) => featureHost(replies, { viewer, ...extra });

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

/** Picks a colleague found by their name; the choice reads `label` (a nickname shows with the name beside it). */
async function pick(name: string, label = name) {
  fireEvent.change(screen.getByLabelText('Search colleagues by name, nickname, group or email'), { target: { value: name.split(' ')[0] } });
  fireEvent.click(await screen.findByRole('button', { name: `Add ${label}` }));
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
    await pick('Suzuki Taro', 'Taro-chan (Suzuki Taro)');
    await pick('Tanaka Jiro');
    // The viewer never appears among the choices.
    fireEvent.change(screen.getByLabelText('Search colleagues by name, nickname, group or email'), { target: { value: 'Sato' } });
    await waitFor(() => expect(sent.some((r) => r.search.includes('q[name]=Sato'))).toBe(true));
    expect(screen.queryByRole('button', { name: 'Add Sato Hanako' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Coins for Suzuki Taro'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Coins for Tanaka Jiro'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Thanks {nickname} ({name})!' } });
    expect(screen.getByTestId('coin-preview-11').textContent).toBe('Thanks Taro-chan (Suzuki Taro)!');
    expect(screen.getByTestId('coin-preview-12').textContent).toBe('Thanks Tanaka Jiro (Tanaka Jiro)!');
    expect(screen.getByTestId('coin-total').textContent).toBe('Total: 7 coins');

    // Submitting asks first: the shared dialog lists each recipient with their amount; nothing is sent before OK.
    fireEvent.click(screen.getByRole('button', { name: 'Send coins' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send coins? Total: 7' });
    expect(within(dialog).getByTestId('coin-confirm').textContent).toBe('Taro-chan (Suzuki Taro): 5Tanaka Jiro: 2');
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
    expect(notify).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send coins' }));
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

  it('refuses overspending as it is typed: the reason is shown and the submit button stays disabled', async () => {
    const { sent, wrapper } = host({
      'GET /api/user/kiwi_coin_transfers': feed(3),
      'GET /api/organizations/5/members': colleagues,
    });
    render(<CoinMessages />, { wrapper });
    expect(await screen.findByText('Your balance: 3 coins')).toBeTruthy();
    await pick('Suzuki Taro', 'Taro-chan (Suzuki Taro)');
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Thanks' } });
    const submit = screen.getByRole('button', { name: 'Send coins' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Coins for Suzuki Taro'), { target: { value: '4' } });
    const reason = await screen.findByText(/more than your balance/);
    expect(reason.textContent).toBe('The total (4) is more than your balance (3). Lower an amount or remove a colleague to send.');
    expect(submit.disabled).toBe(true);
    expect(submit.getAttribute('aria-describedby')).toBe(reason.id);
    fireEvent.click(submit);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Back within the balance: the reason goes and the button is enabled again.
    fireEvent.change(screen.getByLabelText('Coins for Suzuki Taro'), { target: { value: '3' } });
    await waitFor(() => expect(submit.disabled).toBe(false));
    expect(screen.queryByText(/more than your balance/)).toBeNull();
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows "not enough coins" from the server and keeps the form (the host hears nothing)', async () => {
    const notify = vi.fn();
    const { wrapper } = host(
      {
        // The balance shown is stale: coins were spent elsewhere meanwhile, the server refuses.
        'GET /api/user/kiwi_coin_transfers': feed(100),
        'GET /api/organizations/5/members': colleagues,
        'POST /api/user/kiwi_coin_transfers': {
          status: 422,
          body: { errors: [{ status: '422', code: 'coins.notEnough', title: 'x', detail: 'You do not have enough KIWI coins' }] },
        },
      },
      { notify },
    );
    render(<CoinMessages />, { wrapper });
    await pick('Suzuki Taro', 'Taro-chan (Suzuki Taro)');
    fireEvent.change(screen.getByLabelText('Coins for Suzuki Taro'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Thanks' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send coins' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send coins' }));
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
    expect(screen.getByTestId('coin-feed').querySelector('img')?.getAttribute('src')).toBe(
      'https://api.example/api/images/abcdefghijklmnopqrstuvwxyz012345',
    );
  });

  it('tells two colleagues of the same name apart by nickname, icon, group and masked email, and adds the one chosen', async () => {
    const { sent, wrapper } = host({
      'GET /api/user/kiwi_coin_transfers': feed(10),
      'GET /api/organizations/5/members': sameNameColleagues,
    });
    render(<CoinMessages />, { wrapper });
    fireEvent.change(screen.getByLabelText('Search colleagues by name, nickname, group or email'), { target: { value: 'sales' } });
    const sales = await screen.findByRole('button', { name: 'Add Sato Hanako · Sales · ha***@ac…' });
    const design = screen.getByRole('button', { name: 'Add Hana-D (Sato Hanako) · hs***@de…' });
    expect(sales.textContent).toBe('SSato HanakoSales · ha***@ac…');
    expect(design.querySelector('img')?.getAttribute('src')).toBe('/api/images/hana');
    expect(sent.find((r) => r.path.endsWith('/members'))?.search).toContain('q[name]=sales');
    fireEvent.click(design);
    expect(screen.getByLabelText('Coins for Sato Hanako')).toBeTruthy();
    expect(screen.getByText('hs***@de…')).toBeTruthy();
    expect(screen.queryByText('Sales · ha***@ac…')).toBeNull();
  });

  it('refuses an empty message with the rules stated under the field', async () => {
    const { sent, wrapper } = host({
      'GET /api/user/kiwi_coin_transfers': feed(10),
      'GET /api/organizations/5/members': colleagues,
    });
    render(<CoinMessages />, { wrapper });
    await pick('Suzuki Taro', 'Taro-chan (Suzuki Taro)');
    const message = screen.getByLabelText('Message');
    expect(screen.getByText(/Required, up to 500 characters\./).id).toBe(message.getAttribute('aria-describedby'));
    fireEvent.change(message, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send coins' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This field is required');
    expect(message.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
  });

  it('asks for a recipient before sending, and lists sent and received messages with the sender', async () => {
    const { sent, wrapper } = host({
      'GET /api/user/kiwi_coin_transfers': feed(10, [receivedFromTaro('https://img.example/taro.png', 'Thanks Sato Hanako')]),
    });
    render(<CoinMessages />, { wrapper });
    expect(await screen.findByText('Suzuki Taro sent you')).toBeTruthy();
    expect(screen.getByText('Thanks Sato Hanako')).toBeTruthy();
    expect(screen.getByTestId('coin-feed').querySelector('img')?.getAttribute('src')).toBe('https://img.example/taro.png');
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Thanks' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send coins' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose at least one colleague');
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
  });
});
