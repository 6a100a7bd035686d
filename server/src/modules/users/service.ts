import type { UpdateUserSchema } from '@kiwi/shared/schemas/user';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { loadSession, type Session } from '../../auth/session-cache';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/users';
import { registerDevice, updateNotificationPreferences } from '../push/devices';
import { forbidden, notFound } from '../../jsonapi/errors';

export type UpdateUserInput = z.output<typeof UpdateUserSchema>['user'];

/** Own profile, or any profile for a platform admin. */
export function assertCanUpdateUser(session: Session, userId: number): void {
  if (session.user.role !== 'admin' && session.user.id !== userId) throw forbidden();
}

/** Updates the profile fields present in the payload and upserts the device by uuid; returns the fresh session shape. */
export async function updateUser(tx: Executor, userId: number, input: UpdateUserInput): Promise<Session> {
  const [target] = await tx.select({ firebaseUid: users.firebaseUid }).from(users).where(eq(users.id, userId)).for('update');
  if (!target) throw notFound();

  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.nickname !== undefined) changes.nickname = input.nickname;
  if (input.birthday !== undefined) changes.birthday = input.birthday;
  if (input.resting_heart_rate !== undefined) changes.restingHeartRate = input.resting_heart_rate;
  if (input.icon !== undefined) changes.icon = input.icon;
  if (input.language !== undefined) changes.language = input.language;
  if (Object.keys(changes).length > 0) await tx.update(users).set(changes).where(eq(users.id, userId));
  if (input.notification_preferences !== undefined) await updateNotificationPreferences(tx, userId, input.notification_preferences);

  if (input.device) await registerDevice(tx, userId, input.device, new Date());

  const session = await loadSession(tx, target.firebaseUid);
  if (!session) throw notFound();
  return session;
}
