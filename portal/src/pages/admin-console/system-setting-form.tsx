import { zodResolver } from '@hookform/resolvers/zod';
import { SYSTEM_SETTING_DEFINITIONS, type SystemSettingDefinition, type SystemSettingKey } from '@kiwi/shared/domain/system-settings';
import { formatDateTime } from '@kiwi/shared/i18n/format';
import { useToast } from '@kiwi/shared/ui/toast';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSession } from '../../session/session-provider';
import { Field } from '../labelled-field';
import { apiErrorMessage, fieldErrors } from '../organization/api-error';
import { FormFailure } from '../text-field';

/** A setting as GET /system_settings answers (attributes camelized by the API client). */
export type SystemSetting = { id: string; key: string; value: string; updatedAt: string };

type Values = { value: string };

/**
 * One setting's typed form: the key's own schema from the registry (an https URL, bounded text, a whole number in
 * range) checks the input as the server will. Saving changes the stored row (PUT) or adds it when the key has none yet
 * (POST).
 */
export function SystemSettingForm({
  settingKey,
  stored,
  onSaved,
}: {
  settingKey: SystemSettingKey;
  stored: SystemSetting | undefined;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation(['system-settings', 'errors', 'organization']);
  const { api } = useSession();
  const { showToast } = useToast();
  const definition: SystemSettingDefinition = SYSTEM_SETTING_DEFINITIONS[settingKey];
  const schema = useMemo(() => z.object({ value: definition.schema }), [definition]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<Values>({ resolver: zodResolver(schema) as never, defaultValues: { value: stored?.value ?? definition.defaultValue } });
  const save = useMutation({
    mutationFn: ({ value }: Values) =>
      stored
        ? api.put(`/system_settings/${stored.id}`, { system_setting: { value } })
        : api.post('/system_settings', { system_setting: { key: settingKey, value } }),
    onSuccess: (_answer, values) => {
      showToast(t('system-settings:saved', { name: t(`system-settings:keys.${settingKey}.label`) }), 'success');
      reset(values);
      onSaved();
    },
    onError: (error) => {
      const byField = fieldErrors(t, error);
      if (byField.value) setError('value', { type: 'server', message: byField.value });
    },
  });
  const error = errors.value?.message
    ? errors.value.type === 'server'
      ? errors.value.message
      : t(`errors:${errors.value.message}`, { count: definition.max, min: definition.min, max: definition.max })
    : undefined;
  const hints = [
    t(`system-settings:keys.${settingKey}.hint`),
    stored
      ? t('system-settings:lastChanged', { at: formatDateTime(stored.updatedAt, i18n.language) })
      : t('system-settings:notSet', { value: definition.defaultValue || t('system-settings:empty') }),
  ];
  const label = t(`system-settings:keys.${settingKey}.label`);

  return (
    <form
      className="system-settings__card"
      noValidate
      aria-label={label}
      onSubmit={handleSubmit((values) => save.mutate(values))}
      aria-busy={save.isPending}
    >
      <h2>{label}</h2>
      <p className="system-settings__key">{settingKey}</p>
      <FormFailure message={save.isError && !fieldErrors(t, save.error).value ? apiErrorMessage(t, save.error) : null} />
      <Field label={t('system-settings:value')} hints={hints} error={error}>
        {(props) =>
          definition.kind === 'text' ? (
            <textarea {...props} rows={3} maxLength={(definition.max ?? 0) * 2} {...register('value')} />
          ) : definition.kind === 'integer' ? (
            <input {...props} type="number" inputMode="numeric" step={1} min={definition.min} max={definition.max} {...register('value')} />
          ) : (
            <input {...props} type="url" inputMode="url" autoComplete="off" spellCheck={false} dir="ltr" {...register('value')} />
          )
        }
      </Field>
      <div className="system-settings__actions">
        <button type="submit" className="kiwi-button kiwi-button--primary" disabled={save.isPending || !isDirty}>
          {save.isPending ? t('organization:common.saving') : t('system-settings:save')}
        </button>
      </div>
    </form>
  );
}
