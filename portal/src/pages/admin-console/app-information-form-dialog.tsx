import { zodResolver } from '@hookform/resolvers/zod';
import { APP_INFORMATION_ICON_NAMES, APP_INFORMATION_ICONS } from '@kiwi/shared/domain/app-information-icons';
import { formatDateTime } from '@kiwi/shared/i18n/format';
import { APP_INFORMATION_LIMITS } from '@kiwi/shared/schemas/app-informations';
import { MarkdownText } from '@kiwi/shared/ui/markdown-text';
import { useToast } from '@kiwi/shared/ui/toast';
import { useMutation } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@kiwi/shared/forms/date-field';
import { type FieldError, useForm } from 'react-hook-form';
import { useSession } from '../../session/session-provider';
import { Field } from '../labelled-field';
import { apiErrorMessage } from '../organization/api-error';
import { FormDialog } from '../organization/form-dialog';
import {
  type AppInformation,
  type AppInformationFormValues,
  type AppInformationPayload,
  appInformationFormSchema,
  appInformationFormValues,
} from './app-information-form-schema';
import { showServerFieldErrors } from '../use-schema-form';

const DATETIME_RANGE = { min: '1900-01-01T00:00', max: '2099-12-31T23:59' } as const;

/**
 * Create or edit one app information: title, head copy, Markdown body with its preview, an icon from the fixed set (a
 * radio group: arrow keys move, as any radio group), and when to publish. Once published the time is fixed (SPEC §4):
 * the field is shown read-only with the reason.
 */
export function AppInformationFormDialog({
  item,
  onClose,
  onSaved,
}: {
  item: AppInformation | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  // The page has added the app-informations bundle (usePageNamespace) before opening this dialog.
  const { t, i18n } = useTranslation(['app-informations', 'errors', 'organization']);
  const { api } = useSession();
  const { showToast } = useToast();
  const id = useId();
  const locked = item !== null && item.state !== 'scheduled';
  const schema = useMemo(() => appInformationFormSchema(locked), [locked]);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<AppInformationFormValues, unknown, AppInformationPayload>({
    resolver: zodResolver(schema) as never,
    defaultValues: appInformationFormValues(item),
  });
  const save = useMutation({
    mutationFn: (payload: AppInformationPayload) =>
      item
        ? api.put(`/app_informations/${item.id}`, { app_information: payload })
        : api.post('/app_informations', { app_information: payload }),
    onSuccess: () => {
      showToast(t('app-informations:saved'), 'success');
      onSaved();
      onClose();
    },
    onError: (error) => showServerFieldErrors(t, error, setError),
  });
  const message = (name: keyof AppInformationFormValues) => {
    const error = errors[name] as FieldError | undefined;
    if (!error?.message) return undefined;
    if (error.type === 'server') return error.message;
    return error.message.startsWith('app-informations:') ? t(error.message) : t(`errors:${error.message}`);
  };
  const body = watch('body');
  const mode = watch('publish_mode');
  const iconName = watch('icon_name');

  return (
    <FormDialog
      title={item ? t('app-informations:form.editTitle') : t('app-informations:form.createTitle')}
      submitting={save.isPending}
      failure={save.isError ? apiErrorMessage(t, save.error) : null}
      onSubmit={handleSubmit((payload) => save.mutate(payload))}
      onClose={onClose}
    >
      <Field label={t('app-informations:fields.title')} error={message('title')}>
        {(props) => <input {...props} maxLength={APP_INFORMATION_LIMITS.titleMax * 2} {...register('title')} />}
      </Field>
      <Field label={t('app-informations:fields.headCopy')} hints={[t('app-informations:fields.headCopyHint')]} error={message('head_copy')}>
        {(props) => <input {...props} maxLength={APP_INFORMATION_LIMITS.headCopyMax * 2} {...register('head_copy')} />}
      </Field>
      <Field label={t('app-informations:fields.body')} hints={[t('app-informations:fields.bodyHint')]} error={message('body')}>
        {(props) => <textarea {...props} rows={6} maxLength={APP_INFORMATION_LIMITS.bodyMax * 2} {...register('body')} />}
      </Field>
      <section className="app-info-preview" aria-labelledby={`${id}-preview`}>
        <h3 id={`${id}-preview`} className="app-info-preview__title">
          {t('app-informations:form.preview')}
        </h3>
        {body.trim() === '' ? (
          <p className="field__hint">{t('app-informations:form.previewEmpty')}</p>
        ) : (
          <MarkdownText source={body} className="markdown-text app-info-preview__body" />
        )}
      </section>
      <fieldset className="app-info-icons">
        <legend>{t('app-informations:fields.icon')}</legend>
        <div className="app-info-icons__options">
          {APP_INFORMATION_ICON_NAMES.map((name) => (
            <label key={name} className={`app-info-icons__option${iconName === name ? ' app-info-icons__option--checked' : ''}`}>
              <input type="radio" value={name} {...register('icon_name')} />
              <span aria-hidden="true" className="app-info-icons__glyph">
                {APP_INFORMATION_ICONS[name]}
              </span>
              <span className="app-info-icons__label">{t(`app-informations:icons.${name}`)}</span>
            </label>
          ))}
        </div>
        {message('icon_name') && <p className="field__error">{message('icon_name')}</p>}
      </fieldset>
      {locked && item ? (
        <div className="field">
          <p className="app-info-locked" id={`${id}-locked`}>
            <strong>{t('app-informations:fields.publishedAt')}</strong>: {formatDateTime(item.publishedAt, i18n.language)}
          </p>
          <p className="field__hint">{t('app-informations:form.locked')}</p>
        </div>
      ) : (
        <fieldset className="app-info-publish">
          <legend>{t('app-informations:fields.publish')}</legend>
          <label className="app-info-publish__choice">
            <input type="radio" value="now" {...register('publish_mode')} /> {t('app-informations:form.publishNow')}
          </label>
          <label className="app-info-publish__choice">
            <input type="radio" value="scheduled" {...register('publish_mode')} /> {t('app-informations:form.publishLater')}
          </label>
          {mode === 'scheduled' && (
            <Field
              label={t('app-informations:fields.publishedAt')}
              hints={[t('app-informations:form.lockHint')]}
              error={message('published_at')}
            >
              {(props) => <DateField {...props} kind="datetime-local" {...DATETIME_RANGE} form={{ register, watch }} name="published_at" />}
            </Field>
          )}
          {mode === 'now' && <p className="field__hint">{t('app-informations:form.lockHint')}</p>}
        </fieldset>
      )}
    </FormDialog>
  );
}
