import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GUILD_LIMITS } from '../../domain/guild-rules';
import { CreateGuildSchema } from '../../schemas/guild';
import { type Guild, guildApi, guildErrorMessage, guildPaths, guildQueryKeys } from '../../schemas/guild-resources';
import { type FieldErrors as FieldErrorsOf, responseFieldErrors, schemaFieldErrors } from '../../ui/field-errors';
import { ImageInput } from '../../ui/image-input';
import { useToast } from '../../ui/toast';
import { useFeatureContext } from '../feature-context';
import '../../ui/button.css';
import './guild-chat.css';
import '../../ui/layout.css';

type Field = 'name' | 'description' | 'tags' | 'public_range' | 'header_image_url';
type Values = { name: string; description: string; tags: string; public_range: 'public' | 'private'; header_image_url: string | null };
type FieldErrors = FieldErrorsOf<Field>;

/** The form's values checked with the server's own schema: the same codes, before a round trip. */
export function validateGuildForm(values: Values): FieldErrors {
  return schemaFieldErrors<Field>(CreateGuildSchema, { guild: values });
}

/** Create (no guildId) or edit a guild: name, description, comma-separated tags, public or private, header image. */
export function GuildForm({ guildId }: { guildId?: string }) {
  const { t } = useTranslation(['guilds', 'errors', 'common']);
  const { api, viewer, navigate } = useFeatureContext();
  const organizationId = viewer?.organizationId ?? '';
  const existing = useQuery({
    queryKey: guildQueryKeys.detail(guildId ?? 'new'),
    enabled: guildId !== undefined && organizationId !== '',
    queryFn: async () => (await api.get<Guild>(guildApi.show(organizationId, guildId!))).data,
  });
  if (guildId !== undefined && existing.isPending) return <p role="status">{t('guilds:chat.loading')}</p>;
  if (guildId !== undefined && (existing.isError || !existing.data)) {
    return (
      <p role="alert" className="kiwi-guild__alert">
        {guildErrorMessage(existing.error, t)}
      </p>
    );
  }
  if (existing.data && !existing.data.canManage) {
    return (
      <p role="alert" className="kiwi-guild__alert">
        {t('errors:auth.forbidden')}
      </p>
    );
  }
  return (
    <GuildFormFields
      key={existing.data?.id ?? 'new'}
      guild={existing.data ?? null}
      onDone={(id) => navigate(guildPaths.show(id))}
      onCancel={() => navigate(guildId ? guildPaths.show(guildId) : guildPaths.list())}
    />
  );
}

function GuildFormFields({ guild, onDone, onCancel }: { guild: Guild | null; onDone: (id: string) => void; onCancel: () => void }) {
  const { t } = useTranslation(['guilds', 'errors', 'common']);
  const { api, viewer } = useFeatureContext();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [values, setValues] = useState<Values>({
    name: guild?.name ?? '',
    description: guild?.description ?? '',
    tags: guild?.tags.join(', ') ?? '',
    public_range: guild?.publicRange ?? 'public',
    header_image_url: guild?.headerImageUrl ?? null,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState('');
  const ids = { name: useId(), description: useId(), tags: useId(), heading: useId() };
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));
  const errorText = (field: Field) => {
    const error = errors[field];
    return error ? t(`errors:${error.code}`, (error.params ?? {}) as Record<string, string>) : null;
  };
  const save = useMutation({
    mutationFn: async (payload: { guild: Values }) => {
      const organizationId = viewer?.organizationId ?? '';
      const response = guild
        ? await api.put<Guild>(guildApi.show(organizationId, guild.id), payload)
        : await api.post<Guild>(guildApi.list(organizationId), payload);
      await queryClient.invalidateQueries({ queryKey: guildQueryKeys.all });
      return response.data as Guild;
    },
    onSuccess: (saved) => {
      showToast(t(guild ? 'guilds:form.updated' : 'guilds:form.created'), 'success');
      onDone(saved.id);
    },
    onError: (error) => {
      const fromServer = responseFieldErrors<Field>(error);
      if (fromServer) setErrors(fromServer);
      setFormError(guildErrorMessage(error, t));
    },
  });
  const saving = save.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateGuildForm(values);
    setErrors(found);
    setFormError('');
    if (Object.keys(found).length === 0) save.mutate({ guild: values });
  };

  const fieldProps = (field: Field, id: string) => ({
    id,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-error` : undefined,
  });
  const fieldError = (field: Field, id: string) =>
    errors[field] ? (
      <p id={`${id}-error`} className="kiwi-guild__error">
        {errorText(field)}
      </p>
    ) : null;

  return (
    <form className="kiwi-guild-form" onSubmit={submit} noValidate aria-labelledby={ids.heading} aria-busy={saving}>
      <h1 id={ids.heading}>{t(guild ? 'guilds:form.editTitle' : 'guilds:form.createTitle')}</h1>
      {formError && (
        <p role="alert" className="kiwi-guild__alert">
          {formError}
        </p>
      )}
      <div className="kiwi-guild__field">
        <label htmlFor={ids.name}>{t('guilds:form.name')}</label>
        <input {...fieldProps('name', ids.name)} value={values.name} onChange={(event) => set('name', event.target.value)} />
        <p className="kiwi-guild__muted">{t('guilds:form.nameHint', { max: GUILD_LIMITS.nameMax })}</p>
        {fieldError('name', ids.name)}
      </div>
      <div className="kiwi-guild__field">
        <label htmlFor={ids.description}>{t('guilds:form.description')}</label>
        <textarea
          {...fieldProps('description', ids.description)}
          rows={4}
          value={values.description}
          onChange={(event) => set('description', event.target.value)}
        />
        {fieldError('description', ids.description)}
      </div>
      <div className="kiwi-guild__field">
        <label htmlFor={ids.tags}>{t('guilds:form.tags')}</label>
        <input
          {...fieldProps('tags', ids.tags)}
          value={values.tags}
          onChange={(event) => set('tags', event.target.value)}
          placeholder={t('guilds:form.tagsPlaceholder')}
        />
        <p className="kiwi-guild__muted">{t('guilds:form.tagsHint')}</p>
        {fieldError('tags', ids.tags)}
      </div>
      <fieldset className="kiwi-guild__field">
        <legend>{t('guilds:form.publicRange')}</legend>
        {(['public', 'private'] as const).map((range) => (
          <label key={range} className="kiwi-guild__check">
            <input
              type="radio"
              name="public_range"
              value={range}
              checked={values.public_range === range}
              onChange={() => set('public_range', range)}
            />
            {t(`guilds:publicRange.${range}`)} — <span className="kiwi-guild__muted">{t(`guilds:form.rangeHint.${range}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className="kiwi-guild__field">
        <ImageInput
          value={values.header_image_url}
          onChange={(url) => set('header_image_url', url)}
          label={t('guilds:form.headerImage')}
          hint={t('guilds:form.headerImageHint')}
        />
        {fieldError('header_image_url', 'header-image')}
      </div>
      <div className="kiwi-row">
        <button type="button" className="kiwi-button" onClick={onCancel}>
          {t('common:actions.cancel')}
        </button>
        <button type="submit" className="kiwi-button kiwi-button--primary" disabled={saving}>
          {saving ? t('guilds:form.saving') : t(guild ? 'guilds:form.save' : 'guilds:form.create')}
        </button>
      </div>
    </form>
  );
}
