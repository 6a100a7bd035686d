import { serialize } from '../../jsonapi/serialize';
import type { CancellationSummary } from './service';

/** What a cancellation takes (before) or took (after: cancelled-at set, nothing left). One resource per user. */
export const presentCancellation = (summary: CancellationSummary) =>
  serialize(
    'account-cancellations',
    { id: summary.userId, ...summary },
    {
      attributes: (row) => ({
        cancelledAt: row.cancelledAt,
        coinBalance: row.coinBalance,
        guilds: row.guilds,
        pendingGrants: row.pendingGrants,
        lastManagerOf: row.lastManagerOf,
      }),
    },
  );
