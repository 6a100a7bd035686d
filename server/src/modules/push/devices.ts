import type { DeviceSchema, NotificationPreferencesSchema } from '@kiwi/shared/schemas/push';
import { and, asc, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { organizationMembers } from '../../db/schema/organizations';
import { type UserDeviceRow, userDevices, users } from '../../db/schema/users';

export type DeviceInput = z.output<typeof DeviceSchema>;

/** Devices not sent again for this long are dropped: their token has most likely been replaced or the app removed. */
export const DEVICE_MAX_IDLE_MS = 60 * 24 * 3600 * 1000;

/**
 * Stores the device the signed-in user sent (PUT /api/users/{id} `user.device`), keyed by (user, uuid), and marks it
 * seen now. The token is bound to this user: another user's row holding it (the same browser signed in by someone
 * else before) is deleted, so a device never receives two people's notifications. The mobile app's first device
 * marks the user's memberships appInstalled.
 */
export async function registerDevice(tx: Executor, userId: number, device: DeviceInput, now: Date): Promise<void> {
  const platform = device.platform ?? 'app';
  await tx
    .delete(userDevices)
    .where(and(eq(userDevices.fcmToken, device.fcm_token), or(ne(userDevices.userId, userId), ne(userDevices.uuid, device.uuid))));
  await tx
    .insert(userDevices)
    .values({ userId, uuid: device.uuid, fcmToken: device.fcm_token, platform, lastSeenAt: now })
    .onConflictDoUpdate({
      target: [userDevices.userId, userDevices.uuid],
      set: { fcmToken: device.fcm_token, platform, lastSeenAt: now, updatedAt: sql`now()` },
    });
  if (platform === 'app') {
    await tx
      .update(organizationMembers)
      .set({ appInstalled: true })
      .where(and(eq(organizationMembers.userId, userId), eq(organizationMembers.appInstalled, false)));
  }
}

/** The kinds named in `user.notification_preferences` take the given choice; the others keep theirs. */
export async function updateNotificationPreferences(
  tx: Executor,
  userId: number,
  choices: z.output<typeof NotificationPreferencesSchema>,
): Promise<void> {
  await tx
    .update(users)
    .set({ notificationPreferences: sql`${users.notificationPreferences} || ${JSON.stringify(choices)}::jsonb` })
    .where(eq(users.id, userId));
}

/** GET /api/users/{id}/devices, oldest first. */
export async function listDevices(executor: Executor, userId: number): Promise<UserDeviceRow[]> {
  return executor.select().from(userDevices).where(eq(userDevices.userId, userId)).orderBy(asc(userDevices.id));
}

/** DELETE /api/users/{id}/devices/{uuid}: push turned off on that device. True when there was one. */
export async function removeDevice(tx: Executor, userId: number, uuid: string): Promise<boolean> {
  const removed = await tx
    .delete(userDevices)
    .where(and(eq(userDevices.userId, userId), eq(userDevices.uuid, uuid)))
    .returning({ id: userDevices.id });
  return removed.length > 0;
}

/** Tokens FCM reported as no longer valid (UNREGISTERED, an invalid token). */
export async function removeTokens(tx: Executor, tokens: string[]): Promise<number> {
  if (tokens.length === 0) return 0;
  const removed = await tx.delete(userDevices).where(inArray(userDevices.fcmToken, tokens)).returning({ id: userDevices.id });
  return removed.length;
}

/** Drops devices unseen for 60 days; returns how many. */
export async function dropIdleDevices(tx: Executor, now: Date): Promise<number> {
  const removed = await tx
    .delete(userDevices)
    .where(lt(userDevices.lastSeenAt, new Date(now.getTime() - DEVICE_MAX_IDLE_MS)))
    .returning({ id: userDevices.id });
  return removed.length;
}
