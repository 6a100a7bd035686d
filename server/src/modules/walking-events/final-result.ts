import { eq } from 'drizzle-orm';
import { walkingEvents } from '../../db/schema/walking-events';
import type { JobHandler } from '../../jobs/worker';
import { enqueue } from '../../outbox/enqueue';
import { pushToMembers } from '../push/notify';
import { computeStandings } from './rankings';
import { FINAL_RESULT_JOB } from './service';

/** Teams named in the Slack post and the push (the podium; ties may make it longer). */
const PODIUM_RANK = 3;

/**
 * `walking_event.final_result`, at finalResultPublishedAt: freezes the standings into the event row (the rankings
 * serve them from then on, never recomputed), and in the same transaction leaves one Slack post for the organisation's
 * webhook and a push to every participant in the outbox. A job of a time since moved, or of an event already frozen,
 * does nothing.
 */
export const finalResultJob: JobHandler = async (tx, job, now) => {
  const eventId = Number((job.payload as { walkingEventId?: unknown }).walkingEventId);
  const [event] = await tx.select().from(walkingEvents).where(eq(walkingEvents.id, eventId)).for('update');
  if (!event || event.finalizedAt || event.finalResultPublishedAt.getTime() > now.getTime()) return;

  const standings = await computeStandings(tx, event, now);
  await tx.update(walkingEvents).set({ finalResult: standings, finalizedAt: now }).where(eq(walkingEvents.id, event.id));

  const path = `/walking_events/${event.id}`;
  const podium = standings.teams.filter((team) => team.rank <= PODIUM_RANK);
  await enqueue(
    tx,
    'slack.walking_event_final_result',
    {
      walkingEventId: event.id,
      title: event.title,
      path,
      teams: podium.map((team) => ({ rank: team.rank, teamName: team.teamName, score: Math.round(team.score) })),
    },
    { organizationId: event.organizationId },
  );
  const ranks = new Map(standings.people.map((person) => [person.organizationMemberId, person]));
  const teamRanks = new Map(standings.teams.map((team) => [team.teamId, team]));
  await pushToMembers(tx, {
    kind: 'walking_event_result',
    organizationMemberIds: standings.people.map((person) => person.organizationMemberId),
    path,
    organizationId: event.organizationId,
    render: (t, recipient) => {
      const person = ranks.get(recipient.organizationMemberId);
      const team = person ? teamRanks.get(person.teamId) : undefined;
      return {
        title: t('push:walking_event_result.title', { title: event.title }),
        body: t('push:walking_event_result.body', { team: team?.teamName ?? '', rank: team?.rank ?? '-' }),
      };
    },
  });
};

export const walkingEventJobHandlers: Record<string, JobHandler> = { [FINAL_RESULT_JOB]: finalResultJob };
