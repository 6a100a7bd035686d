import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { nicknameKey } from '@kiwi/shared/domain/nickname';
import type { UpdateUserSchema } from '@kiwi/shared/schemas/user';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { loadSession, type Session } from '../../auth/session-cache';
import type { Executor } from '../../db/client';
import { organizationMembers } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { ApiError, notFound } from '../../jsonapi/errors';
import { registerDevice, updateNotificationPreferences } from '../push/devices';
import { evaluateQuests } from '../quests/service';

export type UpdateUserInput = z.output<typeof UpdateUserSchema>['user'];

/** The first key of the advisory locks that serialise nickname changes per organisation (the second is its id). */
const NICKNAME_LOCK = 15_002;

/** Updates the profile fields present in the payload and upserts the device by uuid; returns the fresh session shape. */
export async function updateUser(tx: Executor, userId: number, input: UpdateUserInput): Promise<Session> {
  const [target] = await tx.select({ firebaseUid: users.firebaseUid }).from(users).where(eq(users.id, userId)).for('update');
  if (!target) throw notFound();

  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.nickname !== undefined) {
    changes.nickname = input.nickname;
    changes.nicknameKey = nicknameKey(input.nickname);
    if (changes.nicknameKey) await assertNicknameFree(tx, userId, changes.nicknameKey);
  }
  if (input.birthday !== undefined) changes.birthday = input.birthday;
  if (input.resting_heart_rate !== undefined) changes.restingHeartRate = input.resting_heart_rate;
  if (input.height_cm !== undefined) changes.heightCm = input.height_cm;
  if (input.weight_kg !== undefined) changes.weightKg = input.weight_kg;
  if (input.icon !== undefined) changes.icon = input.icon;
  if (input.language !== undefined) changes.language = input.language;
  if (Object.keys(changes).length > 0) {
    await tx.update(users).set(changes).where(eq(users.id, userId));
    // Setup quests complete when their field is first set (the completion's unique key makes it once).
    const memberships = await tx
      .select({ id: organizationMembers.id })
      .from(organizationMembers)
      .where(eq(organizationMembers.userId, userId))
      .orderBy(asc(organizationMembers.id));
    for (const { id } of memberships) await evaluateQuests(tx, id, new Date());
  }
  if (input.notification_preferences !== undefined) await updateNotificationPreferences(tx, userId, input.notification_preferences);

  if (input.device) await registerDevice(tx, userId, input.device, new Date());

  const session = await loadSession(tx, target.firebaseUid);
  if (!session) throw notFound();
  return session;
}

/**
 * The nickname rule (shared/src/domain/nickname.ts): no other member of any of the user's organisations holds a
 * nickname with this key. Changes in one organisation take turns (a transaction-scoped advisory lock per organisation,
 * in id order), so two members choosing the same nickname at once cannot both get it.
 */
async function assertNicknameFree(tx: Executor, userId: number, key: string): Promise<void> {
  const memberships = await tx
    .select({ organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizationMembers.organizationId));
  await assertNicknameFreeIn(
    tx,
    memberships.map((membership) => membership.organizationId),
    key,
    userId,
  );
}

/** The rule for given organisations (a sign-up checks the one it joins): locks them in id order, then looks for a clash. */
export async function assertNicknameFreeIn(
  tx: Executor,
  organizationIds: number[],
  key: string,
  exceptUserId: number,
  pointer = '/user/nickname',
): Promise<void> {
  if (organizationIds.length === 0) return;
  for (const organizationId of organizationIds) {
    await tx.execute(sql`select pg_advisory_xact_lock(${NICKNAME_LOCK}, ${organizationId})`);
  }
  const [clash] = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(organizationMembers, eq(organizationMembers.userId, users.id))
    .where(and(eq(users.nicknameKey, key), ne(users.id, exceptUserId), inArray(organizationMembers.organizationId, organizationIds)))
    .limit(1);
  if (clash) throw new ApiError(ErrorCode.userNicknameTaken, { pointer });
}
