import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type Guild, guildApi, guildErrorMessage, guildPaths, guildQueryKeys } from '../../schemas/guild-resources';
import { useConfirm } from '../../ui/confirm-dialog';
import { LinkifiedText } from '../../ui/linkified-text';
import { useToast } from '../../ui/toast';
import { useFeatureContext } from '../feature-context';
import { ChatPanel } from './chat-panel';
import { GuildMembers } from './guild-members';
import { MembershipBar } from './membership-bar';
import '../../ui/button.css';
import './guild-chat.css';
import '../../ui/visually-hidden.css';
import '../../ui/layout.css';

/**
 * One guild's page body: header, pinned message, the chat with live updates (SSE with Last-Event-ID resume), older
 * messages on scroll, optimistic sending, reactions, pins, and joining / accepting an invitation. Used by the portal's
 * /guilds/:id and the <kiwi-guild-chat> widget.
 */
export function GuildChat({
  guildId,
  showMembers = true,
}: {
  guildId: string /** The members panel beside the chat (widgets may leave it out). */;
  showMembers?: boolean;
}) {
  const { t } = useTranslation(['guilds', 'errors', 'common']);
  const { api, viewer, navigate, resolveUrl } = useFeatureContext();
  const organizationId = viewer?.organizationId ?? '';
  const queryClient = useQueryClient();
  const toast = useToast();
  const confirm = useConfirm();
  const headingId = useId();

  const guild = useQuery({
    queryKey: guildQueryKeys.detail(guildId),
    enabled: organizationId !== '',
    queryFn: async () => (await api.get<Guild>(guildApi.show(organizationId, guildId))).data,
  });
  const reloadGuild = useCallback(
    () => queryClient.invalidateQueries({ queryKey: guildQueryKeys.detail(guildId) }),
    [queryClient, guildId],
  );

  const act = async (run: () => Promise<unknown>, success?: string) => {
    try {
      await run();
      if (success) toast.showToast(success, 'success', guildId);
    } catch (error) {
      toast.showToast(guildErrorMessage(error, t), 'error', guildId);
      throw error;
    }
  };

  // A widget before sign-in has nobody to ask for.
  if (!viewer) {
    return (
      <p role="alert" className="kiwi-guild__alert">
        {t('errors:auth.unauthenticated')}
      </p>
    );
  }
  if (guild.isPending) return <p role="status">{t('guilds:chat.loading')}</p>;
  if (guild.isError || !guild.data) {
    return (
      <div role="alert" className="kiwi-guild__alert">
        <p>{guildErrorMessage(guild.error, t)}</p>
        <button type="button" className="kiwi-button" onClick={() => navigate(guildPaths.list())}>
          {t('guilds:chat.backToList')}
        </button>
      </div>
    );
  }
  const data = guild.data;

  return (
    <article className="kiwi-guild" aria-labelledby={headingId}>
      {data.headerImageUrl && <img className="kiwi-guild__header-image" src={resolveUrl(data.headerImageUrl)} alt="" />}
      <header className="kiwi-page-header kiwi-guild__header">
        <div>
          <h1 id={headingId}>{data.name}</h1>
          <p className="kiwi-guild-card__meta">
            <span className={`kiwi-guild__badge kiwi-guild__badge--${data.publicRange}`}>
              {t(`guilds:publicRange.${data.publicRange}`)}
            </span>
            <span>{t('guilds:membersCount', { count: data.membersCount })}</span>
          </p>
          {data.tags.length > 0 && (
            <ul className="kiwi-guild__tags" aria-label={t('guilds:tags')}>
              {data.tags.map((tag) => (
                <li key={tag}>#{tag}</li>
              ))}
            </ul>
          )}
        </div>
        <div className="kiwi-row">
          <button type="button" className="kiwi-button" onClick={() => navigate(guildPaths.list())}>
            {t('guilds:chat.backToList')}
          </button>
          {data.canManage && (
            <>
              <button type="button" className="kiwi-button" onClick={() => navigate(guildPaths.edit(data.id))}>
                {t('guilds:chat.edit')}
              </button>
              <button type="button" className="kiwi-button" onClick={() => navigate(guildPaths.dashboard(data.id))}>
                {t('guilds:chat.dashboard')}
              </button>
              <button
                type="button"
                className="kiwi-button kiwi-button--danger"
                onClick={() =>
                  confirm({
                    title: t('guilds:chat.deleteGuildTitle'),
                    body: t('guilds:chat.deleteGuildBody', { name: data.name }),
                    onSubmit: () =>
                      act(async () => {
                        await api.delete(guildApi.show(organizationId, data.id));
                        await queryClient.invalidateQueries({ queryKey: guildQueryKeys.all });
                        navigate(guildPaths.list());
                      }, t('guilds:chat.guildDeleted')),
                  })
                }
              >
                {t('guilds:chat.deleteGuild')}
              </button>
            </>
          )}
        </div>
      </header>
      {data.description && (
        <p className="kiwi-guild__description">
          <LinkifiedText text={data.description} />
        </p>
      )}

      <MembershipBar guild={data} onChanged={reloadGuild} act={act} />

      <div className="kiwi-guild__columns">
        {data.canRead ? (
          <ChatPanel guild={data} onGuildChanged={reloadGuild} act={act} />
        ) : (
          <p className="kiwi-guild__empty">{t('guilds:chat.joinToRead')}</p>
        )}
        {showMembers && <GuildMembers guild={data} />}
      </div>
    </article>
  );
}
