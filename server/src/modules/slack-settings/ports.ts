import type { SlackCommands, SlackSettings, SlackWorkspaces } from '@kiwi/slack-app/ports';
import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { InvalidationBus } from '../../realtime/invalidation';
import { slackCommandReceipts, slackCredentials, slackWebhooks } from '../../db/schema/slack';
import { createCommandAnswerDelivery } from '@kiwi/slack-app/delivery';
import { enqueueAndDeliver } from '../../outbox/deliver-now';
import type { SecretBox } from './crypto';

type Setting = Awaited<ReturnType<SlackSettings['forOrganization']>>;

/**
 * The Slack app's SlackSettings port, read from slack_webhooks. Each organisation's setting is kept for `ttlMs` (a
 * batch of deliveries asks once, not once per message); a change dropped it in every process through `invalidations`
 * (issue 22), so the TTL only bounds a notification that never came.
 */
export function slackSettingsPort(
  db: Database,
  { ttlMs = 5_000, now = () => Date.now(), invalidations }: { ttlMs?: number; now?: () => number; invalidations?: InvalidationBus } = {},
): SlackSettings {
  const cache = new Map<number, { at: number; setting: Promise<Setting> }>();
  invalidations?.on('slack-settings', (message) => {
    if (message?.organizationId === undefined) cache.clear();
    else cache.delete(message.organizationId);
  });
  return {
    forOrganization(organizationId) {
      const cached = cache.get(organizationId);
      if (cached && now() - cached.at < ttlMs) return cached.setting;
      const setting = (async (): Promise<Setting> => {
        const [row] = await db.select().from(slackWebhooks).where(eq(slackWebhooks.organizationId, organizationId));
        return row ? { webhookUrl: row.url, language: row.language === 'en' ? 'en' : 'ja' } : null;
      })();
      cache.set(organizationId, { at: now(), setting });
      setting.catch(() => cache.delete(organizationId));
      if (cache.size > 10_000) cache.delete(cache.keys().next().value as number);
      return setting;
    },
  };
}

/** The Slack app's SlackWorkspaces port: credentials by team id, decrypted on the way out. */
export function slackWorkspacesPort(db: Database, box: SecretBox): SlackWorkspaces {
  return {
    async byTeamId(teamId) {
      const [row] = await db.select().from(slackCredentials).where(eq(slackCredentials.teamId, teamId));
      if (!row) return null;
      return {
        organizationId: row.organizationId,
        teamId: row.teamId,
        signingSecret: box.open(row.signingSecretCiphertext),
        botToken: box.open(row.botTokenCiphertext),
      };
    },
  };
}

/** How long a taken command is remembered (Slack retries within minutes), and how often old receipts are removed. */
const RECEIPT_DAYS = 1;
const PRUNE_EVERY_MS = 60_000;

/**
 * The Slack app's SlackCommands port: a command is taken by inserting its (team, trigger id) receipt, so a retry of
 * it finds the row; answers go to the outbox as `slack_command.answer` rows, posted to response_url at once (the
 * member is waiting) and by the outbox workers, with their retries, when that post fails.
 */
export function slackCommandsPort(
  db: Database,
  { fetch, now = () => Date.now() }: { fetch?: typeof globalThis.fetch; now?: () => number } = {},
): SlackCommands {
  const deliver = createCommandAnswerDelivery(fetch ? { fetch } : {});
  let prunedAt = Number.NEGATIVE_INFINITY;
  return {
    async claim(teamId, triggerId) {
      // One statement per command; receipts older than a day go at most once a minute per process.
      if (now() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = now();
        await db
          .delete(slackCommandReceipts)
          .where(lt(slackCommandReceipts.receivedAt, sql`now() - make_interval(days => ${RECEIPT_DAYS})`));
      }
      const taken = await db
        .insert(slackCommandReceipts)
        .values({ teamId, triggerId })
        .onConflictDoNothing()
        .returning({ triggerId: slackCommandReceipts.triggerId });
      return taken.length === 1;
    },
    async answer(organizationId, responseUrl, answer) {
      await enqueueAndDeliver(db, 'slack_command.answer', { responseUrl, answer }, deliver, { organizationId });
    },
  };
}
