import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { dayInJapan, monthDays, monthInJapan, startOfDayInJapan } from '@kiwi/shared/domain/health-points';
import { isMembershipActive } from '@kiwi/shared/domain/membership';
import {
  effectiveGoal,
  isSetupGoal,
  NO_ACTIVITY,
  personalizedStepGoal,
  personalizedWindow,
  type QuestDay,
  type QuestProfile,
  type QuestTotals,
  questPeriodDays,
  questPeriodKey,
  questProgress,
  questTotals,
  weekStartInJapan,
  weekStartInstant,
} from '@kiwi/shared/domain/quests';
import type { CreateQuest, QuestPeriodType, UpdateQuest } from '@kiwi/shared/schemas/quests';
import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { activityDays } from '../../db/schema/activity';
import { type QuestRow, questCompletions, quests } from '../../db/schema/quests';
import { ApiError, notFound } from '../../jsonapi/errors';
import { moveCoins } from '../coins/ledger';

/** Setup quests complete once: a daily setup quest would pay every day for a field set once. */
const SETUP_PERIODS: readonly QuestPeriodType[] = ['initializing', 'all'];

type QuestFields = Pick<QuestRow, 'periodType' | 'goalType' | 'goalValueCalculationType'>;

/** Rules across fields (the payload schema checks each field alone); pointers name the field to change. */
function assertQuestRules(quest: QuestFields): void {
  if (quest.goalValueCalculationType === 'personalized_step_count' && quest.goalType !== 'step') {
    throw new ApiError(ErrorCode.validationOneOf, { status: 422, pointer: '/quest/goal_type', params: { values: 'step' } });
  }
  if (isSetupGoal(quest.goalType) && !SETUP_PERIODS.includes(quest.periodType)) {
    throw new ApiError(ErrorCode.validationOneOf, {
      status: 422,
      pointer: '/quest/period_type',
      params: { values: SETUP_PERIODS.join(', ') },
    });
  }
}

function questValues(input: UpdateQuest): Partial<typeof quests.$inferInsert> {
  const values: Partial<typeof quests.$inferInsert> = {};
  if (input.title !== undefined) values.title = input.title;
  if (input.period_type !== undefined) values.periodType = input.period_type;
  if (input.goal_type !== undefined) values.goalType = input.goal_type;
  if (input.goal_value !== undefined) values.goalValue = input.goal_value;
  if (input.goal_value_calculation_type !== undefined) values.goalValueCalculationType = input.goal_value_calculation_type;
  if (input.personalized_rate_percent !== undefined) values.personalizedRatePercent = input.personalized_rate_percent;
  if (input.reward_type !== undefined) values.rewardType = input.reward_type;
  if (input.reward_coins !== undefined) values.rewardCoins = input.reward_coins;
  if (input.disabled !== undefined) values.disabled = input.disabled;
  return values;
}

export async function listQuests(tx: Executor, { page, per }: { page: number; per: number }): Promise<{ rows: QuestRow[]; total: number }> {
  const [totalRow] = await tx.select({ total: count() }).from(quests);
  const rows = await tx
    .select()
    .from(quests)
    .orderBy(asc(quests.disabled), desc(quests.id))
    .limit(per)
    .offset((page - 1) * per);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function createQuest(tx: Executor, input: CreateQuest): Promise<QuestRow> {
  const values = questValues(input) as typeof quests.$inferInsert;
  assertQuestRules({ goalValueCalculationType: 'constant', ...values });
  const [row] = await tx.insert(quests).values(values).returning();
  return row!;
}

/** No delete: completions refer to quests, so a quest the admin no longer wants is disabled. */
export async function updateQuest(tx: Executor, id: number, input: UpdateQuest): Promise<QuestRow> {
  const [current] = await tx.select().from(quests).where(eq(quests.id, id)).for('update');
  if (!current) throw notFound();
  const values = questValues(input);
  assertQuestRules({ ...current, ...values });
  if (Object.keys(values).length === 0) return current;
  const [row] = await tx
    .update(quests)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(quests.id, id))
    .returning();
  return row!;
}

/** One quest as one member sees it now. */
export type MemberQuest = {
  quest: QuestRow;
  periodKey: string;
  /** The member's own goal (personalized ones differ per member; a completed quest keeps the goal it met). */
  goalValue: number;
  progress: number;
  completedAt: Date | null;
  coinsAwarded: number;
};

type MemberFacts = QuestProfile & { activeFrom: Date | null; activeTo: Date | null; archived: boolean };

/**
 * Takes the member's row lock first (FOR NO KEY UPDATE, the lock the coin ledger and the activity writer take), so
 * evaluations of one member take turns and lock in the same order as the ledger; returns what quests read of them.
 */
async function lockMemberFacts(tx: Executor, memberId: number): Promise<MemberFacts | null> {
  const result = (await tx.execute(sql`
    select om.active_from as "activeFrom", om.active_to as "activeTo", o.archived,
      coalesce(nullif(u.nickname, ''), om.nickname) as nickname, u.birthday::text as birthday,
      u.resting_heart_rate as "restingHeartRate", u.height_cm::float8 as "heightCm", u.weight_kg::float8 as "weightKg"
    from organization_members om
    join organizations o on o.id = om.organization_id
    join users u on u.id = om.user_id
    where om.id = ${memberId}
    for no key update of om`)) as unknown as { rows: Record<string, unknown>[] };
  const row = result.rows[0];
  if (!row) return null;
  const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | Date));
  const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    activeFrom: date(row.activeFrom),
    activeTo: date(row.activeTo),
    archived: Boolean(row.archived),
    nickname: (row.nickname as string | null) ?? null,
    birthday: (row.birthday as string | null) ?? null,
    restingHeartRate: number(row.restingHeartRate),
    heightCm: number(row.heightCm),
    weightKg: number(row.weightKg),
  };
}

/** Self ratings are well-being survey answers (the member rating themselves): how many since each instant. */
async function selfRatingsSince(tx: Executor, memberId: number, now: Date) {
  const today = startOfDayInJapan(dayInJapan(now));
  const week = weekStartInstant(now);
  const month = startOfDayInJapan(monthDays(monthInJapan(now)).from);
  const result = (await tx.execute(sql`
    select count(*) filter (where created_at >= ${today.toISOString()})::int as daily,
      count(*) filter (where created_at >= ${week.toISOString()})::int as weekly,
      count(*) filter (where created_at >= ${month.toISOString()})::int as monthly,
      count(*)::int as "all"
    from well_being_survey_answers where organization_member_id = ${memberId}`)) as unknown as {
    rows: { daily: number; weekly: number; monthly: number; all: number }[];
  };
  const row = result.rows[0] ?? { daily: 0, weekly: 0, monthly: 0, all: 0 };
  return (periodType: QuestPeriodType) =>
    Number(periodType === 'daily' ? row.daily : periodType === 'weekly' ? row.weekly : periodType === 'monthly' ? row.monthly : row.all);
}

/** The member's whole history summed (all and initializing quests), only when such a quest measures activity. */
async function lifetimeTotals(tx: Executor, memberId: number): Promise<QuestTotals> {
  const [row] = await tx
    .select({
      steps: sql<number>`coalesce(sum(${activityDays.steps}), 0)::float8`,
      workoutMinutes: sql<number>`coalesce(sum(${activityDays.workoutMinutes}), 0)::float8`,
      healthPoints: sql<number>`coalesce(sum(${activityDays.healthPoints}), 0)::float8`,
      calories: sql<number>`coalesce(sum(${activityDays.calories}), 0)::float8`,
      distanceMeters: sql<number>`coalesce(sum(${activityDays.distanceMeters}), 0)::float8`,
    })
    .from(activityDays)
    .where(eq(activityDays.organizationMemberId, memberId));
  return {
    steps: Number(row?.steps ?? 0),
    workoutMinutes: Number(row?.workoutMinutes ?? 0),
    healthPoints: Number(row?.healthPoints ?? 0),
    calories: Number(row?.calories ?? 0),
    distanceMeters: Number(row?.distanceMeters ?? 0),
    selfRatings: 0,
  };
}

/**
 * The member's current quests (enabled ones, each in its period now in Japan) with progress, after completing those
 * whose goal is met: one completion per quest, member and period (INSERT ... ON CONFLICT DO NOTHING on the unique key),
 * and only the insert that happened pays the reward (coins from the issuance through the ledger; a stamp is the
 * completion row itself). Members of an archived organisation, pending or expired ones see progress but complete
 * nothing. Called after an activity sync or log, after a profile update and by GET /user/quests and /home.
 */
export async function evaluateQuests(tx: Executor, memberId: number, now: Date): Promise<MemberQuest[]> {
  const member = await lockMemberFacts(tx, memberId);
  if (!member) throw notFound();
  const enabled = await tx.select().from(quests).where(eq(quests.disabled, false)).orderBy(asc(quests.id));
  if (enabled.length === 0) return [];

  // Days enough for today, this week, this month and the personalized window (at most some 45 rows).
  const today = dayInJapan(now);
  const from = [weekStartInJapan(now), monthDays(monthInJapan(now)).from, personalizedWindow(now).from].sort()[0]!;
  const days: QuestDay[] = await tx
    .select({
      day: activityDays.day,
      steps: activityDays.steps,
      workoutMinutes: activityDays.workoutMinutes,
      calories: activityDays.calories,
      distanceMeters: activityDays.distanceMeters,
    })
    .from(activityDays)
    .where(and(eq(activityDays.organizationMemberId, memberId), gte(activityDays.day, from), lte(activityDays.day, today)));
  const needsLifetime = enabled.some((quest) => questPeriodDays(quest.periodType, now) === null && !isSetupGoal(quest.goalType));
  const lifetime = needsLifetime ? await lifetimeTotals(tx, memberId) : NO_ACTIVITY;
  const selfRatings = await selfRatingsSince(tx, memberId, now);

  const keys = [...new Set(enabled.map((quest) => questPeriodKey(quest.periodType, now)))];
  const done = await tx
    .select()
    .from(questCompletions)
    .where(and(eq(questCompletions.organizationMemberId, memberId), inArray(questCompletions.periodKey, keys)));
  const completionOf = (questId: number, periodKey: string) =>
    done.find((completion) => completion.questId === questId && completion.periodKey === periodKey);

  const mayComplete = !member.archived && isMembershipActive(member, now);
  const result: MemberQuest[] = [];
  for (const quest of enabled) {
    const periodKey = questPeriodKey(quest.periodType, now);
    const range = questPeriodDays(quest.periodType, now);
    const totals = range ? questTotals(days, range) : lifetime;
    const progress = questProgress(quest.goalType, { ...totals, selfRatings: selfRatings(quest.periodType) }, member);
    const goalValue = effectiveGoal(
      quest.goalType,
      quest.goalValueCalculationType === 'personalized_step_count'
        ? personalizedStepGoal(days, {
            ratePercent: quest.personalizedRatePercent,
            fallback: quest.goalValue,
            now,
            periodType: quest.periodType,
          })
        : quest.goalValue,
    );
    const existing = completionOf(quest.id, periodKey);
    if (existing) {
      result.push({
        quest,
        periodKey,
        goalValue: existing.goalValue,
        progress,
        completedAt: existing.completedAt,
        coinsAwarded: existing.coinsAwarded,
      });
      continue;
    }
    const completion = mayComplete && progress >= goalValue ? await complete(tx, { quest, memberId, periodKey, goalValue, now }) : null;
    result.push({
      quest,
      periodKey,
      goalValue,
      progress,
      completedAt: completion?.completedAt ?? null,
      coinsAwarded: completion?.coinsAwarded ?? 0,
    });
  }
  return result;
}

/** Records one completion; pays its coins only when this call inserted it. Null when another writer got there first. */
async function complete(
  tx: Executor,
  { quest, memberId, periodKey, goalValue, now }: { quest: QuestRow; memberId: number; periodKey: string; goalValue: number; now: Date },
) {
  const coinsAwarded = quest.rewardType === 'coins' ? quest.rewardCoins : 0;
  const [inserted] = await tx
    .insert(questCompletions)
    .values({
      questId: quest.id,
      organizationMemberId: memberId,
      periodKey,
      goalValue,
      rewardType: quest.rewardType,
      coinsAwarded,
      completedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: questCompletions.id, completedAt: questCompletions.completedAt });
  if (!inserted) {
    const [existing] = await tx
      .select()
      .from(questCompletions)
      .where(
        and(
          eq(questCompletions.questId, quest.id),
          eq(questCompletions.organizationMemberId, memberId),
          eq(questCompletions.periodKey, periodKey),
        ),
      );
    return existing ?? null;
  }
  if (coinsAwarded > 0) {
    const movementId = await moveCoins(tx, {
      from: { kind: 'issuance' },
      legs: [{ to: { kind: 'member', organizationMemberId: memberId }, amount: coinsAwarded }],
      reason: 'quest_reward',
    });
    await tx.update(questCompletions).set({ coinMovementId: movementId }).where(eq(questCompletions.id, inserted.id));
  }
  return { completedAt: inserted.completedAt, coinsAwarded };
}

/** Stamps this Tokyo week: completions of stamp quests since Monday 00:00 (wt-gacha counts them the same way). */
export async function stampsThisWeek(tx: Executor, memberId: number, now: Date): Promise<number> {
  const [row] = await tx
    .select({ stamps: count() })
    .from(questCompletions)
    .where(
      and(
        eq(questCompletions.organizationMemberId, memberId),
        eq(questCompletions.rewardType, 'stamp'),
        gte(questCompletions.completedAt, weekStartInstant(now)),
      ),
    );
  return row?.stamps ?? 0;
}

/** What /quests and the home card show: the member's quests now (completing what is due) and this week's stamps. */
export async function memberQuests(tx: Executor, memberId: number, now: Date): Promise<{ quests: MemberQuest[]; stamps: number }> {
  const list = await evaluateQuests(tx, memberId, now);
  return { quests: list, stamps: await stampsThisWeek(tx, memberId, now) };
}
