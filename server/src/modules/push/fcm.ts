// The FCM HTTP v1 sender. firebase-admin's messaging hard-codes FCM's host, so Kiwi speaks HTTP v1 itself
// (`POST {base}/v1/projects/{project}/messages:send`, one message per token) against a configurable base URL: Google's
// in production, a local receiver in tests and the demo. Only the admin credential's OAuth token comes from firebase-admin.
import { parseRetryAfter } from '@kiwi/shared/domain/backoff';
import { DeliveryError } from '@kiwi/slack-app/delivery-error';
import type { PushNotifications } from '@kiwi/slack-app/notifications';
import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { type OutboxRow, outbox } from '../../db/schema/outbox';
import type { OutboxHandler } from '../../outbox/worker';
import { removeTokens } from './devices';

export type PushPayload = PushNotifications['push.send'];
type Message = PushPayload['messages'][number];

/** An OAuth 2 access token for FCM, or null to send none (the emulator project and local receivers need none). */
export type AccessTokenSource = () => Promise<string | null>;

type Outcome = { token: string; result: 'sent' | 'invalid' | 'failed' } | { token: string; result: 'retry'; retryAfterMs: number | null };

/** The admin credential's token (Application Default Credentials), kept until a minute before it expires. */
export function adminAccessToken(now: () => number = Date.now): AccessTokenSource {
  let cached: { token: string; expiresAt: number } | null = null;
  return async () => {
    if (cached && cached.expiresAt > now()) return cached.token;
    const { applicationDefault } = await import('firebase-admin/app');
    const { access_token, expires_in } = await applicationDefault().getAccessToken();
    cached = { token: access_token, expiresAt: now() + Math.max(0, expires_in - 60) * 1000 };
    return access_token;
  };
}

/** FCM's answer names the token as the problem: it is unknown (UNREGISTERED), malformed, or of another sender. */
function tokenIsInvalid(status: number, body: unknown): boolean {
  const error = (body as { error?: { status?: string; message?: string; details?: { errorCode?: string }[] } } | null)?.error;
  const codes = new Set([error?.status, ...(error?.details ?? []).map((detail) => detail?.errorCode)]);
  if (status === 404 && (codes.has('UNREGISTERED') || codes.has('NOT_FOUND'))) return true;
  if (status === 403 && codes.has('SENDER_ID_MISMATCH')) return true;
  return status === 400 && codes.has('INVALID_ARGUMENT') && /registration token|message\.token/i.test(JSON.stringify(error ?? ''));
}

export type PushDeliveryOptions = {
  db: DatabaseHandle;
  config: Pick<Config, 'publicUrl'> & Partial<Pick<Config, 'push'>>;
  accessToken?: AccessTokenSource;
  fetch?: typeof globalThis.fetch;
  logger?: Logger;
  /** Requests in flight at once for one outbox row. */
  concurrency?: number;
  now?: () => Date;
};

/**
 * The outbox handler of `push.send`: one HTTP v1 request per token. Invalid tokens are deleted; after a 429, a 5xx or
 * a network failure the row keeps only the tokens still to send and is retried no sooner than FCM's Retry-After, so a
 * retry never notifies anyone twice. Push off (no FCM base URL): the row is marked done as skipped.
 */
export function createPushDelivery({
  db,
  config,
  accessToken,
  fetch = globalThis.fetch,
  logger,
  concurrency = 16,
  now = () => new Date(),
}: PushDeliveryOptions): OutboxHandler {
  const { fcmBaseUrl, projectId, adminCredential } = config.push ?? { fcmBaseUrl: undefined, projectId: '', adminCredential: false };
  const tokenSource: AccessTokenSource = accessToken ?? (adminCredential ? adminAccessToken() : async () => null);
  const link = (path: string) =>
    config.publicUrl.startsWith('https://') ? { webpush: { fcm_options: { link: `${config.publicUrl}${path}` } } } : {};

  async function sendOne(url: string, bearer: string | null, payload: PushPayload, message: Message, token: string): Promise<Outcome> {
    const body = JSON.stringify({
      message: {
        token,
        notification: { title: message.title, body: message.body },
        data: { kind: payload.kind, path: payload.path },
        ...link(payload.path),
      },
    });
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      logger?.info({ err: error }, 'FCM request failed; will retry');
      return { token, result: 'retry', retryAfterMs: null };
    }
    if (response.ok) {
      await response.body?.cancel();
      return { token, result: 'sent' };
    }
    const answer = await response.json().catch(() => null);
    if (tokenIsInvalid(response.status, answer)) return { token, result: 'invalid' };
    if (response.status === 429 || response.status >= 500 || response.status === 401) {
      return { token, result: 'retry', retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), now()) };
    }
    logger?.warn({ status: response.status, answer }, 'FCM refused a message');
    return { token, result: 'failed' };
  }

  return async (row: OutboxRow) => {
    if (!fcmBaseUrl) return { skipped: 'push is off (no FCM_BASE_URL and no Firebase credentials)' };
    const payload = row.payload as PushPayload;
    const url = `${fcmBaseUrl.replace(/\/+$/, '')}/v1/projects/${encodeURIComponent(projectId)}/messages:send`;
    let bearer: string | null;
    try {
      bearer = await tokenSource();
    } catch (error) {
      throw new DeliveryError(`no FCM access token: ${error instanceof Error ? error.message : String(error)}`);
    }
    const work = payload.messages.flatMap((message) => message.tokens.map((token) => ({ message, token })));
    const outcomes: Outcome[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(concurrency, work.length) }, async () => {
        while (next < work.length) {
          const item = work[next++]!;
          outcomes.push(await sendOne(url, bearer, payload, item.message, item.token));
        }
      }),
    );

    const invalid = outcomes.filter((outcome) => outcome.result === 'invalid').map((outcome) => outcome.token);
    if (invalid.length > 0) {
      await db.db.transaction((tx) => removeTokens(tx, invalid));
      logger?.info({ outboxId: row.id, removed: invalid.length }, 'removed push tokens FCM reported invalid');
    }
    const retry = outcomes.filter((outcome) => outcome.result === 'retry');
    if (retry.length === 0) return;
    const again = new Set(retry.map((outcome) => outcome.token));
    const remaining: PushPayload = {
      ...payload,
      messages: payload.messages
        .map((message) => ({ ...message, tokens: message.tokens.filter((token) => again.has(token)) }))
        .filter((message) => message.tokens.length > 0),
    };
    // Still ours (pending, at the attempt we claimed): the retry sends only what did not go through.
    await db.db
      .update(outbox)
      .set({ payload: remaining })
      .where(and(eq(outbox.id, row.id), eq(outbox.status, 'pending'), eq(outbox.attempts, row.attempts)));
    const retryAfterMs = Math.max(0, ...retry.map((outcome) => ('retryAfterMs' in outcome ? (outcome.retryAfterMs ?? 0) : 0)));
    throw new DeliveryError(`FCM: ${retry.length} of ${work.length} messages to retry`, { retryAfterMs: retryAfterMs || null });
  };
}
