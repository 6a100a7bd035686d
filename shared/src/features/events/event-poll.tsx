import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ApiCallOptions } from '../../api/client';
import { useToast } from '../../ui/toast';
import { useFeatureContext } from '../feature-context';
import { eventApi, eventErrorMessage, eventQueryKeys, type Poll, sharedEventApi } from '../../schemas/event-resources';

export type PollScope = { kind: 'member' } | { kind: 'guest'; eventId: string; token: string | null };

/** The event's poll: each item with its votes; participants (or the guest) tick and untick items. */
export function EventPoll({ pollId, scope, canVote }: { pollId: string; scope: PollScope; canVote: boolean }) {
  const { t } = useTranslation(['events', 'errors']);
  const { api } = useFeatureContext();
  const headingId = useId();
  const scopeKey = scope.kind === 'member' ? 'member' : `guest:${scope.token ?? ''}`;
  const key = eventQueryKeys.poll(scopeKey, pollId);
  const options = scope.kind === 'guest' ? (scope.token ? { token: scope.token } : { public: true }) : {};

  const poll = useQuery({
    queryKey: key,
    queryFn: async () =>
      (
        await api.get<Poll>(
          scope.kind === 'member' ? eventApi.poll(pollId) : sharedEventApi.poll(scope.eventId, pollId),
          undefined,
          options,
        )
      ).data,
  });

  if (poll.isPending) return <p role="status">{t('events:loading')}</p>;
  if (poll.isError) {
    return (
      <p role="alert" className="kiwi-event__alert">
        {eventErrorMessage(poll.error, t)}
      </p>
    );
  }
  return (
    <section className="kiwi-event-poll" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('events:poll.title')}</h2>
      {!canVote && <p className="kiwi-event__muted">{t('events:poll.joinToVote')}</p>}
      <PollChoices pollId={pollId} poll={poll.data} scope={scope} canVote={canVote} queryKey={key} options={options} />
    </section>
  );
}

/** The form's values: each item's box under "item<id>" (a bare number would make react-hook-form build an array). */
const votesOf = (poll: Poll): Record<string, boolean> =>
  Object.fromEntries((poll.pollItems ?? []).map((item) => [`item${item.id}`, item.votedByMe]));

/**
 * The items as a react-hook-form form whose values are the viewer's votes: a tick is sent at once (a mutation) and the
 * boxes then follow the server's answer (also when the event's change stream reloads the poll); a refused vote puts
 * the box back.
 */
function PollChoices({
  pollId,
  poll,
  scope,
  canVote,
  queryKey,
  options,
}: {
  pollId: string;
  poll: Poll;
  scope: PollScope;
  canVote: boolean;
  queryKey: readonly unknown[];
  options: ApiCallOptions;
}) {
  const { t } = useTranslation(['events', 'errors']);
  const { api } = useFeatureContext();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const { register, reset } = useForm<Record<string, boolean>>({ defaultValues: votesOf(poll) });
  useEffect(() => reset(votesOf(poll)), [poll, reset]);
  const vote = useMutation({
    mutationFn: async ({ itemId, checked }: { itemId: string; checked: boolean }) => {
      const path = scope.kind === 'member' ? eventApi.vote(pollId, itemId) : sharedEventApi.vote(scope.eventId, pollId, itemId);
      return (checked ? await api.post<Poll>(path, undefined, options) : await api.delete<Poll>(path, options)).data;
    },
    onSuccess: (answer) => queryClient.setQueryData(queryKey, answer),
    onError: (error) => {
      showToast(eventErrorMessage(error, t), 'error');
      reset(votesOf(poll));
    },
  });
  const items = poll.pollItems ?? [];
  const total = Math.max(1, ...items.map((item) => item.votesCount));
  return (
    <ul className="kiwi-event-poll__items">
      {items.map((item) => {
        const box = register(`item${item.id}`);
        return (
          <li key={item.id} className="kiwi-event-poll__item">
            <label className="kiwi-event-poll__choice">
              <input
                type="checkbox"
                {...box}
                disabled={!canVote || vote.isPending}
                onChange={(change) => {
                  void box.onChange(change);
                  vote.mutate({ itemId: item.id, checked: change.target.checked });
                }}
              />
              <span>{item.text}</span>
              <span className="kiwi-event__muted">{t('events:poll.votes', { count: item.votesCount })}</span>
            </label>
            <meter className="kiwi-event-poll__meter" min={0} max={total} value={item.votesCount} aria-hidden="true" />
            {item.voterNames.length > 0 && <p className="kiwi-event__muted kiwi-event-poll__voters">{item.voterNames.join(', ')}</p>}
          </li>
        );
      })}
    </ul>
  );
}
