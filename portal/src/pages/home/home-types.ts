import type { MemberQuest } from '../quests/quest-types';
// GET /api/home after JSON:API decoding (camelCase, relationships resolved): see server/src/modules/home/presenter.ts.

export type HomeCoinMessage = {
  id: string;
  createdAt: string;
  sender: { id: string; name: string; icon: string | null };
  amount: number;
  message: string;
  /** The transfer received (what the Report action reports). */
  transferId?: string | null;
};

export type HomeReadable = { id: string; title: string; body: string; publishedAt: string; read: boolean };
export type HomeNews = HomeReadable & { type: 'news' };
export type HomeAppInformation = HomeReadable & { type: 'appInformations'; headCopy: string | null; iconName: string | null };

export type HomeEvent = {
  id: string;
  name: string;
  startedAt: string;
  endedAt: string;
  location: string | null;
  joinedCount: number;
  applyMaximum: number | null;
  myRole: 'author' | 'manager' | 'member' | null;
  myStatus: 'invited' | 'joined' | null;
};

export type HomeGuild = { id: string; name: string; headerImageUrl: string | null; newMessagesCount: number; lastMessageAt: string | null };
export type HomeSurvey = { id: string; title: string; expiredAt: string };

export type HomeListName = 'coinMessages' | 'news' | 'appInformations' | 'upcomingEvents' | 'openEvents' | 'guilds' | 'surveys';

/** Issue 17: the walking event the member is in a team of (GET /api/home `walkingEvent`), or null. */
export type HomeWalkingEvent = {
  id: string;
  title: string;
  status: 'scheduled' | 'running' | 'tallying' | 'final';
  startedAt: string;
  endedAt: string;
  teamName: string;
  daysLeft: number | null;
  todaySteps: number;
  finalTeamRank: number | null;
};

export type Home = {
  /** Issue 20: the platform admin's maintenance message (system settings), or null. */
  maintenanceMessage?: { ja: string; en: string } | null;
  /** Issue 18: the member's quests now (the very list of GET /api/user/quests) and this week's gacha stamps. */
  quests?: MemberQuest[];
  questStamps?: number;
  id: string;
  coinBalance: number;
  activityMonth: string;
  monthSteps: number;
  monthHealthPoints: number;
  more: Record<HomeListName, boolean>;
  coinMessages: HomeCoinMessage[];
  news: HomeNews[];
  appInformations: HomeAppInformation[];
  upcomingEvents: HomeEvent[];
  openEvents: HomeEvent[];
  guilds: HomeGuild[];
  wellBeingSurveys: HomeSurvey[];
  walkingEvent?: HomeWalkingEvent | null;
};

/** Server's NEW_MESSAGES_COUNTED: a count at the cap reads "99+". */
export const NEW_MESSAGES_SHOWN_MAX = 99;

/** News and app informations in one list, newest first (each keeps its own kind for the read mark). */
export function noticesOf(home: Pick<Home, 'news' | 'appInformations'>): (HomeNews | HomeAppInformation)[] {
  return [...home.news, ...home.appInformations].sort(
    (a, b) => new Date(b.publishedAt).getTime() - new Date(a.publishedAt).getTime() || a.type.localeCompare(b.type),
  );
}

/** What a new member should do first: the steps still undone (nickname, activity this month, a guild). */
export function firstStepsOf(
  home: Pick<Home, 'monthSteps' | 'monthHealthPoints' | 'guilds'>,
  nickname: string | null | undefined,
): ('nickname' | 'activity' | 'guild')[] {
  const steps: ('nickname' | 'activity' | 'guild')[] = [];
  if (!nickname?.trim()) steps.push('nickname');
  if (home.monthSteps === 0 && home.monthHealthPoints === 0) steps.push('activity');
  if (home.guilds.length === 0) steps.push('guild');
  return steps;
}
