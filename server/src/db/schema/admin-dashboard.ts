// Issue 20 part A: the admin dashboard's coin totals per organisation and Japanese calendar day, made from the ledger
// once the day is over (the ledger only appends movements dated now, so a finished day never changes). A period's coins
// are then these rows plus today's movements, instead of every ledger entry of up to 24 months.
import { bigint, date, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { cascadingReference } from './columns';
import { organizations } from './organizations';

export const coinDayTotals = pgTable(
  'coin_day_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /** Goes with its organisation (an organisation's deletion leaves no row of it). */
    organizationId: cascadingReference('organization_id', () => organizations.id),
    granted: bigint('granted', { mode: 'number' }).notNull(),
    spent: bigint('spent', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.organizationId] })],
);

/** The days already totalled (a day without any coin movement has no coin_day_totals row but is listed here). */
export const coinDaysTotalled = pgTable('coin_days_totalled', {
  day: date('day', { mode: 'string' }).primaryKey(),
});
