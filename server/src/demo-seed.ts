// The demo seed (`npm start`, SEED_DEMO=true), composed above the features: the accounts from db/seed.ts, then each
// feature module's own demo data. db/ knows no feature module; this file, beside main.ts, knows them all.
import type { Logger } from 'pino';
import type { Identity } from './auth/identity';
import type { DatabaseHandle, Executor } from './db/client';
import { seedDemoAccounts, seedFreshDatabase } from './db/seed';
import { seedActivityDemo } from './modules/activity/seed';
import { seedAppInstallDemo } from './modules/app-install/seed';
import { seedCoins } from './modules/coins/seed';
import { seedEmbedOrigins } from './modules/embed-origins/seed';
import { seedEventsDemo } from './modules/events/seed';
import { seedRewards } from './modules/gift-audit/seed';
import { seedGuilds } from './modules/guilds/seed';
import { seedAppInformations } from './modules/home/seed';
import { seedOrganizationDemo } from './modules/organizations/seed';
import { seedQuestsDemo } from './modules/quests/seed';
import { seedSurveys } from './modules/surveys/seed';
import { seedViolationReportsDemo } from './modules/violation-reports/seed';
import { seedWalkingEventsDemo } from './modules/walking-events/seed';

/**
 * Inserts the demo organisations, users and memberships, then every feature's demo data, in this order (later seeds
 * read what earlier ones wrote). Idempotent: a second run changes nothing. `widgetsDemoOrigin` (default
 * http://localhost:8081) is registered as an embed origin of acme for the widgets demo page.
 */
export async function seedDemoData(tx: Executor, now: Date, { widgetsDemoOrigin }: { widgetsDemoOrigin?: string } = {}): Promise<void> {
  await seedDemoAccounts(tx, now);
  await seedSurveys(tx, now);
  await seedOrganizationDemo(tx, now);
  await seedActivityDemo(tx, now);
  await seedGuilds(tx, now);
  await seedEventsDemo(tx, now);
  await seedCoins(tx, now);
  await seedEmbedOrigins(tx, widgetsDemoOrigin);
  await seedAppInstallDemo(tx, now);
  await seedAppInformations(tx, now);
  await seedWalkingEventsDemo(tx, now);
  await seedQuestsDemo(tx);
  await seedRewards(tx);
  await seedViolationReportsDemo(tx, now);
}

/** Seeds the database only while it has no users (a fresh install), then makes sure the demo identities exist. */
export function seedDemo({
  db,
  identity,
  logger,
  now = new Date(),
  widgetsDemoOrigin,
}: {
  db: DatabaseHandle;
  identity: Identity;
  logger?: Logger;
  now?: Date;
  widgetsDemoOrigin?: string;
}): Promise<{ seededDatabase: boolean }> {
  return seedFreshDatabase({ db, identity, logger, seed: (tx) => seedDemoData(tx, now, { widgetsDemoOrigin }) });
}
