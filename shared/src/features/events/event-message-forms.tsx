import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EVENT_LIMITS } from '../../domain/event-rules';
import { FieldError, SaveCancelButtons } from '../../ui/form-parts';
import { ImageInput } from '../../ui/image-input';
import { useToast } from '../../ui/toast';
import { useFeatureContext } from '../feature-context';
import { eventErrorMessage } from '../../schemas/event-resources';
import { type ComposerValues, composerRules, type MessageEditValues, messageEditRules, rulesResolver } from './event-resolvers';

/**
 * The composer of an event's messages (text, images or both): a react-hook-form form over the rules of
 * CreateEventMessageSchema; `onSend` posts, its busy and error states are a mutation's. Emptied once posted.
 */
export function MessageComposer({
  label,
  token,
  onSend,
}: {
  label: string;
  /** A shared-event guest's bearer for the image upload. */
  token: string | null | undefined;
  onSend: (values: ComposerValues) => Promise<unknown>;
}) {
  const { t } = useTranslation(['events', 'errors']);
  const { resolveUrl } = useFeatureContext();
  const { showToast } = useToast();
  const { register, handleSubmit, watch, setValue, getValues, reset, formState } = useForm<ComposerValues>({
    defaultValues: { body: '', images: [] },
    resolver: rulesResolver(t, composerRules),
  });
  const { body, images } = watch();
  const bodyId = useId();
  const send = useMutation({
    mutationFn: onSend,
    onSuccess: () => reset(),
    onError: (error) => showToast(eventErrorMessage(error, t), 'error'),
  });
  const error = formState.errors.body?.message ?? formState.errors.images?.message;
  const setImages = (next: string[]) => setValue('images', next, { shouldValidate: formState.isSubmitted, shouldDirty: true });

  return (
    <form className="kiwi-event-messages__form" onSubmit={handleSubmit((values) => send.mutate(values))} noValidate>
      <label htmlFor={bodyId}>{label}</label>
      <textarea
        id={bodyId}
        rows={3}
        {...register('body')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${bodyId}-error` : undefined}
      />
      <FieldError id={bodyId} message={error} className="kiwi-event__error" alert />
      {images.length > 0 && (
        <ul className="kiwi-event-message__images" aria-label={t('events:messages.attached')}>
          {images.map((url) => (
            <li key={url}>
              <img src={resolveUrl(url)} alt="" />
              <button type="button" className="kiwi-link-button" onClick={() => setImages(images.filter((image) => image !== url))}>
                {t('events:messages.removeImage')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {images.length < EVENT_LIMITS.messageImagesMax && (
        <ImageInput
          value={null}
          onChange={(url) => url && setImages([...getValues('images'), url])}
          label={t('events:messages.addImage')}
          token={token}
        />
      )}
      <button
        type="submit"
        className="kiwi-button kiwi-button--primary"
        disabled={send.isPending || (body.trim() === '' && images.length === 0)}
      >
        {t('events:messages.send')}
      </button>
    </form>
  );
}

/** The form that edits one's own message in place: react-hook-form over UpdateEventMessageSchema's text rule. */
export function MessageEditForm({
  body,
  onSave,
  onCancel,
}: {
  body: string;
  onSave: (body: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['events', 'errors', 'common']);
  const { showToast } = useToast();
  const { register, handleSubmit, formState } = useForm<MessageEditValues>({
    defaultValues: { body },
    resolver: rulesResolver(t, messageEditRules),
  });
  const editId = useId();
  const save = useMutation({
    mutationFn: (values: MessageEditValues) => onSave(values.body),
    onError: (error) => showToast(eventErrorMessage(error, t), 'error'),
  });
  const error = formState.errors.body?.message;
  return (
    <form className="kiwi-event-messages__form" onSubmit={handleSubmit((values) => save.mutate(values))} noValidate>
      <label htmlFor={editId}>{t('events:messages.edit')}</label>
      <textarea
        id={editId}
        rows={3}
        {...register('body')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${editId}-error` : undefined}
      />
      <FieldError id={editId} message={error} className="kiwi-event__error" alert />
      <SaveCancelButtons save={t('events:messages.save')} saveDisabled={save.isPending} onCancel={onCancel} />
    </form>
  );
}
