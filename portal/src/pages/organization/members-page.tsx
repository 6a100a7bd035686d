import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@kiwi/shared/ui/toast';
import { useOrganization } from '../../organization/organization-context';
import { useSession } from '../../session/session-provider';
import { apiErrorMessage } from './api-error';
import { CsvImportPanel } from './csv-import-panel';
import { JoinCodePanel } from './join-code-panel';
import { MemberFormDialog } from './member-form-dialog';
import { GroupOptions, useGroups } from './groups';
import type { Member } from './member-types';
import { ListTable, RowAction } from './list-table';
import { LoadFailed, Loading } from './page-states';
import { useConfirmedAction } from './use-confirmed-action';
import { formatDate } from '@kiwi/shared/i18n/format';
import { isConsumerPlan } from '@kiwi/shared/domain/join-code';
import { MemberListQuerySchema } from '@kiwi/shared/schemas/member';
import { useFilterForm } from '../use-filter-form';
import { Field } from '../labelled-field';
import './organization.css';
import { StatusBadge } from '../../layout/status-badge';

const PER_PAGE = 20;
/** The filters as the query names them (q[name], q[group_id], ...): the API's schema puts an issue under its field. */
type Filters = { name: string; group_id: string; role: string; state: string };
const NAME_MAX = 100;
/** The filters as the API's q: blank ones left out, the name trimmed. */
const queryOf = (filters: Filters) => ({
  name: filters.name.trim() || undefined,
  group_id: filters.group_id || undefined,
  role: filters.role || undefined,
  state: filters.state || undefined,
});

/** SPEC §2 /org/{identifier}/members: search, filters, paging; invite, edit, delete, resend, MFA reset, CSV import. */
export function MembersPage() {
  const { t, i18n } = useTranslation('organization');
  const { api } = useSession();
  const { organization, loaded } = useOrganization();
  const queryClient = useQueryClient();
  const confirmed = useConfirmedAction();
  const { showToast } = useToast();
  const searchId = useId();
  const [filters, setFilters] = useState<Filters>({ name: '', group_id: '', role: '', state: '' });
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Member | 'new' | null>(null);
  const [showImport, setShowImport] = useState(false);
  const organizationId = organization?.id;

  const members = useQuery({
    queryKey: ['organization', organizationId, 'members', filters, page],
    queryFn: () =>
      api.get<Member[]>(`/organizations/${organizationId}/members`, {
        page,
        per: PER_PAGE,
        q: queryOf(filters),
      }),
    enabled: organizationId !== undefined,
  });
  const groups = useGroups(organizationId);
  // The name is applied with the search button; a group, role or state as soon as it is chosen.
  const { register, errors, onSubmit, form } = useFilterForm<Filters>({
    applied: filters,
    schema: MemberListQuerySchema.shape.q.unwrap(),
    toQuery: queryOf,
    onApply: (next) => {
      setFilters({ ...next, name: next.name.trim() });
      setPage(1);
    },
  });
  const applyNow = { onChange: () => void onSubmit() };
  const groupId = form.watch('group_id');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['organization', organizationId] });

  if (!loaded) return <Loading />;
  if (!organization || !organizationId) return <LoadFailed onRetry={() => window.location.reload()} />;

  const total = Number(members.data?.meta?.totalCount ?? 0);
  const date = (iso: string | null) => (iso ? formatDate(iso, i18n.language) : '');

  const remove = (member: Member) =>
    confirmed({
      title: t('members.deleteTitle'),
      body: t('members.deleteBody', { name: member.name || member.email, email: member.email }),
      okLabel: t('common.delete'),
      action: () => api.delete(`/organizations/${organizationId}/members/${member.id}`),
      done: t('common.deleted'),
      afterDone: refresh,
    });
  const resetMfa = (member: Member) =>
    confirmed({
      title: t('members.mfaResetTitle'),
      body: t('members.mfaResetBody', { name: member.name || member.email }),
      action: () => api.post(`/users/${member.userId}/mfa_reset`),
      done: t('members.mfaResetDone'),
    });
  const resend = async (member: Member) => {
    try {
      // With the manager's token: told when the invitation was accepted meanwhile (anonymous callers always get 204).
      await api.post(`/user/${member.userId}/resend_invitation`);
      showToast(t('members.invitationResent', { email: member.email }), 'success');
    } catch (error) {
      showToast(apiErrorMessage(t, error), 'error');
    }
  };

  return (
    <div className="org-page">
      <header className="org-page__header">
        <h1>{t('members.title')}</h1>
        <div className="org-page__actions">
          <button type="button" className="kiwi-button" aria-expanded={showImport} onClick={() => setShowImport((shown) => !shown)}>
            {t('members.importCsv')}
          </button>
          <button type="button" className="kiwi-button kiwi-button--primary" onClick={() => setEditing('new')}>
            {t('members.invite')}
          </button>
        </div>
      </header>
      <p>
        {organization.numberOfMembers === null || organization.numberOfMembers === undefined
          ? t('members.seatsUnlimited')
          : t('members.seats', { used: members.data?.meta?.seatsUsed ?? '…', limit: organization.numberOfMembers })}
      </p>
      {isConsumerPlan(organization.plan) && <JoinCodePanel organizationId={organizationId} />}
      {showImport && <CsvImportPanel organizationId={organizationId} onImported={refresh} />}

      <form className="org-filters" role="search" onSubmit={onSubmit} noValidate>
        <Field label={t('members.search')} error={errors.name && t('errors:validation.tooLong', { count: NAME_MAX })}>
          {(field) => <input {...field} type="search" maxLength={NAME_MAX} {...register('name')} />}
        </Field>
        <button type="submit" className="kiwi-button">
          {t('members.searchButton')}
        </button>
        <div className="field">
          <label htmlFor={`${searchId}-group`}>{t('members.filterGroup')}</label>
          {/* Shown as the draft holds it: the groups' options arrive after the field. */}
          <select id={`${searchId}-group`} {...register('group_id', applyNow)} value={groupId}>
            <option value="">{t('members.all')}</option>
            <GroupOptions groups={groups.data?.data ?? []} />
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${searchId}-role`}>{t('members.filterRole')}</label>
          <select id={`${searchId}-role`} {...register('role', applyNow)}>
            <option value="">{t('members.all')}</option>
            <option value="manager">{t('members.role.manager')}</option>
            <option value="member">{t('members.role.member')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${searchId}-state`}>{t('members.filterState')}</label>
          <select id={`${searchId}-state`} {...register('state', applyNow)}>
            <option value="">{t('members.all')}</option>
            <option value="active">{t('members.state.active')}</option>
            <option value="pending">{t('members.state.pending')}</option>
            <option value="expired">{t('members.state.expired')}</option>
          </select>
        </div>
      </form>

      <ListTable
        query={members}
        caption={t('members.title')}
        empty={t('members.empty')}
        headers={[
          t('members.columns.name'),
          t('members.columns.email'),
          t('members.columns.role'),
          t('members.columns.state'),
          t('members.columns.groups'),
          t('members.columns.period'),
          t('members.columns.app'),
          t('common.actions'),
        ]}
        paging={{ page, onPage: setPage }}
        summary={() => <p aria-live="polite">{t('members.count', { count: total })}</p>}
        rows={(items) =>
          items.map((member) => (
            <tr key={member.id}>
              <td>{member.name || t('common.none')}</td>
              <td>{member.email}</td>
              <td>{t(`members.role.${member.role}`)}</td>
              <td>
                {/* Issue 21 point 6: an invitee who has not accepted is not shown active. */}
                {member.invitationPending && member.state === 'active' ? (
                  <StatusBadge status="invited">{t('members.invitationPending')}</StatusBadge>
                ) : (
                  <StatusBadge status={member.state}>{t(`members.state.${member.state}`)}</StatusBadge>
                )}
              </td>
              <td>{member.groups.map((group) => group.name).join(', ')}</td>
              <td>{member.activeFrom || member.activeTo ? `${date(member.activeFrom)} – ${date(member.activeTo)}` : t('common.none')}</td>
              <td>{member.appInstalled ? t('members.appInstalled') : t('members.appNotInstalled')}</td>
              <td>
                <div className="card-table__actions">
                  <RowAction label={t('common.edit')} subject={member.name || member.email} onClick={() => setEditing(member)} />
                  {member.invitationPending && (
                    <button type="button" className="kiwi-button kiwi-button--text" onClick={() => void resend(member)}>
                      {t('members.resendInvitation')}
                    </button>
                  )}
                  <button type="button" className="kiwi-button kiwi-button--text" onClick={() => resetMfa(member)}>
                    {t('members.mfaReset')}
                  </button>
                  <RowAction label={t('common.delete')} subject={member.name || member.email} onClick={() => remove(member)} />
                </div>
              </td>
            </tr>
          ))
        }
      />
      {editing && (
        <MemberFormDialog
          organizationId={organizationId}
          member={editing === 'new' ? null : editing}
          groups={groups.data?.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
    </div>
  );
}
