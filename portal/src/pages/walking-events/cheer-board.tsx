import { formatDateTime } from '@kiwi/shared/i18n/format';
import { ReportButton } from '@kiwi/shared/features/report/report-button';
import { Reactions } from '@kiwi/shared/ui/reactions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useSession } from '../../session/session-provider';
import { apiErrorMessage } from '../organization/api-error';
import { Empty, LoadFailed, Loading } from '../organization/page-states';
import { useConfirmedAction } from '../organization/use-confirmed-action';
import { FormFailure } from '../text-field';
import { walkingEventKeys } from './types';
import { useWalkingTranslation } from './use-walking-translation';
import { StatusBadge } from '../../layout/status-badge';

type WireReaction = { emoji: string; count: number; 'reacted-by-me': boolean; names: string[] };
type BoardMessage = {
  id: string;
  body: string;
  authorName: string;
  mine: boolean;
  createdAt: string;
  reactions: WireReaction[];
  /** Hidden by auto-hide while managers review reports: only its author and managers receive it (issue 19). */
  hidden?: boolean;
};

/** Quick cheers offered under each message (the chips toggle the ones already given). */
const CHEERS = ['👍', '🎉', '💪', '👟'] as const;

/** The team cheer board: the team's messages, newest first, with reactions; members of the team write. */
export function CheerBoard({ eventId }: { eventId: string }) {
  const { t, i18n } = useWalkingTranslation(['organization', 'errors']);
  const { api } = useSession();
  const queryClient = useQueryClient();
  const confirmed = useConfirmedAction();
  const id = useId();
  const [body, setBody] = useState('');
  const key = [...walkingEventKeys.detail(eventId), 'board'];
  const board = useQuery({
    queryKey: key,
    queryFn: () => api.get<BoardMessage[]>(`/walking_events/${eventId}/messages`),
    refetchInterval: 30_000,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const post = useMutation({
    mutationFn: (text: string) => api.post(`/walking_events/${eventId}/messages`, { walking_event_message: { body: text } }),
    onSuccess: async () => {
      setBody('');
      await refresh();
    },
  });
  const react = useMutation({
    mutationFn: ({ messageId, emoji, on }: { messageId: string; emoji: string; on: boolean }) =>
      on
        ? api.post(`/walking_event_messages/${messageId}/reactions`, { message_reaction: { emoji } })
        : api.delete(`/walking_event_messages/${messageId}/reactions`, { body: { message_reaction: { emoji } } }),
    onSuccess: refresh,
  });

  if (board.isPending) return <Loading />;
  if (board.isError) return <LoadFailed onRetry={() => void board.refetch()} />;
  const toggle = (message: BoardMessage, emoji: string) => {
    const mine = message.reactions.find((reaction) => reaction.emoji === emoji)?.['reacted-by-me'] ?? false;
    react.mutate({ messageId: message.id, emoji, on: !mine });
  };

  return (
    <div className="walking-section">
      <form
        className="org-form"
        onSubmit={(submitted: FormEvent) => {
          submitted.preventDefault();
          post.mutate(body);
        }}
        aria-busy={post.isPending}
      >
        <FormFailure message={post.isError ? apiErrorMessage(t, post.error) : null} />
        <div className="field">
          <label htmlFor={`${id}-body`}>{t('board.write')}</label>
          <textarea id={`${id}-body`} value={body} maxLength={500} onChange={(change) => setBody(change.target.value)} />
        </div>
        <div className="org-form__actions">
          <button type="submit" className="button button--primary" disabled={post.isPending || body.trim() === ''}>
            {t('board.post')}
          </button>
        </div>
      </form>
      <FormFailure message={react.isError ? apiErrorMessage(t, react.error) : null} />
      {board.data.data.length === 0 ? (
        <Empty text={t('board.empty')} />
      ) : (
        <ul className="walking-board" aria-label={t('board.title')}>
          {board.data.data.map((message) => (
            <li key={message.id} className="walking-team">
              <p className="walking-board__meta">
                <strong>{message.authorName}</strong> <span>{formatDateTime(message.createdAt, i18n.language)}</span>
                {message.hidden && <StatusBadge status="hidden">{t('common:hiddenWhileReviewed')}</StatusBadge>}
              </p>
              <p className="walking-board__body">{message.body}</p>
              <Reactions
                reactions={message.reactions.map((reaction) => ({ ...reaction, reactedByMe: reaction['reacted-by-me'] }))}
                onToggle={(emoji) => toggle(message, emoji)}
                disabled={react.isPending}
              />
              <div className="card-table__actions">
                {CHEERS.filter((emoji) => !message.reactions.some((reaction) => reaction.emoji === emoji)).map((emoji) => (
                  <button
                    key={emoji}
                    type="button"
                    className="button button--text"
                    aria-label={t('board.cheer', { emoji, name: message.authorName })}
                    disabled={react.isPending}
                    onClick={() => toggle(message, emoji)}
                  >
                    {emoji}
                  </button>
                ))}
                {message.mine && (
                  <button
                    type="button"
                    className="button button--text"
                    onClick={() =>
                      confirmed({
                        title: t('board.deleteTitle'),
                        body: message.body,
                        okLabel: t('organization:common.delete'),
                        action: () => api.delete(`/walking_events/${eventId}/messages/${message.id}`),
                        done: t('organization:common.deleted'),
                        afterDone: refresh,
                      })
                    }
                  >
                    {t('organization:common.delete')}
                  </button>
                )}
                {!message.mine && (
                  <ReportButton
                    target={{ type: 'WalkingEventMessage', id: message.id }}
                    name={message.authorName}
                    className="button button--text"
                  />
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
