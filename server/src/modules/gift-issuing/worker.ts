// Prize issuing (issue 18): every pending redemption is issued by the e-gift issuer over HTTP. Redemptions are their
// own queue (status pending, issue_next_at): claimed with FOR UPDATE SKIP LOCKED and leased like outbox rows, so
// two workers never post the same redemption at once, and the issuer's idempotency key makes even that harmless.
import { backoffDelay, parseRetryAfter } from '@kiwi/shared/domain/backoff';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { GiftIssuerConfig } from '../../config';
import { type GiftRedemptionRow, giftRedemptions, gifts } from '../../db/schema/rewards';
import { type PollingWorker, type PollingWorkerOptions, pollingLoop } from '../../outbox/worker';
import { moveCoins } from '../coins/ledger';

/** The longest prize code or URL kept (an issuer answering more is answering nonsense). */
export const PRIZE_CODE_MAX = 2000;
/** How long one POST may take before it counts as a transient failure. */
export const ISSUE_TIMEOUT_MS = 10_000;

/** The key the issuer deduplicates on: one per redemption, the same on every attempt. */
export const idempotencyKeyFor = (redemptionId: number) => `kiwi-gift-redemption-${redemptionId}`;

export type GiftIssuingWorkerOptions = PollingWorkerOptions & {
  issuer: GiftIssuerConfig;
  fetch?: typeof globalThis.fetch;
  /** Transient failures (5xx, 429, timeouts) allowed before the redemption fails and its coins are refunded. */
  maxAttempts?: number;
  /** How long a claimed redemption stays invisible to other workers: more than the slowest POST. */
  leaseMs?: number;
};

export type GiftIssuingWorker = PollingWorker;

type Outcome =
  | { kind: 'issued'; prizeCode: string }
  | { kind: 'retry'; error: string; retryAfterMs: number | null }
  | { kind: 'refused'; error: string };

/** Thrown inside the refund transaction when the redemption is no longer ours: the refund rolls back. */
class NotOurs extends Error {}

export function createGiftIssuingWorker({
  db,
  issuer,
  fetch = globalThis.fetch,
  logger,
  maxAttempts = 8,
  baseDelayMs = 30_000,
  maxDelayMs = 60 * 60_000,
  leaseMs = 60_000,
  batchSize = 10,
  pollIntervalMs = 2_000,
  random = Math.random,
  now = () => new Date(),
}: GiftIssuingWorkerOptions): GiftIssuingWorker {
  const issuerUrl = issuer.url;

  /** Due pending redemptions, their attempt counted and their next try pushed past the lease, in one short transaction. */
  async function claim(at: Date): Promise<GiftRedemptionRow[]> {
    return db.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: giftRedemptions.id })
        .from(giftRedemptions)
        .where(and(eq(giftRedemptions.status, 'pending'), lte(giftRedemptions.issueNextAt, at)))
        .orderBy(asc(giftRedemptions.issueNextAt), asc(giftRedemptions.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(giftRedemptions)
        .set({ issueAttempts: sql`${giftRedemptions.issueAttempts} + 1`, issueNextAt: new Date(at.getTime() + leaseMs) })
        .where(
          and(
            inArray(
              giftRedemptions.id,
              due.map((row) => row.id),
            ),
            eq(giftRedemptions.status, 'pending'),
          ),
        )
        .returning();
    });
  }

  // Every outcome is written only while the redemption is still ours: pending, at the attempt we claimed it at.
  const stillOurs = (row: GiftRedemptionRow) =>
    and(eq(giftRedemptions.id, row.id), eq(giftRedemptions.status, 'pending'), eq(giftRedemptions.issueAttempts, row.issueAttempts));

  async function post(row: GiftRedemptionRow, url: string): Promise<Outcome> {
    const [gift] = await db.db.select({ gifteeCode: gifts.gifteeCode }).from(gifts).where(eq(gifts.id, row.giftId));
    if (!gift?.gifteeCode) return { kind: 'refused', error: 'the gift has no giftee code' };
    let response: Response;
    try {
      response = await fetch(`${url}/v1/gifts`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'idempotency-key': idempotencyKeyFor(row.id),
          ...(issuer.token ? { authorization: `Bearer ${issuer.token}` } : {}),
        },
        body: JSON.stringify({ gifteeCode: gift.gifteeCode, redemptionId: row.id, idempotencyKey: idempotencyKeyFor(row.id) }),
        signal: AbortSignal.timeout(ISSUE_TIMEOUT_MS),
      });
    } catch (error) {
      return { kind: 'retry', error: `issuer unreachable: ${error instanceof Error ? error.message : String(error)}`, retryAfterMs: null };
    }
    const text = (await response.text().catch(() => '')).slice(0, 10_000);
    if (response.ok) {
      const code = prizeCodeOf(text);
      return code
        ? { kind: 'issued', prizeCode: code }
        : { kind: 'retry', error: `issuer answered ${response.status} without a code`, retryAfterMs: null };
    }
    const error = `issuer answered ${response.status}: ${text.slice(0, 500)}`;
    // 408, 425 and 429 ask to come back later; any other 4xx is the issuer's final word on this request.
    if (response.status >= 400 && response.status < 500 && ![408, 425, 429].includes(response.status)) return { kind: 'refused', error };
    return { kind: 'retry', error, retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), now()) };
  }

  /** The redemption fails and its coins go back to the member (reason gift_refund), in one transaction. */
  async function refuse(row: GiftRedemptionRow, error: string): Promise<void> {
    try {
      await db.db.transaction(async (tx) => {
        if (row.coinsSpent > 0) {
          await moveCoins(tx, {
            from: { kind: 'issuance' },
            legs: [{ to: { kind: 'member', organizationMemberId: row.organizationMemberId }, amount: row.coinsSpent }],
            reason: 'gift_refund',
          });
        }
        const updated = await tx
          .update(giftRedemptions)
          .set({ status: 'failed', issueError: error.slice(0, 2000) })
          .where(stillOurs(row))
          .returning({ id: giftRedemptions.id });
        if (updated.length === 0) throw new NotOurs();
      });
      logger?.warn({ redemptionId: row.id, err: error }, 'gift issuing failed; coins refunded');
    } catch (caught) {
      if (!(caught instanceof NotOurs)) throw caught;
    }
  }

  async function issueOne(row: GiftRedemptionRow, url: string): Promise<void> {
    const outcome = await post(row, url);
    if (outcome.kind === 'issued') {
      await db.db
        .update(giftRedemptions)
        .set({ status: 'issued', prizeCode: outcome.prizeCode, issuedAt: now(), issueError: null })
        .where(stillOurs(row));
      return;
    }
    if (outcome.kind === 'refused' || row.issueAttempts >= maxAttempts) {
      await refuse(row, outcome.error);
      return;
    }
    const delay = Math.max(outcome.retryAfterMs ?? 0, backoffDelay(row.issueAttempts, { baseDelayMs, maxDelayMs, random }));
    await db.db
      .update(giftRedemptions)
      .set({ issueNextAt: new Date(now().getTime() + delay), issueError: outcome.error.slice(0, 2000) })
      .where(stillOurs(row));
    logger?.info({ redemptionId: row.id, attempts: row.issueAttempts, delayMs: delay }, 'gift issuing failed; will retry');
  }

  async function runOnce(): Promise<number> {
    // No issuer: prizes stay pending until one is configured.
    if (!issuerUrl) return 0;
    const rows = await claim(now());
    await Promise.all(
      rows.map((row) =>
        issueOne(row, issuerUrl).catch((error: unknown) => logger?.error({ redemptionId: row.id, err: error }, 'gift issuing step failed')),
      ),
    );
    return rows.length;
  }

  return { runOnce, ...pollingLoop('gift issuing', runOnce, { pollIntervalMs, batchSize, logger }) };
}

/** `{ code }` or `{ url }` (a string of at most PRIZE_CODE_MAX characters); null for anything else. */
export function prizeCodeOf(text: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object') return null;
  const { code, url } = body as { code?: unknown; url?: unknown };
  const value = typeof code === 'string' && code.trim() ? code.trim() : typeof url === 'string' && url.trim() ? url.trim() : null;
  return value && value.length <= PRIZE_CODE_MAX ? value : null;
}
