import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { HttpResponseError } from '../../api/errors';
import { useConfirm } from '../../ui/confirm-dialog';
import { useFeatureContext } from '../feature-context';
import { applicantsText, EventHeader, EventTagsAndDescription, statusMessagesOf } from './event-header';
import { EventMessages } from './event-messages';
import { EventPoll } from './event-poll';
import { type GuestJoinValues, guestJoinRules, rulesResolver } from './event-resolvers';
import { useEventChanges } from './use-event-changes';
import {
  type EventGuest,
  eventErrorMessage,
  eventQueryKeys,
  type GuestIdentity,
  type KiwiEvent,
  loadGuest,
  saveGuest,
  sharedEventApi,
} from '../../schemas/event-resources';
import '../../ui/button.css';
import './events.css';
import '../../ui/layout.css';

/**
 * An externally published event for anyone (spec §2 /shared_events/{id}): no account; a guest joins by nickname and
 * is remembered in this browser's localStorage, so a reload keeps them that guest.
 */
export function SharedEvent({ eventId }: { eventId: string }) {
  const { t } = useTranslation(['events', 'errors', 'common']);
  const { api, notify } = useFeatureContext();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [guest, setGuest] = useState<GuestIdentity | null>(() => loadGuest(eventId));
  const headingId = useId();
  const options = guest ? { token: guest.token } : { public: true };

  const shared = useQuery({
    queryKey: [...eventQueryKeys.shared(eventId), guest?.token ?? ''],
    retry: false,
    queryFn: async () => (await api.get<KiwiEvent>(sharedEventApi.show(eventId), undefined, options)).data,
  });

  useEventChanges({ path: `${sharedEventApi.show(eventId)}/stream`, token: guest?.token ?? null, public: true });

  // A token the server no longer knows (the event was unpublished and published again, say) is forgotten.
  useEffect(() => {
    if (guest && shared.error instanceof HttpResponseError && shared.error.status === 401) {
      saveGuest(eventId, null);
      setGuest(null);
    }
  }, [guest, shared.error, eventId]);

  if (shared.isPending) return <p role="status">{t('events:loading')}</p>;
  if (shared.isError) {
    const missing = shared.error instanceof HttpResponseError && shared.error.status === 404;
    return (
      <p role="alert" className="kiwi-event__alert">
        {missing ? t('events:shared.notFound') : eventErrorMessage(shared.error, t)}
      </p>
    );
  }
  const event = shared.data;
  const now = new Date();
  const ended = now.getTime() >= new Date(event.endedAt).getTime();
  // A guest counts as joined; the organisation membership does not apply to the public page.
  const statuses = statusMessagesOf(event, { organizationMember: true, role: null, status: guest ? 'joined' : null }, now);
  const canJoin = !guest && statuses.length === 0;

  const joined = (identity: GuestIdentity) => {
    saveGuest(eventId, identity);
    setGuest(identity);
    void queryClient.invalidateQueries({ queryKey: eventQueryKeys.all });
    notify({ type: 'event-joined', eventId });
  };

  return (
    <article className="kiwi-event kiwi-event--shared" aria-labelledby={headingId}>
      <EventHeader event={event} headingId={headingId} statuses={statuses} />
      <p>{applicantsText(event, t)}</p>
      <EventTagsAndDescription event={event} />

      {guest ? (
        <div className="kiwi-row">
          <p role="status">{t('events:shared.joinedAs', { nickname: guest.nickname })}</p>
          <button
            type="button"
            className="kiwi-link-button"
            onClick={() =>
              confirm({
                title: t('events:shared.forgetTitle'),
                body: t('events:shared.forgetBody'),
                onSubmit: () => {
                  saveGuest(eventId, null);
                  setGuest(null);
                },
              })
            }
          >
            {t('events:shared.forget')}
          </button>
        </div>
      ) : canJoin ? (
        <GuestJoinForm eventId={eventId} onJoined={joined} />
      ) : null}

      {event.pollId ? (
        <EventPoll
          pollId={String(event.pollId)}
          scope={{ kind: 'guest', eventId, token: guest?.token ?? null }}
          canVote={Boolean(guest) && !event.cancel}
        />
      ) : null}
      <EventMessages
        scope={{ kind: 'guest', eventId, token: guest?.token ?? null }}
        canPost={Boolean(guest)}
        canModerate={false}
        ended={ended}
      />
    </article>
  );
}

function GuestJoinForm({ eventId, onJoined }: { eventId: string; onJoined: (guest: GuestIdentity) => void }) {
  const { t } = useTranslation(['events', 'errors']);
  const { api } = useFeatureContext();
  // The server's own rule (CreateEventGuestSchema), checked without zod so the page stays small for the widgets.
  const { register, handleSubmit, setError, formState } = useForm<GuestJoinValues>({
    defaultValues: { nickname: '' },
    resolver: rulesResolver(t, guestJoinRules),
  });
  const inputId = useId();
  const join = useMutation({
    mutationFn: async (nickname: string) => {
      const taken = await api.get<EventGuest[]>(sharedEventApi.guestSearch(eventId), { nickname }, { public: true });
      if (taken.data.length > 0) return null;
      return (await api.post<EventGuest>(sharedEventApi.guests(eventId), { event_guest: { nickname } }, { public: true })).data;
    },
    onSuccess: (guest) => {
      if (guest) onJoined({ id: guest.id, nickname: guest.nickname, token: guest.token ?? '' });
      else setError('nickname', { type: 'taken', message: t('errors:event.nicknameTaken') });
    },
    onError: (failure) => setError('root.server', { type: 'server', message: eventErrorMessage(failure, t) }),
  });
  const error = formState.errors.nickname?.message ?? formState.errors.root?.server?.message;

  return (
    <form className="kiwi-event__guest-form" onSubmit={handleSubmit(({ nickname }) => join.mutate(nickname.trim()))} noValidate>
      <h2>{t('events:shared.joinTitle')}</h2>
      <label htmlFor={inputId}>{t('events:shared.nickname')}</label>
      <input
        id={inputId}
        {...register('nickname')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        autoComplete="nickname"
      />
      {error && (
        <p id={`${inputId}-error`} role="alert" className="kiwi-event__error">
          {error}
        </p>
      )}
      <button type="submit" className="kiwi-button kiwi-button--primary" disabled={join.isPending}>
        {t('events:shared.join')}
      </button>
    </form>
  );
}
