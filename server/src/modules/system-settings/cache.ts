// Issue 20 point 6: the system settings in each server process's memory, read by every feature that needs one (app
// install links, the public rate limit, the maintenance message). A write NOTIFYs kiwi_settings in its transaction;
// every process (this one included) LISTENs and drops its copy, so a change is seen everywhere within moments of the
// commit. Same mechanism as the session cache (auth/session-cache.ts, kiwi_cache).
import { readSystemSetting, SYSTEM_SETTING_KEYS, type SystemSettingKey } from '@kiwi/shared/domain/system-settings';
import type { Logger } from 'pino';
import { type DatabaseHandle, type Executor, notifyIn } from '../../db/client';
import { systemSettings } from '../../db/schema/system-settings';

export const SETTINGS_CHANNEL = 'kiwi_settings';

export type SystemSettingValues = Readonly<Record<SystemSettingKey, string>>;

export type SystemSettingsCache = {
  /** Every registry key's value (its default when unset or invalid), loaded once and kept until invalidated. */
  values(): Promise<SystemSettingValues>;
  get<K extends SystemSettingKey>(key: K): Promise<string>;
  /** Drops this process's copy (after a commit) without telling the others. */
  dropLocal(): void;
  stop(): Promise<void>;
};

type Options = { logger?: Logger; ttlMs?: number; now?: () => number };

/**
 * Called by every write in its transaction: PostgreSQL delivers the NOTIFY on commit only, so no process reloads
 * before the change is visible, and a rolled-back write tells nobody.
 */
export const notifySettingsChanged = (tx: Executor) => notifyIn(tx, SETTINGS_CHANNEL, 'changed');

async function loadValues(handle: DatabaseHandle): Promise<SystemSettingValues> {
  const rows = await handle.db.select({ key: systemSettings.key, value: systemSettings.value }).from(systemSettings);
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(SYSTEM_SETTING_KEYS.map((key) => [key, readSystemSetting(key, stored.get(key))])) as SystemSettingValues;
}

export function createSystemSettingsCache(handle: DatabaseHandle, options: Options = {}): SystemSettingsCache {
  // A safety net for a lost notification only; invalidation is what keeps it fresh.
  const ttlMs = options.ttlMs ?? 60_000;
  const now = options.now ?? Date.now;
  let cached: { values: SystemSettingValues; at: number } | null = null;
  let loading: Promise<SystemSettingValues> | null = null;
  // Bumped by every invalidation: a load that started before it must not keep what it read.
  let generation = 0;
  let stopped = false;

  const dropLocal = () => {
    generation += 1;
    cached = null;
    loading = null;
  };

  // LISTEN before the first read, so that no change committed after that read can be missed.
  const listening = handle
    .listen(SETTINGS_CHANNEL, dropLocal, {
      onReconnect: () => {
        options.logger?.info('LISTEN kiwi_settings is back; dropping the cached settings');
        dropLocal();
      },
    })
    .catch((error: unknown) => {
      options.logger?.error({ err: error }, 'could not LISTEN kiwi_settings; settings are reloaded on every read');
      return null;
    });

  return {
    async values() {
      const unlisten = await listening;
      if (cached && unlisten && now() - cached.at < ttlMs) return cached.values;
      if (!loading) {
        const startedAt = generation;
        const pending = loadValues(handle).then((values) => {
          if (startedAt === generation && unlisten && !stopped) cached = { values, at: now() };
          return values;
        });
        pending
          .finally(() => {
            if (loading === pending) loading = null;
          })
          .catch(() => {});
        loading = pending;
      }
      return loading;
    },
    async get(key) {
      return (await this.values())[key];
    },
    dropLocal,
    async stop() {
      stopped = true;
      dropLocal();
      const unlisten = await listening;
      await unlisten?.();
    },
  };
}

const caches = new WeakMap<DatabaseHandle, SystemSettingsCache>();

/** The process's one cache for this database handle, created (and listening) on first use. */
export function systemSettingsCache(handle: DatabaseHandle, logger?: Logger): SystemSettingsCache {
  let cache = caches.get(handle);
  if (!cache) {
    cache = createSystemSettingsCache(handle, logger ? { logger } : {});
    caches.set(handle, cache);
  }
  return cache;
}
