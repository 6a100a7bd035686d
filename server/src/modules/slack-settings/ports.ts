import type { SlackSettings, SlackWorkspaces } from '@kiwi/slack-app/ports';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { InvalidationBus } from '../../realtime/invalidation';
import { slackCredentials, slackWebhooks } from '../../db/schema/slack';
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
