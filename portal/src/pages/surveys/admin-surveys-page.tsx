import { isSurveyOpen } from '@kiwi/shared/domain/well-being';
import { errorMessageOf, failedOrganizationIds, type Survey } from '@kiwi/shared/schemas/survey-resources';
import { ModalDialog } from '@kiwi/shared/ui/modal-dialog';
import { useToast } from '@kiwi/shared/ui/toast';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/session-provider';
import { Pager } from '../organization/pager';
import { formatDateTime, fromLocalInput, toLocalInput } from '@kiwi/shared/i18n/format';
import './surveys.css';
import { CardTable } from '../../layout/card-table';

type AdminOrganization = { id: string; name: string; identifier: string; archived?: boolean };
type FieldErrors = Partial<Record<'title' | 'expiredAt' | 'organizations', string>>;

const PER = 50;

/** The same rules as CreateSurveySchema and the service, checked before sending (codes are error keys). */
function checkSurveyFields(title: string, expiredAt: string, now: Date): FieldErrors {
  const errors: FieldErrors = {};
  if (title.trim() === '') errors.title = 'validation.required';
  if (!expiredAt) errors.expiredAt = 'validation.required';
  else if (!isSurveyOpen({ expiredAt }, now)) errors.expiredAt = 'survey.deadlineInPast';
  return errors;
}

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
  const [title, setTitle] = useState('');
  const [expiredAt, setExpiredAt] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [errors, setErrors] = useState<FieldErrors>({});
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
  const create = useMutation({
    mutationFn: (organizationIds: number[]) =>
      api.post<Survey[]>('/well_being_surveys', {
        well_being_survey: { title: title.trim(), expired_at: fromLocalInput(expiredAt) ?? '', organization_ids: organizationIds },
      }),
    onSuccess: ({ data }) => {
      showToast(t('surveys:admin.create.created', { count: data.length }), 'success');
      setFailed(null);
      setSelected(new Set());
      setTitle('');
      setExpiredAt('');
    },
    onError: (error) => {
      const ids = failedOrganizationIds(error);
      // Any other refusal shows its own message (an earlier list of failed organisations no longer applies).
      setFailed(ids);
      // Keep the form as it is, with only the failed organisations ticked, so one click resubmits them.
      if (ids) setSelected(new Set(ids));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['well-being-surveys'] }),
  });

  const nameOf = (id: number) => organizations.data?.find((organization) => Number(organization.id) === id)?.name ?? `#${id}`;
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkSurveyFields(title, fromLocalInput(expiredAt) ?? '', new Date());
    if (selected.size === 0) found.organizations = 'survey.organizationsRequired';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate([...selected]);
  };

  return (
    <form className="survey-admin__form" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <h2 id={headingId}>{t('surveys:admin.create.title')}</h2>
      <SurveyFields title={title} onTitle={setTitle} expiredAt={expiredAt} onExpiredAt={setExpiredAt} errors={errors} />
      <fieldset className="survey-admin__organizations" aria-invalid={errors.organizations ? true : undefined}>
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
            <input type="checkbox" checked={selected.has(Number(organization.id))} onChange={() => toggle(Number(organization.id))} />
            {organization.name} ({organization.identifier}){organization.archived ? ` — ${t('surveys:admin.create.archived')}` : ''}
          </label>
        ))}
        {errors.organizations && <p className="field__error">{t(`errors:${errors.organizations}`)}</p>}
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
      {create.isError && !failed && (
        <p role="alert" className="alert alert--error">
          {errorMessageOf(create.error, t)}
        </p>
      )}
      <div>
        <button type="submit" className="kiwi-button kiwi-button--primary" disabled={create.isPending}>
          {create.isPending
            ? t('surveys:admin.create.submitting')
            : failed
              ? t('surveys:admin.create.resubmit')
              : t('surveys:admin.create.submit')}
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
  const [title, setTitle] = useState(survey.title);
  const [expiredAt, setExpiredAt] = useState(toLocalInput(survey.expiredAt));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation({
    mutationFn: () => {
      // The input has minute precision: an untouched deadline is not sent, so it keeps its seconds.
      const changed = expiredAt !== toLocalInput(survey.expiredAt);
      return api.put<Survey>(`/well_being_surveys/${survey.id}`, {
        well_being_survey: { title: title.trim(), ...(changed ? { expired_at: fromLocalInput(expiredAt) ?? '' } : {}) },
      });
    },
    onSuccess: async () => {
      showToast(t('surveys:admin.edit.saved'), 'success');
      await queryClient.invalidateQueries({ queryKey: ['well-being-surveys'] });
      onClose();
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const deadline = fromLocalInput(expiredAt) ?? '';
    const found = checkSurveyFields(title, deadline, new Date());
    // An unchanged deadline of a closed survey may stay as it is.
    if (found.expiredAt === 'survey.deadlineInPast' && expiredAt === toLocalInput(survey.expiredAt)) delete found.expiredAt;
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };

  return (
    <ModalDialog open onCancel={onClose} labelledBy={headingId} className="survey-admin__dialog">
      <form onSubmit={onSubmit} noValidate className="survey-admin__form">
        <h2 id={headingId}>
          {t('surveys:admin.edit.title')} — {survey.organization.name}
        </h2>
        <SurveyFields title={title} onTitle={setTitle} expiredAt={expiredAt} onExpiredAt={setExpiredAt} errors={errors} />
        {save.isError && (
          <p role="alert" className="alert alert--error">
            {errorMessageOf(save.error, t)}
          </p>
        )}
        <div className="survey-table__actions">
          <button type="button" className="kiwi-button" onClick={onClose}>
            {t('common:actions.cancel')}
          </button>
          <button type="submit" className="kiwi-button kiwi-button--primary" disabled={save.isPending}>
            {t('surveys:admin.edit.submit')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** Title and deadline, the same in the creation form and the edit dialog; `errors` holds error codes. */
function SurveyFields({
  title,
  onTitle,
  expiredAt,
  onExpiredAt,
  errors,
}: {
  title: string;
  onTitle: (value: string) => void;
  expiredAt: string;
  onExpiredAt: (value: string) => void;
  errors: FieldErrors;
}) {
  const { t } = useTranslation(['surveys', 'errors']);
  const titleId = useId();
  const deadlineId = useId();
  const field = (
    id: string,
    label: string,
    error: string | undefined,
    input: { type?: string; value: string; onChange: (value: string) => void; maxLength?: number },
  ) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={input.type}
        value={input.value}
        maxLength={input.maxLength}
        onChange={(event) => input.onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="field__error">
          {t(`errors:${error}`)}
        </p>
      )}
    </div>
  );
  return (
    <>
      {field(titleId, t('surveys:admin.create.name'), errors.title, { value: title, onChange: onTitle, maxLength: 100 })}
      {field(deadlineId, t('surveys:admin.create.expiredAt'), errors.expiredAt, {
        type: 'datetime-local',
        value: expiredAt,
        onChange: onExpiredAt,
      })}
    </>
  );
}
