import { formatDateTime } from '@kiwi/shared/i18n/format';
import { CreateWalkingEventMessageSchema, WALKING_MESSAGE_MAX } from '@kiwi/shared/schemas/walking-event';
import { ReportButton } from '@kiwi/shared/features/report/report-button';
import { Reactions, toggleReaction, type WireReaction } from '@kiwi/shared/ui/reactions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { useSession } from '../../session/session-provider';
import { apiErrorMessage } from '../organization/api-error';
import { Empty, LoadFailed, Loading } from '../organization/page-states';
import { useConfirmedAction } from '../organization/use-confirmed-action';
import { Field } from '../labelled-field';
import { FormFailure } from '../text-field';
import { useSchemaForm } from '../use-schema-form';
import { walkingEventKeys } from './types';
import { useWalkingTranslation } from './use-walking-translation';
import { StatusBadge } from '../../layout/status-badge';

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

const MessageSchema = CreateWalkingEventMessageSchema.shape.walking_event_message;

/** Quick cheers offered under each message (the chips toggle the ones already given). */
const CHEERS = ['👍', '🎉', '💪', '👟'] as const;

/** The team cheer board: the team's messages, newest first, with reactions; members of the team write. */
export function CheerBoard({ eventId }: { eventId: string }) {
  const { t, i18n } = useWalkingTranslation(['organization', 'errors']);
  const { api } = useSession();
  const queryClient = useQueryClient();
  const confirmed = useConfirmedAction();
  const key = [...walkingEventKeys.detail(eventId), 'board'];
  const board = useQuery({
    queryKey: key,
    queryFn: () => api.get<BoardMessage[]>(`/walking_events/${eventId}/messages`),
    refetchInterval: 30_000,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const post = useSchemaForm({
    schema: MessageSchema,
    defaultValues: { body: '' },
    send: (walking_event_message) => api.post(`/walking_events/${eventId}/messages`, { walking_event_message }),
    onSaved: (_answer, _values, form) => {
      form.reset();
      return refresh();
    },
  });
  const react = useMutation({
    mutationFn: ({ message, emoji }: { message: BoardMessage; emoji: string }) =>
      toggleReaction(api, `/walking_event_messages/${message.id}/reactions`, message.reactions, emoji),
    onSuccess: refresh,
  });

  if (board.isPending) return <Loading />;
  if (board.isError) return <LoadFailed onRetry={() => void board.refetch()} />;
  const toggle = (message: BoardMessage, emoji: string) => react.mutate({ message, emoji });

  return (
    <div className="walking-section">
      <form className="org-form" onSubmit={post.onSubmit} noValidate aria-busy={post.busy}>
        <FormFailure message={post.failure} />
        <Field label={t('board.write')} error={post.message('body', { count: WALKING_MESSAGE_MAX })}>
          {(props) => <textarea {...props} maxLength={WALKING_MESSAGE_MAX * 2} {...post.register('body')} />}
        </Field>
        <div className="org-form__actions">
          <button type="submit" className="kiwi-button kiwi-button--primary" disabled={post.busy}>
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
              <Reactions reactions={message.reactions} onToggle={(emoji) => toggle(message, emoji)} disabled={react.isPending} />
              <div className="card-table__actions">
                {CHEERS.filter((emoji) => !message.reactions.some((reaction) => reaction.emoji === emoji)).map((emoji) => (
                  <button
                    key={emoji}
                    type="button"
                    className="kiwi-button kiwi-button--text"
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
                    className="kiwi-button kiwi-button--text"
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
                    className="kiwi-button kiwi-button--text"
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
