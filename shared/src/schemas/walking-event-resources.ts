// The walking event resources as the portal and the widgets decode them (docs/api.md "walking"), with their query keys.
import { daysBetweenInclusive, type RandomType, tokyoDay, type WalkingEventStatus } from '../domain/walking-event';

/** Nested attribute objects keep the server's kebab-case names (only top-level attributes are camelCased). */
export type WireTeamMember = { 'organization-member-id': number; name: string; 'total-steps'?: number; steps?: number };

export type WalkingEventTeam = { id: string; teamName: string; memberCount: number; members: WireTeamMember[] | null; mine: boolean };

export type WalkingEvent = {
  id: string;
  organizationId: number;
  title: string;
  startedAt: string;
  endedAt: string;
  finalResultPublishedAt: string;
  randomType: RandomType;
  teamLimit: number;
  memberLimit: number;
  showTeamMemberData: boolean;
  showPersonalStatistics: boolean;
  randomSeed: string | null;
  status: WalkingEventStatus;
  editable: 'all' | 'finalResultOnly' | 'none';
  canManage?: boolean;
  myTeamId?: number | null;
  teams?: WalkingEventTeam[];
};

export type TeamRanking = {
  id: string;
  rank: number;
  teamName: string;
  memberCount: number;
  totalSteps: number;
  score: number;
  mine: boolean;
  members: WireTeamMember[] | null;
};

export type PersonalRanking = {
  id: string;
  rank: number;
  name: string;
  teamId: number;
  teamName: string;
  totalSteps: number;
  dailyAverage: number;
  mine: boolean;
};

export const walkingEventKeys = {
  list: (organizationId: string | number | undefined) => ['walking-events', 'organization', String(organizationId)] as const,
  detail: (eventId: string) => ['walking-events', 'event', eventId] as const,
  teamSummary: (eventId: string) => ['walking-events', 'event', eventId, 'team-summary'] as const,
  personalSummary: (eventId: string) => ['walking-events', 'event', eventId, 'personal-summary'] as const,
};

/** Days left in the event (Tokyo days, today included), or null before the start and after the end. */
export function daysLeft(event: Pick<WalkingEvent, 'startedAt' | 'endedAt'>, now: Date): number | null {
  const today = tokyoDay(now);
  if (today < event.startedAt || today > event.endedAt) return null;
  return daysBetweenInclusive(today, event.endedAt);
}
