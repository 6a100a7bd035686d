// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { featureHost as host, testViewer } from '../test-support';
import { WalkingMemberView } from './walking-member-view';

afterEach(cleanup);

/** 2026-11-20 noon in Tokyo: day 4 of an event from the 17th to the 23rd. */
const NOW = new Date('2026-11-20T03:00:00Z');

const event = (attributes: Record<string, unknown> = {}) => ({
  body: {
    data: {
      type: 'walking-events',
      id: '5',
      attributes: {
        title: 'Autumn walk',
        'started-at': '2026-11-17',
        'ended-at': '2026-11-23',
        status: 'running',
        'show-personal-statistics': true,
        teams: [
          { id: '1', teamName: 'Team A', memberCount: 2, members: null, mine: false },
          { id: '2', teamName: 'Team B', memberCount: 2, members: null, mine: true },
        ],
        ...attributes,
      },
    },
  },
});
const teamRow = (id: string, rank: number, name: string, mine: boolean, score: number) => ({
  type: 'walking-event-team-rankings',
  id,
  attributes: { rank, 'team-name': name, 'member-count': 2, 'total-steps': score * 2, score, mine, members: null },
});
const personRow = (id: string, rank: number, name: string, mine: boolean, steps: number) => ({
  type: 'walking-event-personal-rankings',
  id,
  attributes: { rank, name, 'team-id': 1, 'team-name': 'Team A', 'total-steps': steps, 'daily-average': steps / 4, mine },
});

const replies = (personalMeta: Record<string, unknown> = { frozen: false, days: 4 }) => ({
  'GET /api/organizations/7/walking_events/5': event(),
  'GET /api/walking_events/5/team_summary': {
    body: { data: [teamRow('1', 1, 'Team A', false, 9000), teamRow('2', 2, 'Team B', true, 4000)], meta: { frozen: false, days: 4 } },
  },
  'GET /api/walking_events/5/personal_summary': {
    body: { data: [personRow('21', 1, 'Ichiro', false, 20000), personRow('11', 7, 'Hanako', true, 3000)], meta: personalMeta },
  },
  'GET /api/user/activities': {
    body: {
      data: [
        { type: 'activities', id: '1', attributes: { day: '2026-11-19', steps: 8123 } },
        { type: 'activities', id: '2', attributes: { day: '2026-11-20', steps: 4321 } },
      ],
    },
  },
});

describe('WalkingMemberView', () => {
  it("shows the member's team and its rank, days left, today's steps and both rankings with their own rows", async () => {
    const { sent, navigated, wrapper } = host(replies(), { viewer: testViewer() });
    render(<WalkingMemberView eventId="5" now={NOW} />, { wrapper });
    await screen.findByRole('heading', { name: 'Autumn walk' });
    expect(screen.getByText('Your team: Team B')).toBeTruthy();
    expect(screen.getByText('4 days left')).toBeTruthy();
    expect(await screen.findByText('Your team is #2')).toBeTruthy();
    expect(await screen.findByText('Your steps today: 4,321')).toBeTruthy();
    const teams = screen.getByRole('table', { name: 'Team ranking' });
    const myTeam = within(teams)
      .getAllByRole('row')
      .find((row) => row.getAttribute('aria-current') === 'true');
    expect(myTeam?.textContent).toBe('2Team BYou4,000');
    const people = await screen.findByRole('table', { name: 'Personal ranking' });
    const me = within(people)
      .getAllByRole('row')
      .find((row) => row.getAttribute('aria-current') === 'true');
    expect(me?.textContent).toBe('7HanakoYou3,000');
    expect(sent.find((request) => request.path === '/api/walking_events/5/personal_summary')?.search).toBe('?per=10');
    fireEvent.click(screen.getByRole('button', { name: 'Open in Kiwi (cheer board)' }));
    expect(navigated).toEqual(['/walking_events/5']);
  });

  it('says so when the event hides the personal ranking from members', async () => {
    const { wrapper } = host(replies({ frozen: false, days: 4, 'statistics-visible': false }), { viewer: testViewer() });
    render(<WalkingMemberView eventId="5" now={NOW} />, { wrapper });
    expect(await screen.findByText('The personal ranking is not shown to members in this event.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Personal ranking' })).toBeNull();
  });

  it('shows that an unknown event was not found', async () => {
    const { wrapper } = host({}, { viewer: testViewer() });
    render(<WalkingMemberView eventId="5" now={NOW} />, { wrapper });
    expect((await screen.findByRole('alert')).textContent).toBe('This walking event was not found.');
  });
});
