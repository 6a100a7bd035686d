import { useQuery, useQueryClient } from '@tanstack/react-query';
import { personLabel } from '@kiwi/shared/domain/people';
import { useId, useState } from 'react';
import {
  AdminGrantCoinsSchema,
  type AdminGrantCoinsInput,
  CoinTransferListQuerySchema,
  GrantCoinsSchema,
  type GrantCoinsInput,
} from '@kiwi/shared/schemas/coins';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '@kiwi/shared/ui/modal-dialog';
import { useToast } from '@kiwi/shared/ui/toast';
import { useOrganization } from '../../organization/organization-context';
import { useSession } from '../../session/session-provider';
import { apiErrorMessage } from '../organization/api-error';
import { ListTable } from '../organization/list-table';
import { LoadFailed, Loading } from '../organization/page-states';
import { useConfirmedAction } from '../organization/use-confirmed-action';
import { useSchemaForm } from '../use-schema-form';
import { FormFailure } from '../text-field';
import { useFilterForm } from '../use-filter-form';
import '../organization/organization.css';
import './coin-transfers.css';
import { type CancelReason, TransferNote } from './transfer-note';
import { formatDateTime, formatNumber } from '@kiwi/shared/i18n/format';
import { StatusBadge } from '../../layout/status-badge';

type Transfer = {
  id: string;
  kind: 'message' | 'grant' | 'admin_grant';
  organizationId: number;
  organizationMemberId: number | null;
  amount: number;
  description: string | null;
  message: string | null;
  status: 'pending' | 'transferred' | 'canceled';
  cancelReason: CancelReason | null;
  transferredAt: string;
  organizationName: string | null;
  recipientName: string | null;
  senderName: string | null;
};
type Member = { id: string; name: string };
/** The grant dialog's fields as the selects and inputs give them (the schema judges them as numbers). */
type GrantFormValues = {
  organization_id: string;
  organization_member_id: string;
  amount: string;
  description: string;
  transferred_at: string;
};
type GrantPayload = GrantCoinsInput['kiwi_coin_transfer'] | AdminGrantCoinsInput['kiwi_coin_transfer'];
/** The filters as the query names them: the API's schema puts an issue under its field. */
type Filters = { status: string; kind: string; from: string; to: string; organization_id: string };
const EMPTY_FILTERS: Filters = { status: '', kind: '', from: '', to: '', organization_id: '' };
const PER = 20;

/** /org/:identifier/kiwi_coin_transfers: the organisation's grants and coin messages. */
export function OrganizationCoinTransfersPage() {
  const { organization, loaded, reload } = useOrganization();
  if (!loaded) return <Loading />;
  if (!organization) return <LoadFailed onRetry={reload} />;
  return (
    <CoinTransfers
      scope={{ kind: 'organization', organizationId: organization.id, balance: organization.coinBalance ?? null, onChanged: reload }}
    />
  );
}

/** /_admin/kiwi_coin_transfers: grants across organisations. */
export function AdminCoinTransfersPage() {
  return <CoinTransfers scope={{ kind: 'admin' }} />;
}

type Scope = { kind: 'organization'; organizationId: string; balance: number | null; onChanged: () => void } | { kind: 'admin' };

function CoinTransfers({ scope }: { scope: Scope }) {
  const { t, i18n } = useTranslation(['coins', 'errors']);
  const { api } = useSession();
  const queryClient = useQueryClient();
  const confirmed = useConfirmedAction();
  const { showToast } = useToast();
  const [filters, setFilters] = useState<Filters>(EMPTY_FILTERS);
  const [page, setPage] = useState(1);
  const [granting, setGranting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const formId = useId();
  const basePath = scope.kind === 'organization' ? `/organizations/${scope.organizationId}/kiwi_coin_transfers` : '/kiwi_coin_transfers';
  /** The filters as the API's query: blank ones left out (the organisation only on the admin's list). */
  const queryOf = (values: Filters) => ({
    status: values.status || undefined,
    kind: values.kind || undefined,
    from: values.from || undefined,
    to: values.to || undefined,
    organization_id: scope.kind === 'admin' ? values.organization_id || undefined : undefined,
  });
  const query = queryOf(filters);
  const transfers = useQuery({
    queryKey: ['kiwi-coin-transfers', basePath, filters, page],
    queryFn: () => api.get<Transfer[]>(basePath, { ...query, page, per: PER }),
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['kiwi-coin-transfers', basePath] });
    if (scope.kind === 'organization') scope.onChanged();
  };

  const {
    register,
    errors,
    onSubmit: applyFilters,
  } = useFilterForm<Filters>({
    applied: filters,
    schema: CoinTransferListQuerySchema,
    toQuery: queryOf,
    onApply: (draft) => {
      setPage(1);
      setFilters(draft);
    },
  });

  const downloadCsv = async () => {
    setDownloading(true);
    try {
      const response = await api.raw<'blob'>(basePath, { query: { ...query, format: 'csv' }, responseType: 'blob' });
      const url = URL.createObjectURL(response._data as Blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = 'kiwi-coin-transfers.csv';
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      showToast(`${t('coins:transfers.downloadFailed')} ${apiErrorMessage(t, error)}`, 'error');
    } finally {
      setDownloading(false);
    }
  };

  const cancel = (transfer: Transfer) =>
    confirmed({
      title: t('coins:transfers.cancelTitle'),
      body: t('coins:transfers.cancelBody', {
        amount: transfer.amount,
        count: transfer.amount,
        name: transfer.recipientName ?? transfer.organizationName ?? '',
      }),
      okLabel: t('coins:transfers.cancel'),
      action: () => api.delete(`${basePath}/${transfer.id}`),
      done: t('coins:transfers.canceled'),
      afterDone: refresh,
    });

  const title = scope.kind === 'admin' ? t('coins:transfers.adminTitle') : t('coins:transfers.title');

  return (
    <div className="org-page">
      <header className="org-page__header">
        <h1>{title}</h1>
        <button type="button" className="kiwi-button kiwi-button--primary" onClick={() => setGranting(true)}>
          {t('coins:transfers.grant.open')}
        </button>
      </header>
      {scope.kind === 'organization' && scope.balance !== null && (
        <p className="coin-transfers__balance" data-testid="organization-coin-balance">
          {t('coins:transfers.organizationBalance', { balance: formatNumber(scope.balance, i18n.language), count: scope.balance })}
        </p>
      )}

      <form className="coin-transfers__filters" onSubmit={applyFilters} noValidate aria-label={t('coins:transfers.filters')}>
        <label htmlFor={`${formId}-status`}>{t('coins:transfers.status')}</label>
        <select id={`${formId}-status`} {...register('status')}>
          <option value="">{t('coins:transfers.any')}</option>
          {(['pending', 'transferred', 'canceled'] as const).map((status) => (
            <option key={status} value={status}>
              {t(`coins:transfers.statuses.${status}`)}
            </option>
          ))}
        </select>
        <label htmlFor={`${formId}-kind`}>{t('coins:transfers.kind')}</label>
        <select id={`${formId}-kind`} {...register('kind')}>
          <option value="">{t('coins:transfers.any')}</option>
          {(['message', 'grant', 'admin_grant'] as const).map((kind) => (
            <option key={kind} value={kind}>
              {t(`coins:transfers.kinds.${kind}`)}
            </option>
          ))}
        </select>
        <label htmlFor={`${formId}-from`}>{t('coins:transfers.from')}</label>
        <input id={`${formId}-from`} type="date" min="1900-01-01" max="2099-12-31" {...register('from')} />
        <label htmlFor={`${formId}-to`}>{t('coins:transfers.to')}</label>
        <input id={`${formId}-to`} type="date" min="1900-01-01" max="2099-12-31" {...register('to')} />
        {scope.kind === 'admin' && (
          <>
            <label htmlFor={`${formId}-org`}>{t('coins:transfers.organizationId')}</label>
            <input
              id={`${formId}-org`}
              inputMode="numeric"
              maxLength={10}
              aria-invalid={errors.organization_id ? true : undefined}
              aria-describedby={errors.organization_id ? `${formId}-org-error` : undefined}
              {...register('organization_id')}
            />
            {errors.organization_id && (
              <span id={`${formId}-org-error`} className="field__error">
                {t('errors:validation.invalidFormat')}
              </span>
            )}
          </>
        )}
        <button type="submit" className="kiwi-button">
          {t('coins:transfers.apply')}
        </button>
        <button type="button" className="kiwi-button" onClick={() => void downloadCsv()} disabled={downloading}>
          {downloading ? t('coins:transfers.downloading') : t('coins:transfers.downloadCsv')}
        </button>
      </form>

      <ListTable
        query={transfers}
        caption={title}
        empty={t('coins:transfers.empty')}
        headers={[
          t('coins:transfers.columns.transferredAt'),
          ...(scope.kind === 'admin' ? [t('coins:transfers.columns.organization')] : []),
          t('coins:transfers.columns.kind'),
          t('coins:transfers.columns.sender'),
          t('coins:transfers.columns.recipient'),
          t('coins:transfers.columns.amount'),
          t('coins:transfers.columns.status'),
          t('coins:transfers.columns.description'),
          t('coins:transfers.columns.actions'),
        ]}
        paging={{
          page,
          onPage: setPage,
          labels: {
            navigation: t('coins:transfers.filters'),
            previous: t('coins:transfers.pager.previous'),
            next: t('coins:transfers.pager.next'),
            pageOf: (current, total) => t('coins:transfers.pager.pageOf', { page: current, total }),
          },
        }}
        rows={(items) =>
          items.map((transfer) => (
            <tr key={transfer.id}>
              <td>{formatDateTime(transfer.transferredAt, i18n.language)}</td>
              {scope.kind === 'admin' && <td>{transfer.organizationName}</td>}
              <td>{t(`coins:transfers.kinds.${transfer.kind}`)}</td>
              <td>{transfer.senderName ?? ''}</td>
              <td>{transfer.recipientName ?? t('coins:transfers.toOrganization')}</td>
              <td className="coin-transfers__amount">{formatNumber(transfer.amount, i18n.language)}</td>
              <td>
                <StatusBadge status={transfer.status}>{t(`coins:transfers.statuses.${transfer.status}`)}</StatusBadge>
              </td>
              <td>
                <TransferNote transfer={transfer} />
              </td>
              <td>
                {transfer.status === 'pending' &&
                  (transfer.kind === 'grant' || (transfer.kind === 'admin_grant' && scope.kind === 'admin')) && (
                    <button type="button" className="kiwi-button kiwi-button--text" onClick={() => cancel(transfer)}>
                      {t('coins:transfers.cancel')}
                    </button>
                  )}
              </td>
            </tr>
          ))
        }
      />
      {granting && <GrantDialog scope={scope} basePath={basePath} onClose={() => setGranting(false)} onSaved={refresh} />}
    </div>
  );
}

function GrantDialog({ scope, basePath, onClose, onSaved }: { scope: Scope; basePath: string; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['coins', 'errors']);
  const { api } = useSession();
  const { showToast } = useToast();
  const id = useId();
  const { register, onSubmit, busy, failure, message, form } = useSchemaForm<GrantFormValues, GrantPayload, { status?: string }>({
    schema: scope.kind === 'organization' ? GrantCoinsSchema.shape.kiwi_coin_transfer : AdminGrantCoinsSchema.shape.kiwi_coin_transfer,
    defaultValues: { organization_id: '', organization_member_id: '', amount: '', description: '', transferred_at: '' },
    // Blank choices are missing (required), an admin's blank member is the organisation's balance (null).
    toPayload: (values) => {
      const common = {
        amount: values.amount.trim() === '' ? undefined : Number(values.amount),
        description: values.description || null,
        transferred_at: values.transferred_at ? new Date(values.transferred_at).toISOString() : null,
      };
      const member = values.organization_member_id ? Number(values.organization_member_id) : undefined;
      return scope.kind === 'organization'
        ? { organization_member_id: member, ...common }
        : {
            organization_id: values.organization_id ? Number(values.organization_id) : undefined,
            organization_member_id: member ?? null,
            ...common,
          };
    },
    send: async (payload) => (await api.post<{ status: string }>(basePath, { kiwi_coin_transfer: payload })).data,
    onSaved: (saved) => {
      showToast(saved?.status === 'pending' ? t('coins:transfers.grant.scheduled') : t('coins:transfers.grant.saved'), 'success');
      onSaved();
      onClose();
    },
  });
  const submitting = busy;
  const organizationId = form.watch('organization_id');
  const memberId = form.watch('organization_member_id');
  const [memberSearch, setMemberSearch] = useState('');
  // Managers pick from their organisation; admins pick an organisation first, then (optionally) one of its members.
  const memberOrganizationId = scope.kind === 'organization' ? scope.organizationId : organizationId;
  const members = useQuery({
    queryKey: ['coin-grant-members', memberOrganizationId, memberSearch],
    enabled: memberOrganizationId !== '',
    queryFn: () =>
      api.get<Member[]>(`/organizations/${memberOrganizationId}/members`, {
        per: 100,
        q: { state: 'active', name: memberSearch.trim() || undefined },
      }),
  });
  const organizations = useQuery({
    queryKey: ['coin-grant-organizations'],
    enabled: scope.kind === 'admin',
    queryFn: () => api.get<{ id: string; name: string }[]>('/organizations', { per: 100, archived: 'false' }),
  });

  const memberOptions = (members.data?.data ?? []).map((member) => (
    <option key={member.id} value={member.id}>
      {personLabel(member)}
    </option>
  ));
  type Field = keyof GrantFormValues;
  const errorProps = (name: Field) => ({
    'aria-invalid': message(name) ? true : undefined,
    'aria-describedby': message(name) ? `${id}-${name}-error` : undefined,
  });
  const fieldError = (name: Field) =>
    message(name) ? (
      <p id={`${id}-${name}-error`} className="field__error">
        {message(name)}
      </p>
    ) : null;

  return (
    <ModalDialog open onCancel={() => !submitting && onClose()} className="org-dialog" labelledBy={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('coins:transfers.grant.title')}</h2>
      <form className="org-form" onSubmit={onSubmit} noValidate aria-busy={submitting}>
        {scope.kind === 'organization' ? (
          <div className="field">
            <label htmlFor={`${id}-member-search`}>{t('coins:send.search')}</label>
            <input
              id={`${id}-member-search`}
              type="search"
              value={memberSearch}
              onChange={(e) => setMemberSearch(e.target.value)}
              autoComplete="off"
            />
            <label htmlFor={`${id}-member`}>{t('coins:transfers.grant.member')}</label>
            {/* Shown as the form holds it: the members' options arrive after the field. */}
            <select
              id={`${id}-member`}
              required
              {...errorProps('organization_member_id')}
              {...register('organization_member_id')}
              value={memberId}
            >
              <option value="">{t('coins:transfers.grant.chooseMember')}</option>
              {memberOptions}
            </select>
            {fieldError('organization_member_id')}
          </div>
        ) : (
          <>
            <div className="field">
              <label htmlFor={`${id}-org`}>{t('coins:transfers.grant.organization')}</label>
              {/* A member of another organisation is no choice: choosing one forgets the member. */}
              <select
                id={`${id}-org`}
                required
                aria-busy={organizations.isPending}
                {...errorProps('organization_id')}
                {...register('organization_id', { onChange: () => form.setValue('organization_member_id', '') })}
                value={organizationId}
              >
                <option value="">
                  {organizations.isError ? t('coins:transfers.grant.organizationsFailed') : t('coins:transfers.grant.chooseOrganization')}
                </option>
                {(organizations.data?.data ?? []).map((organization) => (
                  <option key={organization.id} value={organization.id}>
                    {organization.name}
                  </option>
                ))}
              </select>
              {fieldError('organization_id')}
            </div>
            <div className="field">
              <label htmlFor={`${id}-member`}>{t('coins:transfers.grant.memberOptional')}</label>
              <select
                id={`${id}-member`}
                disabled={organizationId === ''}
                {...errorProps('organization_member_id')}
                {...register('organization_member_id')}
                value={memberId}
              >
                <option value="">{t('coins:transfers.toOrganization')}</option>
                {memberOptions}
              </select>
              {fieldError('organization_member_id')}
            </div>
          </>
        )}
        <div className="field">
          <label htmlFor={`${id}-amount`}>{t('coins:transfers.grant.amount')}</label>
          <input id={`${id}-amount`} type="number" min={1} step={1} required {...errorProps('amount')} {...register('amount')} />
          {fieldError('amount')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-description`}>{t('coins:transfers.grant.description')}</label>
          <input id={`${id}-description`} maxLength={200} {...errorProps('description')} {...register('description')} />
          {fieldError('description')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-at`}>{t('coins:transfers.grant.transferredAt')}</label>
          <input id={`${id}-at`} type="datetime-local" {...errorProps('transferred_at')} {...register('transferred_at')} />
          {fieldError('transferred_at')}
        </div>
        <FormFailure message={failure} />
        <div className="org-form__actions">
          <button type="button" className="kiwi-button" onClick={onClose} disabled={submitting}>
            {t('coins:transfers.grant.cancel')}
          </button>
          <button type="submit" className="kiwi-button kiwi-button--primary" disabled={submitting}>
            {t('coins:transfers.grant.submit')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
