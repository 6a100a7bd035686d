import { CHANGE_REQUEST_STATUSES, type ChangeRequestStatus } from '@kiwi/shared/domain/change-request';
import { formatDateTime } from '@kiwi/shared/i18n/format';
import { CHANGE_REQUEST_LIMITS, DecisionFormSchema } from '@kiwi/shared/schemas/change-request';
import { useToast } from '@kiwi/shared/ui/toast';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useSession } from '../../session/session-provider';
import {
  CHANGE_REQUESTS_PATH,
  ChangeCells,
  type ChangeRequest,
  StatusCell,
  ChangeLines,
  changeLines,
  changeRequestKeys,
  pagerLabels,
} from './change-request';
import { useChangeRequestsTranslation } from './use-change-requests-translation';
import { apiErrorMessage } from '../organization/api-error';
import { FormDialog } from '../organization/form-dialog';
import { ListTable, RowAction } from '../organization/list-table';
import { schemaResolver } from '../user/schema-resolver';
import '../organization/organization.css';
import './change-requests.css';
import { StatusBadge } from '../../layout/status-badge';

const PER = 20;
type Decision = 'approved' | 'rejected';

/**
 * Issue 20 point 4, /_admin/change_requests: every organisation's change requests, pending first; approve (applied to
 * the organisation at once) or reject with a note, each in a dialog that shows the before -> after.
 */
export function AdminChangeRequestsQueue() {
  const { t, i18n } = useChangeRequestsTranslation();
  const { api } = useSession();
  const queryClient = useQueryClient();
  const filterId = useId();
  // The filters live in the address (?status=&organization_id=&page=), so a link can open the queue filtered.
  const [params, setParams] = useSearchParams();
  const requested = params.get('status') as ChangeRequestStatus | null;
  const status = requested && CHANGE_REQUEST_STATUSES.includes(requested) ? requested : '';
  const organizationId = /^[1-9]\d{0,9}$/.test(params.get('organization_id') ?? '') ? (params.get('organization_id') as string) : '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const setFilters = (next: { status?: string; organization_id?: string; page?: number }) => {
    const values: Record<string, string> = {
      status: next.status ?? status,
      organization_id: next.organization_id ?? organizationId,
      // A new filter starts at its first page.
      page: next.page && next.page > 1 ? String(next.page) : '',
    };
    setParams(Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '')));
  };
  const setPage = (next: number) => setFilters({ page: next });
  const [deciding, setDeciding] = useState<{ request: ChangeRequest; decision: Decision } | null>(null);
  const queue = useQuery({
    queryKey: changeRequestKeys.list(`admin-${organizationId}`, status, page),
    queryFn: () =>
      api.get<ChangeRequest[]>(CHANGE_REQUESTS_PATH, {
        status: status || undefined,
        organization_id: organizationId || undefined,
        page,
        per: PER,
      }),
  });
  const pendingCount = queue.data?.meta?.pendingCount;
  const filteredName = queue.data?.data[0]?.organizationName ?? organizationId;

  return (
    <div className="org-page change-requests">
      <header className="org-page__header">
        <h1>{t('queue.title')}</h1>
        {pendingCount !== undefined && (
          <StatusBadge status="pending" testId="pending-count">
            {t('queue.pendingCount', { count: Number(pendingCount) })}
          </StatusBadge>
        )}
      </header>
      <div className="org-filters">
        <div className="field">
          <label htmlFor={filterId}>{t('queue.statusFilter')}</label>
          <select id={filterId} value={status} onChange={(event) => setFilters({ status: event.target.value })}>
            <option value="">{t('queue.allStatuses')}</option>
            {CHANGE_REQUEST_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`status.${value}`)}
              </option>
            ))}
          </select>
        </div>
        {organizationId && (
          <p className="change-requests__filter">
            {t('queue.organizationFilter', { name: filteredName })}{' '}
            <button type="button" className="kiwi-button kiwi-button--text" onClick={() => setFilters({ organization_id: '' })}>
              {t('queue.clearFilter')}
            </button>
          </p>
        )}
      </div>
      <ListTable<ChangeRequest>
        query={queue}
        caption={t('queue.title')}
        empty={t('queue.empty')}
        headers={[
          t('queue.organization'),
          t('list.changes'),
          t('list.reason'),
          t('queue.requestedBy'),
          t('list.status'),
          t('list.actions'),
        ]}
        paging={{ page, onPage: setPage, labels: pagerLabels(t) }}
        rows={(items) =>
          items.map((request) => (
            <tr key={request.id} data-testid="change-request-row">
              <td data-label={t('queue.organization')}>
                <Link to={`/org/${encodeURIComponent(request.organizationIdentifier)}`}>{request.organizationName}</Link>
                {!organizationId && (
                  <RowAction
                    label={t('queue.onlyThis')}
                    subject={request.organizationName}
                    onClick={() => setFilters({ organization_id: String(request.organizationId) })}
                  />
                )}
              </td>
              <ChangeCells t={t} request={request} />
              <td data-label={t('queue.requestedBy')}>
                {request.requestedByName ?? '—'}
                <br />
                <small>{formatDateTime(request.createdAt, i18n.language)}</small>
              </td>
              <StatusCell t={t} request={request} />
              <td>
                {request.status === 'pending' && (
                  <div className="card-table__actions">
                    <RowAction
                      label={t('queue.approve')}
                      subject={request.organizationName}
                      onClick={() => setDeciding({ request, decision: 'approved' })}
                    />
                    <RowAction
                      label={t('queue.reject')}
                      subject={request.organizationName}
                      onClick={() => setDeciding({ request, decision: 'rejected' })}
                    />
                  </div>
                )}
              </td>
            </tr>
          ))
        }
      />
      {deciding && (
        <DecisionDialog
          {...deciding}
          onClose={() => setDeciding(null)}
          onDecided={() => queryClient.invalidateQueries({ queryKey: changeRequestKeys.all })}
        />
      )}
    </div>
  );
}

type DecisionValues = z.input<typeof DecisionFormSchema>;
type DecisionOutput = z.output<typeof DecisionFormSchema>;

/** Approve or reject one request: the change as before -> after, the seats in use, and the note (required to reject). */
function DecisionDialog({
  request,
  decision,
  onClose,
  onDecided,
}: {
  request: ChangeRequest;
  decision: Decision;
  onClose: () => void;
  onDecided: () => Promise<unknown>;
}) {
  const { t } = useChangeRequestsTranslation();
  const { api } = useSession();
  const { showToast } = useToast();
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DecisionValues, unknown, DecisionOutput>({
    resolver: schemaResolver(DecisionFormSchema),
    defaultValues: { status: decision, decision_note: '' },
  });
  const decide = useMutation({
    mutationFn: (values: DecisionOutput) =>
      api.put(`${CHANGE_REQUESTS_PATH}/${request.id}`, {
        organization_change_request: { status: decision, decision_note: values.decision_note || null },
      }),
    onSuccess: async () => {
      showToast(t(decision === 'approved' ? 'queue.approved' : 'queue.rejected'), 'success');
      await onDecided();
      onClose();
    },
  });
  const rejecting = decision === 'rejected';
  const noteError = errors.decision_note?.message;

  return (
    <FormDialog
      title={t(rejecting ? 'queue.rejectTitle' : 'queue.approveTitle', { name: request.organizationName })}
      submitting={decide.isPending}
      failure={decide.isError ? apiErrorMessage(t, decide.error) : null}
      onSubmit={handleSubmit((values) => decide.mutate(values))}
      onClose={onClose}
      submitLabel={t(rejecting ? 'queue.reject' : 'queue.approve')}
    >
      <p>{t(rejecting ? 'queue.rejectHelp' : 'queue.approveHelp')}</p>
      <div data-testid="decision-changes">
        <ChangeLines lines={changeLines(t, request, { fromCurrent: true })} />
      </div>
      <p className="change-requests__help">{t('queue.membersInUse', { count: request.membersInUse })}</p>
      <p className="change-requests__text">
        <span className="change-requests__label">{t('list.reason')}: </span>
        {request.reason}
      </p>
      <div className="field">
        <label htmlFor={`${id}-note`}>{t(rejecting ? 'queue.noteRequired' : 'queue.note')}</label>
        <textarea
          id={`${id}-note`}
          rows={3}
          maxLength={CHANGE_REQUEST_LIMITS.noteMax * 4}
          aria-required={rejecting ? true : undefined}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? `${id}-note-error` : undefined}
          {...register('decision_note')}
        />
        {noteError && (
          <p id={`${id}-note-error`} className="field__error">
            {t(`errors:${noteError}`)}
          </p>
        )}
      </div>
    </FormDialog>
  );
}
