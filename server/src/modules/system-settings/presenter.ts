import type { SystemSettingRow } from '../../db/schema/system-settings';
import { serialize } from '../../jsonapi/serialize';

const attributes = ['key', 'value', 'createdAt', 'updatedAt'] as const;

/** One `system-settings` resource. */
export const presentSystemSetting = (row: SystemSettingRow) => serialize('system-settings', row, { attributes });

/** Every setting (one page). */
export const presentSystemSettings = (rows: SystemSettingRow[]) => serialize('system-settings', rows, { attributes });
