import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../ui/confirm-dialog';
import { EmojiPicker } from '../../ui/emoji-picker';
import { LinkifiedText } from '../../ui/linkified-text';
import { MessageImages } from '../../ui/message-images';
import { Reactions, toggleReaction as toggle } from '../../ui/reactions';
import { useToast } from '../../ui/toast';
import { useFeatureContext } from '../feature-context';
import { ReportButton } from '../report/report-button';
import { type EventMessage, eventApi, eventErrorMessage, eventQueryKeys, sharedEventApi } from '../../schemas/event-resources';
import { formatAuthorName, formatDateTime, formatRelativeTime } from '../../i18n/format';
import { MessageComposer, MessageEditForm } from './event-message-forms';
import '../../ui/button.css';
import '../../ui/layout.css';

export type MessagesScope =
  | { kind: 'member'; organizationId: string; eventId: string }
  | { kind: 'guest'; eventId: string; token: string | null };

// The page's change stream (use-event-changes.ts) reloads at once; this catches a signal lost on the way.
const REFRESH_MS = 60_000;

/**
 * Chat before the event and retrospection posts after it (spec §3), with images opened in the shared image viewer and
 * emoji reactions. Members and guests use the same component; only the paths and the bearer differ.
 */
export function EventMessages({
  scope,
  canPost,
  canModerate,
  ended,
}: {
  scope: MessagesScope;
  canPost: boolean;
  canModerate: boolean;
  ended: boolean;
}) {
  const { t, i18n } = useTranslation(['events', 'errors', 'common']);
  const { api } = useFeatureContext();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const confirm = useConfirm();
  // The message being edited (its own form holds the draft).
  const [editing, setEditing] = useState<string | null>(null);
  const headingId = useId();
  const scopeKey = scope.kind === 'member' ? 'member' : `guest:${scope.token ?? ''}`;
  const key = eventQueryKeys.messages(scopeKey, scope.eventId);
  const options = scope.kind === 'guest' ? (scope.token ? { token: scope.token } : { public: true }) : {};
  const listPath =
    scope.kind === 'member' ? eventApi.messages(scope.organizationId, scope.eventId) : sharedEventApi.messages(scope.eventId);
  const messagePath = (id: string) =>
    scope.kind === 'member' ? eventApi.message(scope.organizationId, scope.eventId, id) : sharedEventApi.message(scope.eventId, id);
  // A guest reports through the shared-event API with their token; a member as a member of the organisation.
  const reportAs = scope.kind === 'guest' ? { eventId: scope.eventId, token: scope.token } : null;
  const reactionPath = (id: string) => (scope.kind === 'member' ? eventApi.reactions(id) : sharedEventApi.reactions(scope.eventId, id));

  const messages = useQuery({
    queryKey: key,
    refetchInterval: REFRESH_MS,
    queryFn: async () => (await api.get<EventMessage[]>(listPath, undefined, options)).data,
  });
  const replace = (message: EventMessage) =>
    queryClient.setQueryData<EventMessage[]>(key, (current) => (current ?? []).map((item) => (item.id === message.id ? message : item)));

  const showError = (error: unknown) => showToast(eventErrorMessage(error, t), 'error');
  const send = async ({ body, images }: { body: string; images: string[] }) => {
    const response = await api.post<EventMessage>(listPath, { event_message: { body, image_urls: images } }, options);
    queryClient.setQueryData<EventMessage[]>(key, (current) => [...(current ?? []), response.data]);
  };
  const save = async (id: string, body: string) => {
    replace((await api.put<EventMessage>(messagePath(id), { event_message: { body } }, options)).data);
    setEditing(null);
  };
  const react = useMutation({
    mutationFn: ({ message, emoji }: { message: EventMessage; emoji: string }) =>
      toggle<EventMessage>(api, reactionPath(message.id), message.reactions, emoji, options),
    onSuccess: (response) => replace(response.data),
    onError: showError,
  });
  const removal = useMutation({
    mutationFn: async (message: EventMessage) => {
      await api.delete(messagePath(message.id), options);
      return message;
    },
    onSuccess: (message) => {
      queryClient.setQueryData<EventMessage[]>(key, (current) => (current ?? []).filter((item) => item.id !== message.id));
      showToast(t('events:messages.deleted'), 'success');
    },
    onError: showError,
  });
  const toggleReaction = (message: EventMessage, emoji: string) => react.mutate({ message, emoji });
  const remove = (message: EventMessage) =>
    confirm({
      title: t('events:messages.deleteTitle'),
      body: t('events:messages.deleteBody'),
      onSubmit: () => removal.mutateAsync(message).catch(() => undefined),
    });

  const list = messages.data ?? [];
  const now = new Date();
  return (
    <section className="kiwi-event-messages" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(ended ? 'events:messages.retrospectionTitle' : 'events:messages.chatTitle')}</h2>
      {messages.isPending ? (
        <p role="status">{t('events:loading')}</p>
      ) : messages.isError ? (
        <p role="alert" className="kiwi-event__alert">
          {eventErrorMessage(messages.error, t)}
        </p>
      ) : list.length === 0 ? (
        <p className="kiwi-event__muted">{t('events:messages.empty')}</p>
      ) : (
        <ol className="kiwi-event-messages__list">
          {list.map((message) => {
            const author = formatAuthorName(t, message.authorName);
            return (
              <li
                key={message.id}
                className={`kiwi-event-message${message.mine ? ' kiwi-event-message--mine' : ''}`}
                aria-label={t('events:messages.by', { name: author })}
              >
                <p className="kiwi-event-message__meta">
                  <span className="kiwi-event-message__author">{author}</span>
                  {message.authorKind === 'guest' && <span className="kiwi-event__badge">{t('events:messages.guest')}</span>}
                  {message.kind === 'retrospection' && <span className="kiwi-event__badge">{t('events:messages.retrospection')}</span>}
                  {message.hidden && <span className="kiwi-event__badge kiwi-event__badge--danger">{t('common:hiddenWhileReviewed')}</span>}{' '}
                  {/* "3 min ago", the full date and time on hover (as guild chat and the coin feed write it). */}
                  <time className="kiwi-event__muted" dateTime={message.createdAt} title={formatDateTime(message.createdAt, i18n.language)}>
                    {formatRelativeTime(message.createdAt, i18n.language, now)}
                  </time>
                </p>
                {editing === message.id ? (
                  <MessageEditForm body={message.body} onSave={(body) => save(message.id, body)} onCancel={() => setEditing(null)} />
                ) : (
                  message.body && (
                    <p className="kiwi-event-message__text">
                      <LinkifiedText text={message.body} />
                    </p>
                  )
                )}
                <MessageImages urls={message.imageUrls} authorName={author} size="tile" />
                <div className="kiwi-row">
                  <Reactions reactions={message.reactions} onToggle={(emoji) => toggleReaction(message, emoji)} disabled={!canPost} />
                  {canPost && <EmojiPicker label={t('common:reactions.add')} onPick={(emoji) => toggleReaction(message, emoji)} />}
                  {message.mine && scope.kind === 'member' && editing !== message.id && (
                    <button type="button" className="kiwi-link-button" onClick={() => setEditing(message.id)}>
                      {t('events:messages.edit')}
                    </button>
                  )}
                  {(message.mine || (canModerate && scope.kind === 'member')) && (
                    <button type="button" className="kiwi-link-button" onClick={() => remove(message)}>
                      {t('events:messages.delete')}
                    </button>
                  )}
                  {!message.mine && (
                    <>
                      <ReportButton target={{ type: 'EventMessage', id: message.id }} name={author} guest={reportAs} />
                      {message.eventGuestId && (
                        <ReportButton target={{ type: 'EventGuest', id: message.eventGuestId }} name={author} guest={reportAs} member />
                      )}
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {canPost ? (
        <MessageComposer
          label={t(ended ? 'events:messages.retrospectionLabel' : 'events:messages.chatLabel')}
          token={scope.kind === 'guest' ? scope.token : undefined}
          onSend={send}
        />
      ) : (
        <p className="kiwi-event__muted">
          {t(scope.kind === 'guest' ? 'events:messages.joinAsGuestToPost' : 'events:messages.joinToPost')}
        </p>
      )}
    </section>
  );
}
