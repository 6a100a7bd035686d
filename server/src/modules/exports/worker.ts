// The export worker (issue 20 point 7): claims a queued export (FOR UPDATE SKIP LOCKED) and writes it batch by batch,
// each batch's rows_done committed at once so the download list shows progress. A claim is a lease: the row's
// updated_at is its heartbeat (every batch moves it), and a running export whose heartbeat is older than the lease is
// claimed again by any worker, from the start. Every write checks the claim (status running, started_at as claimed),
// so a worker that lost its lease stops at its next batch instead of writing over the new owner's progress.
import { CSV_BOM, csvLine } from '@kiwi/shared/domain/csv';
import type { ExportEncodingValue, ExportKindValue } from '@kiwi/shared/schemas/exports';
import { and, asc, eq, isNotNull, lt, or } from 'drizzle-orm';
import iconv from 'iconv-lite';
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../../db/client';
import { type ExportJobRow, exportJobs } from '../../db/schema/admin-console';
import { pollingLoop } from '../../outbox/worker';
import { headerRow } from './columns';
import { batchOf, countRows, type ExportParams } from './generate';

/** How long a finished file can be downloaded. */
export const EXPORT_TTL_MS = 7 * 24 * 3600 * 1000;

/**
 * The text of one batch as the file's bytes. Shift_JIS is Microsoft's CP932 (what Excel in Japan reads and writes),
 * through iconv-lite as the walking-event and member CSVs; a character CP932 has no code for (an emoji, a rare kanji)
 * becomes `?` (docs/decisions.md "Exports"). Each line is complete, so batches encode independently.
 */
export function encodeText(text: string, encoding: ExportEncodingValue): Buffer {
  return encoding === 'shift_jis' ? iconv.encode(text, 'CP932') : Buffer.from(text, 'utf8');
}

/** The file's first bytes: the UTF-8 byte order mark (Excel needs it), or nothing for Shift_JIS. */
export const fileStart = (encoding: ExportEncodingValue) => (encoding === 'utf8_bom' ? Buffer.from(CSV_BOM, 'utf8') : Buffer.alloc(0));

export const paramsOf = (row: ExportJobRow): ExportParams => row.params as ExportParams;

export type ExportWorkerOptions = {
  db: DatabaseHandle;
  logger?: Logger;
  /** A running export whose heartbeat is older than this is another worker's to take over. */
  leaseMs?: number;
  pollIntervalMs?: number;
  now?: () => Date;
  /** Called after each committed batch (tests stop a worker midway with it). */
  onBatch?: (row: ExportJobRow, rowsDone: number) => Promise<void> | void;
};

export type ExportWorker = { runOnce(): Promise<number>; start(): void; stop(): Promise<void> };

/** Thrown when the export is no longer ours (its lease was taken over): the work stops without writing. */
export class LeaseLost extends Error {}

export function createExportWorker({
  db,
  logger,
  leaseMs = 120_000,
  pollIntervalMs = 2_000,
  now = () => new Date(),
  onBatch,
}: ExportWorkerOptions): ExportWorker {
  /** The oldest queued export, or a running one whose lease ran out, claimed in one short transaction. */
  async function claim(at: Date): Promise<ExportJobRow | null> {
    return db.db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: exportJobs.id })
        .from(exportJobs)
        .where(
          or(
            eq(exportJobs.status, 'queued'),
            and(eq(exportJobs.status, 'running'), lt(exportJobs.updatedAt, new Date(at.getTime() - leaseMs))),
          ),
        )
        .orderBy(asc(exportJobs.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return null;
      const [claimed] = await tx
        .update(exportJobs)
        .set({ status: 'running', startedAt: at, updatedAt: at, rowsDone: 0, error: null })
        .where(eq(exportJobs.id, due.id))
        .returning();
      return claimed ?? null;
    });
  }

  const ours = (row: ExportJobRow) =>
    and(eq(exportJobs.id, row.id), eq(exportJobs.status, 'running'), eq(exportJobs.startedAt, row.startedAt!));

  /** Writes the export's rows batch by batch, then the file; every step only while the claim is still ours. */
  async function generate(row: ExportJobRow): Promise<void> {
    const kind = row.kind as ExportKindValue;
    const encoding = row.encoding as ExportEncodingValue;
    const params = paramsOf(row);
    const heartbeat = async (values: Partial<typeof exportJobs.$inferInsert>) => {
      const updated = await db.db
        .update(exportJobs)
        .set({ ...values, updatedAt: now() })
        .where(ours(row))
        .returning({ id: exportJobs.id });
      if (updated.length === 0) throw new LeaseLost();
    };

    const total = await countRows(db.db, kind, params);
    await heartbeat({ rowsTotal: total });
    const chunks: Buffer[] = [fileStart(encoding), encodeText(csvLine(headerRow(kind, params.language)), encoding)];
    const nextBatch = batchOf(kind);
    let after = 0;
    let done = 0;
    for (;;) {
      const batch = await nextBatch(db.db, params, after);
      if (batch.rows.length > 0) {
        chunks.push(encodeText(batch.rows.map(csvLine).join(''), encoding));
        done += batch.rows.length;
        // Members may join while it runs: the total grows with them rather than the bar passing 100 %.
        await heartbeat({ rowsDone: done, rowsTotal: Math.max(total, done) });
        await onBatch?.(row, done);
      }
      if (batch.next === null) break;
      after = batch.next;
    }
    const content = Buffer.concat(chunks);
    const finishedAt = now();
    await heartbeat({
      status: 'done',
      rowsDone: done,
      rowsTotal: done,
      content,
      byteSize: content.length,
      finishedAt,
      expiresAt: new Date(finishedAt.getTime() + EXPORT_TTL_MS),
    });
  }

  async function fail(row: ExportJobRow, error: unknown): Promise<void> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    await db.db.update(exportJobs).set({ status: 'failed', error: message, finishedAt: now() }).where(ours(row));
    logger?.error({ exportId: row.id, err: error }, 'export failed');
  }

  /** Expired files are dropped (the row stays, so the list shows it expired). */
  async function dropExpired(at: Date): Promise<void> {
    await db.db
      .update(exportJobs)
      .set({ content: null })
      .where(and(isNotNull(exportJobs.content), lt(exportJobs.expiresAt, at)));
  }

  async function runOnce(): Promise<number> {
    const at = now();
    await dropExpired(at);
    const row = await claim(at);
    if (!row) return 0;
    try {
      await generate(row);
    } catch (error) {
      if (error instanceof LeaseLost) {
        logger?.warn({ exportId: row.id }, 'export lease taken over by another worker');
      } else {
        await fail(row, error);
      }
    }
    return 1;
  }

  return { runOnce, ...pollingLoop('exports', runOnce, { pollIntervalMs, batchSize: 1, logger }) };
}
