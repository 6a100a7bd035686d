import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GUILD_LIMITS } from '../../domain/guild-rules';
import { fieldMessage, payloadResolver } from '../../forms/schema-resolver';
import { useSaveForm } from '../../forms/use-save-form';
import { FieldError } from '../../ui/form-parts';
import { CreateGuildSchema } from '../../schemas/guild';
import { type Guild, guildApi, guildErrorMessage, guildPaths, guildQueryKeys } from '../../schemas/guild-resources';
import { ImageInput } from '../../ui/image-input';
import { useFeatureContext } from '../feature-context';
import '../../ui/button.css';
import './guild-chat.css';
import '../../ui/layout.css';

export type GuildFormValues = {
  name: string;
  description: string;
  tags: string;
  public_range: 'public' | 'private';
  header_image_url: string | null;
};
type Field = Path<GuildFormValues>;
const FIELDS: readonly Field[] = ['name', 'description', 'tags', 'public_range', 'header_image_url'];

/** The form checked with the server's own schema (POST's `guild`): the same codes, before a round trip. */
export const guildFormResolver = payloadResolver<GuildFormValues>(CreateGuildSchema.shape.guild, (values) => values);

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
  const { register, handleSubmit, formState, setError, setValue, watch } = useForm<GuildFormValues>({
    resolver: guildFormResolver,
    defaultValues: {
      name: guild?.name ?? '',
      description: guild?.description ?? '',
      tags: guild?.tags.join(', ') ?? '',
      public_range: guild?.publicRange ?? 'public',
      header_image_url: guild?.headerImageUrl ?? null,
    },
  });
  const ids = { name: useId(), description: useId(), tags: useId(), heading: useId() };
  const { save, submit } = useSaveForm<GuildFormValues, Guild>({
    form: { handleSubmit, setError },
    fields: FIELDS,
    send: async (values) => {
      const organizationId = viewer?.organizationId ?? '';
      const payload = { guild: values };
      const response = guild
        ? await api.put<Guild>(guildApi.show(organizationId, guild.id), payload)
        : await api.post<Guild>(guildApi.list(organizationId), payload);
      return response.data as Guild;
    },
    invalidate: guildQueryKeys.all,
    done: t(guild ? 'guilds:form.updated' : 'guilds:form.created'),
    onDone,
  });
  const saving = save.isPending;

  const errors = formState.errors;
  const fieldProps = (field: Field, id: string) => ({
    id,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-error` : undefined,
  });
  const fieldError = (field: Field, id: string) => (
    <FieldError id={id} message={fieldMessage(t, errors[field])} className="kiwi-guild__error" />
  );

  return (
    <form className="kiwi-guild-form" onSubmit={submit} noValidate aria-labelledby={ids.heading} aria-busy={saving}>
      <h1 id={ids.heading}>{t(guild ? 'guilds:form.editTitle' : 'guilds:form.createTitle')}</h1>
      {save.isError && (
        <p role="alert" className="kiwi-guild__alert">
          {guildErrorMessage(save.error, t)}
        </p>
      )}
      <div className="kiwi-guild__field">
        <label htmlFor={ids.name}>{t('guilds:form.name')}</label>
        <input {...fieldProps('name', ids.name)} {...register('name')} />
        <p className="kiwi-guild__muted">{t('guilds:form.nameHint', { max: GUILD_LIMITS.nameMax })}</p>
        {fieldError('name', ids.name)}
      </div>
      <div className="kiwi-guild__field">
        <label htmlFor={ids.description}>{t('guilds:form.description')}</label>
        <textarea {...fieldProps('description', ids.description)} rows={4} {...register('description')} />
        {fieldError('description', ids.description)}
      </div>
      <div className="kiwi-guild__field">
        <label htmlFor={ids.tags}>{t('guilds:form.tags')}</label>
        <input {...fieldProps('tags', ids.tags)} {...register('tags')} placeholder={t('guilds:form.tagsPlaceholder')} />
        <p className="kiwi-guild__muted">{t('guilds:form.tagsHint')}</p>
        {fieldError('tags', ids.tags)}
      </div>
      <fieldset className="kiwi-guild__field">
        <legend>{t('guilds:form.publicRange')}</legend>
        {(['public', 'private'] as const).map((range) => (
          <label key={range} className="kiwi-guild__check">
            <input type="radio" value={range} {...register('public_range')} />
            {t(`guilds:publicRange.${range}`)} — <span className="kiwi-guild__muted">{t(`guilds:form.rangeHint.${range}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className="kiwi-guild__field">
        <ImageInput
          value={watch('header_image_url')}
          onChange={(url) => setValue('header_image_url', url, { shouldDirty: true })}
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
