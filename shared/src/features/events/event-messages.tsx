import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../ui/confirm-dialog';
import { EmojiPicker } from '../../ui/emoji-picker';
import { ImageInput } from '../../ui/image-input';
import { LinkifiedText } from '../../ui/linkified-text';
import { MessageImages } from '../../ui/message-images';
import { Reactions, toggleReaction as toggle } from '../../ui/reactions';
import { useToast } from '../../ui/toast';
import { useFeatureContext } from '../feature-context';
import { ReportButton } from '../report/report-button';
import { type EventMessage, eventApi, eventErrorMessage, eventQueryKeys, sharedEventApi } from '../../schemas/event-resources';
import { formatAuthorName, formatDateTime } from '../../i18n/format';
import '../../ui/button.css';
import '../../ui/layout.css';

export type MessagesScope =
  | { kind: 'member'; organizationId: string; eventId: string }
  | { kind: 'guest'; eventId: string; token: string | null };

const MAX_IMAGES = 4;
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
  const { api, resolveUrl } = useFeatureContext();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const confirm = useConfirm();
  const [body, setBody] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [editing, setEditing] = useState<{ id: string; body: string } | null>(null);
  const headingId = useId();
  const editId = useId();
  const bodyId = useId();
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

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (body.trim() === '' && images.length === 0) return;
    setSending(true);
    try {
      const response = await api.post<EventMessage>(listPath, { event_message: { body, image_urls: images } }, options);
      queryClient.setQueryData<EventMessage[]>(key, (current) => [...(current ?? []), response.data]);
      setBody('');
      setImages([]);
    } catch (error) {
      showToast(eventErrorMessage(error, t), 'error');
    } finally {
      setSending(false);
    }
  };

  const toggleReaction = async (message: EventMessage, emoji: string) => {
    try {
      const response = await toggle<EventMessage>(api, reactionPath(message.id), message.reactions, emoji, options);
      replace(response.data);
    } catch (error) {
      showToast(eventErrorMessage(error, t), 'error');
    }
  };

  const saveEdit = async (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    if (!editing) return;
    try {
      const response = await api.put<EventMessage>(messagePath(editing.id), { event_message: { body: editing.body } }, options);
      replace(response.data);
      setEditing(null);
    } catch (error) {
      showToast(eventErrorMessage(error, t), 'error');
    }
  };

  const remove = (message: EventMessage) =>
    confirm({
      title: t('events:messages.deleteTitle'),
      body: t('events:messages.deleteBody'),
      onSubmit: async () => {
        try {
          await api.delete(messagePath(message.id), options);
          queryClient.setQueryData<EventMessage[]>(key, (current) => (current ?? []).filter((item) => item.id !== message.id));
          showToast(t('events:messages.deleted'), 'success');
        } catch (error) {
          showToast(eventErrorMessage(error, t), 'error');
        }
      },
    });

  const list = messages.data ?? [];
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
                  <time className="kiwi-event__muted" dateTime={message.createdAt}>
                    {formatDateTime(message.createdAt, i18n.language)}
                  </time>
                </p>
                {editing?.id === message.id ? (
                  <form className="kiwi-event-messages__form" onSubmit={saveEdit}>
                    <label htmlFor={editId}>{t('events:messages.edit')}</label>
                    <textarea
                      id={editId}
                      rows={3}
                      value={editing.body}
                      onChange={(change) => setEditing({ id: message.id, body: change.target.value })}
                    />
                    <div className="kiwi-row">
                      <button type="submit" className="kiwi-button kiwi-button--primary">
                        {t('events:messages.save')}
                      </button>
                      <button type="button" className="kiwi-button" onClick={() => setEditing(null)}>
                        {t('common:actions.cancel')}
                      </button>
                    </div>
                  </form>
                ) : (
                  message.body && (
                    <p className="kiwi-event-message__text">
                      <LinkifiedText text={message.body} />
                    </p>
                  )
                )}
                <MessageImages urls={message.imageUrls} authorName={author} size="tile" />
                <div className="kiwi-row">
                  <Reactions reactions={message.reactions} onToggle={(emoji) => void toggleReaction(message, emoji)} disabled={!canPost} />
                  {canPost && <EmojiPicker label={t('common:reactions.add')} onPick={(emoji) => void toggleReaction(message, emoji)} />}
                  {message.mine && scope.kind === 'member' && editing?.id !== message.id && (
                    <button type="button" className="kiwi-link-button" onClick={() => setEditing({ id: message.id, body: message.body })}>
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
        <form className="kiwi-event-messages__form" onSubmit={send}>
          <label htmlFor={bodyId}>{t(ended ? 'events:messages.retrospectionLabel' : 'events:messages.chatLabel')}</label>
          <textarea id={bodyId} rows={3} value={body} onChange={(event) => setBody(event.target.value)} />
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
          {images.length < MAX_IMAGES && (
            <ImageInput
              value={null}
              onChange={(url) => url && setImages((current) => [...current, url])}
              label={t('events:messages.addImage')}
              token={scope.kind === 'guest' ? scope.token : undefined}
            />
          )}
          <button
            type="submit"
            className="kiwi-button kiwi-button--primary"
            disabled={sending || (body.trim() === '' && images.length === 0)}
          >
            {t('events:messages.send')}
          </button>
        </form>
      ) : (
        <p className="kiwi-event__muted">
          {t(scope.kind === 'guest' ? 'events:messages.joinAsGuestToPost' : 'events:messages.joinToPost')}
        </p>
      )}
    </section>
  );
}
