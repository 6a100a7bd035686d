import { useWalkingTranslation } from './use-walking-translation';
import { zodResolver } from '@hookform/resolvers/zod';
import { DATE_RANGE } from '@kiwi/shared/domain/date-range';
import { RANDOM_TYPES } from '@kiwi/shared/domain/walking-event';
import { fromLocalInput, toLocalInput } from '@kiwi/shared/i18n/format';
import { WalkingEventFormSchema, type WalkingEventFormValues } from '@kiwi/shared/schemas/walking-event';
import { useToast } from '@kiwi/shared/ui/toast';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { DateField } from '@kiwi/shared/forms/date-field';
import { type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/session-provider';
import { apiErrorMessage } from '../organization/api-error';
import { FormFailure } from '../text-field';
import type { WalkingEvent } from './types';
import { showServerFieldErrors } from '../use-schema-form';

const FormSchema = WalkingEventFormSchema;
type FormValues = WalkingEventFormValues;

function FieldMessage({ id, error }: { id: string; error: FieldError | undefined }) {
  const { t } = useTranslation('errors');
  if (!error?.message) return null;
  return (
    <p id={id} className="field__error">
      {error.type === 'server' ? error.message : t(`errors:${error.message}`)}
    </p>
  );
}

/**
 * The walking event's basic info (create, and the detail page's first tab). SPEC §4: after the start only the final
 * result time may change, from its day nothing; the fields are then read-only with the reason.
 */
export function WalkingEventForm({
  organizationId,
  event,
  onSaved,
  onCancel,
}: {
  organizationId: string;
  event: WalkingEvent | null;
  onSaved: (event: WalkingEvent) => void;
  onCancel?: () => void;
}) {
  const { t } = useWalkingTranslation(['organization', 'errors']);
  const { api } = useSession();
  const { showToast } = useToast();
  const id = useId();
  const editable = event?.editable ?? 'all';
  const {
    register,
    watch,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues>({
    // The same resolver as the sign-in page: react-hook-form and it stay one chunk (a second resolver would split them).
    resolver: zodResolver(FormSchema) as never,
    defaultValues: {
      title: event?.title ?? '',
      started_at: event?.startedAt ?? '',
      ended_at: event?.endedAt ?? '',
      final_result_published_at: event ? toLocalInput(event.finalResultPublishedAt) : '',
      random_type: event?.randomType ?? 'balanced',
      team_limit: event?.teamLimit ?? 10,
      member_limit: event?.memberLimit ?? 10,
      show_team_member_data: event?.showTeamMemberData ?? true,
      show_personal_statistics: event?.showPersonalStatistics ?? true,
    },
  });
  const save = useMutation({
    mutationFn: async (values: FormValues) => {
      const finalResult = fromLocalInput(values.final_result_published_at) ?? '';
      const payload =
        editable === 'finalResultOnly' ? { final_result_published_at: finalResult } : { ...values, final_result_published_at: finalResult };
      const path = `/organizations/${organizationId}/walking_events`;
      return event
        ? api.put<WalkingEvent>(`${path}/${event.id}`, { walking_event: payload })
        : api.post<WalkingEvent>(path, { walking_event: payload });
    },
    onSuccess: ({ data }) => {
      showToast(t('organization:common.saved'), 'success');
      onSaved(data);
    },
    onError: (error) => showServerFieldErrors(t, error, setError),
  });

  const locked = editable !== 'all';
  const fieldProps = (name: keyof FormValues) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': [errors[name] ? `${id}-${name}-error` : '', locked ? `${id}-locked` : ''].filter(Boolean).join(' ') || undefined,
  });
  const message = (name: keyof FormValues) => <FieldMessage id={`${id}-${name}-error`} error={errors[name]} />;

  return (
    <form className="org-form" onSubmit={handleSubmit((values) => save.mutate(values))} noValidate aria-busy={save.isPending}>
      <FormFailure message={save.isError ? apiErrorMessage(t, save.error) : null} />
      {locked && (
        <p id={`${id}-locked`} className="alert alert--info">
          {t(`walking:editable.${editable}`)}
        </p>
      )}
      <p className="walking-formula">{t('walking:dateRules')}</p>
      <fieldset disabled={locked} className="walking-fieldset">
        <div className="field">
          <label htmlFor={`${id}-title`}>{t('walking:fields.title')}</label>
          <input {...fieldProps('title')} {...register('title')} />
          {message('title')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-started_at`}>{t('walking:fields.startedAt')}</label>
          <DateField kind="date" {...DATE_RANGE} {...fieldProps('started_at')} form={{ register, watch }} name="started_at" />
          {message('started_at')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-ended_at`}>{t('walking:fields.endedAt')}</label>
          <DateField kind="date" {...DATE_RANGE} {...fieldProps('ended_at')} form={{ register, watch }} name="ended_at" />
          {message('ended_at')}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-final_result_published_at`}>{t('walking:fields.finalResultPublishedAt')}</label>
        <DateField
          kind="datetime-local"
          {...DATE_RANGE}
          disabled={editable === 'none'}
          {...fieldProps('final_result_published_at')}
          form={{ register, watch }}
          name="final_result_published_at"
        />
        {message('final_result_published_at')}
      </div>
      <fieldset disabled={locked} className="walking-fieldset">
        <div className="field">
          <label htmlFor={`${id}-random_type`}>{t('walking:fields.randomType')}</label>
          <select {...fieldProps('random_type')} {...register('random_type')}>
            {RANDOM_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`walking:randomTypes.${type}`)}
              </option>
            ))}
          </select>
          {message('random_type')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-team_limit`}>{t('walking:fields.teamLimit')}</label>
          <input
            type="number"
            min={1}
            inputMode="numeric"
            {...fieldProps('team_limit')}
            {...register('team_limit', { valueAsNumber: true })}
          />
          {message('team_limit')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-member_limit`}>{t('walking:fields.memberLimit')}</label>
          <input
            type="number"
            min={1}
            inputMode="numeric"
            {...fieldProps('member_limit')}
            {...register('member_limit', { valueAsNumber: true })}
          />
          {message('member_limit')}
        </div>
        <label className="walking-checkbox">
          <input type="checkbox" {...register('show_team_member_data')} />
          <span>{t('walking:fields.showTeamMemberData')}</span>
        </label>
        <label className="walking-checkbox">
          <input type="checkbox" {...register('show_personal_statistics')} />
          <span>{t('walking:fields.showPersonalStatistics')}</span>
        </label>
      </fieldset>
      {editable !== 'none' && (
        <div className="org-form__actions">
          {onCancel && (
            <button type="button" className="kiwi-button" onClick={onCancel} disabled={save.isPending}>
              {t('organization:common.cancel')}
            </button>
          )}
          <button type="submit" className="kiwi-button kiwi-button--primary" disabled={save.isPending}>
            {save.isPending ? t('organization:common.saving') : t('organization:common.save')}
          </button>
        </div>
      )}
    </form>
  );
}
