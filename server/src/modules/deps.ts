import type { Logger } from 'pino';
import type { SessionCache } from '../auth/session-cache';
import type { Identity } from '../auth/identity';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';

/** What every feature module's router is built from (assembled once in createApp). */
export type ModuleDependencies = {
  db: DatabaseHandle;
  identity: Identity;
  config: Config;
  logger: Logger;
  sessions: SessionCache;
};
