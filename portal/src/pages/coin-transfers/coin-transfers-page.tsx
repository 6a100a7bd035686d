import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { CoinTransferListQuerySchema } from '@kiwi/shared/schemas/coins';
import { useTranslation } from 'react-i18next';
import { useToast } from '@kiwi/shared/ui/toast';
import { useOrganization } from '../../organization/organization-context';
import { useSession } from '../../session/session-provider';
import { apiErrorMessage } from '../organization/api-error';
import { ListTable } from '../organization/list-table';
import { LoadFailed, Loading } from '../organization/page-states';
import { useConfirmedAction } from '../organization/use-confirmed-action';
import { useFilterForm } from '../use-filter-form';
import { DateFilter } from '../date-filter';
import '../organization/organization.css';
import './coin-transfers.css';
import { type CancelReason, TransferNote } from './transfer-note';
import { formatDateTime, formatNumber } from '@kiwi/shared/i18n/format';
import { StatusBadge } from '../../layout/status-badge';
import { type CoinTransfersScope, GrantDialog } from './grant-dialog';

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

function CoinTransfers({ scope }: { scope: CoinTransfersScope }) {
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
    form: filterForm,
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
        <DateFilter id={`${formId}-from`} form={filterForm} name="from" />
        <label htmlFor={`${formId}-to`}>{t('coins:transfers.to')}</label>
        <DateFilter id={`${formId}-to`} form={filterForm} name="to" />
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
