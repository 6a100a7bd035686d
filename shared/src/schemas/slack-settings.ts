import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { SUPPORTED_LANGUAGES } from '../i18n/languages';
import { requiredOrInvalidType, strictPayload, oneOfError } from './common';

export const SLACK_WEBHOOK_URL_MAX = 2048;

/**
 * A Slack incoming webhook: https on hooks.slack.com. In development mode any http(s) URL is allowed, so a local
 * receiver can stand in for Slack.
 */
export function isAllowedSlackWebhookUrl(value: string, { development }: { development: boolean }): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (development) return url.protocol === 'https:' || url.protocol === 'http:';
  return (
    url.protocol === 'https:' &&
    url.hostname === 'hooks.slack.com' &&
    url.pathname.startsWith('/services/') &&
    url.username === '' &&
    url.password === ''
  );
}

const webhookUrl = z
  .string({ error: requiredOrInvalidType })
  .trim()
  .min(1, { error: ErrorCode.validationRequired })
  .max(SLACK_WEBHOOK_URL_MAX, { error: ErrorCode.validationTooLong });
const language = z.enum(SUPPORTED_LANGUAGES, {
  error: oneOfError,
});

/** POST /api/organizations/{id}/slack_webhooks (url required) and PUT (either field). */
export const CreateSlackWebhookSchema = strictPayload({ slack_webhook: strictPayload({ url: webhookUrl, language: language.optional() }) });
export const UpdateSlackWebhookSchema = strictPayload({
  slack_webhook: strictPayload({ url: webhookUrl.optional(), language: language.optional() }),
});

const secret = (max: number) =>
  z
    .string({ error: requiredOrInvalidType })
    .trim()
    .min(1, { error: ErrorCode.validationRequired })
    .max(max, { error: ErrorCode.validationTooLong })
    .regex(/^[\x21-\x7e]+$/, { error: ErrorCode.validationInvalidFormat });

/** PUT /api/organizations/{id}/slack_credentials: the Slack app's team id, signing secret and bot token. */
export const SlackCredentialsSchema = strictPayload({
  slack_credential: strictPayload({
    team_id: z
      .string({ error: requiredOrInvalidType })
      .trim()
      .regex(/^T[A-Z0-9]{2,20}$/, { error: ErrorCode.validationInvalidFormat }),
    signing_secret: secret(200),
    bot_token: secret(500).refine((token) => token.startsWith('xoxb-'), { error: ErrorCode.validationInvalidFormat }),
  }),
});
