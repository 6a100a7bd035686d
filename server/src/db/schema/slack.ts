import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { organizations } from './organizations';

/** Spec §3 "Slack webhook: url": one incoming webhook per organisation, and the language its messages are written in. */
export const slackWebhooks = pgTable(
  'slack_webhooks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .unique()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    language: text('language').notNull().default('ja'),
    ...timestamps,
  },
  (t) => [check('slack_webhooks_language_check', sql`${t.language} in ('ja', 'en')`)],
);

/**
 * The organisation's Slack app credentials for the /kiwi command and buttons. Secrets are AES-256-GCM ciphertexts
 * (server/src/modules/slack-settings/crypto.ts, key from SLACK_CREDENTIALS_KEY); the team id is clear for `authorize`.
 */
export const slackCredentials = pgTable('slack_credentials', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  teamId: text('team_id').notNull().unique(),
  signingSecretCiphertext: text('signing_secret_ciphertext').notNull(),
  botTokenCiphertext: text('bot_token_ciphertext').notNull(),
  ...timestamps,
});

/**
 * Issue 22: the /kiwi commands taken, by Slack team and trigger id. A command is acknowledged before it is worked out;
 * a Slack retry of it (same trigger id) finds its row and does nothing, so coins never move twice. Rows older than a
 * day are removed as new commands arrive.
 */
export const slackCommandReceipts = pgTable(
  'slack_command_receipts',
  {
    teamId: text('team_id').notNull(),
    triggerId: text('trigger_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.triggerId] }), index('slack_command_receipts_received_at_index').on(t.receivedAt)],
);

export type SlackWebhookRow = typeof slackWebhooks.$inferSelect;
export type SlackCredentialsRow = typeof slackCredentials.$inferSelect;
