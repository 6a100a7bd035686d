// The coin transfers list of managers and admins (and its CSV export).
import type { CoinTransferListQuery } from '@kiwi/shared/schemas/coins';
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type KiwiCoinTransferRow, kiwiCoinTransfers } from '../../db/schema/coins';
import { organizations } from '../../db/schema/organizations';

export type TransferListItem = KiwiCoinTransferRow & {
  organizationName: string;
  recipientName: string | null;
  senderName: string | null;
};

/** Transfers of one organisation (or all, for admins), newest first, filtered by status, kind and period. */
export async function listTransfers(
  tx: Executor,
  { organizationId, query, paginate = true }: { organizationId: number | null; query: CoinTransferListQuery; paginate?: boolean },
): Promise<{ items: TransferListItem[]; total: number }> {
  const conditions: SQL[] = [];
  const orgId = organizationId ?? query.organization_id ?? null;
  if (orgId !== null) conditions.push(eq(kiwiCoinTransfers.organizationId, orgId));
  if (query.status) conditions.push(eq(kiwiCoinTransfers.status, query.status));
  if (query.kind) conditions.push(eq(kiwiCoinTransfers.kind, query.kind));
  if (query.from) conditions.push(gte(kiwiCoinTransfers.transferredAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) conditions.push(lt(kiwiCoinTransfers.transferredAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000)));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const recipient = sql<
    string | null
  >`(select u.name from organization_members m join users u on u.id = m.user_id where m.id = ${kiwiCoinTransfers.organizationMemberId})`;
  const sender = sql<
    string | null
  >`(select u.name from organization_members m join users u on u.id = m.user_id where m.id = ${kiwiCoinTransfers.senderMemberId})`;
  const base = tx
    .select({ transfer: kiwiCoinTransfers, organizationName: organizations.name, recipientName: recipient, senderName: sender })
    .from(kiwiCoinTransfers)
    .innerJoin(organizations, eq(organizations.id, kiwiCoinTransfers.organizationId))
    .where(where)
    .orderBy(desc(kiwiCoinTransfers.transferredAt), desc(kiwiCoinTransfers.id));
  const rows = paginate ? await base.limit(query.per).offset((query.page - 1) * query.per) : await base.limit(100_000);
  const [totals] = await tx.select({ total: count() }).from(kiwiCoinTransfers).where(where);
  return {
    items: rows.map((row) => ({
      ...row.transfer,
      organizationName: row.organizationName,
      recipientName: row.recipientName,
      senderName: row.senderName,
    })),
    total: totals?.total ?? 0,
  };
}
