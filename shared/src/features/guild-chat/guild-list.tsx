import { splitTags } from '../../domain/tags';
import { GUILD_LIMITS } from '../../domain/guild-rules';
import { type Guild, guildApi, guildErrorMessage, guildPaths, guildQueryKeys, type GuildTag } from '../../schemas/guild-resources';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeatureContext } from '../feature-context';
import '../../ui/button.css';
import './guild-chat.css';
import '../../ui/layout.css';

const PER = 12;

/** Toggles a tag in the filter (case and spacing as typed; the server matches exactly). */
export function toggleTag(tags: string[], tag: string): string[] {
  return tags.includes(tag) ? tags.filter((item) => item !== tag) : [...tags, tag];
}

/**
 * The guilds a member can see (public ones and their own): filter by tags (all of them), with the 5 most-used tags
 * offered as one-click filters (spec §9), search by name, page through. Used by the portal's /guilds and the widgets.
 */
export function GuildList() {
  const { t } = useTranslation(['guilds', 'errors']);
  const { api, viewer, navigate, resolveUrl, portalUrl } = useFeatureContext();
  const organizationId = viewer?.organizationId ?? '';
  const [tags, setTags] = useState<string[]>([]);
  const [tagInput, setTagInput] = useState('');
  const [name, setName] = useState('');
  const [joinedOnly, setJoinedOnly] = useState(false);
  const [page, setPage] = useState(1);
  const headingId = useId();
  const tagInputId = useId();
  const nameId = useId();

  const filter = { tags, name: name.trim(), joined: joinedOnly, page };
  const list = useQuery({
    queryKey: guildQueryKeys.list(organizationId, filter),
    enabled: organizationId !== '',
    placeholderData: keepPreviousData,
    queryFn: () =>
      api.get<Guild[]>(guildApi.list(organizationId), {
        q: { tags, name: filter.name || undefined, joined: joinedOnly ? true : undefined },
        page,
        per: PER,
      }),
  });
  const suggestions = useQuery({
    queryKey: guildQueryKeys.tags(organizationId),
    enabled: organizationId !== '',
    queryFn: async () =>
      (await api.get<GuildTag[]>(guildApi.tags(organizationId), { q: { most_used: true }, per: GUILD_LIMITS.mostUsedTags })).data,
  });

  const applyTags = () => {
    const typed = splitTags(tagInput);
    if (typed.length === 0) return;
    setTags((current) => [...current, ...typed.filter((tag) => !current.includes(tag))]);
    setTagInput('');
    setPage(1);
  };

  // A widget before sign-in has nobody to ask for.
  if (!viewer) {
    return (
      <p role="alert" className="kiwi-guild__alert">
        {t('errors:auth.unauthenticated')}
      </p>
    );
  }
  const guilds = list.data?.data ?? [];
  const totalPages = list.data?.meta?.totalPages ?? 1;

  return (
    <section className="kiwi-guilds" aria-labelledby={headingId}>
      <header className="kiwi-page-header kiwi-guilds__header">
        <h1 id={headingId}>{t('guilds:list.title')}</h1>
        <button type="button" className="kiwi-button kiwi-button--primary" onClick={() => navigate(guildPaths.create())}>
          {t('guilds:list.create')}
        </button>
      </header>

      <div className="kiwi-guilds__filters" role="search" aria-label={t('guilds:list.filters')}>
        <div className="kiwi-guild__field">
          <label htmlFor={nameId}>{t('guilds:list.searchName')}</label>
          <input
            id={nameId}
            type="search"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="kiwi-guild__field">
          <label htmlFor={tagInputId}>{t('guilds:list.tagFilter')}</label>
          <div className="kiwi-row">
            <input
              id={tagInputId}
              value={tagInput}
              placeholder={t('guilds:list.tagPlaceholder')}
              onChange={(event) => setTagInput(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  applyTags();
                }
              }}
            />
            <button type="button" className="kiwi-button" onClick={applyTags}>
              {t('guilds:list.addTag')}
            </button>
          </div>
        </div>
        <label className="kiwi-guild__check">
          <input
            type="checkbox"
            checked={joinedOnly}
            onChange={(event) => {
              setJoinedOnly(event.target.checked);
              setPage(1);
            }}
          />
          {t('guilds:list.joinedOnly')}
        </label>
        {(suggestions.data?.length ?? 0) > 0 && (
          <div className="kiwi-guilds__suggestions">
            <span id={`${tagInputId}-popular`}>{t('guilds:list.popularTags')}</span>
            <ul aria-labelledby={`${tagInputId}-popular`} className="kiwi-guild__chips">
              {suggestions.data?.map((tag) => (
                <li key={tag.id}>
                  <button
                    type="button"
                    className="kiwi-guild__chip"
                    aria-pressed={tags.includes(tag.name)}
                    onClick={() => {
                      setTags((current) => toggleTag(current, tag.name));
                      setPage(1);
                    }}
                  >
                    #{tag.name} <span className="kiwi-guild__muted">({tag.guildsCount})</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        {tags.length > 0 && (
          <div className="kiwi-guilds__active-tags">
            <span>{t('guilds:list.activeTags')}</span>
            <ul className="kiwi-guild__chips">
              {tags.map((tag) => (
                <li key={tag}>
                  <button
                    type="button"
                    className="kiwi-guild__chip kiwi-guild__chip--active"
                    aria-label={t('guilds:list.removeTag', { tag })}
                    onClick={() => {
                      setTags((current) => current.filter((item) => item !== tag));
                      setPage(1);
                    }}
                  >
                    #{tag} ×
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>

      {list.isPending ? (
        <p role="status">{t('guilds:list.loading')}</p>
      ) : list.isError ? (
        <p role="alert" className="kiwi-guild__alert">
          {guildErrorMessage(list.error, t)}
        </p>
      ) : guilds.length === 0 ? (
        <p className="kiwi-guild__empty">{t(tags.length > 0 || filter.name || joinedOnly ? 'guilds:list.noMatch' : 'guilds:list.empty')}</p>
      ) : (
        <ul className="kiwi-card-grid" aria-label={t('guilds:list.title')}>
          {guilds.map((guild) => (
            <li key={guild.id} className="kiwi-guild-card">
              {guild.headerImageUrl ? (
                <img className="kiwi-guild-card__image" src={resolveUrl(guild.headerImageUrl)} alt="" />
              ) : (
                <div className="kiwi-guild-card__image kiwi-guild-card__image--none" aria-hidden="true" />
              )}
              <div className="kiwi-guild-card__body">
                <h2 className="kiwi-guild-card__name">
                  <a
                    href={portalUrl(guildPaths.show(guild.id))}
                    onClick={(event) => {
                      event.preventDefault();
                      navigate(guildPaths.show(guild.id));
                    }}
                  >
                    {guild.name}
                  </a>
                </h2>
                <p className="kiwi-guild-card__meta">
                  <span className={`kiwi-guild__badge kiwi-guild__badge--${guild.publicRange}`}>
                    {t(`guilds:publicRange.${guild.publicRange}`)}
                  </span>
                  <span>{t('guilds:membersCount', { count: guild.membersCount })}</span>
                  {guild.myStatus && <span className="kiwi-guild__badge">{t(`guilds:myStatus.${guild.myStatus}`)}</span>}
                </p>
                {guild.description && <p className="kiwi-guild-card__description">{guild.description}</p>}
                {guild.tags.length > 0 && (
                  <ul className="kiwi-guild__tags" aria-label={t('guilds:tags')}>
                    {guild.tags.map((tag) => (
                      <li key={tag}>#{tag}</li>
                    ))}
                  </ul>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {totalPages > 1 && (
        <nav className="kiwi-guild__pager" aria-label={t('guilds:list.pages')}>
          <button type="button" className="kiwi-button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('guilds:list.previous')}
          </button>
          <span>{t('guilds:list.pageOf', { page, total: totalPages })}</span>
          <button type="button" className="kiwi-button" disabled={page >= totalPages} onClick={() => setPage(page + 1)}>
            {t('guilds:list.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
