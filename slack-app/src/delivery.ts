import { type SlackMessage, buildSlackMessage } from './blocks';
import { DeliveryError } from './delivery-error';
import type { SlackCommandNotifications, SlackNotifications } from './notifications';
import type { OutboxRow, SlackSettings } from './ports';
import { postToWebhook, type WebhookOptions } from './webhook';

export type SlackDeliveryOptions = WebhookOptions & {
  settings: SlackSettings;
  /** The portal's public URL, for links in messages. */
  publicUrl: string;
};

/** Why a row was completed without a post (recorded on the row; nothing is retried). */
export type Skipped = { skipped: string };

/**
 * The outbox handler for every `slack.*` topic: renders the row in the organisation's language and posts it to the
 * organisation's webhook. An organisation without a webhook simply gets no Slack message.
 */
export function createSlackDelivery({
  settings,
  publicUrl,
  ...webhook
}: SlackDeliveryOptions): (row: OutboxRow) => Promise<void | Skipped> {
  return async (row) => {
    if (row.organizationId === null) throw new DeliveryError('a Slack notification needs an organization', { permanent: true });
    const setting = await settings.forOrganization(row.organizationId);
    if (!setting) return { skipped: 'no Slack webhook configured' };
    let message: SlackMessage;
    try {
      message = buildSlackMessage(row.topic as keyof SlackNotifications, row.payload as never, { language: setting.language, publicUrl });
    } catch (error) {
      throw new DeliveryError(`cannot render ${row.topic}: ${error instanceof Error ? error.message : String(error)}`, { permanent: true });
    }
    await postToWebhook(setting.webhookUrl, message, webhook);
  };
}

/**
 * The outbox handler for `slack_command.answer`: posts a /kiwi answer to the command's response_url. Slack accepts up
 * to five posts to one response_url within 30 minutes; 5xx, 429 and network failures are retried by the outbox worker,
 * an expired or unknown response_url (404/410) is not.
 */
export function createCommandAnswerDelivery(webhook: WebhookOptions = {}): (row: OutboxRow) => Promise<void> {
  return async (row) => {
    const { responseUrl, answer } = row.payload as SlackCommandNotifications['slack_command.answer'];
    if (!URL.canParse(responseUrl)) throw new DeliveryError('unreadable response_url', { permanent: true });
    await postToWebhook(responseUrl, answer, webhook);
  };
}
