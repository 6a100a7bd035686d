import { formatDate, formatDateTime } from '@kiwi/shared/i18n/format';
import {
  ADMIN_USER_ROLES,
  ADMIN_USER_SORTS,
  ADMIN_USER_STATES,
  type AdminUserSearchForm,
  AdminUserSearchFormSchema,
} from '@kiwi/shared/schemas/admin-users';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import en from '../../../../locales/en/admin-users.json' with { type: 'json' };
import ja from '../../../../locales/ja/admin-users.json' with { type: 'json' };
import { usePageNamespace } from '@kiwi/shared/i18n/use-page-namespace';
import { useSession } from '../../session/session-provider';
import { ListTable } from '../organization/list-table';
import { useConfirmedAction } from '../organization/use-confirmed-action';
import { schemaResolver } from '../user/schema-resolver';
import '../organization/organization.css';
import { StatusBadge } from '../../layout/status-badge';
import { Field } from '../labelled-field';

const PER = 20;
const BLANK_SEARCH: AdminUserSearchForm = { keyword: '', organizationId: '', role: '', state: '', sort: 'id' };

type AdminUserMembership = {
  id: string;
  role: 'manager' | 'member';
  activeFrom: string | null;
  activeTo: string | null;
  state: 'active' | 'pending' | 'expired';
  organization: { id: string; name: string; identifier: string };
};
type AdminUser = {
  id: string;
  name: string;
  email: string;
  role: 'admin' | 'member';
  state: (typeof ADMIN_USER_STATES)[number];
  invitationPending: boolean;
  lastSignedInAt: string | null;
  signInDisabled: boolean;
  mfaEnrolled: boolean | null;
  appInstalled: boolean;
  organizationMembers: AdminUserMembership[];
};
type OrganizationOption = { id: string; name: string };

/** The search as the URL holds it (so a reload, a shared link and the back button keep it). */
function searchFromParams(params: URLSearchParams): AdminUserSearchForm & { page: number } {
  const parsed = AdminUserSearchFormSchema.safeParse({
    keyword: params.get('keyword') ?? '',
    organizationId: params.get('organization_id') ?? '',
    role: params.get('role') ?? '',
    state: params.get('state') ?? '',
    sort: params.get('sort') ?? 'id',
  });
  const search: AdminUserSearchForm = parsed.success ? parsed.data : BLANK_SEARCH;
  return { ...search, page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1) };
}

function paramsFromSearch(search: AdminUserSearchForm, page = 1): Record<string, string> {
  const entries = {
    keyword: search.keyword,
    organization_id: search.organizationId,
    role: search.role,
    state: search.state,
    sort: search.sort === 'id' ? '' : search.sort,
    page: page > 1 ? String(page) : '',
  };
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== ''));
}

/** /_admin/users (issue 20 point 2): every product user, searched and filtered; promote/demote, sign-in, resend, MFA reset. */
export function UsersPage() {
  const { t, i18n } = usePageNamespace('admin-users', { ja, en }, ['organization', 'errors']);
  const { api, kiwiUser } = useSession();
  const queryClient = useQueryClient();
  const confirmed = useConfirmedAction();
  const [params, setParams] = useSearchParams();
  const search = searchFromParams(params);
  const { page, ...filters } = search;

  const usersQuery = useQuery({
    queryKey: ['admin', 'users', filters, page],
    queryFn: () =>
      api.get<AdminUser[]>('/users', {
        page,
        per: PER,
        sort: filters.sort,
        q: {
          keyword: filters.keyword || undefined,
          organization_id: filters.organizationId || undefined,
          role: filters.role || undefined,
          state: filters.state || undefined,
        },
      }),
  });
  const organizations = useQuery({
    queryKey: ['admin', 'users', 'organizations'],
    queryFn: () => api.get<OrganizationOption[]>('/organizations', { per: 100 }),
    staleTime: 60_000,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
  const total = Number(usersQuery.data?.meta?.totalCount ?? 0);
  const nameOf = (user: AdminUser) => user.name || user.email;

  const act = (user: AdminUser, kind: 'promote' | 'demote' | 'disable' | 'enable' | 'resend' | 'mfaReset') => {
    const name = nameOf(user);
    const texts = { name, email: user.email };
    const calls = {
      promote: () => api.put(`/users/${user.id}/role`, { user: { role: 'admin' } }),
      demote: () => api.put(`/users/${user.id}/role`, { user: { role: 'member' } }),
      disable: () => api.put(`/users/${user.id}/sign_in`, { user: { disabled: true } }),
      enable: () => api.put(`/users/${user.id}/sign_in`, { user: { disabled: false } }),
      resend: () => api.post(`/users/${user.id}/resend_invitation`),
      mfaReset: () => api.delete(`/users/${user.id}/mfa`),
    };
    const done = {
      promote: 'promoted',
      demote: 'demoted',
      disable: 'disabled',
      enable: 'enabled',
      resend: 'resent',
      mfaReset: 'mfaResetDone',
    };
    confirmed({
      title: t(`admin-users:actions.${kind}Title`, texts),
      body: t(`admin-users:actions.${kind}Body`, texts),
      okLabel: t(`admin-users:actions.${kind}`),
      action: calls[kind],
      done: t(`admin-users:actions.${done[kind]}`, texts),
      afterDone: refresh,
    });
  };

  const dateTime = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : t('admin-users:never'));
  const day = (iso: string | null) => (iso ? formatDate(iso, i18n.language) : t('admin-users:open'));
  const yesNo = (value: boolean | null) => (value === null ? t('admin-users:unknown') : t(value ? 'admin-users:yes' : 'admin-users:no'));
  const columns = {
    user: t('admin-users:columns.user'),
    role: t('admin-users:columns.role'),
    state: t('admin-users:columns.state'),
    memberships: t('admin-users:columns.memberships'),
    lastSignIn: t('admin-users:columns.lastSignIn'),
    mfa: t('admin-users:columns.mfa'),
    app: t('admin-users:columns.app'),
    actions: t('admin-users:columns.actions'),
  };

  return (
    <div className="org-page admin-users">
      <header className="org-page__header">
        <h1>{t('admin-users:title')}</h1>
      </header>
      <SearchForm
        // Mounted again when the URL changes (back, a link) and once the organisations arrive, so the selects show the URL's values.
        key={`${params.toString()}|${organizations.isSuccess}`}
        initial={filters}
        organizations={organizations.data?.data ?? []}
        onSearch={(next) => setParams(paramsFromSearch(next))}
      />
      <ListTable<AdminUser>
        query={usersQuery}
        caption={t('admin-users:title')}
        empty={t('admin-users:empty')}
        headers={Object.values(columns)}
        paging={{
          page,
          onPage: (next) => setParams(paramsFromSearch(filters, next)),
          labels: {
            navigation: t('admin-users:pager.navigation'),
            previous: t('admin-users:pager.previous'),
            next: t('admin-users:pager.next'),
            pageOf: (current, pages) => t('admin-users:pager.pageOf', { page: current, total: pages }),
          },
        }}
        summary={() => <p aria-live="polite">{t('admin-users:count', { count: total })}</p>}
        rows={(items) =>
          items.map((user) => {
            const self = kiwiUser?.id === user.id;
            return (
              <tr key={user.id} data-testid="admin-user-row">
                <td data-label={columns.user}>
                  <span className="admin-users__name">{user.name || t('organization:common.none')}</span>
                  {self && <StatusBadge>{t('admin-users:self')}</StatusBadge>}
                  <br />
                  <span className="admin-users__email">{user.email}</span>
                </td>
                <td data-label={columns.role}>{t(`admin-users:roles.${user.role}`)}</td>
                <td data-label={columns.state}>
                  <StatusBadge status={user.state}>{t(`admin-users:states.${user.state}`)}</StatusBadge>
                </td>
                <td data-label={columns.memberships}>
                  {user.organizationMembers.length === 0 ? (
                    t('admin-users:noMemberships')
                  ) : (
                    <ul className="admin-users__memberships">
                      {user.organizationMembers.map((membership) => (
                        <li key={membership.id}>
                          {t('admin-users:membership', {
                            organization: membership.organization.name,
                            role: t(`admin-users:roles.${membership.role}`),
                            state: t(`admin-users:states.${membership.state}`),
                          })}
                          {(membership.activeFrom || membership.activeTo) && (
                            <>
                              <br />
                              <small>{t('admin-users:period', { from: day(membership.activeFrom), to: day(membership.activeTo) })}</small>
                            </>
                          )}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td data-label={columns.lastSignIn}>{dateTime(user.lastSignedInAt)}</td>
                <td data-label={columns.mfa}>{yesNo(user.mfaEnrolled)}</td>
                <td data-label={columns.app}>{yesNo(user.appInstalled)}</td>
                <td data-label={columns.actions}>
                  <div className="card-table__actions">
                    {!self && (
                      <RowButton
                        label={t(user.role === 'admin' ? 'admin-users:actions.demote' : 'admin-users:actions.promote')}
                        subject={nameOf(user)}
                        onClick={() => act(user, user.role === 'admin' ? 'demote' : 'promote')}
                      />
                    )}
                    {!self && (
                      <RowButton
                        label={t(user.signInDisabled ? 'admin-users:actions.enable' : 'admin-users:actions.disable')}
                        subject={nameOf(user)}
                        onClick={() => act(user, user.signInDisabled ? 'enable' : 'disable')}
                      />
                    )}
                    {user.invitationPending && (
                      <RowButton label={t('admin-users:actions.resend')} subject={nameOf(user)} onClick={() => act(user, 'resend')} />
                    )}
                    {user.mfaEnrolled && (
                      <RowButton label={t('admin-users:actions.mfaReset')} subject={nameOf(user)} onClick={() => act(user, 'mfaReset')} />
                    )}
                  </div>
                </td>
              </tr>
            );
          })
        }
      />
    </div>
  );
}

/** A row's button named after its row ("Disable sign-in: Hanako"), so each one has its own accessible name. */
function RowButton({ label, subject, onClick }: { label: string; subject: string; onClick: () => void }) {
  return (
    <button type="button" className="kiwi-button kiwi-button--text" onClick={onClick} aria-label={`${label}: ${subject}`}>
      {label}
    </button>
  );
}

function SearchForm({
  initial,
  organizations,
  onSearch,
}: {
  initial: AdminUserSearchForm;
  organizations: OrganizationOption[];
  onSearch: (search: AdminUserSearchForm) => void;
}) {
  const { t } = usePageNamespace('admin-users', { ja, en });
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<AdminUserSearchForm, unknown, AdminUserSearchForm>({
    resolver: schemaResolver(AdminUserSearchFormSchema),
    defaultValues: initial,
  });
  return (
    <form className="org-filters" role="search" aria-label={t('filters')} noValidate onSubmit={handleSubmit(onSearch)}>
      <Field label={t('keyword')} error={errors.keyword && t('keywordTooLong')}>
        {(field) => <input {...field} type="search" maxLength={100} {...register('keyword')} />}
      </Field>
      <div className="field">
        <label htmlFor={`${id}-organization`}>{t('organization')}</label>
        <select id={`${id}-organization`} defaultValue={initial.organizationId} {...register('organizationId')}>
          <option value="">{t('all')}</option>
          {organizations.map((organization) => (
            <option key={organization.id} value={organization.id}>
              {organization.name}
            </option>
          ))}
          {initial.organizationId && !organizations.some((organization) => organization.id === initial.organizationId) && (
            <option value={initial.organizationId}>#{initial.organizationId}</option>
          )}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-role`}>{t('role')}</label>
        <select id={`${id}-role`} defaultValue={initial.role} {...register('role')}>
          <option value="">{t('all')}</option>
          {ADMIN_USER_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-state`}>{t('state')}</label>
        <select id={`${id}-state`} defaultValue={initial.state} {...register('state')}>
          <option value="">{t('all')}</option>
          {ADMIN_USER_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`states.${state}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-sort`}>{t('sort')}</label>
        <select id={`${id}-sort`} defaultValue={initial.sort} {...register('sort')}>
          {ADMIN_USER_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`sorts.${sort}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="kiwi-button kiwi-button--primary">
        {t('search')}
      </button>
      <button
        type="button"
        className="kiwi-button"
        onClick={() => {
          reset(BLANK_SEARCH);
          onSearch(BLANK_SEARCH);
        }}
      >
        {t('clear')}
      </button>
    </form>
  );
}
