// @vitest-environment happy-dom
// The members panel's forms on react-hook-form: a role label (the length rule under the field, the value sent, the
// busy state of its mutation, the server's word under the field, other failures as a toast) and the invitation search
// (the typed text searched, the invitation's busy state, the search emptied after inviting).
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/create-i18n';
import type { Guild, GuildMember } from '../../schemas/guild-resources';
import { featureWrapper, sameNameColleagues, testApi, testViewer } from '../test-support';
import { type ChatHandler, chatNetwork, deferred, serverFailure, unprocessable } from './chat-test-network';
import { GuildMembers } from './guild-members';

afterEach(cleanup);

const i18n = createI18n({ lng: 'en' });

const member = (id: string, organizationMemberId: number, name: string, role: string): GuildMember => ({
  id,
  type: 'guildMembers',
  status: 'joined',
  role,
  organizationMemberId,
  name,
  icon: null,
  joinedAt: '2026-01-01T00:00:00.000Z',
  author: false,
});

const guild: Guild = {
  id: '5',
  type: 'guilds',
  name: 'Runners',
  description: '',
  tags: [],
  publicRange: 'public',
  headerImageUrl: null,
  pinnedMessageId: null,
  authorMemberId: 11,
  organizationId: 7,
  createdAt: '2026-01-01T00:00:00.000Z',
  membersCount: 2,
  myStatus: 'joined',
  canManage: true,
  canRead: true,
  members: [member('1', 11, 'Hanako', 'Captain'), member('2', 12, 'Taro', 'Pacer')],
};

function renderMembers(handlers: Record<string, ChatHandler>) {
  const network = chatNetwork(handlers);
  render(<GuildMembers guild={guild} />, {
    wrapper: featureWrapper({ api: testApi(network.fetch), viewer: testViewer(), navigate: () => undefined }, i18n),
  });
  return network;
}

function editTaroRole() {
  fireEvent.click(screen.getByRole('button', { name: i18n.t('guilds:members.editRoleOf', { name: 'Taro' }) }));
  const field = screen.getByRole('textbox', { name: i18n.t('guilds:members.role') }) as HTMLInputElement;
  const save = screen.getByRole('button', { name: i18n.t('guilds:chat.save') }) as HTMLButtonElement;
  return { field, save };
}

describe('<GuildMembers> role label', () => {
  it('refuses a label over 30 graphemes before sending, then sends the new one while showing it is busy', async () => {
    const answer = deferred<{ body: unknown }>();
    const network = renderMembers({ 'PUT /api/guilds/5/members/2': () => answer.promise });
    const { field, save } = editTaroRole();
    expect(field.value).toBe('Pacer');
    fireEvent.change(field, { target: { value: '役'.repeat(31) } });
    fireEvent.click(save);
    const problem = await screen.findByText(i18n.t('validation:tooLong', { count: 30 }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(problem.id);
    expect(network.writes()).toEqual([]);

    fireEvent.change(field, { target: { value: ' Sweeper ' } });
    fireEvent.click(save);
    await waitFor(() => expect(save.disabled).toBe(true));
    expect(field.closest('form')?.getAttribute('aria-busy')).toBe('true');
    expect(network.writes()).toEqual([
      { method: 'PUT', path: '/api/guilds/5/members/2', search: '', body: { guild_member: { role: ' Sweeper ' } } },
    ]);
    answer.resolve({ body: { data: null } });
    expect(await screen.findByText(i18n.t('guilds:members.roleSaved'))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('textbox', { name: i18n.t('guilds:members.role') })).toBeNull());
  });

  it("shows the server's refusal under the field, and other failures as a toast", async () => {
    let calls = 0;
    renderMembers({
      'PUT /api/guilds/5/members/2': () => {
        calls += 1;
        return calls === 1 ? unprocessable('/guild_member/role', 'The server says: too long') : serverFailure('The server is busy');
      },
    });
    const { field, save } = editTaroRole();
    fireEvent.change(field, { target: { value: 'Sweeper' } });
    fireEvent.click(save);
    const problem = await screen.findByText('The server says: too long');
    expect(problem.className).toBe('kiwi-guild__error');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(save.disabled).toBe(false);

    fireEvent.click(save);
    expect(await screen.findByText('The server is busy')).toBeTruthy();
    // Still editing, with what was typed.
    expect(field.value).toBe('Sweeper');
  });
});

describe('<GuildMembers> invitation', () => {
  it('searches as typed, invites the chosen colleague while showing it is busy, then empties the search', async () => {
    const answer = deferred<{ status: number; body: unknown }>();
    const network = renderMembers({
      'GET /api/organizations/7/members': sameNameColleagues,
      'POST /api/guilds/5/members/join': () => answer.promise,
    });
    const search = screen.getByLabelText(i18n.t('guilds:members.invite')) as HTMLInputElement;
    fireEvent.change(search, { target: { value: 'Sato' } });
    const [first, second] = (await screen.findAllByText(i18n.t('guilds:members.inviteButton'))) as HTMLButtonElement[];
    expect(network.sent.some((request) => request.path === '/api/organizations/7/members' && request.search.includes('q[name]=Sato'))).toBe(
      true,
    );
    fireEvent.click(first!);
    await waitFor(() => expect(first!.disabled).toBe(true));
    expect(second!.disabled).toBe(true);
    expect(network.writes()).toEqual([
      { method: 'POST', path: '/api/guilds/5/members/join', search: '', body: { guild_member: { organization_member_id: 21 } } },
    ]);
    answer.resolve({ status: 201, body: { data: null } });
    expect(await screen.findByText(i18n.t('guilds:members.invitedToast', { name: 'Sato Hanako' }))).toBeTruthy();
    await waitFor(() => expect(search.value).toBe(''));
  });

  it('says a refused invitation as a toast and keeps the search', async () => {
    renderMembers({
      'GET /api/organizations/7/members': sameNameColleagues,
      'POST /api/guilds/5/members/join': serverFailure('Already invited'),
    });
    const search = screen.getByLabelText(i18n.t('guilds:members.invite')) as HTMLInputElement;
    fireEvent.change(search, { target: { value: 'Sato' } });
    const [first] = await screen.findAllByText(i18n.t('guilds:members.inviteButton'));
    fireEvent.click(first!);
    expect(await screen.findByText('Already invited')).toBeTruthy();
    expect(search.value).toBe('Sato');
    expect((first as HTMLButtonElement).disabled).toBe(false);
  });
});
