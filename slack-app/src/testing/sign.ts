// How Slack signs a request, for tests and benchmarks that play Slack (the receiver checks it with Bolt's verifier).
import { createHmac } from 'node:crypto';

/** `v0=` + HMAC-SHA256 of `v0:{timestamp}:{raw body}` with the signing secret. */
export function slackSignature(signingSecret: string, timestamp: string | number, rawBody: string): string {
  return `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:${rawBody}`).digest('hex')}`;
}

/** The headers of a form-encoded request Slack signed at `timestamp` (seconds). */
export function signedSlackHeaders(signingSecret: string, rawBody: string, timestamp = Math.floor(Date.now() / 1000)) {
  return {
    'content-type': 'application/x-www-form-urlencoded',
    'x-slack-request-timestamp': String(timestamp),
    'x-slack-signature': slackSignature(signingSecret, timestamp, rawBody),
  };
}
