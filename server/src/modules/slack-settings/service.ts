import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { isAllowedSlackWebhookUrl } from '@kiwi/shared/schemas/slack-settings';
import { and, desc, eq, like } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { outbox } from '../../db/schema/outbox';
import { slackCredentials, type SlackWebhookRow, slackWebhooks } from '../../db/schema/slack';
import { ApiError } from '../../jsonapi/errors';
import { enqueue } from '../../outbox/enqueue';
import type { SecretBox } from './crypto';

export function assertWebhookUrl(url: string, config: Pick<Config, 'nodeEnv'>): void {
  if (!isAllowedSlackWebhookUrl(url, { development: config.nodeEnv === 'development' })) {
    throw new ApiError(ErrorCode.slackInvalidWebhookUrl, { pointer: '/slack_webhook/url' });
  }
}

export async function currentWebhook(tx: Executor, organizationId: number): Promise<SlackWebhookRow | null> {
  const [row] = await tx.select().from(slackWebhooks).where(eq(slackWebhooks.organizationId, organizationId));
  return row ?? null;
}

export async function createWebhook(
  tx: Executor,
  organizationId: number,
  input: { url: string; language?: 'ja' | 'en' | undefined },
): Promise<SlackWebhookRow> {
  const [row] = await tx
    .insert(slackWebhooks)
    .values({ organizationId, url: input.url, language: input.language ?? 'ja' })
    .onConflictDoNothing({ target: slackWebhooks.organizationId })
    .returning();
  if (!row) throw new ApiError(ErrorCode.slackAlreadyConfigured);
  return row;
}

export async function updateWebhook(
  tx: Executor,
  organizationId: number,
  input: { url?: string | undefined; language?: 'ja' | 'en' | undefined },
): Promise<SlackWebhookRow> {
  const changes: Partial<typeof slackWebhooks.$inferInsert> = {};
  if (input.url !== undefined) changes.url = input.url;
  if (input.language !== undefined) changes.language = input.language;
  const [row] =
    Object.keys(changes).length > 0
      ? await tx.update(slackWebhooks).set(changes).where(eq(slackWebhooks.organizationId, organizationId)).returning()
      : await tx.select().from(slackWebhooks).where(eq(slackWebhooks.organizationId, organizationId));
  if (!row) throw new ApiError(ErrorCode.slackNotConfigured);
  return row;
}

/** Enqueues the test message (the outbox worker posts it); 404 slack.notConfigured without a webhook. */
export async function sendTestMessage(tx: Executor, organizationId: number, requestedBy: string): Promise<number> {
  if (!(await currentWebhook(tx, organizationId))) throw new ApiError(ErrorCode.slackNotConfigured);
  return enqueue(tx, 'slack.test_message', { requestedBy }, { organizationId });
}

/** The organisation's Slack deliveries (newest first), by status; dead ones are what the page offers to retry. */
export async function listDeliveries(
  tx: Executor,
  organizationId: number,
  { status, per, page }: { status: 'pending' | 'done' | 'dead'; per: number; page: number },
) {
  return tx
    .select()
    .from(outbox)
    .where(and(eq(outbox.organizationId, organizationId), eq(outbox.status, status), like(outbox.topic, 'slack.%')))
    .orderBy(desc(outbox.id))
    .limit(per)
    .offset((page - 1) * per);
}

export async function credentialsSummary(tx: Executor, organizationId: number) {
  const [row] = await tx
    .select({ teamId: slackCredentials.teamId, updatedAt: slackCredentials.updatedAt })
    .from(slackCredentials)
    .where(eq(slackCredentials.organizationId, organizationId));
  return row ?? null;
}

/** Stores (or replaces) the Slack app credentials, sealed with the SecretBox; the team id must not belong to another organisation. */
export async function saveCredentials(
  tx: Executor,
  box: SecretBox,
  organizationId: number,
  input: { team_id: string; signing_secret: string; bot_token: string },
) {
  const [taken] = await tx
    .select({ organizationId: slackCredentials.organizationId })
    .from(slackCredentials)
    .where(eq(slackCredentials.teamId, input.team_id));
  if (taken && taken.organizationId !== organizationId)
    throw new ApiError(ErrorCode.slackTeamTaken, { pointer: '/slack_credential/team_id' });
  const values = {
    teamId: input.team_id,
    signingSecretCiphertext: box.seal(input.signing_secret),
    botTokenCiphertext: box.seal(input.bot_token),
  };
  await tx
    .insert(slackCredentials)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: slackCredentials.organizationId, set: values });
  return credentialsSummary(tx, organizationId);
}

export async function deleteCredentials(tx: Executor, organizationId: number): Promise<void> {
  await tx.delete(slackCredentials).where(eq(slackCredentials.organizationId, organizationId));
}
