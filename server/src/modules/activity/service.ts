import {
  activityCoins,
  type CoinDayStatus,
  dailyHealthPoints,
  dayInJapan,
  earliestCoinDay,
  monthDays,
  startOfDayInJapan,
} from '@kiwi/shared/domain/health-points';
import { isMembershipActive, membershipState, type MembershipPeriod, type MembershipState } from '@kiwi/shared/domain/membership';
import { and, asc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Session } from '../../auth/session-cache';
import type { Executor } from '../../db/client';
import { type ActivityDayRow, type ActivitySource, activityDays } from '../../db/schema/activity';
import { refreshActivityMonths } from './months';
import { coinActivityAwards } from '../../db/schema/coins';
import { organizationMembers } from '../../db/schema/organizations';
import { forbidden, notFound } from '../../jsonapi/errors';
import { awardActivityCoins } from '../coins/ledger';
import { evaluateQuests } from '../quests/service';

export type ActivityMember = MembershipPeriod & { id: number; organizationId: number };
export type DayFigures = { day: string; steps: number; workoutMinutes: number; calories: number; distanceMeters: number };

/** The member whose activity a signed-in user logs: the first membership (SPEC §3: "the first is used"). */
export function activityMemberOf(session: Session): ActivityMember {
  const first = session.memberships[0];
  if (!first) throw forbidden();
  return { id: first.id, organizationId: first.organizationId, activeFrom: first.activeFrom, activeTo: first.activeTo };
}

/**
 * Coins for a day are earned only once the day is over in Japan (so a sync at noon does not freeze a half day), only
 * while the membership is active, only for days on which it was already active (nothing before activeFrom) and only
 * for days at most COIN_DAYS_BACK old (no coins for back-filled history).
 */
export function coinDayStatus(member: MembershipPeriod, day: string, awarded: boolean, now: Date): CoinDayStatus {
  if (awarded) return 'awarded';
  const until = settlementMoment(member, now);
  if (day < earliestCoinDay(now) || !until || !isMembershipActive(member, startOfDayInJapan(day))) return 'notEarned';
  // An ended membership's days that were over by its end are still paid (by the daily settlement); later ones never.
  return until === now || day < dayInJapan(until) ? 'waiting' : 'notEarned';
}

/**
 * The moment up to which a member's finished days are paid: now while the membership is active; for one that has
 * ended, its end (issue 22 point 5: the last days are paid even when nobody visits before it expires); none before it
 * starts.
 */
export function settlementMoment(member: MembershipPeriod, now: Date): Date | null {
  const state = membershipState(member, now);
  if (state === 'active') return now;
  if (state === 'expired' && member.activeTo) return new Date(member.activeTo);
  return null;
}

export function dayEarnsCoinsNow(member: MembershipPeriod, day: string, now: Date): boolean {
  const until = settlementMoment(member, now);
  return until !== null && day >= earliestCoinDay(now) && day < dayInJapan(until) && isMembershipActive(member, startOfDayInJapan(day));
}

/**
 * One writer per member at a time, taken before anything else: refreshActivityMonths sums the member's days of a month,
 * and two transactions writing different days at once would each miss the other's day (READ COMMITTED) and store a
 * short total; and a page visit settling coins (award row, then the ledger's balance lock) against a sync (balance
 * lock, then the same award row) would deadlock. FOR NO KEY UPDATE is the lock the coin ledger takes on the member.
 */
async function lockMember(tx: Executor, memberId: number): Promise<void> {
  await tx.execute(sql`select 1 from organization_members where id = ${memberId} for no key update`);
}

/**
 * Stores the days (replacing figures a day already had; idempotent per member and day), then awards the coins of every
 * finished day that earns them and has none yet. Returns the coins this call awarded.
 */
export async function recordActivity(
  tx: Executor,
  { member, days, source, now }: { member: ActivityMember; days: DayFigures[]; source: ActivitySource; now: Date },
): Promise<number> {
  await lockMember(tx, member.id);
  if (days.length > 0) {
    await tx
      .insert(activityDays)
      .values(days.map((day) => ({ organizationMemberId: member.id, ...day, healthPoints: dailyHealthPoints(day), source })))
      .onConflictDoUpdate({
        target: [activityDays.organizationMemberId, activityDays.day],
        set: {
          steps: sql`excluded.steps`,
          workoutMinutes: sql`excluded.workout_minutes`,
          calories: sql`excluded.calories`,
          distanceMeters: sql`excluded.distance_meters`,
          healthPoints: sql`excluded.health_points`,
          source: sql`excluded.source`,
          updatedAt: sql`now()`,
        },
      });
  }
  if (days.length > 0) {
    const sorted = days.map((day) => day.day).sort();
    await refreshActivityMonths(tx, { memberIds: [member.id], from: sorted[0]!, to: sorted[sorted.length - 1]! });
  }
  if (source === 'app') {
    await tx.update(organizationMembers).set({ appInstalled: true, lastSyncAt: now }).where(eq(organizationMembers.id, member.id));
  }
  const awarded = await awardFinishedDays(tx, member, now);
  // In the same transaction, under the member lock taken above: quests completed by these days pay once.
  await evaluateQuests(tx, member.id, now);
  return awarded;
}

/**
 * Awards the coins of the member's finished days that have none yet: on the member's next visit or write, or by the
 * daily settlement (settlement.ts), whichever comes first; the member lock and the award row make it once. For an
 * ended membership only the days over by its end and stored before it count.
 */
export async function awardFinishedDays(tx: Executor, member: ActivityMember, now: Date): Promise<number> {
  const until = settlementMoment(member, now);
  if (!until) return 0;
  await lockMember(tx, member.id);
  const unpaid = await tx
    .select({ day: activityDays.day, healthPoints: activityDays.healthPoints })
    .from(activityDays)
    .leftJoin(
      coinActivityAwards,
      and(eq(coinActivityAwards.organizationMemberId, activityDays.organizationMemberId), eq(coinActivityAwards.day, activityDays.day)),
    )
    .where(
      and(
        eq(activityDays.organizationMemberId, member.id),
        gte(activityDays.day, earliestCoinDay(now)),
        lt(activityDays.day, dayInJapan(until)),
        until === now ? undefined : lt(activityDays.updatedAt, until),
        isNull(coinActivityAwards.day),
      ),
    )
    .orderBy(asc(activityDays.day));
  let awarded = 0;
  for (const { day, healthPoints } of unpaid) {
    if (!dayEarnsCoinsNow(member, day, now)) continue;
    awarded += await awardActivityCoins(tx, { organizationMemberId: member.id, amount: activityCoins(healthPoints), day });
  }
  return awarded;
}

export type MemberActivityDay = ActivityDayRow & { coins: number | null; coinStatus: CoinDayStatus };
export type MemberActivityMonth = {
  month: string;
  days: MemberActivityDay[];
  totalPoints: number;
  coinsEarned: number;
  membershipState: MembershipState;
  member: ActivityMember & { appInstalled: boolean; lastSyncAt: Date | null; coinBalance: number };
};

/** One month of a member's days with the coins each earned, plus the membership facts the page shows. */
export async function memberActivityMonth(tx: Executor, member: ActivityMember, month: string, now: Date): Promise<MemberActivityMonth> {
  const [row] = await tx
    .select({
      appInstalled: organizationMembers.appInstalled,
      lastSyncAt: organizationMembers.lastSyncAt,
      coinBalance: organizationMembers.coinBalance,
    })
    .from(organizationMembers)
    .where(eq(organizationMembers.id, member.id));
  if (!row) throw notFound();
  const { from, to } = monthDays(month);
  const rows = await tx
    .select({ activity: activityDays, coins: coinActivityAwards.amount })
    .from(activityDays)
    .leftJoin(
      coinActivityAwards,
      and(eq(coinActivityAwards.organizationMemberId, activityDays.organizationMemberId), eq(coinActivityAwards.day, activityDays.day)),
    )
    .where(and(eq(activityDays.organizationMemberId, member.id), gte(activityDays.day, from), lt(activityDays.day, to)))
    .orderBy(asc(activityDays.day));
  const days = rows.map(({ activity, coins }) => ({
    ...activity,
    coins,
    coinStatus: coinDayStatus(member, activity.day, coins !== null, now),
  }));
  return {
    month,
    days,
    totalPoints: days.reduce((sum, day) => sum + day.healthPoints, 0),
    coinsEarned: days.reduce((sum, day) => sum + (day.coins ?? 0), 0),
    membershipState: membershipState(member, now),
    member: { ...member, ...row },
  };
}

export type SyncResult = { coinsAwarded: number; days: MemberActivityDay[]; facts: MemberActivityMonth };

/** The mobile app's upload: records the days, then answers them as stored (with their coins) and the member's facts. */
export async function syncActivity(
  tx: Executor,
  { member, days, now }: { member: ActivityMember; days: DayFigures[]; now: Date },
): Promise<SyncResult> {
  const coinsAwarded = await recordActivity(tx, { member, days, source: 'app', now });
  const wanted = new Set(days.map((entry) => entry.day));
  const months = [...new Set(days.map((entry) => entry.day.slice(0, 7)))].sort();
  const stored: MemberActivityDay[] = [];
  let facts: MemberActivityMonth | undefined;
  for (const month of months) {
    facts = await memberActivityMonth(tx, member, month, now);
    stored.push(...facts.days.filter((row) => wanted.has(row.day)));
  }
  return { coinsAwarded, days: stored, facts: facts! };
}
