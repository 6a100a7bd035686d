// @vitest-environment happy-dom
// Issue 19 point 1: members are reported from where colleagues see them. The event's participant list offers Report on
// every participant but the viewer, and the dialog files an OrganizationMember report.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../../locales/en/report.json' with { type: 'json' };
import { EventDetail } from '../events/event-detail';
import { eventResource, featureHost, testViewer } from '../test-support';

afterEach(cleanup);

const participant = (id: string, memberId: number, name: string, role = 'member') => ({
  type: 'event-members',
  id,
  attributes: { 'organization-member-id': memberId, role, status: 'joined', name, icon: null },
});

const event = {
  ...eventResource({
    description: '',
    tags: [],
    'my-role': 'member',
    'my-status': 'joined',
    'my-event-member-id': 1,
    'can-participate': true,
  }),
  relationships: {
    'event-members': {
      data: [
        { type: 'event-members', id: '1' },
        { type: 'event-members', id: '2' },
      ],
    },
  },
};

describe('reporting a participant', () => {
  it('offers Report on other participants only and files an OrganizationMember report', async () => {
    const { sent, wrapper } = featureHost(
      {
        'GET /api/organizations/1/events/9': {
          body: { data: event, included: [participant('1', 5, 'Hanako', 'author'), participant('2', 6, 'Taro')] },
        },
        'GET /api/organizations/1/events/9/messages': { body: { data: [] } },
        'POST /api/organizations/1/violation_reports': {
          status: 201,
          body: { data: { type: 'violation-reports', id: '3', attributes: { status: 'pending' } } },
        },
      },
      { viewer: testViewer({ organizationId: '1', organizationMemberId: '5' }) },
    );
    render(<EventDetail eventId="9" />, { wrapper });
    const participants = await screen.findByRole('region', { name: 'Members' });
    const report = await within(participants).findByRole('button', { name: 'Report Taro' });
    expect(within(participants).queryByRole('button', { name: 'Report Hanako' })).toBeNull();

    fireEvent.click(report);
    const dialog = await screen.findByRole('dialog', { name: en.title });
    fireEvent.click(within(dialog).getByRole('radio', { name: en.categories.harassment }));
    fireEvent.click(within(dialog).getByRole('button', { name: en.send }));
    expect(await within(dialog).findByRole('status')).toHaveProperty('textContent', en.sent);
    expect(sent.find((request) => request.method === 'POST')?.body).toMatchObject({
      violation_report: { violation_object_type: 'OrganizationMember', violation_object_id: 6, reason_category: 'harassment' },
    });
  });
});
