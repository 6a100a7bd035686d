import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useId, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LiveState, openLiveStream, type StreamEvent } from '../../api/event-stream';
import { countGraphemes } from '../../domain/graphemes';
import { GUILD_LIMITS } from '../../domain/guild-rules';
import { formatAuthorName, formatDateTime } from '../../i18n/format';
import {
  type Guild,
  guildApi,
  guildErrorMessage,
  type GuildMessage,
  guildPaths,
  guildQueryKeys,
  reactionSummaries,
} from '../../schemas/guild-resources';
import { decodeDocument } from '../../api/jsonapi';
import { useConfirm } from '../../ui/confirm-dialog';
import { EmojiPicker } from '../../ui/emoji-picker';
import { ImageInput } from '../../ui/image-input';
import { LinkifiedText } from '../../ui/linkified-text';
import { MessageImages } from '../../ui/message-images';
import { Reactions } from '../../ui/reactions';
import { useToast } from '../../ui/toast';
import { useFeatureContext } from '../feature-context';
import { ReportButton } from '../report/report-button';
import { GuildMembers } from './guild-members';
import { chatReducer, initialChatState, type PendingMessage } from './chat-state';
import '../../ui/button.css';
import './guild-chat.css';
import '../../ui/visually-hidden.css';
import '../../ui/layout.css';

const PAGE = 30;

/** A live event's `data` (a JSON:API document of a message) as the client's camelCase message. */
function messageOf(data: string): GuildMessage {
  return decodeDocument<GuildMessage>(JSON.parse(data)).data as GuildMessage;
}

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

type Act = (run: () => Promise<unknown>, success?: string) => Promise<void>;

/** Join a public guild, or accept / decline an invitation to a private one (spec §4's accept step). */
function MembershipBar({ guild, onChanged, act }: { guild: Guild; onChanged: () => void; act: Act }) {
  const { t } = useTranslation(['guilds']);
  const { api } = useFeatureContext();
  const [busy, setBusy] = useState(false);
  const run = (work: () => Promise<unknown>, success: string) => {
    setBusy(true);
    act(work, success)
      .then(onChanged, () => undefined)
      .finally(() => setBusy(false));
  };
  if (guild.myStatus === 'joined') return null;
  if (guild.myStatus === 'invited' && guild.myGuildMemberId) {
    const memberId = guild.myGuildMemberId;
    return (
      <div className="kiwi-guild__notice" role="region" aria-label={t('guilds:chat.invitation')}>
        <p>{t('guilds:chat.invited')}</p>
        <button
          type="button"
          className="kiwi-button kiwi-button--primary"
          disabled={busy}
          onClick={() => run(() => api.put(guildApi.accept(guild.id, memberId)), t('guilds:chat.accepted'))}
        >
          {t('guilds:chat.accept')}
        </button>
        <button
          type="button"
          className="kiwi-button"
          disabled={busy}
          onClick={() => run(() => api.delete(guildApi.member(guild.id, memberId)), t('guilds:chat.declined'))}
        >
          {t('guilds:chat.decline')}
        </button>
      </div>
    );
  }
  if (guild.publicRange !== 'public') return null;
  return (
    <div className="kiwi-guild__notice">
      <p>{t('guilds:chat.notJoined')}</p>
      <button
        type="button"
        className="kiwi-button kiwi-button--primary"
        disabled={busy}
        onClick={() => run(() => api.post(guildApi.join(guild.id)), t('guilds:chat.joined'))}
      >
        {t('guilds:chat.join')}
      </button>
    </div>
  );
}

function ChatPanel({ guild, onGuildChanged, act }: { guild: Guild; onGuildChanged: () => void; act: Act }) {
  const { t, i18n } = useTranslation(['guilds', 'errors', 'common']);
  const { api, viewer, notify } = useFeatureContext();
  const viewerMemberId = viewer?.organizationMemberId;
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const [loadState, setLoadState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [loadError, setLoadError] = useState('');
  const [live, setLive] = useState<LiveState>('connecting');
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const logRef = useRef<HTMLDivElement>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const scrollAnchor = useRef<{ height: number; top: number } | null>(null);
  const stickToBottom = useRef(true);
  const joined = guild.myStatus === 'joined';
  const guildId = guild.id;

  const applyPin = useCallback(
    (pinnedMessageId: number | null, message: GuildMessage | null) => {
      queryClient.setQueryData<Guild>(guildQueryKeys.detail(guildId), (current) =>
        current ? { ...current, pinnedMessageId, pinnedMessage: message } : current,
      );
    },
    [queryClient, guildId],
  );

  // First page, then the live stream from exactly where that page was read (its last-event-id).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the stream restarts only for another guild or a reload (reloadKey), not when the language (t) or the viewer's callbacks change.
  useEffect(() => {
    let closeStream: () => void = () => undefined;
    let cancelled = false;
    setLoadState('loading');
    api
      .get<GuildMessage[]>(guildApi.messages(guildId), { per: PAGE })
      .then((page) => {
        if (cancelled) return;
        const messages = page.data as GuildMessage[];
        dispatch({ type: 'LOADED', messages, hasOlder: (page.meta?.totalCount ?? 0) > messages.length });
        setLoadState('ready');
        stickToBottom.current = true;
        closeStream = openLiveStream({
          api,
          path: guildApi.stream(guildId),
          lastEventId: Number(page.meta?.lastEventId ?? 0),
          onState: setLive,
          onReset: () => setReloadKey((key) => key + 1),
          onEvent: (event: StreamEvent) => {
            switch (event.event) {
              case 'message.created':
              case 'message.updated':
              case 'message.reactions': {
                const message = messageOf(event.data);
                const fromViewer = event.event === 'message.created' && String(message.authorMemberId) === viewerMemberId;
                dispatch({ type: 'UPSERT', message, fromViewer });
                if (event.event !== 'message.created') {
                  queryClient.setQueryData<Guild>(guildQueryKeys.detail(guildId), (current) =>
                    current?.pinnedMessage?.id === message.id ? { ...current, pinnedMessage: message } : current,
                  );
                }
                break;
              }
              case 'message.deleted':
                dispatch({ type: 'DELETE', id: String((JSON.parse(event.data) as { id: number }).id) });
                break;
              case 'guild.pinned': {
                const payload = JSON.parse(event.data) as { 'pinned-message-id': number | null; message: unknown };
                applyPin(payload['pinned-message-id'], payload.message ? messageOf(JSON.stringify(payload.message)) : null);
                break;
              }
              default:
                onGuildChanged();
            }
          },
        });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setLoadError(guildErrorMessage(error, t));
        setLoadState('error');
      });
    return () => {
      cancelled = true;
      closeStream();
    };
  }, [api, guildId, reloadKey]);

  const loadOlder = useCallback(async () => {
    const oldest = state.messages[0];
    if (!oldest || loadingOlder || !state.hasOlder) return;
    setLoadingOlder(true);
    const log = logRef.current;
    if (log) scrollAnchor.current = { height: log.scrollHeight, top: log.scrollTop };
    try {
      const page = await api.get<GuildMessage[]>(guildApi.messages(guildId), { per: PAGE, before: oldest.id });
      const messages = page.data as GuildMessage[];
      dispatch({ type: 'OLDER', messages, hasOlder: messages.length === PAGE });
    } catch (error) {
      scrollAnchor.current = null;
      act(() => Promise.reject(error)).catch(() => undefined);
    } finally {
      setLoadingOlder(false);
    }
  }, [api, guildId, state.messages, state.hasOlder, loadingOlder, act]);

  // Older messages load when the top of the log scrolls into view.
  useEffect(() => {
    const top = topRef.current;
    if (!top || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadOlder();
      },
      { root: logRef.current },
    );
    observer.observe(top);
    return () => observer.disconnect();
  }, [loadOlder]);

  // Keep the reader's place when older messages are prepended; follow new ones when at the bottom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of the message list, which is what moves the scroll position.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    if (scrollAnchor.current) {
      log.scrollTop = scrollAnchor.current.top + (log.scrollHeight - scrollAnchor.current.height);
      scrollAnchor.current = null;
    } else if (stickToBottom.current) {
      log.scrollTop = log.scrollHeight;
    }
  }, [state.messages, state.pending]);

  const send = async (pending: PendingMessage) => {
    try {
      const created = await api.post<GuildMessage>(guildApi.messages(guildId), {
        guild_message: { body: pending.body, image_urls: pending.imageUrls },
      });
      const message = created.data as GuildMessage;
      dispatch({ type: 'SENT', tempId: pending.tempId, message });
      notify({ type: 'message-sent', guildId, messageId: message.id });
    } catch (error) {
      dispatch({ type: 'FAILED', tempId: pending.tempId, error: guildErrorMessage(error, t) });
    }
  };

  const toggleReaction = (message: GuildMessage, emoji: string) => {
    const mine = message.reactions.find((reaction) => reaction.emoji === emoji)?.['reacted-by-me'] ?? false;
    const body = { message_reaction: { emoji } };
    act(async () => {
      const response = mine
        ? await api.delete<GuildMessage>(guildApi.reactions(message.id), { body })
        : await api.post<GuildMessage>(guildApi.reactions(message.id), body);
      dispatch({ type: 'UPSERT', message: response.data as GuildMessage });
    }).catch(() => undefined);
  };

  const pin = (message: GuildMessage | null) =>
    act(
      async () => {
        const response = await api.put<Guild>(guildApi.pin(guild.organizationId, guildId), {
          guild: { pinned_message_id: message ? Number(message.id) : null },
        });
        const updated = response.data as Guild;
        applyPin(updated.pinnedMessageId, updated.pinnedMessage ?? null);
      },
      message ? t('guilds:chat.pinned') : t('guilds:chat.unpinned'),
    ).catch(() => undefined);

  const pinnedId = guild.pinnedMessageId === null ? null : String(guild.pinnedMessageId);

  return (
    <section className="kiwi-guild__chat" aria-label={t('guilds:chat.title')}>
      {guild.pinnedMessage && (
        <div className="kiwi-guild__pinned" role="region" aria-label={t('guilds:chat.pinnedMessage')}>
          <span className="kiwi-guild__pinned-label">📌 {t('guilds:chat.pinnedMessage')}</span>
          <p className="kiwi-guild__pinned-author">{formatAuthorName(t, guild.pinnedMessage.authorName)}</p>
          <p className="kiwi-guild-message__text">
            <LinkifiedText text={guild.pinnedMessage.body} />
          </p>
          {guild.canManage && (
            <button type="button" className="kiwi-button" onClick={() => pin(null)}>
              {t('guilds:chat.unpin')}
            </button>
          )}
        </div>
      )}
      <p className="kiwi-guild__live" role="status">
        <span className={`kiwi-guild__live-dot kiwi-guild__live-dot--${live}`} aria-hidden="true" /> {t(`guilds:chat.live.${live}`)}
      </p>
      <div
        className="kiwi-guild__log"
        ref={logRef}
        role="log"
        aria-label={t('guilds:chat.messages')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable log must be reachable by keyboard (axe scrollable-region-focusable).
        tabIndex={0}
        onScroll={(event) => {
          const log = event.currentTarget;
          stickToBottom.current = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
        }}
      >
        <div ref={topRef} />
        {loadState === 'loading' && <p role="status">{t('guilds:chat.loadingMessages')}</p>}
        {loadState === 'error' && (
          <div role="alert" className="kiwi-guild__alert">
            <p>{loadError}</p>
            <button type="button" className="kiwi-button" onClick={() => setReloadKey((key) => key + 1)}>
              {t('guilds:chat.retry')}
            </button>
          </div>
        )}
        {loadState === 'ready' && state.hasOlder && (
          <button type="button" className="kiwi-button kiwi-guild__older" disabled={loadingOlder} onClick={() => void loadOlder()}>
            {loadingOlder ? t('guilds:chat.loadingOlder') : t('guilds:chat.loadOlder')}
          </button>
        )}
        {loadState === 'ready' && state.messages.length === 0 && state.pending.length === 0 && (
          <p className="kiwi-guild__empty">{t('guilds:chat.empty')}</p>
        )}
        <ol className="kiwi-guild__messages">
          {state.messages.map((message) => (
            <MessageItem
              key={message.id}
              guildId={guildId}
              message={message}
              language={i18n.language}
              joined={joined}
              canPin={Boolean(guild.canManage)}
              pinned={message.id === pinnedId}
              onToggle={(emoji) => toggleReaction(message, emoji)}
              onPin={() => pin(message)}
              onUnpin={() => pin(null)}
              onChanged={(updated) =>
                updated ? dispatch({ type: 'UPSERT', message: updated }) : dispatch({ type: 'DELETE', id: message.id })
              }
              act={act}
            />
          ))}
          {state.pending.map((pending) => (
            <li key={pending.tempId} className={`kiwi-guild-message kiwi-guild-message--mine kiwi-guild-message--${pending.status}`}>
              <p className="kiwi-guild-message__text">
                <LinkifiedText text={pending.body} />
              </p>
              {pending.status === 'sending' ? (
                <p className="kiwi-guild__muted">{t('guilds:chat.sending')}</p>
              ) : (
                <div className="kiwi-guild-message__failed" role="alert">
                  <span>{t('guilds:chat.sendFailed', { reason: pending.error })}</span>
                  <button
                    type="button"
                    className="kiwi-button"
                    onClick={() => {
                      dispatch({ type: 'RETRY', tempId: pending.tempId });
                      void send(pending);
                    }}
                  >
                    {t('guilds:chat.retry')}
                  </button>
                  <button type="button" className="kiwi-button" onClick={() => dispatch({ type: 'DISCARD', tempId: pending.tempId })}>
                    {t('guilds:chat.discard')}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ol>
      </div>
      {joined && (
        <Composer
          onSend={(body, imageUrls) => {
            const pending: PendingMessage = { tempId: `${Date.now()}-${Math.random()}`, body, imageUrls, status: 'sending' };
            stickToBottom.current = true;
            dispatch({ type: 'SEND', pending });
            void send(pending);
          }}
        />
      )}
    </section>
  );
}

function MessageItem({
  guildId,
  message,
  language,
  joined,
  canPin,
  pinned,
  onToggle,
  onPin,
  onUnpin,
  onChanged,
  act,
}: {
  guildId: string;
  message: GuildMessage;
  language: string;
  joined: boolean;
  canPin: boolean;
  pinned: boolean;
  onToggle: (emoji: string) => void;
  onPin: () => void;
  onUnpin: () => void;
  onChanged: (message: GuildMessage | null) => void;
  act: Act;
}) {
  const { t } = useTranslation(['guilds', 'common']);
  const { api } = useFeatureContext();
  const confirm = useConfirm();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(message.body);
  const [saving, setSaving] = useState(false);
  const editId = useId();
  const author = formatAuthorName(t, message.authorName);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await act(async () => {
        const response = await api.put<GuildMessage>(guildApi.message(guildId, message.id), { guild_message: { body: draft } });
        onChanged(response.data as GuildMessage);
        setEditing(false);
      });
    } catch {
      /* shown as a toast */
    } finally {
      setSaving(false);
    }
  };

  return (
    <li
      className={`kiwi-guild-message${message.mine ? ' kiwi-guild-message--mine' : ''}${pinned ? ' kiwi-guild-message--pinned' : ''}`}
      aria-label={t('guilds:chat.messageBy', { name: author })}
    >
      <p className="kiwi-guild-message__meta">
        <span className="kiwi-guild-message__author">{author}</span>{' '}
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, language)}</time>
        {message.editedAt && <span className="kiwi-guild__muted"> {t('guilds:chat.edited')}</span>}
        {pinned && <span className="kiwi-guild__muted"> 📌</span>}
        {message.hidden && <span className="kiwi-guild__badge">{t('common:hiddenWhileReviewed')}</span>}
      </p>
      {editing ? (
        <form onSubmit={save} className="kiwi-guild-message__edit">
          <label htmlFor={editId} className="kiwi-visually-hidden">
            {t('guilds:chat.editMessage')}
          </label>
          <textarea id={editId} value={draft} onChange={(event) => setDraft(event.target.value)} rows={3} />
          <div className="kiwi-row">
            <button
              type="submit"
              className="kiwi-button kiwi-button--primary"
              disabled={saving || countGraphemes(draft) > GUILD_LIMITS.messageMax}
            >
              {t('guilds:chat.save')}
            </button>
            <button
              type="button"
              className="kiwi-button"
              onClick={() => {
                setEditing(false);
                setDraft(message.body);
              }}
            >
              {t('common:actions.cancel')}
            </button>
          </div>
        </form>
      ) : (
        message.body && (
          <p className="kiwi-guild-message__text">
            <LinkifiedText text={message.body} />
          </p>
        )
      )}
      <MessageImages urls={message.imageUrls} authorName={author} />
      <div className="kiwi-guild-message__footer">
        <Reactions reactions={reactionSummaries(message.reactions)} onToggle={onToggle} disabled={!joined} />
        {joined && <EmojiPicker label={t('common:reactions.add')} onPick={onToggle} />}
        {!editing && (
          <span className="kiwi-row">
            {message.mine && (
              <>
                <button type="button" className="kiwi-link-button" onClick={() => setEditing(true)}>
                  {t('guilds:chat.editMessage')}
                </button>
                {/* SPEC §4: a pinned message cannot be deleted, so it offers no delete button (unpin first). */}
                {!pinned && (
                  <button
                    type="button"
                    className="kiwi-link-button"
                    onClick={() =>
                      confirm({
                        title: t('guilds:chat.deleteMessageTitle'),
                        body: t('guilds:chat.deleteMessageBody'),
                        onSubmit: () =>
                          act(async () => {
                            await api.delete(guildApi.message(guildId, message.id));
                            onChanged(null);
                          }, t('guilds:chat.messageDeleted')),
                      })
                    }
                  >
                    {t('guilds:chat.deleteMessage')}
                  </button>
                )}
              </>
            )}
            {!message.mine && <ReportButton target={{ type: 'GuildMessage', id: message.id }} name={author} />}
            {canPin &&
              (pinned ? (
                <button type="button" className="kiwi-link-button" onClick={onUnpin}>
                  {t('guilds:chat.unpin')}
                </button>
              ) : (
                <button type="button" className="kiwi-link-button" onClick={onPin}>
                  {t('guilds:chat.pin')}
                </button>
              ))}
          </span>
        )}
      </div>
    </li>
  );
}

function Composer({ onSend }: { onSend: (body: string, imageUrls: string[]) => void }) {
  const { t } = useTranslation(['guilds', 'validation']);
  const [body, setBody] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [imageKey, setImageKey] = useState(0);
  const textId = useId();
  const counterId = useId();
  const length = countGraphemes(body);
  const tooLong = length > GUILD_LIMITS.messageMax;
  const empty = body.trim() === '' && image === null;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (empty || tooLong) return;
    onSend(body, image ? [image] : []);
    setBody('');
    setImage(null);
    setImageKey((key) => key + 1);
  };

  return (
    <form className="kiwi-guild__composer" onSubmit={submit} aria-label={t('guilds:chat.composer')}>
      <label htmlFor={textId}>{t('guilds:chat.newMessage')}</label>
      <textarea
        id={textId}
        value={body}
        rows={3}
        aria-describedby={counterId}
        aria-invalid={tooLong}
        placeholder={t('guilds:chat.placeholder')}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
        }}
      />
      <p id={counterId} className={tooLong ? 'kiwi-guild__error' : 'kiwi-guild__muted'}>
        {tooLong
          ? t('validation:tooLong', { count: GUILD_LIMITS.messageMax })
          : t('guilds:chat.counter', { count: length, max: GUILD_LIMITS.messageMax })}
      </p>
      <ImageInput key={imageKey} value={image} onChange={setImage} label={t('guilds:chat.image')} />
      <button type="submit" className="kiwi-button kiwi-button--primary" disabled={empty || tooLong}>
        {t('guilds:chat.send')}
      </button>
    </form>
  );
}
