import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../ui/confirm-dialog';
import { useToast } from '../../ui/toast';
import { useFeatureContext } from '../feature-context';
import { applicantsText, EventHeader, EventTagsAndDescription, statusMessagesOf } from './event-header';
import { EventMessages } from './event-messages';
import { EventPoll } from './event-poll';
import { InviteForm } from './event-detail-invite';
import { EventDashboard, ParticipantList } from './event-detail-people';
import { useEventChanges } from './use-event-changes';
import { eventApi, eventErrorMessage, eventPaths, eventQueryKeys, type KiwiEvent } from '../../schemas/event-resources';
import { formatDateTimeInZone, formatTimeUntil } from '../../i18n/format';
import '../../ui/button.css';
import './events.css';
import '../../ui/layout.css';

/**
 * An event with its status (spec §4), joining, organiser actions, participants, poll and messages. `organizationId`
 * (from an organisation's page) lets a platform admin who is not a member of that organisation read the event: the
 * API lets admins read every event, so the page shows it read-only instead of "not a member".
 */
export function EventDetail({ eventId, organizationId: fromPage }: { eventId: string; organizationId?: string }) {
  const { t } = useTranslation(['events']);
  const { viewer } = useFeatureContext();
  const asAdmin = viewer?.role !== 'member' && Boolean(fromPage) && fromPage !== viewer?.organizationId;
  const organizationId = asAdmin ? (fromPage ?? '') : (viewer?.organizationId ?? '');
  if (organizationId === '') {
    return (
      <p role="alert" className="kiwi-event__alert">
        {t('events:status.notMember')}
      </p>
    );
  }
  return <EventDetailLoaded eventId={eventId} organizationId={organizationId} readOnly={asAdmin} />;
}

function EventDetailLoaded({ eventId, organizationId, readOnly }: { eventId: string; organizationId: string; readOnly: boolean }) {
  const { t, i18n } = useTranslation(['events', 'errors', 'common']);
  const { api, viewer, navigate, notify, portalUrl } = useFeatureContext();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const confirm = useConfirm();
  const headingId = useId();
  const key = eventQueryKeys.detail(eventId);
  // Every write of the page (join, accept, decline, leave, publish, cancel, delete): one at a time, its outcome a toast
  // with one subject per event ("joined" replaces "could not join", "unpublished" replaces "published"; issue 21).
  const action = useMutation({
    mutationFn: async ({ work }: { work: () => Promise<unknown>; done: string }) => {
      await work();
    },
    onSuccess: async (_, { done }) => {
      await queryClient.invalidateQueries({ queryKey: eventQueryKeys.all });
      showToast(done, 'success', eventId);
    },
    onError: async (error) => {
      showToast(eventErrorMessage(error, t), 'error', eventId);
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const detail = useQuery({
    queryKey: key,
    queryFn: async () => (await api.get<KiwiEvent>(eventApi.show(organizationId, eventId))).data,
  });
  useEventChanges({ path: `${eventApi.show(organizationId, eventId)}/stream` });

  if (detail.isPending) return <p role="status">{t('events:loading')}</p>;
  if (detail.isError) {
    return (
      <div className="kiwi-event">
        <p role="alert" className="kiwi-event__alert">
          {eventErrorMessage(detail.error, t)}
        </p>
        <button type="button" className="kiwi-button" onClick={() => navigate(eventPaths.list())}>
          {t('events:detail.backToList')}
        </button>
      </div>
    );
  }
  const event = detail.data;
  const now = new Date();
  const ended = now.getTime() >= new Date(event.endedAt).getTime();
  const messages = statusMessagesOf(
    event,
    { organizationMember: String(event.organizationId) === organizationId, role: event.myRole ?? null, status: event.myStatus ?? null },
    now,
  );
  const canJoin =
    !readOnly &&
    !event.myStatus &&
    !messages.some((message) => ['cancelled', 'finished', 'full', 'registrationClosed', 'notMember'].includes(message));
  const members = event.eventMembers ?? [];
  const deadlineIn = event.recruitmentDeadline ? formatTimeUntil(event.recruitmentDeadline, i18n.language, now) : null;

  /** Runs a write; resolves once it settled (the confirmation dialog waits for it), whatever its outcome. */
  const act = (work: () => Promise<unknown>, done: string) => action.mutateAsync({ work, done }).catch(() => undefined);
  /** A button labelled `events:<key>` that joins the event (`join` joins, or accepts the invitation) and tells the host. */
  const joinButton = (key: string, join: () => Promise<unknown>, done: string) => (
    <button
      type="button"
      className="kiwi-button kiwi-button--primary"
      disabled={action.isPending}
      onClick={() =>
        void act(async () => {
          await join();
          notify({ type: 'event-joined', eventId });
        }, done)
      }
    >
      {t(`events:${key}`)}
    </button>
  );
  /** A button labelled `events:<prefix>` that asks first (spec §4: confirmation before destructive or public actions), then acts. */
  const confirmedButton = (prefix: string, work: () => Promise<unknown>, done: string, { danger = false } = {}) => (
    <button
      type="button"
      className={danger ? 'kiwi-button kiwi-button--danger' : 'kiwi-button'}
      disabled={action.isPending}
      onClick={() => confirm({ title: t(`events:${prefix}Title`), body: t(`events:${prefix}Body`), onSubmit: () => act(work, done) })}
    >
      {t(`events:${prefix}`)}
    </button>
  );
  const leave = () => api.delete(eventApi.member(organizationId, eventId, event.myEventMemberId!));

  return (
    <article className="kiwi-event" aria-labelledby={headingId}>
      <EventHeader
        event={event}
        headingId={headingId}
        statuses={messages}
        aside={
          <button type="button" className="kiwi-button" onClick={() => navigate(eventPaths.list())}>
            {t('events:detail.backToList')}
          </button>
        }
      />

      <dl className="kiwi-event__facts">
        {event.recruitmentDeadline && (
          <>
            <dt>{t('events:form.recruitmentDeadline')}</dt>
            <dd>
              <time dateTime={event.recruitmentDeadline}>{formatDateTimeInZone(event.recruitmentDeadline, i18n.language)}</time>
              {deadlineIn ? ` · ${deadlineIn}` : ''}
            </dd>
          </>
        )}
        <dt>{t('events:detail.applicants')}</dt>
        <dd>
          {applicantsText(event, t)}
          {event.applyMinimum !== null && ` ${t('events:applicants.minimum', { min: event.applyMinimum })}`}
        </dd>
        <dt>{t('events:form.publicRange')}</dt>
        <dd>{t(`events:publicRange.${event.publicRange}`)}</dd>
      </dl>
      <EventTagsAndDescription event={event} />

      {readOnly && (
        <p role="note" className="kiwi-event__muted">
          {t('events:detail.readOnlyAdmin')}
        </p>
      )}
      <div className="kiwi-row">
        {canJoin &&
          viewer &&
          joinButton(
            'detail.join',
            () =>
              api.post(eventApi.join(organizationId, eventId), {
                event_member: { organization_member_id: Number(viewer.organizationMemberId) },
              }),
            t('events:detail.joined'),
          )}
        {!readOnly && event.myStatus === 'invited' && event.myEventMemberId && !event.cancel && !ended && (
          <>
            {/* Accepting an invitation is joining too. */}
            {joinButton(
              'detail.accept',
              () => api.put(`${eventApi.member(organizationId, eventId, event.myEventMemberId!)}/accept_invitation`),
              t('events:detail.accepted'),
            )}
            {confirmedButton('detail.decline', leave, t('events:detail.declined'))}
          </>
        )}
        {!readOnly &&
          event.myStatus === 'joined' &&
          event.myRole !== 'author' &&
          event.myEventMemberId &&
          !ended &&
          confirmedButton('detail.leave', leave, t('events:detail.left'))}
      </div>

      {readOnly && event.canManage && <EventDashboard event={event} members={members} />}
      {!readOnly && event.canManage && (
        <section className="kiwi-event__organiser" aria-label={t('events:organiser.title')}>
          <h2>{t('events:organiser.title')}</h2>
          <div className="kiwi-row">
            {!event.cancel && (
              <button type="button" className="kiwi-button" onClick={() => navigate(eventPaths.edit(event.id))}>
                {t('events:organiser.edit')}
              </button>
            )}
            {confirmedButton(
              event.externallyPublished ? 'organiser.unpublish' : 'organiser.publish',
              () => api.put(eventApi.show(organizationId, eventId), { event: { externally_published: !event.externallyPublished } }),
              t(event.externallyPublished ? 'events:organiser.unpublished' : 'events:organiser.published'),
            )}
            {!event.cancel &&
              !ended &&
              confirmedButton(
                'organiser.cancel',
                () => api.put(eventApi.show(organizationId, eventId), { event: { cancel: true } }),
                t('events:organiser.cancelled'),
                { danger: true },
              )}
            {confirmedButton(
              'organiser.delete',
              async () => {
                await api.delete(eventApi.show(organizationId, eventId));
                navigate(eventPaths.list());
              },
              t('events:organiser.deleted'),
              { danger: true },
            )}
          </div>
          {event.externallyPublished && (
            <p>
              {t('events:organiser.sharedLink')} {/* The portal's address (a widget's page is another site), not the page's own origin. */}
              <a href={portalUrl(eventPaths.shared(event.id))} target="_blank" rel="noopener noreferrer">
                {portalUrl(eventPaths.shared(event.id))}
              </a>
            </p>
          )}
          <EventDashboard event={event} members={members} />
          {!event.cancel && !ended && (
            <InviteForm
              organizationId={organizationId}
              eventId={eventId}
              members={members}
              onInvited={() => void queryClient.invalidateQueries({ queryKey: key })}
            />
          )}
        </section>
      )}

      <ParticipantList members={members} />

      {event.pollId ? (
        <EventPoll
          pollId={String(event.pollId)}
          scope={{ kind: 'member' }}
          canVote={!readOnly && Boolean(event.canParticipate) && !event.cancel}
        />
      ) : null}

      <EventMessages
        scope={{ kind: 'member', organizationId, eventId }}
        canPost={!readOnly && Boolean(event.canParticipate)}
        canModerate={!readOnly && Boolean(event.canManage)}
        ended={ended}
      />
    </article>
  );
}
