import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LiveState, openLiveStream, type StreamEvent } from '../../api/event-stream';
import { decodeDocument } from '../../api/jsonapi';
import { formatAuthorName } from '../../i18n/format';
import { type Guild, guildApi, guildErrorMessage, type GuildMessage, guildQueryKeys } from '../../schemas/guild-resources';
import { LinkifiedText } from '../../ui/linkified-text';
import { toggleReaction as toggle } from '../../ui/reactions';
import { useFeatureContext } from '../feature-context';
import { chatReducer, initialChatState, type PendingMessage } from './chat-state';
import { Composer } from './composer';
import { type Act, MessageItem } from './guild-message';

const PAGE = 30;

/** A live event's `data` (a JSON:API document of a message) as the client's camelCase message. */
function messageOf(data: string): GuildMessage {
  return decodeDocument<GuildMessage>(JSON.parse(data)).data as GuildMessage;
}

/**
 * The chat of a guild the viewer may read: the pinned message, the log (first page, then the live stream from where
 * that page was read, older pages on scroll), optimistic sending with retry, reactions and pins.
 */
export function ChatPanel({ guild, onGuildChanged, act }: { guild: Guild; onGuildChanged: () => void; act: Act }) {
  const { t, i18n } = useTranslation(['guilds', 'errors', 'common']);
  const { api, viewer, notify } = useFeatureContext();
  const viewerMemberId = viewer?.organizationMemberId;
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const [loadState, setLoadState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [loadError, setLoadError] = useState('');
  const [live, setLive] = useState<LiveState>('connecting');
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

  // An older page goes into the log (beside what the live stream adds), not into a query's cache: fetched on demand,
  // its busy and failed states are a mutation's.
  const older = useMutation({
    mutationFn: async (before: string) =>
      (await api.get<GuildMessage[]>(guildApi.messages(guildId), { per: PAGE, before })).data as GuildMessage[],
    onSuccess: (messages) => dispatch({ type: 'OLDER', messages, hasOlder: messages.length === PAGE }),
    onError: (error) => {
      scrollAnchor.current = null;
      act(() => Promise.reject(error)).catch(() => undefined);
    },
  });
  const loadingOlder = older.isPending;
  const loadOlderPage = older.mutate;

  const loadOlder = useCallback(() => {
    const oldest = state.messages[0];
    if (!oldest || loadingOlder || !state.hasOlder) return;
    const log = logRef.current;
    if (log) scrollAnchor.current = { height: log.scrollHeight, top: log.scrollTop };
    loadOlderPage(oldest.id);
  }, [state.messages, state.hasOlder, loadingOlder, loadOlderPage]);

  // Older messages load when the top of the log scrolls into view.
  useEffect(() => {
    const top = topRef.current;
    if (!top || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadOlder();
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

  // Sending is optimistic: the message shows at once as pending (chat-state), and each post is one mutation whose
  // outcome marks it sent or failed with the server's reason (then retried or discarded from the log).
  const sendMessage = useMutation({
    mutationFn: async (pending: PendingMessage) =>
      (
        await api.post<GuildMessage>(guildApi.messages(guildId), {
          guild_message: { body: pending.body, image_urls: pending.imageUrls },
        })
      ).data as GuildMessage,
    onSuccess: (message, pending) => {
      dispatch({ type: 'SENT', tempId: pending.tempId, message });
      notify({ type: 'message-sent', guildId, messageId: message.id });
    },
    onError: (error, pending) => dispatch({ type: 'FAILED', tempId: pending.tempId, error: guildErrorMessage(error, t) }),
  });
  const send = sendMessage.mutate;

  const toggleReaction = (message: GuildMessage, emoji: string) => {
    act(async () => {
      const response = await toggle<GuildMessage>(api, guildApi.reactions(message.id), message.reactions, emoji);
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
          <button type="button" className="kiwi-button kiwi-guild__older" disabled={loadingOlder} onClick={loadOlder}>
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
                      send(pending);
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
            send(pending);
          }}
        />
      )}
    </section>
  );
}
