import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { isSurveyOpen } from '@kiwi/shared/domain/well-being';
import { CreateSurveySchema, type CreateSurvey, SURVEY_LIMITS, UpdateSurveySchema, type UpdateSurvey } from '@kiwi/shared/schemas/survey';
import { errorMessageOf, failedOrganizationIds, type Survey } from '@kiwi/shared/schemas/survey-resources';
import { ModalDialog } from '@kiwi/shared/ui/modal-dialog';
import { useToast } from '@kiwi/shared/ui/toast';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { DateField } from '@kiwi/shared/forms/date-field';
import { DATE_RANGE } from '@kiwi/shared/domain/date-range';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/session-provider';
import { Pager } from '../organization/pager';
import { useSchemaForm } from '../use-schema-form';
import { formatDateTime, fromLocalInput, toLocalInput } from '@kiwi/shared/i18n/format';
import './surveys.css';
import { CardTable } from '../../layout/card-table';

type AdminOrganization = { id: string; name: string; identifier: string; archived?: boolean };
/** The form's fields: the deadline as the picker gives it (local time), the organisations as the ticked boxes' ids. */
type SurveyFormValues = { title: string; expired_at: string; organization_ids: string[] };

const PER = 50;

/**
 * The API's schema, with the one rule the service checks against the clock: a deadline still to come. `unchanged`: the
 * deadline the survey already has (an unchanged deadline of a closed survey may stay as it is).
 */
const futureDeadline = (schema: typeof CreateSurveySchema.shape.well_being_survey.shape.expired_at) =>
  schema.refine((deadline) => isSurveyOpen({ expiredAt: deadline }, new Date()), { error: ErrorCode.surveyDeadlineInPast });
const createSurveySchema = CreateSurveySchema.shape.well_being_survey.extend({
  expired_at: futureDeadline(CreateSurveySchema.shape.well_being_survey.shape.expired_at),
});
const updateSurveySchema = UpdateSurveySchema.shape.well_being_survey.extend({
  expired_at: futureDeadline(CreateSurveySchema.shape.well_being_survey.shape.expired_at).optional(),
});
/** The picked local time as an instant; a blank picker is a missing deadline (validation.required). */
const deadline = (value: string) => fromLocalInput(value) ?? undefined;

/** /_admin/well_being_surveys: create one survey for many organisations, resubmit failed ones, edit, list with summaries. */
export function AdminSurveysPage() {
  const { t } = useTranslation(['surveys']);
  return (
    <section className="page-card survey-admin" aria-labelledby="page-title">
      <h1 id="page-title">{t('surveys:admin.title')}</h1>
      <CreateSurveyForm />
      <SurveyList />
    </section>
  );
}

function CreateSurveyForm() {
  const { t } = useTranslation(['surveys', 'errors']);
  const { api } = useSession();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [failed, setFailed] = useState<number[] | null>(null);
  const organizations = useQuery({
    queryKey: ['organizations', 'survey-picker'],
    // Every organisation, page by page (100 a page): a survey may go to any of them.
    queryFn: async () => {
      const all: AdminOrganization[] = [];
      for (let page = 1; page <= 100; page += 1) {
        const { data, meta } = await api.get<AdminOrganization[]>('/organizations', { page, per: 100 });
        all.push(...data);
        if (page >= (meta?.totalPages ?? 1)) break;
      }
      return all;
    },
  });
  const { form, register, mutation, onSubmit, busy, message } = useSchemaForm<SurveyFormValues, CreateSurvey, Survey[]>({
    schema: createSurveySchema,
    defaultValues: { title: '', expired_at: '', organization_ids: [] },
    toPayload: (values) => ({
      title: values.title,
      expired_at: deadline(values.expired_at),
      organization_ids: values.organization_ids.map(Number),
    }),
    send: async (survey) => {
      try {
        const { data } = await api.post<Survey[]>('/well_being_surveys', {
          well_being_survey: { ...survey, expired_at: survey.expired_at.toISOString() },
        });
        return data;
      } catch (error) {
        const ids = failedOrganizationIds(error);
        // Any other refusal shows its own message (an earlier list of failed organisations no longer applies).
        setFailed(ids);
        // Keep the form as it is, with only the failed organisations ticked, so one click resubmits them.
        if (ids) form.setValue('organization_ids', ids.map(String));
        throw error;
      } finally {
        void queryClient.invalidateQueries({ queryKey: ['well-being-surveys'] });
      }
    },
    onSaved: (created) => {
      showToast(t('surveys:admin.create.created', { count: created.length }), 'success');
      setFailed(null);
      form.reset();
    },
  });

  const nameOf = (id: number) => organizations.data?.find((organization) => Number(organization.id) === id)?.name ?? `#${id}`;
  const organizationsError = message('organization_ids');

  return (
    <form className="survey-admin__form" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <h2 id={headingId}>{t('surveys:admin.create.title')}</h2>
      <SurveyFields form={form} errors={{ title: message('title'), expired_at: message('expired_at') }} />
      <fieldset className="survey-admin__organizations" aria-invalid={organizationsError ? true : undefined}>
        <legend>{t('surveys:admin.create.organizations')}</legend>
        {organizations.isPending && <p role="status">{t('surveys:admin.create.organizationsLoading')}</p>}
        {organizations.isError && (
          <p role="alert" className="alert alert--error">
            {t('surveys:admin.create.organizationsFailed')}
          </p>
        )}
        {organizations.data?.length === 0 && <p>{t('surveys:admin.create.organizationsEmpty')}</p>}
        {organizations.data?.map((organization) => (
          <label key={organization.id}>
            <input type="checkbox" value={String(Number(organization.id))} {...register('organization_ids')} />
            {organization.name} ({organization.identifier}){organization.archived ? ` — ${t('surveys:admin.create.archived')}` : ''}
          </label>
        ))}
        {organizationsError && <p className="field__error">{organizationsError}</p>}
      </fieldset>
      {failed && (
        <div role="alert" className="alert alert--error">
          <p>
            {t('errors:survey.creationFailed', { values: failed.join(', ') })} {t('errors:pleaseResubmit')}
          </p>
          <p>{t('surveys:admin.create.failedTitle')}</p>
          <ul>
            {failed.map((id) => (
              <li key={id}>
                {nameOf(id)} (ID {id})
              </li>
            ))}
          </ul>
        </div>
      )}
      {mutation.isError && !failed && (
        <p role="alert" className="alert alert--error">
          {errorMessageOf(mutation.error, t)}
        </p>
      )}
      <div>
        <button type="submit" className="kiwi-button kiwi-button--primary" disabled={busy}>
          {busy ? t('surveys:admin.create.submitting') : failed ? t('surveys:admin.create.resubmit') : t('surveys:admin.create.submit')}
        </button>
      </div>
    </form>
  );
}

function SurveyList() {
  const { t, i18n } = useTranslation(['surveys', 'errors']);
  const { api } = useSession();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Survey | null>(null);
  const surveys = useQuery({
    queryKey: ['well-being-surveys', 'admin', page],
    queryFn: () => api.get<Survey[]>('/well_being_surveys', { page, per: PER }),
  });

  if (surveys.isPending) return <p role="status">{t('surveys:list.loading')}</p>;
  if (surveys.isError) {
    return (
      <p role="alert" className="alert alert--error">
        {t('surveys:admin.loadFailed')}
      </p>
    );
  }
  const rows = surveys.data.data;
  const totalPages = surveys.data.meta?.totalPages ?? 1;
  if (rows.length === 0) return <p>{t('surveys:admin.empty')}</p>;
  return (
    <div>
      <CardTable
        caption={t('surveys:admin.title')}
        headers={[
          t('surveys:admin.columns.organization'),
          t('surveys:admin.columns.title'),
          t('surveys:admin.columns.deadline'),
          t('surveys:admin.columns.answered'),
          t('surveys:admin.columns.actions'),
        ]}
      >
        {rows.map((survey) => (
          <tr key={survey.id}>
            <td>{survey.organization.name}</td>
            <th scope="row">{survey.title}</th>
            <td>
              {formatDateTime(survey.expiredAt, i18n.language)} ({t(survey.open ? 'surveys:status.open' : 'surveys:status.closed')})
            </td>
            <td>
              {survey.answeredSummary.answered} / {survey.answeredSummary.invited}
            </td>
            <td>
              <button
                type="button"
                className="kiwi-button"
                onClick={() => setEditing(survey)}
                aria-label={`${t('surveys:admin.edit.edit')}: ${survey.title} (${survey.organization.name})`}
              >
                {t('surveys:admin.edit.edit')}
              </button>
            </td>
          </tr>
        ))}
      </CardTable>
      <Pager page={page} totalPages={totalPages} onPage={setPage} label={t('surveys:admin.title')} />
      {editing && <EditSurveyDialog survey={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

function EditSurveyDialog({ survey, onClose }: { survey: Survey; onClose: () => void }) {
  const { t } = useTranslation(['surveys', 'errors', 'common']);
  const { api } = useSession();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const headingId = useId();
  const current = toLocalInput(survey.expiredAt);
  const { form, mutation, onSubmit, busy, message } = useSchemaForm<SurveyFormValues, UpdateSurvey>({
    schema: updateSurveySchema,
    defaultValues: { title: survey.title, expired_at: current },
    // The input has minute precision: an untouched deadline is not sent, so it keeps its seconds (and a closed
    // survey's deadline may stay in the past).
    toPayload: (values) => ({
      title: values.title,
      ...(values.expired_at !== current ? { expired_at: deadline(values.expired_at) ?? '' } : {}),
    }),
    send: (changes) =>
      api.put<Survey>(`/well_being_surveys/${survey.id}`, {
        well_being_survey: { ...changes, ...(changes.expired_at ? { expired_at: changes.expired_at.toISOString() } : {}) },
      }),
    onSaved: async () => {
      showToast(t('surveys:admin.edit.saved'), 'success');
      await queryClient.invalidateQueries({ queryKey: ['well-being-surveys'] });
      onClose();
    },
  });

  return (
    <ModalDialog open onCancel={onClose} labelledBy={headingId} className="survey-admin__dialog">
      <form onSubmit={onSubmit} noValidate className="survey-admin__form">
        <h2 id={headingId}>
          {t('surveys:admin.edit.title')} — {survey.organization.name}
        </h2>
        <SurveyFields form={form} errors={{ title: message('title'), expired_at: message('expired_at') }} />
        {mutation.isError && (
          <p role="alert" className="alert alert--error">
            {errorMessageOf(mutation.error, t)}
          </p>
        )}
        <div className="survey-table__actions">
          <button type="button" className="kiwi-button" onClick={onClose}>
            {t('common:actions.cancel')}
          </button>
          <button type="submit" className="kiwi-button kiwi-button--primary" disabled={busy}>
            {t('surveys:admin.edit.submit')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** Title and deadline, the same in the creation form and the edit dialog; `errors` holds their texts, translated. */
function SurveyFields<Output>({
  form,
  errors,
}: {
  form: UseFormReturn<SurveyFormValues, unknown, Output>;
  errors: { title?: string; expired_at?: string };
}) {
  const { t } = useTranslation(['surveys', 'errors']);
  const titleId = useId();
  const deadlineId = useId();
  const described = (id: string, name: 'title' | 'expired_at') => ({
    id,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-error` : undefined,
  });
  const error = (id: string, name: 'title' | 'expired_at') =>
    errors[name] && (
      <p id={`${id}-error`} className="field__error">
        {errors[name]}
      </p>
    );
  return (
    <>
      <div className="field">
        <label htmlFor={titleId}>{t('surveys:admin.create.name')}</label>
        <input {...described(titleId, 'title')} maxLength={SURVEY_LIMITS.titleMax} {...form.register('title')} />
        {error(titleId, 'title')}
      </div>
      <div className="field">
        <label htmlFor={deadlineId}>{t('surveys:admin.create.expiredAt')}</label>
        <DateField {...described(deadlineId, 'expired_at')} kind="datetime-local" {...DATE_RANGE} form={form} name="expired_at" />
        {error(deadlineId, 'expired_at')}
      </div>
    </>
  );
}
