import { useWalkingTranslation } from './use-walking-translation';
import { DATE_RANGE } from '@kiwi/shared/domain/date-range';
import { RANDOM_TYPES } from '@kiwi/shared/domain/walking-event';
import { DateField } from '@kiwi/shared/forms/date-field';
import { fromLocalInput, toLocalInput } from '@kiwi/shared/i18n/format';
import { WalkingEventFormSchema } from '@kiwi/shared/schemas/walking-event';
import { useToast } from '@kiwi/shared/ui/toast';
import { useId } from 'react';
import { useSession } from '../../session/session-provider';
import { Field } from '../labelled-field';
import { FormFailure, SubmitButton } from '../text-field';
import { useSchemaForm } from '../use-schema-form';
import type { WalkingEvent } from './types';

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
  const { form, register, onSubmit, busy, failure, message } = useSchemaForm({
    schema: WalkingEventFormSchema,
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
    send: (values) => {
      const finalResult = fromLocalInput(values.final_result_published_at) ?? '';
      const payload =
        editable === 'finalResultOnly' ? { final_result_published_at: finalResult } : { ...values, final_result_published_at: finalResult };
      const path = `/organizations/${organizationId}/walking_events`;
      return event
        ? api.put<WalkingEvent>(`${path}/${event.id}`, { walking_event: payload })
        : api.post<WalkingEvent>(path, { walking_event: payload });
    },
    onSaved: ({ data }) => {
      showToast(t('organization:common.saved'), 'success');
      onSaved(data);
    },
  });

  const locked = editable !== 'all';
  const note = locked ? `${id}-locked` : undefined;

  return (
    <form className="org-form" onSubmit={onSubmit} noValidate aria-busy={busy}>
      <FormFailure message={failure} />
      {locked && (
        <p id={`${id}-locked`} className="alert alert--info">
          {t(`walking:editable.${editable}`)}
        </p>
      )}
      <p className="walking-formula">{t('walking:dateRules')}</p>
      <fieldset disabled={locked} className="walking-fieldset">
        <Field label={t('walking:fields.title')} error={message('title')} describedBy={note}>
          {(props) => <input {...props} {...register('title')} />}
        </Field>
        <Field label={t('walking:fields.startedAt')} error={message('started_at')} describedBy={note}>
          {(props) => <DateField kind="date" {...DATE_RANGE} {...props} form={form} name="started_at" />}
        </Field>
        <Field label={t('walking:fields.endedAt')} error={message('ended_at')} describedBy={note}>
          {(props) => <DateField kind="date" {...DATE_RANGE} {...props} form={form} name="ended_at" />}
        </Field>
      </fieldset>
      <Field label={t('walking:fields.finalResultPublishedAt')} error={message('final_result_published_at')} describedBy={note}>
        {(props) => (
          <DateField
            kind="datetime-local"
            {...DATE_RANGE}
            disabled={editable === 'none'}
            {...props}
            form={form}
            name="final_result_published_at"
          />
        )}
      </Field>
      <fieldset disabled={locked} className="walking-fieldset">
        <Field label={t('walking:fields.randomType')} error={message('random_type')} describedBy={note}>
          {(props) => (
            <select {...props} {...register('random_type')}>
              {RANDOM_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`walking:randomTypes.${type}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('walking:fields.teamLimit')} error={message('team_limit')} describedBy={note}>
          {(props) => <input type="number" min={1} inputMode="numeric" {...props} {...register('team_limit', { valueAsNumber: true })} />}
        </Field>
        <Field label={t('walking:fields.memberLimit')} error={message('member_limit')} describedBy={note}>
          {(props) => <input type="number" min={1} inputMode="numeric" {...props} {...register('member_limit', { valueAsNumber: true })} />}
        </Field>
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
            <button type="button" className="kiwi-button" onClick={onCancel} disabled={busy}>
              {t('organization:common.cancel')}
            </button>
          )}
          <SubmitButton busy={busy} label={t('organization:common.save')} busyLabel={t('organization:common.saving')} />
        </div>
      )}
    </form>
  );
}
