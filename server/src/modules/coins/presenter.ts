import { serialize } from '../../jsonapi/serialize';
import type { FeedEntry } from './feed';
import type { TransferListItem } from './transfers';
import type { KiwiCoinTransferRow } from '../../db/schema/coins';
import { csvDocument } from '@kiwi/shared/domain/csv';

const transferAttributes = (
  row: KiwiCoinTransferRow & Partial<Pick<TransferListItem, 'organizationName' | 'recipientName' | 'senderName'>>,
) => ({
  kind: row.kind,
  organizationId: row.organizationId,
  organizationMemberId: row.organizationMemberId,
  senderMemberId: row.senderMemberId,
  amount: row.amount,
  description: row.description,
  message: row.message,
  status: row.status,
  transferredAt: row.transferredAt,
  canceledAt: row.canceledAt,
  /** manual | organizationBalanceShort | recipientInactive (null unless canceled); the portal translates it. */
  cancelReason: row.cancelReason,
  createdAt: row.createdAt,
  organizationName: row.organizationName ?? null,
  recipientName: row.recipientName ?? null,
  senderName: row.senderName ?? null,
});

/** `kiwi-coin-transfers`: one or a page of them. */
export function presentTransfers(
  rows: TransferListItem[] | KiwiCoinTransferRow,
  pagination?: { page: number; per: number; total: number },
) {
  return serialize('kiwi-coin-transfers', rows, { attributes: transferAttributes, ...(pagination ? { pagination } : {}) });
}

/** The member's feed: `coin-messages` with the sender (icon included) and the recipients; the balance in meta. */
export function presentFeed(
  entries: FeedEntry[],
  { page, per, total, balance }: { page: number; per: number; total: number; balance: number },
) {
  return serialize('coin-messages', entries, {
    id: (entry) => entry.coinMessageId,
    attributes: (entry) => ({
      direction: entry.direction,
      createdAt: entry.createdAt,
      sender: { id: String(entry.sender.organizationMemberId), name: entry.sender.name, icon: entry.sender.icon },
      recipients: entry.recipients.map((r) => ({
        id: String(r.organizationMemberId),
        transferId: String(r.transferId),
        name: r.name,
        amount: r.amount,
        message: r.message,
        ...(r.hidden ? { hidden: true } : {}),
      })),
    }),
    pagination: { page, per, total },
    meta: { balance },
  });
}

const CSV_COLUMNS = [
  'id',
  'organization',
  'kind',
  'status',
  'sender',
  'recipient',
  'amount',
  'description',
  'message',
  'transferred_at',
  'canceled_at',
  'cancel_reason',
] as const;

/** The list as CSV (UTF-8 with BOM so Excel reads Japanese correctly). */
export function transfersCsv(items: TransferListItem[]): string {
  return csvDocument([
    CSV_COLUMNS,
    ...items.map((row) => [
      row.id,
      row.organizationName,
      row.kind,
      row.status,
      row.senderName,
      row.recipientName,
      row.amount,
      row.description,
      row.message,
      row.transferredAt,
      row.canceledAt,
      row.cancelReason,
    ]),
  ]);
}
