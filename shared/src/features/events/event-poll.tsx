import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../ui/toast';
import { useFeatureContext } from '../feature-context';
import { eventApi, eventErrorMessage, eventQueryKeys, type Poll, sharedEventApi } from '../../schemas/event-resources';

export type PollScope = { kind: 'member' } | { kind: 'guest'; eventId: string; token: string | null };

/** The event's poll: each item with its votes; participants (or the guest) tick and untick items. */
export function EventPoll({ pollId, scope, canVote }: { pollId: string; scope: PollScope; canVote: boolean }) {
  const { t } = useTranslation(['events', 'errors']);
  const { api } = useFeatureContext();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [busy, setBusy] = useState<string | null>(null);
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

  const toggle = async (itemId: string, voted: boolean) => {
    setBusy(itemId);
    try {
      const path = scope.kind === 'member' ? eventApi.vote(pollId, itemId) : sharedEventApi.vote(scope.eventId, pollId, itemId);
      const response = voted ? await api.delete<Poll>(path, options) : await api.post<Poll>(path, undefined, options);
      queryClient.setQueryData(key, response.data);
    } catch (error) {
      showToast(eventErrorMessage(error, t), 'error');
    } finally {
      setBusy(null);
    }
  };

  if (poll.isPending) return <p role="status">{t('events:loading')}</p>;
  if (poll.isError) {
    return (
      <p role="alert" className="kiwi-event__alert">
        {eventErrorMessage(poll.error, t)}
      </p>
    );
  }
  const items = poll.data.pollItems ?? [];
  const total = Math.max(1, ...items.map((item) => item.votesCount));
  return (
    <section className="kiwi-event-poll" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('events:poll.title')}</h2>
      {!canVote && <p className="kiwi-event__muted">{t('events:poll.joinToVote')}</p>}
      <ul className="kiwi-event-poll__items">
        {items.map((item) => (
          <li key={item.id} className="kiwi-event-poll__item">
            <label className="kiwi-event-poll__choice">
              <input
                type="checkbox"
                checked={item.votedByMe}
                disabled={!canVote || busy !== null}
                onChange={() => void toggle(item.id, item.votedByMe)}
              />
              <span>{item.text}</span>
              <span className="kiwi-event__muted">{t('events:poll.votes', { count: item.votesCount })}</span>
            </label>
            <meter className="kiwi-event-poll__meter" min={0} max={total} value={item.votesCount} aria-hidden="true" />
            {item.voterNames.length > 0 && <p className="kiwi-event__muted kiwi-event-poll__voters">{item.voterNames.join(', ')}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
