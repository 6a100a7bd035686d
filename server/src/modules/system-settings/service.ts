import { ErrorCode } from '@kiwi/shared/api/error-codes';
import {
  type CreateSystemSetting,
  SYSTEM_SETTING_URL_MAX,
  SYSTEM_SETTINGS_MAX,
  systemSettingValueIssue,
  type UpdateSystemSetting,
} from '@kiwi/shared/schemas/system-settings';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type SystemSettingRow, systemSettings } from '../../db/schema/system-settings';
import { ApiError, notFound } from '../../jsonapi/errors';

/** Every setting, by key (at most SYSTEM_SETTINGS_MAX: one page). */
export const listSystemSettings = (tx: Executor): Promise<SystemSettingRow[]> =>
  tx.select().from(systemSettings).orderBy(asc(systemSettings.key));

/** The values of `keys` that are set, by key. */
export async function settingValues<K extends string>(tx: Executor, keys: readonly K[]): Promise<Partial<Record<K, string>>> {
  const rows = await tx
    .select({ key: systemSettings.key, value: systemSettings.value })
    .from(systemSettings)
    .where(inArray(systemSettings.key, [...keys]));
  return Object.fromEntries(rows.map((row) => [row.key, row.value])) as Partial<Record<K, string>>;
}

/**
 * Adds a setting. Creations run one after the other (a table lock that readers pass), so the count stays within
 * SYSTEM_SETTINGS_MAX; a key that exists is refused with systemSetting.keyTaken (409) on `/system_setting/key`.
 */
export async function createSystemSetting(tx: Executor, input: CreateSystemSetting): Promise<SystemSettingRow> {
  await tx.execute(sql`lock table ${systemSettings} in share row exclusive mode`);
  const [existing] = await tx.select({ id: systemSettings.id }).from(systemSettings).where(eq(systemSettings.key, input.key));
  if (existing) throw new ApiError(ErrorCode.systemSettingKeyTaken, { pointer: '/system_setting/key' });
  const [total] = await tx.select({ total: count() }).from(systemSettings);
  if ((total?.total ?? 0) >= SYSTEM_SETTINGS_MAX) {
    throw new ApiError(ErrorCode.validationTooManyItems, { pointer: '/system_setting', params: { count: SYSTEM_SETTINGS_MAX } });
  }
  const [row] = await tx.insert(systemSettings).values(input).returning();
  if (!row) throw new Error('system setting not inserted');
  return row;
}

/**
 * Changes a setting's value under its key's rule (a `*_url` key takes an https URL only: 422 validation.invalidUrl on
 * `/system_setting/value`); 404 for an id that names no setting.
 */
export async function updateSystemSetting(tx: Executor, id: number, input: UpdateSystemSetting): Promise<SystemSettingRow> {
  const [current] = await tx.select().from(systemSettings).where(eq(systemSettings.id, id)).for('update');
  if (!current) throw notFound();
  const issue = systemSettingValueIssue(current.key, input.value);
  if (issue) {
    throw new ApiError(issue, {
      pointer: '/system_setting/value',
      ...(issue === ErrorCode.validationTooLong ? { params: { count: SYSTEM_SETTING_URL_MAX } } : {}),
    });
  }
  const [row] = await tx.update(systemSettings).set({ value: input.value }).where(eq(systemSettings.id, id)).returning();
  if (!row) throw notFound();
  return row;
}
