import { formatDateTime } from '@kiwi/shared/i18n/format';
import { REQUESTABLE_PLANS } from '@kiwi/shared/domain/change-request';
import {
  CHANGE_REQUEST_LIMITS,
  ChangeRequestFormSchema,
  type ChangeRequestFormValues,
  toChangeRequestPayload,
} from '@kiwi/shared/schemas/change-request';
import { useToast } from '@kiwi/shared/ui/toast';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Organization } from '../../session/kiwi-user';
import { useOrganization } from '../../organization/organization-context';
import { useSession } from '../../session/session-provider';
import { apiErrorMessage } from '../organization/api-error';
import { ListTable } from '../organization/list-table';
import { LoadFailed, Loading } from '../organization/page-states';
import { useConfirmedAction } from '../organization/use-confirmed-action';
import { FormFailure, SubmitButton } from '../text-field';
import { schemaResolver } from '../user/schema-resolver';
import {
  CHANGE_REQUESTS_PATH,
  ChangeCells,
  type ChangeRequest,
  StatusCell,
  changeRequestKeys,
  pagerLabels,
  planLabel,
  seatsLabel,
} from './change-request';
import { useChangeRequestsTranslation } from './use-change-requests-translation';
import '../organization/organization.css';
import './change-requests.css';

const PER = 20;

/**
 * Issue 20 point 4, /org/{identifier}/change_requests: the organisation's plan, seats and name as they are, a form to
 * ask the platform admin for a change (one pending at a time), and the requests with their status and the admin's note;
 * a pending one can be withdrawn (confirmed).
 */
export function ManagerChangeRequests() {
  const { t, i18n } = useChangeRequestsTranslation();
  const { api } = useSession();
  const { organization, loaded } = useOrganization();
  const queryClient = useQueryClient();
  const confirmed = useConfirmedAction();
  const [page, setPage] = useState(1);
  const organizationId = organization?.id;
  const requests = useQuery({
    queryKey: changeRequestKeys.list(organizationId ?? '', 'all', page),
    queryFn: () => api.get<ChangeRequest[]>(CHANGE_REQUESTS_PATH, { organization_id: organizationId, page, per: PER }),
    enabled: organizationId !== undefined,
  });

  if (!loaded) return <Loading />;
  if (!organization || !organizationId) return <LoadFailed onRetry={() => window.location.reload()} />;
  const refresh = () => queryClient.invalidateQueries({ queryKey: changeRequestKeys.all });
  const pendingCount = Number(requests.data?.meta?.pendingCount ?? 0);
  const withdraw = (request: ChangeRequest) =>
    confirmed({
      title: t('withdrawTitle'),
      body: t('withdrawBody'),
      okLabel: t('withdraw'),
      action: () => api.delete(`${CHANGE_REQUESTS_PATH}/${request.id}`),
      done: t('withdrawn'),
      afterDone: refresh,
    });

  return (
    <div className="org-page change-requests">
      <header className="org-page__header">
        <h1>{t('title')}</h1>
      </header>
      <CurrentTerms organization={organization} />
      {requests.isSuccess && pendingCount > 0 ? (
        <p className="alert change-requests__notice" role="status">
          {t('form.pendingNotice')}
        </p>
      ) : requests.isSuccess ? (
        <ChangeRequestForm organization={organization} onSent={refresh} />
      ) : null}
      <section className="change-requests__section" aria-labelledby="change-requests-list-title">
        <h2 id="change-requests-list-title">{t('list.title')}</h2>
        <ListTable<ChangeRequest>
          query={requests}
          caption={t('list.title')}
          empty={t('list.empty')}
          headers={[t('list.requestedAt'), t('list.changes'), t('list.reason'), t('list.status'), t('list.actions')]}
          paging={{ page, onPage: setPage, labels: pagerLabels(t) }}
          rows={(items) =>
            items.map((request) => (
              <tr key={request.id} data-testid="change-request-row">
                <td data-label={t('list.requestedAt')}>{formatDateTime(request.createdAt, i18n.language)}</td>
                <ChangeCells t={t} request={request} />
                <StatusCell t={t} request={request} />
                <td>
                  {request.status === 'pending' && (
                    <button
                      type="button"
                      className="kiwi-button kiwi-button--text"
                      onClick={() => withdraw(request)}
                      aria-label={`${t('withdraw')}: ${formatDateTime(request.createdAt, i18n.language)}`}
                    >
                      {t('withdraw')}
                    </button>
                  )}
                </td>
              </tr>
            ))
          }
        />
      </section>
    </div>
  );
}

function CurrentTerms({ organization }: { organization: Organization }) {
  const { t } = useChangeRequestsTranslation();
  return (
    <section className="change-requests__section" aria-labelledby="change-requests-current-title">
      <h2 id="change-requests-current-title">{t('current.title')}</h2>
      <dl className="change-requests__terms">
        <div>
          <dt>{t('current.name')}</dt>
          <dd data-testid="current-name">{organization.name}</dd>
        </div>
        <div>
          <dt>{t('current.plan')}</dt>
          <dd data-testid="current-plan">{organization.plan ? planLabel(t, organization.plan) : '—'}</dd>
        </div>
        <div>
          <dt>{t('current.seats')}</dt>
          <dd data-testid="current-seats">{seatsLabel(t, organization.numberOfMembers ?? null)}</dd>
        </div>
      </dl>
    </section>
  );
}

type FormOutput = z.output<typeof ChangeRequestFormSchema>;

function ChangeRequestForm({ organization, onSent }: { organization: Organization; onSent: () => Promise<unknown> }) {
  const { t } = useChangeRequestsTranslation();
  const { api } = useSession();
  const { showToast } = useToast();
  const id = useId();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useForm<ChangeRequestFormValues, unknown, FormOutput>({
    resolver: schemaResolver(ChangeRequestFormSchema),
    defaultValues: { plan: '', seats_mode: 'keep', number_of_members: '', name: '', reason: '' },
  });
  const send = useMutation({
    mutationFn: (values: FormOutput) => api.post(CHANGE_REQUESTS_PATH, toChangeRequestPayload(Number(organization.id), values)),
    onSuccess: async () => {
      showToast(t('form.sent'), 'success');
      reset();
      await onSent();
    },
  });
  const seatsMode = watch('seats_mode');
  const errorOf = (field: keyof ChangeRequestFormValues) => {
    const message = errors[field]?.message;
    return message ? (
      <p id={`${id}-${field}-error`} className="field__error">
        {t(`errors:${message}`)}
      </p>
    ) : null;
  };
  const described = (field: keyof ChangeRequestFormValues, help?: string) =>
    [help, errors[field] ? `${id}-${field}-error` : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <section className="change-requests__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('form.title')}</h2>
      <p className="change-requests__help">{t('form.help')}</p>
      <form className="org-form" noValidate onSubmit={handleSubmit((values) => send.mutate(values))} aria-busy={send.isPending}>
        <FormFailure message={send.isError ? apiErrorMessage(t, send.error) : null} />
        <div className="field">
          <label htmlFor={`${id}-plan`}>{t('form.plan')}</label>
          <select
            id={`${id}-plan`}
            aria-invalid={errors.plan ? true : undefined}
            aria-describedby={described('plan')}
            {...register('plan')}
          >
            <option value="">{t('form.keepPlan')}</option>
            {REQUESTABLE_PLANS.map((plan) => (
              <option key={plan} value={plan}>
                {planLabel(t, plan)}
              </option>
            ))}
          </select>
          {errorOf('plan')}
        </div>
        <fieldset className="field change-requests__seats">
          <legend>{t('form.seats')}</legend>
          {(['keep', 'number', 'unlimited'] as const).map((mode) => (
            <label key={mode} className="change-requests__choice">
              <input type="radio" value={mode} {...register('seats_mode')} />{' '}
              {t({ keep: 'form.keepSeats', number: 'form.numberSeats', unlimited: 'form.unlimitedSeats' }[mode])}
            </label>
          ))}
        </fieldset>
        {seatsMode === 'number' && (
          <div className="field">
            <label htmlFor={`${id}-seats`}>{t('form.numberOfMembers')}</label>
            <input
              id={`${id}-seats`}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              aria-invalid={errors.number_of_members ? true : undefined}
              aria-describedby={described('number_of_members')}
              {...register('number_of_members')}
            />
            {errorOf('number_of_members')}
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('form.name')}</label>
          <input
            id={`${id}-name`}
            type="text"
            autoComplete="organization"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={described('name', `${id}-name-help`)}
            {...register('name')}
          />
          <p id={`${id}-name-help`} className="change-requests__help">
            {t('form.nameHelp')}
          </p>
          {errorOf('name')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-reason`}>{t('form.reason')}</label>
          <textarea
            id={`${id}-reason`}
            rows={3}
            maxLength={CHANGE_REQUEST_LIMITS.reasonMax * 4}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={described('reason')}
            {...register('reason')}
          />
          {errorOf('reason')}
        </div>
        <div className="org-form__actions">
          <SubmitButton busy={send.isPending} label={t('form.submit')} busyLabel={t('form.sending')} />
        </div>
      </form>
    </section>
  );
}
