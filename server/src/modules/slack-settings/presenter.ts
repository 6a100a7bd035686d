import type { OutboxRow } from '../../db/schema/outbox';
import type { SlackWebhookRow } from '../../db/schema/slack';
import { serialize } from '../../jsonapi/serialize';

export const presentWebhook = (row: SlackWebhookRow | null) =>
  serialize('slack-webhooks', row, { attributes: ['organizationId', 'url', 'language', 'createdAt', 'updatedAt'] });

/** Outbox rows of Slack topics; the payload is left out (it may hold member names), the topic says what it was. */
export const presentDeliveries = (rows: OutboxRow[]) =>
  serialize('slack-deliveries', rows, {
    attributes: ['topic', 'status', 'attempts', 'lastError', 'createdAt', 'nextAttemptAt', 'deliveredAt'],
  });

/** Never the secrets: only whether they are set, for which team, and when. */
export const presentCredentials = (organizationId: number, summary: { teamId: string; updatedAt: Date } | null) =>
  serialize(
    'slack-credentials',
    { id: organizationId, ...summary },
    {
      attributes: () => ({ configured: summary !== null, teamId: summary?.teamId ?? null, updatedAt: summary?.updatedAt ?? null }),
    },
  );
