// @vitest-environment happy-dom
// Issue 19 point 4: a post hidden by auto-hide reaches only its author and managers, with `hidden: true`; the shared
// message lists mark it in words ("Hidden while reviewed"), in the portal and the widgets alike; a coin message hidden
// from its recipient is marked for its sender.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CoinMessages } from '../coin-messages/coin-messages';
import { EventMessages } from '../events/event-messages';
import { GuildChat } from '../guild-chat/guild-chat';
import { messageResource } from '../guild-chat/chat-test-network';
import { eventMessageResource, featureHost, joinedGuild, testViewer } from '../test-support';

afterEach(cleanup);

const viewer = testViewer({ organizationId: '7', organizationMemberId: '11' });
const MARK = 'Hidden while reviewed';

describe('hidden while reviewed', () => {
  it('marks hidden event messages, and only those', async () => {
    const message = (id: string, body: string, extra: Record<string, unknown> = {}) => eventMessageResource(id, { body, ...extra });
    const { wrapper } = featureHost(
      {
        'GET /api/organizations/7/events/9/messages': {
          body: { data: [message('21', 'Reported post', { hidden: true }), message('22', 'Ordinary post')] },
        },
      },
      { viewer },
    );
    render(<EventMessages scope={{ kind: 'member', organizationId: '7', eventId: '9' }} canPost canModerate={false} ended={false} />, {
      wrapper,
    });
    const hidden = (await screen.findByText('Reported post')).closest('li')!;
    expect(within(hidden).getByText(MARK)).toBeTruthy();
    const ordinary = screen.getByText('Ordinary post').closest('li')!;
    expect(within(ordinary).queryByText(MARK)).toBeNull();
  });

  it('marks hidden guild messages, and only those', async () => {
    const message = (id: string, body: string, extra: Record<string, unknown> = {}) => messageResource(Number(id), body, true, extra);
    const { wrapper } = featureHost(
      {
        'GET /api/organizations/7/guilds/5': { body: joinedGuild() },
        'GET /api/guilds/5/messages': {
          body: {
            data: [message('41', 'Reported post', { hidden: true }), message('42', 'Ordinary post')],
            meta: { 'total-count': 2, 'last-event-id': 3 },
          },
        },
      },
      { viewer },
    );
    render(<GuildChat guildId="5" showMembers={false} />, { wrapper });
    const hidden = (await screen.findByText('Reported post')).closest('li')!;
    expect(within(hidden).getByText(MARK)).toBeTruthy();
    const ordinary = screen.getByText('Ordinary post').closest('li')!;
    expect(within(ordinary).queryByText(MARK)).toBeNull();
  });

  it("marks the sender's own coin message that is hidden from its recipient", async () => {
    const part = (id: string, name: string, message: string, extra: Record<string, unknown> = {}) => ({
      id,
      transferId: `9${id}`,
      name,
      amount: 3,
      message,
      ...extra,
    });
    const { wrapper } = featureHost(
      {
        'GET /api/user/kiwi_coin_transfers': {
          body: {
            data: [
              {
                type: 'coin-messages',
                id: '3',
                attributes: {
                  direction: 'sent',
                  'created-at': '2026-05-01T10:00:00Z',
                  sender: { id: '11', name: 'Hanako', icon: null },
                  recipients: [part('12', 'Taro', 'Reported thanks', { hidden: true }), part('13', 'Jiro', 'Ordinary thanks')],
                },
              },
            ],
            meta: { balance: 10, 'total-count': 1, 'current-page': 1, 'total-pages': 1 },
          },
        },
      },
      { viewer },
    );
    render(<CoinMessages />, { wrapper });
    expect((await screen.findByText(/Reported thanks/)).textContent).toBe(`Reported thanks (${MARK})`);
    expect(screen.getByText('Ordinary thanks').textContent).toBe('Ordinary thanks');
  });
});
