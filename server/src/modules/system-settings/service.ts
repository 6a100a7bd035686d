import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { checkSystemSetting } from '@kiwi/shared/domain/system-settings';
import { type CreateSystemSetting, SYSTEM_SETTINGS_MAX, type UpdateSystemSetting } from '@kiwi/shared/schemas/system-settings';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Session } from '../../auth/session-cache';
import type { Executor } from '../../db/client';
import { type SystemSettingRow, systemSettings } from '../../db/schema/system-settings';
import { ApiError, notFound } from '../../jsonapi/errors';
import { changedFields, recordStaffAction } from '../staff-actions/record';
import { notifySettingsChanged } from './cache';

/** Every setting, by key (at most SYSTEM_SETTINGS_MAX: one page). */
export const listSystemSettings = (tx: Executor): Promise<SystemSettingRow[]> =>
  tx.select().from(systemSettings).orderBy(asc(systemSettings.key));

type Actor = { session: Session; method: string; route: string };

/**
 * Adds a setting of the registry (the schema has checked the key and the value). Creations run one after the other
 * (a table lock that readers pass), so the count stays within SYSTEM_SETTINGS_MAX; a key that exists is refused with
 * systemSetting.keyTaken (409) on `/system_setting/key`. Logged and broadcast in the same transaction.
 */
export async function createSystemSetting(tx: Executor, input: CreateSystemSetting, actor: Actor): Promise<SystemSettingRow> {
  await tx.execute(sql`lock table ${systemSettings} in share row exclusive mode`);
  const [existing] = await tx.select({ id: systemSettings.id }).from(systemSettings).where(eq(systemSettings.key, input.key));
  if (existing) throw new ApiError(ErrorCode.systemSettingKeyTaken, { pointer: '/system_setting/key' });
  const [total] = await tx.select({ total: count() }).from(systemSettings);
  if ((total?.total ?? 0) >= SYSTEM_SETTINGS_MAX) {
    throw new ApiError(ErrorCode.validationTooManyItems, { pointer: '/system_setting', params: { count: SYSTEM_SETTINGS_MAX } });
  }
  const [row] = await tx.insert(systemSettings).values(input).returning();
  if (!row) throw new Error('system setting not inserted');
  await recordStaffAction(tx, {
    actor: actor.session,
    organizationId: null,
    kind: 'system_settings.create',
    method: actor.method,
    route: actor.route,
    targetType: 'system_settings',
    targetId: row.key,
    changes: changedFields(null, { value: row.value }),
    statusCode: 201,
  });
  await notifySettingsChanged(tx);
  return row;
}

/**
 * Changes a setting's value under its key's schema (domain/system-settings.ts): 422 with the key's issue on
 * `/system_setting/value`, validation.unknownKey on `/system_setting/key` for a stored key the registry no longer
 * knows; 404 for an id that names no setting.
 */
export async function updateSystemSetting(tx: Executor, id: number, input: UpdateSystemSetting, actor: Actor): Promise<SystemSettingRow> {
  const [current] = await tx.select().from(systemSettings).where(eq(systemSettings.id, id)).for('update');
  if (!current) throw notFound();
  const checked = checkSystemSetting(current.key, input.value);
  if (!checked.ok) {
    const unknown = checked.issue.code === ErrorCode.validationUnknownKey;
    throw new ApiError(checked.issue.code as ErrorCode, {
      status: 422,
      pointer: unknown ? '/system_setting/key' : '/system_setting/value',
      ...(checked.issue.params ? { params: checked.issue.params as Record<string, string | number> } : {}),
    });
  }
  const [row] = await tx.update(systemSettings).set({ value: checked.value }).where(eq(systemSettings.id, id)).returning();
  if (!row) throw notFound();
  await recordStaffAction(tx, {
    actor: actor.session,
    organizationId: null,
    kind: 'system_settings.update',
    method: actor.method,
    route: actor.route,
    targetType: 'system_settings',
    targetId: row.key,
    changes: changedFields({ value: current.value }, { value: row.value }),
    statusCode: 200,
  });
  await notifySettingsChanged(tx);
  return row;
}
