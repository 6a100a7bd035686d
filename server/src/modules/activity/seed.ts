import { dailyHealthPoints, dayInJapan } from '@kiwi/shared/domain/health-points';
import { eq, like } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { activityDays } from '../../db/schema/activity';
import { groupMemberships, groups } from '../../db/schema/groups';
import { organizationMembers, organizations } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { refreshActivityMonths } from './months';

export const DEMO_WALKER_COUNT = 24;
export const DEMO_ACTIVITY_DAYS = 90;
const UID_PREFIX = 'demo-acme-walker-';

const FAMILY_NAMES = ['伊藤', '渡辺', '山本', '中村', '小林', '加藤', '吉田', '山田', '佐々木', '山口', '松本', '井上'];
const GIVEN_NAMES = ['健', '陽子', '翔', '真由美', '大輔', '恵', '拓也', '由美', '誠', '彩', '亮', '直子'];

/** A small deterministic generator, so every fresh demo database shows the same figures. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Typical daily steps and workout minutes per walker: from idle to the 12-point maximum, so every point group shows. */
const PROFILES: [steps: number, minutes: number][] = [
  [0, 0],
  [0, 0],
  [2_200, 0],
  [3_100, 5],
  [3_800, 8],
  [4_600, 5],
  [5_200, 10],
  [5_600, 12],
  [6_300, 12],
  [6_900, 15],
  [7_200, 20],
  [7_600, 22],
  [8_100, 25],
  [8_300, 32],
  [9_000, 35],
  [9_500, 40],
  [10_500, 45],
  [12_000, 60],
  [4_200, 12],
  [6_000, 22],
  [8_800, 31],
  [3_000, 0],
  [5_000, 18],
  [11_000, 35],
];

/**
 * Demo members of acme with birthdays and DEMO_ACTIVITY_DAYS days of activity up to yesterday (in Japan), so the
 * workout dashboard shows real distributions. They have no Firebase account (nobody signs in as them) and earn no
 * coins (coins are paid only when a member logs or syncs). Idempotent: does nothing once the walkers exist.
 */
export async function seedActivityDemo(tx: Executor, now: Date): Promise<void> {
  const [acme] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.identifier, 'acme'));
  if (!acme) return;
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(like(users.firebaseUid, `${UID_PREFIX}%`))
    .limit(1);
  if (existing) return;

  const next = random(20_240_401);
  const thisYear = Number(dayInJapan(now).slice(0, 4));
  const walkers = Array.from({ length: DEMO_WALKER_COUNT }, (_, index) => {
    const number = String(index + 1).padStart(2, '0');
    const age = 22 + ((index * 7) % 44);
    const month = String(1 + (index % 12)).padStart(2, '0');
    const day = String(1 + ((index * 5) % 28)).padStart(2, '0');
    return {
      firebaseUid: `${UID_PREFIX}${number}`,
      email: `walker${number}@acme.example`,
      name: `${FAMILY_NAMES[index % FAMILY_NAMES.length]} ${GIVEN_NAMES[(index * 5) % GIVEN_NAMES.length]}`,
      // Every fifth walker has not entered a birthday: the dashboard's "not set" age range.
      birthday: index % 5 === 4 ? null : `${thisYear - age}-${month}-${day}`,
      language: 'ja',
    };
  });
  const lastDay = Date.parse(`${dayInJapan(now)}T00:00:00Z`) - 86_400_000;
  const joined = new Date(lastDay - DEMO_ACTIVITY_DAYS * 86_400_000);
  const userRows = await tx.insert(users).values(walkers).returning({ id: users.id, uid: users.firebaseUid });
  const uidIndex = (uid: string) => Number(uid.slice(UID_PREFIX.length)) - 1;
  const memberRows = await tx
    .insert(organizationMembers)
    .values(
      userRows.map((user) => {
        const active = PROFILES[uidIndex(user.uid)]![0] > 0;
        // Two of three active walkers use the mobile app; the rest log by hand.
        const appInstalled = active && uidIndex(user.uid) % 3 !== 0;
        // Members since their first day of activity, so past months count them as invited too.
        return {
          userId: user.id,
          organizationId: acme.id,
          role: 'member' as const,
          appInstalled,
          lastSyncAt: appInstalled ? now : null,
          createdAt: joined,
        };
      }),
    )
    .returning({ id: organizationMembers.id, userId: organizationMembers.userId });
  const uidOfUser = new Map(userRows.map((user) => [user.id, user.uid]));

  const rows = memberRows.flatMap((member) => {
    const [baseSteps, baseMinutes] = PROFILES[uidIndex(uidOfUser.get(member.userId)!)]!;
    if (baseSteps === 0) return [];
    return Array.from({ length: DEMO_ACTIVITY_DAYS }, (_, offset) => {
      const day = new Date(lastDay - offset * 86_400_000).toISOString().slice(0, 10);
      const steps = Math.round(baseSteps * (0.8 + next() * 0.4));
      const workoutMinutes = next() < 0.25 ? 0 : Math.round(baseMinutes * (0.7 + next() * 0.6));
      return {
        organizationMemberId: member.id,
        day,
        steps,
        workoutMinutes,
        calories: Math.round(steps * 0.04 + workoutMinutes * 6),
        distanceMeters: Math.round(steps * 0.7),
        healthPoints: dailyHealthPoints({ steps, workoutMinutes }),
        source: (offset + member.id) % 4 === 0 ? ('manual' as const) : ('app' as const),
      };
    });
  });
  // One statement per 500 rows keeps well under PostgreSQL's 65,535 parameters.
  for (let start = 0; start < rows.length; start += 500) await tx.insert(activityDays).values(rows.slice(start, start + 500));
  await refreshActivityMonths(tx, { memberIds: memberRows.map((member) => member.id) });

  // When the demo organisation has groups (seeded by the organisation feature), spread the walkers over its leaf groups.
  const acmeGroups = await tx.select({ id: groups.id, parentId: groups.parentId }).from(groups).where(eq(groups.organizationId, acme.id));
  const parents = new Set(acmeGroups.map((group) => group.parentId).filter((id) => id !== null));
  const leaves = acmeGroups.filter((group) => !parents.has(group.id));
  if (leaves.length > 0) {
    await tx
      .insert(groupMemberships)
      .values(memberRows.map((member, index) => ({ groupId: leaves[index % leaves.length]!.id, organizationMemberId: member.id })));
  }
}
