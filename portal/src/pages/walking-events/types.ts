import type { RandomType, WalkingEventStatus } from '@kiwi/shared/domain/walking-event';

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

export type TeamDraft = { id: string; teamName: string; averageSteps: number; members: WireTeamMember[] };

export const walkingEventKeys = {
  list: (organizationId: string | number | undefined) => ['walking-events', 'organization', String(organizationId)] as const,
  detail: (eventId: string) => ['walking-events', 'event', eventId] as const,
  teamSummary: (eventId: string) => ['walking-events', 'event', eventId, 'team-summary'] as const,
  personalSummary: (eventId: string) => ['walking-events', 'event', eventId, 'personal-summary'] as const,
};
