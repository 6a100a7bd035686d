import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EVENT_LIMITS, eventTagLabel, PRESET_EVENT_TAGS } from '../../domain/event-rules';
import { splitTags } from '../../domain/tags';
import { CreateEventSchema } from '../../schemas/event';
import { fieldMessage, payloadResolver } from '../../forms/schema-resolver';
import { DateField } from '../../forms/date-field';
import { useSaveForm } from '../../forms/use-save-form';
import { FieldError } from '../../ui/form-parts';
import { ImageInput } from '../../ui/image-input';
import { useFeatureContext } from '../feature-context';
import {
  DATE_INPUT_MAX,
  DATE_INPUT_MIN,
  eventApi,
  eventErrorMessage,
  eventPaths,
  eventQueryKeys,
  type KiwiEvent,
} from '../../schemas/event-resources';
import { formatDateTimeInZone, fromLocalInput, toLocalInput } from '../../i18n/format';
import '../../ui/button.css';
import './events.css';
import '../../ui/visually-hidden.css';
import '../../ui/layout.css';

export type EventFormValues = {
  name: string;
  description: string;
  started_at: string;
  ended_at: string;
  recruitment_deadline: string;
  location: string;
  apply_minimum: string;
  apply_maximum: string;
  tags: string;
  public_range: 'public' | 'private';
  send_notification: boolean;
  header_image_url: string | null;
  poll_items: string[];
};
type Field = keyof EventFormValues;
const FIELDS: readonly Field[] = [
  'name',
  'description',
  'started_at',
  'ended_at',
  'recruitment_deadline',
  'location',
  'apply_minimum',
  'apply_maximum',
  'tags',
  'public_range',
  'send_notification',
  'header_image_url',
  'poll_items',
];

const number = (value: string) => (value.trim() === '' ? null : Number(value));

/** The request payload of the form (local date-times become instants; blanks become null). */
export function eventPayload(values: EventFormValues) {
  return {
    event: {
      name: values.name,
      description: values.description,
      started_at: fromLocalInput(values.started_at) ?? undefined,
      ended_at: fromLocalInput(values.ended_at) ?? undefined,
      recruitment_deadline: fromLocalInput(values.recruitment_deadline),
      location: values.location.trim() === '' ? null : values.location,
      apply_minimum: number(values.apply_minimum),
      apply_maximum: number(values.apply_maximum),
      tags: values.tags,
      public_range: values.public_range,
      send_notification: values.send_notification,
      header_image_url: values.header_image_url,
      poll_items: values.poll_items.map((item) => item.trim()).filter((item) => item !== ''),
    },
  };
}

/** The form checked with the server's own schema (its payload's `event`): the same codes before a round trip. */
export const eventFormResolver = payloadResolver<EventFormValues>(CreateEventSchema.shape.event, (values) => eventPayload(values).event);

/** Create (no eventId) or edit an event. */
export function EventForm({ eventId }: { eventId?: string }) {
  const { t } = useTranslation(['events', 'errors']);
  const { api, viewer, navigate } = useFeatureContext();
  const organizationId = viewer?.organizationId ?? '';
  const existing = useQuery({
    queryKey: eventQueryKeys.detail(eventId ?? 'new'),
    enabled: eventId !== undefined && organizationId !== '',
    queryFn: async () => (await api.get<KiwiEvent>(eventApi.show(organizationId, eventId!))).data,
  });
  const poll = useQuery({
    queryKey: ['events', 'form-poll', existing.data?.pollId ?? 'none'],
    enabled: Boolean(existing.data?.pollId),
    queryFn: async () => (await api.get<{ pollItems: { text: string }[] }>(eventApi.poll(existing.data!.pollId!))).data,
  });
  if (organizationId === '') {
    return (
      <p role="alert" className="kiwi-event__alert">
        {t('events:status.notMember')}
      </p>
    );
  }
  if (eventId !== undefined && (existing.isPending || (existing.data?.pollId && poll.isPending)))
    return <p role="status">{t('events:loading')}</p>;
  // Without its poll the form would save an empty one and drop every vote: show the failure instead.
  if (eventId !== undefined && (existing.isError || !existing.data || poll.isError)) {
    return (
      <p role="alert" className="kiwi-event__alert">
        {eventErrorMessage(existing.error ?? poll.error, t)}
      </p>
    );
  }
  if (existing.data && (!existing.data.canManage || existing.data.cancel)) {
    return (
      <p role="alert" className="kiwi-event__alert">
        {t(existing.data.cancel ? 'errors:event.cancelled' : 'errors:auth.forbidden')}
      </p>
    );
  }
  return (
    <EventFormFields
      key={existing.data?.id ?? 'new'}
      event={existing.data ?? null}
      pollItems={(poll.data?.pollItems ?? []).map((item) => item.text)}
      onDone={(id) => navigate(eventPaths.show(id))}
      onCancel={() => navigate(eventId ? eventPaths.show(eventId) : eventPaths.list())}
    />
  );
}

function EventFormFields({
  event,
  pollItems,
  onDone,
  onCancel,
}: {
  event: KiwiEvent | null;
  pollItems: string[];
  onDone: (id: string) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation(['events', 'errors', 'common']);
  const { api, viewer } = useFeatureContext();
  const { register, handleSubmit, formState, setError, setValue, watch } = useForm<EventFormValues>({
    resolver: eventFormResolver,
    defaultValues: {
      name: event?.name ?? '',
      description: event?.description ?? '',
      started_at: toLocalInput(event?.startedAt ?? null),
      ended_at: toLocalInput(event?.endedAt ?? null),
      recruitment_deadline: toLocalInput(event?.recruitmentDeadline ?? null),
      location: event?.location ?? '',
      apply_minimum: event?.applyMinimum?.toString() ?? '',
      apply_maximum: event?.applyMaximum?.toString() ?? '',
      tags: event?.tags.map((tag) => eventTagLabel(tag, t)).join(', ') ?? '',
      public_range: event?.publicRange ?? 'public',
      send_notification: event?.sendNotification ?? false,
      header_image_url: event?.headerImageUrl ?? null,
      poll_items: pollItems.length > 0 ? pollItems : [],
    },
  });
  const values = watch();
  const errors = formState.errors;
  const ids = {
    heading: useId(),
    name: useId(),
    description: useId(),
    started_at: useId(),
    ended_at: useId(),
    recruitment_deadline: useId(),
    location: useId(),
    apply_minimum: useId(),
    apply_maximum: useId(),
    tags: useId(),
    send_notification: useId(),
    poll: useId(),
  };
  const set = <K extends Field>(key: K, value: EventFormValues[K]) =>
    setValue(key as Path<EventFormValues>, value as never, { shouldDirty: true });
  const errorText = (field: Field) => fieldMessage(t, errors[field] as never);
  const fieldProps = (field: Field) => ({
    id: ids[field as keyof typeof ids],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${ids[field as keyof typeof ids]}-error` : undefined,
  });
  const fieldError = (field: Field) => (
    <FieldError id={ids[field as keyof typeof ids]} message={errors[field] && errorText(field)} className="kiwi-event__error" />
  );
  const datePreview = (value: string) => {
    const iso = fromLocalInput(value);
    // The picked time as everyone will read it, with the zone it was picked in (members may be elsewhere).
    return iso && iso !== value ? <p className="kiwi-event__muted">{formatDateTimeInZone(iso, i18n.language)}</p> : null;
  };
  const presetTags = PRESET_EVENT_TAGS.map((key) => t(`events:presetTags.${key}`));
  const chosenTags = new Set(splitTags(values.tags));
  const addTag = (tag: string) => set('tags', [...splitTags(values.tags), tag].join(', '));

  const { save, submit } = useSaveForm<EventFormValues, KiwiEvent>({
    form: { handleSubmit, setError },
    fields: FIELDS,
    send: async (formValues) => {
      const organizationId = viewer?.organizationId ?? '';
      const payload = eventPayload(formValues);
      const response = event
        ? await api.put<KiwiEvent>(eventApi.show(organizationId, event.id), payload)
        : await api.post<KiwiEvent>(eventApi.list(organizationId), payload);
      return response.data;
    },
    invalidate: eventQueryKeys.all,
    done: t(event ? 'events:form.updated' : 'events:form.created'),
    onDone,
  });
  const saving = save.isPending;
  const hasErrors = Object.keys(errors).length > 0;
  const formError = save.isError
    ? eventErrorMessage(save.error, t)
    : formState.isSubmitted && hasErrors && !saving
      ? t('events:form.fixErrors')
      : '';

  const dateInput = (field: 'started_at' | 'ended_at' | 'recruitment_deadline', required: boolean) => (
    <div className="kiwi-event__field">
      <label htmlFor={ids[field]}>
        {t(`events:form.${field === 'started_at' ? 'startedAt' : field === 'ended_at' ? 'endedAt' : 'recruitmentDeadline'}`)}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <DateField
        {...fieldProps(field)}
        kind="datetime-local"
        min={DATE_INPUT_MIN}
        max={DATE_INPUT_MAX}
        required={required}
        form={{ register, watch }}
        name={field}
      />
      {datePreview(values[field])}
      {fieldError(field)}
    </div>
  );

  return (
    <form className="kiwi-event-form" onSubmit={submit} noValidate aria-labelledby={ids.heading}>
      <h1 id={ids.heading}>{t(event ? 'events:form.editTitle' : 'events:form.createTitle')}</h1>
      {formError && (
        <p role="alert" className="kiwi-event__alert">
          {formError}
        </p>
      )}
      <div className="kiwi-event__field">
        <label htmlFor={ids.name}>
          {t('events:form.name')}
          <span aria-hidden="true"> *</span>
        </label>
        <input {...fieldProps('name')} required {...register('name')} />
        <p className="kiwi-event__muted">{t('events:form.nameHint', { max: EVENT_LIMITS.nameMax })}</p>
        {fieldError('name')}
      </div>
      <div className="kiwi-event__field">
        <label htmlFor={ids.description}>{t('events:form.description')}</label>
        <textarea {...fieldProps('description')} rows={5} {...register('description')} />
        {fieldError('description')}
      </div>
      <div className="kiwi-row kiwi-event-form__row">
        {dateInput('started_at', true)}
        {dateInput('ended_at', true)}
      </div>
      {dateInput('recruitment_deadline', false)}
      <div className="kiwi-event__field">
        <label htmlFor={ids.location}>{t('events:form.location')}</label>
        <input {...fieldProps('location')} {...register('location')} />
        {fieldError('location')}
      </div>
      <div className="kiwi-row kiwi-event-form__row">
        <div className="kiwi-event__field">
          <label htmlFor={ids.apply_minimum}>{t('events:form.applyMinimum')}</label>
          <input {...fieldProps('apply_minimum')} type="number" min={1} inputMode="numeric" {...register('apply_minimum')} />
          {fieldError('apply_minimum')}
        </div>
        <div className="kiwi-event__field">
          <label htmlFor={ids.apply_maximum}>{t('events:form.applyMaximum')}</label>
          <input {...fieldProps('apply_maximum')} type="number" min={1} inputMode="numeric" {...register('apply_maximum')} />
          {fieldError('apply_maximum')}
        </div>
      </div>
      <div className="kiwi-event__field">
        <label htmlFor={ids.tags}>{t('events:form.tags')}</label>
        <input {...fieldProps('tags')} {...register('tags')} placeholder={t('events:form.tagsPlaceholder')} />
        <p className="kiwi-event__muted">{t('events:form.tagsHint')}</p>
        <div className="kiwi-row" role="group" aria-label={t('events:form.presetTags')}>
          {presetTags.map((tag) => (
            <button key={tag} type="button" className="kiwi-event__tag" disabled={chosenTags.has(tag)} onClick={() => addTag(tag)}>
              + {tag}
            </button>
          ))}
        </div>
        {fieldError('tags')}
      </div>
      <fieldset className="kiwi-event__field">
        <legend>{t('events:form.publicRange')}</legend>
        {(['public', 'private'] as const).map((range) => (
          <label key={range} className="kiwi-event__check">
            <input type="radio" value={range} {...register('public_range')} />
            {t(`events:publicRange.${range}`)} — <span className="kiwi-event__muted">{t(`events:form.rangeHint.${range}`)}</span>
          </label>
        ))}
      </fieldset>
      <label className="kiwi-event__check">
        <input id={ids.send_notification} type="checkbox" {...register('send_notification')} />
        {t('events:form.sendNotification')}
      </label>
      <div className="kiwi-event__field">
        <ImageInput
          value={values.header_image_url}
          onChange={(url) => set('header_image_url', url)}
          label={t('events:form.headerImage')}
          hint={t('events:form.headerImageHint')}
        />
        {fieldError('header_image_url')}
      </div>
      <fieldset className="kiwi-event__field" aria-describedby={errors.poll_items ? `${ids.poll}-error` : undefined}>
        <legend>{t('events:form.poll')}</legend>
        <p className="kiwi-event__muted">{t('events:form.pollHint')}</p>
        <ol className="kiwi-event-form__poll">
          {values.poll_items.map((_item, index) => (
            <li key={index}>
              <label className="kiwi-visually-hidden" htmlFor={`${ids.poll}-${index}`}>
                {t('events:form.pollItem', { index: index + 1 })}
              </label>
              <input id={`${ids.poll}-${index}`} {...register(`poll_items.${index}`)} />
              <button
                type="button"
                className="kiwi-link-button"
                onClick={() =>
                  set(
                    'poll_items',
                    values.poll_items.filter((_item, at) => at !== index),
                  )
                }
                aria-label={t('events:form.removePollItem', { index: index + 1 })}
              >
                {t('events:form.remove')}
              </button>
            </li>
          ))}
        </ol>
        {values.poll_items.length < EVENT_LIMITS.pollItemsMax && (
          <button type="button" className="kiwi-button" onClick={() => set('poll_items', [...values.poll_items, ''])}>
            {t('events:form.addPollItem')}
          </button>
        )}
        <FieldError id={ids.poll} message={errors.poll_items && errorText('poll_items')} className="kiwi-event__error" />
      </fieldset>
      <div className="kiwi-row">
        <button type="button" className="kiwi-button" onClick={onCancel}>
          {t('common:actions.cancel')}
        </button>
        <button type="submit" className="kiwi-button kiwi-button--primary" disabled={saving}>
          {saving ? t('events:form.saving') : t(event ? 'events:form.save' : 'events:form.create')}
        </button>
      </div>
    </form>
  );
}
