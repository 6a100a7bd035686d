import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Person, personLabel } from '../../domain/people';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../ui/confirm-dialog';
import { useToast } from '../../ui/toast';
import { useFeatureContext } from '../feature-context';
import { ReportButton } from '../report/report-button';
import { applicantsText, EventHeader, EventTagsAndDescription, statusMessagesOf } from './event-header';
import { EventMessages } from './event-messages';
import { EventPoll } from './event-poll';
import { type InviteValues, inviteRules, rulesResolver } from './event-resolvers';
import { useEventChanges } from './use-event-changes';
import { eventApi, eventErrorMessage, type EventMember, eventPaths, eventQueryKeys, type KiwiEvent } from '../../schemas/event-resources';
import { formatDateTimeInZone, formatTimeUntil } from '../../i18n/format';
import '../../ui/button.css';
import './events.css';
import '../../ui/layout.css';

type Colleague = Person;

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

/** The event dashboard (organisers): who joined, who is invited, guests, against the limits. */
function EventDashboard({ event, members }: { event: KiwiEvent; members: EventMember[] }) {
  const { t } = useTranslation('events');
  const count = (predicate: (member: EventMember) => boolean) => members.filter(predicate).length;
  const figures = [
    { label: t('dashboard.participants'), value: event.joinedCount },
    { label: t('dashboard.members'), value: count((member) => member.status === 'joined' && member.role === 'member') },
    { label: t('dashboard.guests'), value: event.guestsCount ?? 0 },
    { label: t('dashboard.coHosts'), value: count((member) => member.status === 'joined' && member.role === 'manager') },
    { label: t('dashboard.invited'), value: count((member) => member.status === 'invited') },
    {
      label: t('dashboard.remaining'),
      value: event.applyMaximum === null ? t('dashboard.unlimited') : Math.max(0, event.applyMaximum - event.joinedCount),
    },
  ];
  return (
    <section className="kiwi-event-dashboard" aria-label={t('dashboard.title')}>
      <h3>{t('dashboard.title')}</h3>
      <dl className="kiwi-event-dashboard__figures">
        {figures.map((figure) => (
          <div key={figure.label}>
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
      {event.applyMinimum !== null && event.joinedCount < event.applyMinimum && (
        <p className="kiwi-event__muted">{t('dashboard.belowMinimum', { count: event.applyMinimum - event.joinedCount })}</p>
      )}
    </section>
  );
}

function ParticipantList({ members }: { members: EventMember[] }) {
  const { t } = useTranslation('events');
  const { viewer } = useFeatureContext();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="kiwi-event__participants">
      <h2 id={headingId}>{t('detail.participants')}</h2>
      <ul>
        {members.map((member) => (
          <li key={member.id}>
            {member.name} <span className="kiwi-event__badge">{t(`role.${member.role}`)}</span>
            {member.status === 'invited' && <span className="kiwi-event__muted"> {t('badge.invited')}</span>}
            {/* Issue 19: a participant can be reported as a member (not oneself). */}
            {String(member.organizationMemberId) !== viewer?.organizationMemberId && (
              <>
                {' '}
                <ReportButton target={{ type: 'OrganizationMember', id: member.organizationMemberId }} name={member.name} member />
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Invite a colleague as participant or co-host: search by name, pick, send. */
function InviteForm({
  organizationId,
  eventId,
  members,
  onInvited,
}: {
  organizationId: string;
  eventId: string;
  members: EventMember[];
  onInvited: () => void;
}) {
  const { t } = useTranslation(['events', 'errors']);
  const { api } = useFeatureContext();
  const { showToast } = useToast();
  const { register, handleSubmit, watch, setValue, formState } = useForm<InviteValues>({
    defaultValues: { search: '', person: '', role: 'member' },
    resolver: rulesResolver(t, inviteRules),
  });
  const [name, chosen] = [watch('search'), watch('person')];
  const ids = { search: useId(), person: useId(), role: useId() };
  const taken = new Set(members.map((member) => String(member.organizationMemberId)));
  const colleagues = useQuery({
    queryKey: ['events', 'colleagues', organizationId, name],
    queryFn: async () => (await api.get<Colleague[]>(eventApi.members(organizationId), { q: { name }, per: 20 })).data,
  });
  const choices = (colleagues.data ?? []).filter((colleague) => !taken.has(colleague.id));
  const invite = useMutation({
    mutationFn: ({ person, role }: InviteValues) =>
      api.post(eventApi.join(organizationId, eventId), { event_member: { organization_member_id: Number(person), role } }),
    onSuccess: () => {
      showToast(t('events:invite.sent'), 'success');
      setValue('person', '');
      onInvited();
    },
    onError: (error) => showToast(eventErrorMessage(error, t), 'error'),
  });
  const personError = formState.errors.person?.message;

  return (
    <form className="kiwi-event-invite" onSubmit={handleSubmit((values) => invite.mutate(values))}>
      <h3>{t('events:invite.title')}</h3>
      <label htmlFor={ids.search}>{t('events:invite.search')}</label>
      <input id={ids.search} type="search" {...register('search')} />
      <label htmlFor={ids.person}>{t('events:invite.person')}</label>
      <select
        id={ids.person}
        {...register('person')}
        aria-invalid={personError ? true : undefined}
        aria-describedby={personError ? `${ids.person}-error` : undefined}
      >
        <option value="">{colleagues.isPending ? t('events:loading') : t('events:invite.choose')}</option>
        {choices.map((colleague) => (
          <option key={colleague.id} value={colleague.id}>
            {personLabel(colleague)}
          </option>
        ))}
      </select>
      {personError && (
        <p id={`${ids.person}-error`} role="alert" className="kiwi-event__error">
          {personError}
        </p>
      )}
      <label htmlFor={ids.role}>{t('events:invite.role')}</label>
      <select id={ids.role} {...register('role')}>
        <option value="member">{t('events:role.member')}</option>
        <option value="manager">{t('events:role.manager')}</option>
      </select>
      <button type="submit" className="kiwi-button" disabled={!chosen || invite.isPending}>
        {t('events:invite.send')}
      </button>
    </form>
  );
}
