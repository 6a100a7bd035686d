// @vitest-environment happy-dom
// The event header in a zone with summer time (a file of its own: formatters keep the zone they were built in).
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { featureHost, testViewer } from '../test-support';
import { EventDetail } from './event-detail';

beforeAll(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterEach(cleanup);

it('names both zones when summer time starts between the start and the end of an event', async () => {
  const attributes = {
    'organization-id': 1,
    name: 'Night walk',
    description: '',
    // Saturday 2030-03-30 22:00 CET to Sunday 2030-03-31 04:00 CEST (clocks go forward at 02:00).
    'started-at': '2030-03-30T21:00:00.000Z',
    'ended-at': '2030-03-31T02:00:00.000Z',
    'recruitment-deadline': null,
    location: null,
    'apply-minimum': null,
    'apply-maximum': null,
    tags: [],
    'public-range': 'public',
    'header-image-url': null,
    'externally-published': false,
    cancel: false,
    'joined-count': 0,
    'poll-id': null,
  };
  const { wrapper } = featureHost(
    {
      'GET /api/organizations/1/events/9': { body: { data: { type: 'events', id: '9', attributes }, included: [] } },
      'GET /api/organizations/1/events/9/messages': { body: { data: [] } },
    },
    { viewer: testViewer({ organizationId: '1', organizationMemberId: '5' }) },
  );
  render(<EventDetail eventId="9" />, { wrapper });
  const heading = await screen.findByRole('heading', { level: 1, name: 'Night walk' });
  expect(heading.nextElementSibling?.textContent).toBe(
    'Sat, Mar 30, 2030 22:00 (Central European Standard Time) – Sun, Mar 31, 2030 04:00 (Central European Summer Time)',
  );
});
