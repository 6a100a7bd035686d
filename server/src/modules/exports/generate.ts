// The rows of the two exports (SPEC §6), read in keyset batches so that an export of any size holds one batch at a
// time: score = each member's health points per month, return amount = each organisation's coins and reward value per
// month. Months are Japan's calendar months (as the activity dashboard counts them).
import { monthDays, startOfDayInJapan } from '@kiwi/shared/domain/health-points';
import { type ExportKindValue, type ExportLanguage, monthsBetween } from '@kiwi/shared/schemas/exports';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** What an export_jobs row's `params` holds (validated by CreateExportSchema when it was asked for). */
export type ExportParams = {
  organizationId: number | null;
  groupId: number | null;
  from: string;
  to: string;
  language: ExportLanguage;
};

/** One batch: its rows (cells in column order) and the key to continue after, or null when this was the last. */
export type Batch = { rows: unknown[][]; next: number | null };

/** Rows per batch, about: members (or organisations) per batch times the months asked for. */
export const BATCH_ROWS = 2000;

type Rows<T> = { rows: T[] };
async function query<T>(tx: Executor, statement: SQL): Promise<T[]> {
  // Both drivers (PGlite and node-postgres) answer execute() with { rows }.
  return ((await tx.execute(statement)) as unknown as Rows<T>).rows;
}

/** `months(month, starts, ends)`: each month's first day and its instants in Japan, as a VALUES list. */
function monthsCte(params: ExportParams): SQL {
  const values = monthsBetween(params.from, params.to).map((month) => {
    const { from, to } = monthDays(month);
    return sql`(${from}::date, ${startOfDayInJapan(from).toISOString()}::timestamptz, ${startOfDayInJapan(to).toISOString()}::timestamptz)`;
  });
  return sql`months(month, starts, ends) as (values ${sql.join(values, sql`, `)})`;
}

/** `selected_groups`: the filter group and every group below it (nothing without a group filter). */
function groupsCte(params: ExportParams): SQL {
  if (params.groupId === null) return sql``;
  return sql`selected_groups(id) as (
      select g.id from groups g where g.id = ${params.groupId}
      union
      select c.id from groups c join selected_groups s on c.parent_id = s.id
    ),`;
}

/** On organization_members `m`: the organisation and group filters. */
function memberFilter(params: ExportParams): SQL {
  const organization = params.organizationId === null ? sql`true` : sql`m.organization_id = ${params.organizationId}`;
  const group =
    params.groupId === null
      ? sql`true`
      : sql`m.id in (select gm.organization_member_id from group_memberships gm join selected_groups s on s.id = gm.group_id)`;
  return sql`${organization} and ${group}`;
}

/** A membership counts for a month when it existed by the month's end and its period overlaps the month. */
const overlapsMonth = sql`m.created_at < mo.ends
  and (m.active_from is null or m.active_from < mo.ends) and (m.active_to is null or m.active_to > mo.starts)`;

const membersPerBatch = (params: ExportParams) => Math.max(1, Math.floor(BATCH_ROWS / monthsBetween(params.from, params.to).length));

/** How many rows the export will have (its progress bar's 100 %). */
export async function countRows(tx: Executor, kind: ExportKindValue, params: ExportParams): Promise<number> {
  if (kind === 'score') {
    const [row] = await query<{ count: number }>(
      tx,
      sql`with recursive ${groupsCte(params)} ${monthsCte(params)}
        select count(*)::int as count from organization_members m join months mo on ${overlapsMonth}
        where ${memberFilter(params)}`,
    );
    return Number(row?.count ?? 0);
  }
  const organization = params.organizationId === null ? sql`true` : sql`o.id = ${params.organizationId}`;
  const [row] = await query<{ count: number }>(tx, sql`select count(*)::int as count from organizations o where ${organization}`);
  return Number(row?.count ?? 0) * monthsBetween(params.from, params.to).length;
}

/**
 * Score rows of the members after `after` (organization_members.id), a batch of members at a time: organisation
 * identifier and name, member number, name, email, month, health points (activity_months, 0 without activity) and
 * active days, for each month the membership overlaps.
 */
export async function scoreBatch(tx: Executor, params: ExportParams, after: number): Promise<Batch> {
  const limit = membersPerBatch(params);
  const members = await query<{ id: number }>(
    tx,
    sql`with recursive ${groupsCte(params)} ${monthsCte(params)}
      select m.id from organization_members m
      where m.id > ${after} and ${memberFilter(params)}
      order by m.id limit ${limit}`,
  );
  if (members.length === 0) return { rows: [], next: null };
  const first = Number(members[0]!.id);
  const last = Number(members.at(-1)!.id);
  const rows = await query<{
    identifier: string;
    organization_name: string;
    member_id: number;
    member_name: string;
    email: string;
    month: string;
    health_points: number;
    active_days: number;
  }>(
    tx,
    sql`with recursive ${groupsCte(params)} ${monthsCte(params)}
      select o.identifier, o.name as organization_name, m.id as member_id, u.name as member_name, u.email,
        to_char(mo.month, 'YYYY-MM') as month,
        coalesce(am.health_points, 0)::int as health_points, coalesce(am.active_days, 0)::int as active_days
      from organization_members m
      join users u on u.id = m.user_id
      join organizations o on o.id = m.organization_id
      join months mo on ${overlapsMonth}
      left join activity_months am on am.organization_member_id = m.id and am.month = mo.month
      where m.id between ${first} and ${last} and ${memberFilter(params)}
      order by m.id, mo.month`,
  );
  return {
    rows: rows.map((row) => [
      row.identifier,
      row.organization_name,
      Number(row.member_id),
      row.member_name,
      row.email,
      row.month,
      Number(row.health_points),
      Number(row.active_days),
    ]),
    next: members.length < limit ? null : last,
  };
}

/** Coin movement reasons that put coins in a member's hands (from the organisation's balance or issued). */
export const GRANT_REASONS = ['activity', 'grant', 'admin_grant', 'quest_reward'] as const;

/**
 * Return-amount rows of the organisations after `after` (organizations.id), one per organisation and month: coins
 * granted to its members, coins its members spent on gift exchanges and dream gacha draws, coins refunded for prizes
 * that could not be issued, the net spent, and the rewards redeemed (not failed) with their yen value (the gift's
 * price when redeemed): the amount to invoice or return.
 */
export async function returnAmountBatch(tx: Executor, params: ExportParams, after: number): Promise<Batch> {
  const limit = membersPerBatch(params);
  const organization = params.organizationId === null ? sql`true` : sql`o.id = ${params.organizationId}`;
  const organizations = await query<{ id: number }>(
    tx,
    sql`select o.id from organizations o where o.id > ${after} and ${organization} order by o.id limit ${limit}`,
  );
  if (organizations.length === 0) return { rows: [], next: null };
  const first = Number(organizations[0]!.id);
  const last = Number(organizations.at(-1)!.id);
  const grants = sql.join(
    GRANT_REASONS.map((reason) => sql`${reason}`),
    sql`, `,
  );
  const rows = await query<{
    identifier: string;
    name: string;
    month: string;
    granted: number;
    gift_exchange: number;
    dream_gacha: number;
    refunded: number;
    redemptions: number;
    yen: number;
  }>(
    tx,
    sql`with recursive ${monthsCte(params)},
      coins as (
        select m.organization_id, mo.month,
          coalesce(sum(e.delta) filter (where mv.reason in (${grants}) and e.delta > 0), 0) as granted,
          coalesce(-sum(e.delta) filter (where mv.reason = 'gift_exchange'), 0) as gift_exchange,
          coalesce(-sum(e.delta) filter (where mv.reason = 'dream_gacha'), 0) as dream_gacha,
          coalesce(sum(e.delta) filter (where mv.reason = 'gift_refund'), 0) as refunded
        from coin_ledger_entries e
        join coin_movements mv on mv.id = e.movement_id
        join organization_members m on m.id = e.organization_member_id
        join months mo on e.created_at >= mo.starts and e.created_at < mo.ends
        where e.account = 'member' and m.organization_id between ${first} and ${last}
          and mv.reason in (${grants}, 'gift_exchange', 'dream_gacha', 'gift_refund')
        group by 1, 2
      ),
      rewards as (
        select r.organization_id, mo.month, count(*) as redemptions, sum(r.price) as yen
        from gift_redemptions r
        join months mo on r.created_at >= mo.starts and r.created_at < mo.ends
        where r.organization_id between ${first} and ${last} and r.status <> 'failed'
        group by 1, 2
      )
      select o.identifier, o.name, to_char(mo.month, 'YYYY-MM') as month,
        coalesce(c.granted, 0)::bigint as granted, coalesce(c.gift_exchange, 0)::bigint as gift_exchange,
        coalesce(c.dream_gacha, 0)::bigint as dream_gacha, coalesce(c.refunded, 0)::bigint as refunded,
        coalesce(r.redemptions, 0)::int as redemptions, coalesce(r.yen, 0)::bigint as yen
      from organizations o
      cross join months mo
      left join coins c on c.organization_id = o.id and c.month = mo.month
      left join rewards r on r.organization_id = o.id and r.month = mo.month
      where o.id between ${first} and ${last} and ${organization}
      order by o.id, mo.month`,
  );
  return {
    rows: rows.map((row) => {
      const [granted, exchange, gacha, refunded] = [row.granted, row.gift_exchange, row.dream_gacha, row.refunded].map(Number) as [
        number,
        number,
        number,
        number,
      ];
      return [
        row.identifier,
        row.name,
        row.month,
        granted,
        exchange,
        gacha,
        refunded,
        exchange + gacha - refunded,
        Number(row.redemptions),
        Number(row.yen),
      ];
    }),
    next: organizations.length < limit ? null : last,
  };
}

export const batchOf = (kind: ExportKindValue) => (kind === 'score' ? scoreBatch : returnAmountBatch);
