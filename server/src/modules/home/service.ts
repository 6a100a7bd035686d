import { monthInJapan } from '@kiwi/shared/domain/health-points';
import { HOME_LIST_LIMIT, type MarkHomeRead } from '@kiwi/shared/schemas/home';
import { and, asc, desc, eq, gt, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Session, SessionMembership } from '../../auth/session-cache';
import type { Executor } from '../../db/client';
import { type EventRow, eventMembers, events } from '../../db/schema/events';
import { appInformations, contentReads } from '../../db/schema/home';
import { news } from '../../db/schema/news';
import { wellBeingSurveys } from '../../db/schema/surveys';
import { notFoundInOrganization } from '../../jsonapi/errors';
import { activityMemberOf, memberActivityMonth } from '../activity/service';
import { memberBalance } from '../coins/ledger';
import { coinFeed, type FeedEntry } from '../coins/feed';
import { joinedCountSql } from '../events/service';
import { type MemberQuest, memberQuests } from '../quests/service';
import { type HomeWalkingEvent, homeWalkingEvent } from '../walking-events/home';

const DAY = 24 * 3600 * 1000;
/** Events the member joined or was invited to show when they start within this many days. */
export const UPCOMING_EVENT_DAYS = 14;
/** New guild messages are counted up to this many (shown as "99+"), so a busy guild costs no more than a quiet one. */
export const NEW_MESSAGES_COUNTED = 100;

/** Whose home it is: the signed-in user and their first membership (SPEC §3: the first is used). */
export type HomeViewer = { session: Session; membership: SessionMembership; now: Date };

/** A bounded list: the first HOME_LIST_LIMIT items, and whether there are more (the card's "see all"). */
export type Bounded<T> = { items: T[]; more: boolean };

export type ReadableItem = { id: number; title: string; body: string; publishedAt: Date; read: boolean };
export type AppInformationItem = ReadableItem & { headCopy: string | null; iconName: string | null };
export type HomeEvent = { event: EventRow; joinedCount: number; myRole: string | null; myStatus: string | null };
export type HomeGuild = { id: number; name: string; headerImageUrl: string | null; newMessagesCount: number; lastMessageAt: Date | null };
export type HomeSurvey = { id: number; title: string; expiredAt: Date };

/** The home, one member of it per section (HOME_SECTIONS). */
export type Home = {
  memberId: number;
  coins: { balance: number; received: Bounded<FeedEntry> };
  news: Bounded<ReadableItem>;
  appInformations: Bounded<AppInformationItem>;
  upcomingEvents: Bounded<HomeEvent>;
  openEvents: Bounded<HomeEvent>;
  guilds: Bounded<HomeGuild>;
  surveys: Bounded<HomeSurvey>;
  activity: { month: string; steps: number; healthPoints: number };
  /** Issue 17: the walking event the member is in a team of (walking-events/home.ts), or null. */
  walkingEvent: HomeWalkingEvent | null;
  /** Issue 18: the member's quests now and this week's stamps, the very answer of GET /user/quests (quests/service.ts). */
  quests: { quests: MemberQuest[]; stamps: number };
};

/** Rows fetched one over the limit tell whether there are more. */
function bounded<T>(rows: T[]): Bounded<T> {
  return { items: rows.slice(0, HOME_LIST_LIMIT), more: rows.length > HOME_LIST_LIMIT };
}
const FETCHED = HOME_LIST_LIMIT + 1;

const readBy = (userId: number, kind: MarkHomeRead['kind'], id: typeof news.id | typeof appInformations.id) =>
  sql<boolean>`exists (select 1 from ${contentReads} where ${contentReads.userId} = ${userId} and ${contentReads.kind} = ${kind} and ${contentReads.itemId} = ${id})`;

/** Coin balance (the figure /send_coins shows: one query, coins/ledger.ts) and the latest messages received. */
async function coinsSection(tx: Executor, { membership }: HomeViewer): Promise<Home['coins']> {
  const feed = await coinFeed(tx, { memberId: membership.id, page: 1, per: HOME_LIST_LIMIT, receivedOnly: true });
  return { balance: await memberBalance(tx, membership.id), received: { items: feed.entries, more: feed.total > HOME_LIST_LIMIT } };
}

/** The organisation's published news, newest first, each marked read or not. */
async function newsSection(tx: Executor, { session, membership, now }: HomeViewer): Promise<Home['news']> {
  const rows = await tx
    .select({
      id: news.id,
      title: news.title,
      body: news.body,
      // Published news only (the where below): drafts have none.
      publishedAt: sql<Date>`${news.publishedAt}`.mapWith(news.publishedAt),
      read: readBy(session.user.id, 'news', news.id),
    })
    .from(news)
    .where(and(eq(news.organizationId, membership.organizationId), lte(news.publishedAt, now)))
    .orderBy(desc(news.publishedAt), desc(news.id))
    .limit(FETCHED);
  return bounded(rows);
}

/** The platform's published app informations, newest first, each marked read or not. */
async function appInformationsSection(tx: Executor, { session, now }: HomeViewer): Promise<Home['appInformations']> {
  const rows = await tx
    .select({
      id: appInformations.id,
      title: appInformations.title,
      body: appInformations.body,
      publishedAt: appInformations.publishedAt,
      headCopy: appInformations.headCopy,
      iconName: appInformations.iconName,
      read: readBy(session.user.id, 'app_information', appInformations.id),
    })
    .from(appInformations)
    // Issue 20 (SPEC §4): an unpublished (deleted after publication) one is no longer shown.
    .where(and(lte(appInformations.publishedAt, now), isNull(appInformations.unpublishedAt)))
    .orderBy(desc(appInformations.publishedAt), desc(appInformations.id))
    .limit(FETCHED);
  return bounded(rows);
}

/** Events of the organisation the member joined or is invited to, not cancelled, starting within UPCOMING_EVENT_DAYS. */
async function upcomingEventsSection(tx: Executor, { membership, now }: HomeViewer): Promise<Home['upcomingEvents']> {
  const rows = await tx
    .select({ event: events, joinedCount: joinedCountSql, myRole: eventMembers.role, myStatus: eventMembers.status })
    .from(events)
    .innerJoin(eventMembers, and(eq(eventMembers.eventId, events.id), eq(eventMembers.organizationMemberId, membership.id)))
    .where(
      and(
        eq(events.organizationId, membership.organizationId),
        eq(events.cancel, false),
        gt(events.endsAt, now),
        lt(events.startsAt, new Date(now.getTime() + UPCOMING_EVENT_DAYS * DAY)),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(FETCHED);
  return bounded(rows);
}

/**
 * Public events of the organisation the member is not part of and could join now (shared/domain/event-rules.ts
 * joinRefusal in SQL: not cancelled, not finished, registration open, not full).
 */
async function openEventsSection(tx: Executor, { membership, now }: HomeViewer): Promise<Home['openEvents']> {
  const rows = await tx
    .select({ event: events, joinedCount: joinedCountSql, myRole: sql<null>`null`, myStatus: sql<null>`null` })
    .from(events)
    .where(
      and(
        eq(events.organizationId, membership.organizationId),
        eq(events.publicRange, 'public'),
        eq(events.cancel, false),
        gt(events.endsAt, now),
        gte(sql`coalesce(${events.recruitmentDeadline}, ${events.startsAt})`, now),
        sql`not exists (select 1 from event_members em where em.event_id = events.id and em.organization_member_id = ${membership.id})`,
        sql`(events.apply_maximum is null or ${joinedCountSql} < events.apply_maximum)`,
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(FETCHED);
  return bounded(rows);
}

/**
 * The guilds the member joined (of their organisation), with the messages others posted since the member last read
 * the guild (or joined it), those with news first.
 */
async function guildsSection(tx: Executor, { membership }: HomeViewer): Promise<Home['guilds']> {
  const result = (await tx.execute(sql`
    select g.id, g.name, g.header_image_url as "headerImageUrl",
      (select count(*)::int from (
        select 1 from guild_messages m
        where m.guild_id = g.id and m.organization_member_id <> ${membership.id}
          and m.created_at > coalesce(gm.last_visited_at, gm.joined_at, gm.created_at)
        limit ${NEW_MESSAGES_COUNTED}) n) as "newMessagesCount",
      (select m.created_at from guild_messages m where m.guild_id = g.id order by m.id desc limit 1) as "lastMessageAt"
    from guild_members gm
    join guilds g on g.id = gm.guild_id
    where gm.organization_member_id = ${membership.id} and gm.status = 'joined' and g.organization_id = ${membership.organizationId}
    order by "newMessagesCount" desc, "lastMessageAt" desc nulls last, g.id
    limit ${FETCHED}`)) as unknown as { rows: (Omit<HomeGuild, 'lastMessageAt'> & { lastMessageAt: Date | string | null })[] };
  return bounded(
    result.rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      headerImageUrl: row.headerImageUrl,
      newMessagesCount: Number(row.newMessagesCount),
      lastMessageAt: row.lastMessageAt === null ? null : new Date(row.lastMessageAt),
    })),
  );
}

/** Open surveys of the organisation the member has not answered, the soonest deadline first. */
async function surveysSection(tx: Executor, { membership, now }: HomeViewer): Promise<Home['surveys']> {
  const rows = await tx
    .select({ id: wellBeingSurveys.id, title: wellBeingSurveys.title, expiredAt: wellBeingSurveys.expiredAt })
    .from(wellBeingSurveys)
    .where(
      and(
        eq(wellBeingSurveys.organizationId, membership.organizationId),
        gt(wellBeingSurveys.expiredAt, now),
        sql`not exists (select 1 from well_being_survey_answers a where a.survey_id = ${wellBeingSurveys.id} and a.organization_member_id = ${membership.id})`,
      ),
    )
    .orderBy(asc(wellBeingSurveys.expiredAt), asc(wellBeingSurveys.id))
    .limit(FETCHED);
  return bounded(rows);
}

/** This month's steps and health points, from the month the activity page shows (one query serves both). */
async function activitySection(tx: Executor, { session, now }: HomeViewer): Promise<Home['activity']> {
  const month = monthInJapan(now);
  const facts = await memberActivityMonth(tx, activityMemberOf(session), month, now);
  return { month, steps: facts.days.reduce((sum, day) => sum + day.steps, 0), healthPoints: facts.totalPoints };
}

/**
 * The home's sections by name, each a loader of one part of the answer. A later section is one more entry here, in
 * Home, and one more relationship in the presenter.
 */
export const HOME_SECTIONS = {
  coins: coinsSection,
  news: newsSection,
  appInformations: appInformationsSection,
  upcomingEvents: upcomingEventsSection,
  openEvents: openEventsSection,
  guilds: guildsSection,
  surveys: surveysSection,
  activity: activitySection,
  walkingEvent: (tx, { membership, now }) => homeWalkingEvent(tx, membership.id, now),
  quests: (tx, { membership, now }) => memberQuests(tx, membership.id, now),
} satisfies { [K in Exclude<keyof Home, 'memberId'>]: (tx: Executor, viewer: HomeViewer) => Promise<Home[K]> };

/** Everything the home shows, in one transaction (a consistent picture, one round trip for the portal). */
export async function homeSummary(tx: Executor, viewer: HomeViewer): Promise<Home> {
  const home: Partial<Home> = { memberId: viewer.membership.id };
  // One after another: a transaction is one connection (and PGlite one session).
  for (const [name, load] of Object.entries(HOME_SECTIONS)) {
    (home as Record<string, unknown>)[name] = await load(tx, viewer);
  }
  return home as Home;
}

/**
 * Marks one news item or app information read for the signed-in user. Only what their home shows can be marked:
 * another organisation's news, something unpublished or unknown is a 422 and nothing is stored.
 */
export async function markRead(tx: Executor, viewer: HomeViewer, input: MarkHomeRead): Promise<void> {
  const { membership, now } = viewer;
  const [visible] =
    input.kind === 'news'
      ? await tx
          .select({ id: news.id })
          .from(news)
          .where(and(eq(news.id, input.item_id), eq(news.organizationId, membership.organizationId), lte(news.publishedAt, now)))
      : await tx
          .select({ id: appInformations.id })
          .from(appInformations)
          .where(and(eq(appInformations.id, input.item_id), lte(appInformations.publishedAt, now), isNull(appInformations.unpublishedAt)));
  if (!visible) throw notFoundInOrganization('/content_read/item_id');
  await tx
    .insert(contentReads)
    .values({ userId: viewer.session.user.id, kind: input.kind, itemId: input.item_id, readAt: now })
    .onConflictDoNothing();
}
