import { walkingEventEditability, walkingEventStatus } from '@kiwi/shared/domain/walking-event';
import type { WalkingEventRow, WalkingEventTeamRow } from '../../db/schema/walking-events';
import { serialize } from '../../jsonapi/serialize';
import type { WalkingEventViewer } from './access';
import type { DailySummary } from './daily';
import type { Draw } from './draw';
import type { BoardMessage } from './messages';
import type { Standings } from './rankings';
import type { TeamView } from './service';

const eventAttributes = (now: Date) => (event: WalkingEventRow) => ({
  organizationId: event.organizationId,
  title: event.title,
  startedAt: event.startedAt,
  endedAt: event.endedAt,
  finalResultPublishedAt: event.finalResultPublishedAt,
  randomType: event.randomType,
  teamLimit: event.teamLimit,
  memberLimit: event.memberLimit,
  showTeamMemberData: event.showTeamMemberData,
  showPersonalStatistics: event.showPersonalStatistics,
  randomSeed: event.randomSeed,
  status: walkingEventStatus(event, now),
  /** What the form may still change (SPEC §4): all, finalResultOnly or none. */
  editable: event.finalizedAt ? 'none' : walkingEventEditability(event, now),
  finalizedAt: event.finalizedAt,
  createdAt: event.createdAt,
});

export const presentWalkingEvents = (rows: WalkingEventRow[], now: Date) =>
  serialize('walking-events', rows, { attributes: eventAttributes(now) });

/** Nested objects are not kebab-cased by serialize(): the wire names are written here (as event reactions do). */
const wireMember = (member: { organizationMemberId: number; name: string; totalSteps?: number; steps?: number }) => ({
  'organization-member-id': member.organizationMemberId,
  name: member.name,
  ...(member.totalSteps === undefined ? {} : { 'total-steps': member.totalSteps }),
  ...(member.steps === undefined ? {} : { steps: member.steps }),
});

/** Teams are shown with their members to managers, to members of the team itself, and to all when showTeamMemberData. */
function teamAttributes(event: WalkingEventRow, viewer: WalkingEventViewer, myTeamId: number | null) {
  return (team: TeamView) => {
    const open = viewer.manages || event.showTeamMemberData || team.id === myTeamId;
    return {
      teamName: team.name,
      memberCount: team.members.length,
      members: open ? team.members.map(wireMember) : null,
      mine: team.id === myTeamId,
    };
  };
}

export function presentWalkingEvent(
  event: WalkingEventRow,
  teams: TeamView[],
  { now, viewer, myTeamId }: { now: Date; viewer: WalkingEventViewer; myTeamId: number | null },
) {
  return serialize('walking-events', event, {
    attributes: (row) => ({ ...eventAttributes(now)(row), canManage: viewer.manages, myTeamId }),
    relationships: {
      teams: { type: 'walking-event-teams', data: () => teams, attributes: teamAttributes(event, viewer, myTeamId) },
    },
    include: ['teams'],
  });
}

export const presentTeam = (team: WalkingEventTeamRow | TeamView) =>
  serialize('walking-event-teams', team, {
    attributes: (row) => ({
      teamName: row.name,
      members: 'members' in row ? row.members.map(wireMember) : [],
      memberCount: 'members' in row ? row.members.length : 0,
    }),
  });

export const presentDraw = (draw: Draw) =>
  serialize('walking-event-team-drafts', draw.teams, {
    id: (team) => team.teamName,
    attributes: (team) => ({ teamName: team.teamName, averageSteps: team.averageSteps, members: team.members.map(wireMember) }),
    meta: { seed: draw.seed, applied: draw.applied },
  });

type Ranked = { standings: Standings; frozen: boolean };

/**
 * Team ranking: every team's score (total / member count) and rank. Per-member steps only where team data is visible
 * (managers always; members with showTeamMemberData, and their own team).
 */
export function presentTeamSummary({ standings, frozen }: Ranked, event: WalkingEventRow, viewer: WalkingEventViewer) {
  const mine = standings.people.find((person) => person.organizationMemberId === viewer.organizationMemberId);
  const myTeamId = mine?.teamId ?? null;
  const peopleByTeam = new Map<number, Standings['people']>();
  for (const person of standings.people) {
    const list = peopleByTeam.get(person.teamId) ?? [];
    list.push(person);
    peopleByTeam.set(person.teamId, list);
  }
  return serialize('walking-event-team-rankings', standings.teams, {
    id: (team) => team.teamId,
    attributes: (team) => {
      const open = viewer.manages || event.showTeamMemberData || team.teamId === myTeamId;
      return {
        rank: team.rank,
        teamName: team.teamName,
        memberCount: team.memberCount,
        totalSteps: team.totalSteps,
        score: Math.round(team.score * 10) / 10,
        mine: team.teamId === myTeamId,
        members: open ? standings.people.filter((person) => person.teamId === team.teamId).map(wireMember) : null,
      };
    },
    meta: { frozen, days: standings.days, 'my-team-id': myTeamId },
  });
}

/**
 * Personal ranking: the top `per` and the caller's own row (always, even outside the top). Members see only their own
 * row when showPersonalStatistics is off; managers see everything.
 */
/** Who the caller may see in the personal ranking: everyone for managers or with showPersonalStatistics, else themselves. */
export function visiblePeople(standings: Standings, event: WalkingEventRow, viewer: WalkingEventViewer): Standings['people'] {
  if (viewer.manages || event.showPersonalStatistics) return standings.people;
  return standings.people.filter((person) => person.organizationMemberId === viewer.organizationMemberId);
}

export function presentPersonalSummary({ standings, frozen }: Ranked, event: WalkingEventRow, viewer: WalkingEventViewer, per: number) {
  const visible = viewer.manages || event.showPersonalStatistics;
  const teamNames = new Map(standings.teams.map((team) => [team.teamId, team.teamName]));
  const top = visible ? standings.people.slice(0, per) : [];
  const mine = standings.people.find((person) => person.organizationMemberId === viewer.organizationMemberId);
  const rows = mine && !top.includes(mine) ? [...top, mine] : top;
  return serialize('walking-event-personal-rankings', rows, {
    id: (person) => person.organizationMemberId,
    attributes: (person) => ({
      rank: person.rank,
      name: person.name,
      teamId: person.teamId,
      teamName: teamNames.get(person.teamId) ?? '',
      totalSteps: person.totalSteps,
      dailyAverage: person.dailyAverage,
      mine: person === mine,
    }),
    meta: { frozen, days: standings.days, 'participant-count': standings.people.length, 'statistics-visible': visible },
  });
}

/** The dashboard's figures as one resource (id = the event). */
export const presentDailySummary = (event: WalkingEventRow, summary: DailySummary) =>
  serialize('walking-event-dailies', summary, {
    id: () => event.id,
    attributes: (row) => ({
      days: row.days,
      teams: row.teams.map((team) => ({ 'team-id': team.teamId, 'team-name': team.teamName, 'daily-average': team.dailyAverage })),
      participation: row.participation,
      participants: row.participants,
      everSynced: row.everSynced,
    }),
  });

/** The cheer board: messages newest first, reactions as the event chat's (kebab-cased by hand, nested). */
export const presentBoard = (messages: BoardMessage[]) =>
  serialize('walking-event-messages', messages, {
    attributes: (message) => ({
      teamId: message.teamId,
      body: message.body,
      authorName: message.authorName,
      mine: message.mine,
      ...(message.hidden ? { hidden: true } : {}),
      createdAt: message.createdAt,
      reactions: message.reactions.map((reaction) => ({
        emoji: reaction.emoji,
        count: reaction.count,
        'reacted-by-me': reaction.reactedByMe,
        names: reaction.names,
      })),
    }),
  });
