// @vitest-environment happy-dom
// The teams tab's "add a member" form on real React with the real API client and session; the backend is a fetch that
// answers as the server does. The form is react-hook-form with the API's schema and sends through a react-query mutation.
import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import type { WalkingEvent } from '@kiwi/shared/schemas/walking-event-resources';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import walking from '../../../../locales/en/walking.json' with { type: 'json' };
import { acmeUserResponse, answerGate, type BackendCall, jsonApiResponse, recordingBackend } from '../../test-backend';
import { renderPage } from '../../test-render';
import { TeamsPanel } from './teams-panel';

afterEach(cleanup);

const i18n = createI18n({ lng: 'en' });
i18n.addResourceBundle('en', 'walking', walking, true, true);
const t = (key: string, options: Record<string, unknown> = {}) => i18n.t(`walking:${key}`, options);

const event = {
  id: '3',
  randomType: 'manual',
  randomSeed: null,
  status: 'upcoming',
  editable: 'all',
  teams: [{ id: '12', teamName: 'Blue', memberCount: 0, members: [], mine: false }],
} as unknown as WalkingEvent;

function backend(write: (call: BackendCall) => Response | Promise<Response>) {
  return recordingBackend((call) => {
    const { method, path } = call;
    if (method === 'GET' && path === '/user') return acmeUserResponse('manager');
    if (method === 'GET' && path === '/organizations/9/members') {
      return jsonApiResponse(200, { data: [{ type: 'organization-members', id: '5', attributes: { name: 'Hana' } }], meta: {} });
    }
    if (method === 'GET') throw new Error(`unexpected GET ${path}`);
    return write(call);
  });
}

async function addForm(api: ReturnType<typeof backend>['api']) {
  renderPage(<TeamsPanel organizationId="9" event={event} />, { api, i18n });
  const team = within((await screen.findByRole('heading', { name: /Blue/ })).closest('section')!);
  await team.findByRole('option', { name: /Hana/ });
  return team;
}

describe('TeamsPanel: add a member', () => {
  it('offers the button only once a member is chosen, sends the id as a number, busy until the answer, then empties the choice', async () => {
    const gate = answerGate();
    const { api, writes } = backend(async () => {
      await gate.opened;
      return jsonApiResponse(201, { data: { type: 'walking-event-team-members', id: '1', attributes: {} } });
    });
    const team = await addForm(api);
    const button = team.getByRole('button', { name: t('teams.addMemberButton') });
    expect(button).toHaveProperty('disabled', true);
    const select = team.getByLabelText(t('teams.addMember'));
    fireEvent.change(select, { target: { value: '5' } });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({
      method: 'POST',
      path: '/walking_event_teams/12/members',
      body: { walking_event_team_member: { organization_member_id: 5 } },
    });
    expect(button).toHaveProperty('disabled', true);
    gate.release();
    await waitFor(() => expect(select).toHaveProperty('value', ''));
  });

  it("says the server's refusal above the team", async () => {
    const { api } = backend(() =>
      jsonApiResponse(422, { errors: [{ status: '422', code: 'validation.tooLong', detail: 'The team is full' }] }),
    );
    const team = await addForm(api);
    fireEvent.change(team.getByLabelText(t('teams.addMember')), { target: { value: '5' } });
    fireEvent.click(team.getByRole('button', { name: t('teams.addMemberButton') }));
    expect((await team.findByRole('alert')).textContent).toContain('The team is full');
  });
});
