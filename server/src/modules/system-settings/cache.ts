// Issue 20 point 6: the system settings in each server process's memory, read by every feature that needs one (app
// install links, the public rate limit, the maintenance message). A write sends `{ cache: 'settings' }` on the
// invalidation bus in its transaction (realtime/invalidation.ts, NOTIFY kiwi_cache); every process (this one included)
// drops its copy, so a change is seen everywhere within moments of the commit.
import { checkSystemSetting, readSystemSetting, SYSTEM_SETTING_KEYS, type SystemSettingKey } from '@kiwi/shared/domain/system-settings';
import type { Logger } from 'pino';
import type { DatabaseHandle, Executor } from '../../db/client';
import { systemSettings } from '../../db/schema/system-settings';
import { type Invalidation, invalidateIn, invalidationBus } from '../../realtime/invalidation';
import type { ModuleDependencies } from '../deps';

/** The bus message of a settings change (tests send it as another process would). */
export const SETTINGS_CHANGED: Invalidation = { cache: 'settings' };

export type SystemSettingValues = Readonly<Record<SystemSettingKey, string>>;
type Loaded = { values: SystemSettingValues; stored: ReadonlySet<SystemSettingKey> };

export type SystemSettingsCache = {
  /** Every registry key's value (its default when unset or invalid), loaded once and kept until invalidated. */
  values(): Promise<SystemSettingValues>;
  get<K extends SystemSettingKey>(key: K): Promise<string>;
  /** The stored value when the key has a valid row, else undefined (the reader's own default applies). */
  stored<K extends SystemSettingKey>(key: K): Promise<string | undefined>;
  /** Drops this process's copy (after a commit) without telling the others. */
  dropLocal(): void;
  stop(): Promise<void>;
};

type Options = { logger?: Logger; ttlMs?: number; now?: () => number };

/**
 * Called by every write in its transaction: PostgreSQL delivers the NOTIFY on commit only, so no process reloads
 * before the change is visible, and a rolled-back write tells nobody.
 */
export const notifySettingsChanged = (tx: Executor) => invalidateIn(tx, SETTINGS_CHANGED);

async function loadValues(handle: DatabaseHandle): Promise<Loaded> {
  const rows = await handle.db.select({ key: systemSettings.key, value: systemSettings.value }).from(systemSettings);
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  const stored = new Set(SYSTEM_SETTING_KEYS.filter((key) => byKey.has(key) && checkSystemSetting(key, byKey.get(key)).ok));
  const values = Object.fromEntries(SYSTEM_SETTING_KEYS.map((key) => [key, readSystemSetting(key, byKey.get(key))])) as SystemSettingValues;
  return { values, stored };
}

export function createSystemSettingsCache(handle: DatabaseHandle, options: Options = {}): SystemSettingsCache {
  // A safety net for a lost notification only; invalidation is what keeps it fresh.
  const ttlMs = options.ttlMs ?? 60_000;
  const now = options.now ?? Date.now;
  let cached: { loaded: Loaded; at: number } | null = null;
  let loading: Promise<Loaded> | null = null;
  // Bumped by every invalidation: a load that started before it must not keep what it read.
  let generation = 0;
  let stopped = false;

  const dropLocal = () => {
    generation += 1;
    cached = null;
    loading = null;
  };

  // LISTEN before the first read, so that no change committed after that read can be missed. A lost connection drops
  // the copy once LISTEN is back (null), as what was notified meanwhile is lost.
  const bus = invalidationBus(handle, options.logger);
  const unsubscribe = bus.on('settings', dropLocal);
  const listening = bus.listening;

  const load = async (): Promise<Loaded> => {
    const unlisten = await listening;
    if (cached && unlisten && now() - cached.at < ttlMs) return cached.loaded;
    if (!loading) {
      const startedAt = generation;
      const pending = loadValues(handle).then((loaded) => {
        if (startedAt === generation && unlisten && !stopped) cached = { loaded, at: now() };
        return loaded;
      });
      pending
        .finally(() => {
          if (loading === pending) loading = null;
        })
        .catch(() => {});
      loading = pending;
    }
    return loading;
  };

  return {
    values: async () => (await load()).values,
    get: async (key) => (await load()).values[key],
    async stored(key) {
      const loaded = await load();
      return loaded.stored.has(key) ? loaded.values[key] : undefined;
    },
    dropLocal,
    async stop() {
      stopped = true;
      dropLocal();
      unsubscribe();
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

/**
 * The public calls' per-IP limit (requests per minute) for express-rate-limit, read per request from the cache: the
 * admin's public_rate_limit_per_minute once saved, else PUBLIC_RATE_LIMIT of the configuration (its default).
 */
export function publicRateLimit({ db, config, logger }: Pick<ModuleDependencies, 'db' | 'config' | 'logger'>): () => Promise<number> {
  const cache = systemSettingsCache(db, logger);
  return async () => {
    const stored = await cache.stored('public_rate_limit_per_minute');
    return stored === undefined ? config.publicRateLimit : Number(stored);
  };
}
