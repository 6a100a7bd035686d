// Issue 20 part A: the platform at a glance for the admin (GET /api/admin/dashboard).
import { dayInJapan, monthDays, startOfDayInJapan } from '@kiwi/shared/domain/health-points';
import { ORGANIZATION_STATES, type OrganizationState, organizationState } from '@kiwi/shared/domain/organization-state';
import type { DashboardPeriod, DashboardStateCounts, DashboardTotals } from '@kiwi/shared/schemas/admin-dashboard';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizationChangeRequests } from '../../db/schema/admin-console';
import type { CoinMovementReason } from '../../db/schema/coins';
import { organizations } from '../../db/schema/organizations';
import { violationReports } from '../../db/schema/violation-reports';
import { memberFiguresOf } from '../members/figures';

/** Coins that enter an organisation's economy from issuance: activity rewards, admin grants, quest rewards. */
export const GRANTED_REASONS = ['activity', 'admin_grant', 'quest_reward'] as const satisfies readonly CoinMovementReason[];
/**
 * Coins members spend on rewards, retired to issuance; a refund (gift_refund) takes its spending back. A forfeit (coins
 * retired when a member leaves) is not spending.
 */
export const SPENT_REASONS = ['gift_exchange', 'dream_gacha', 'gift_refund'] as const satisfies readonly CoinMovementReason[];

export type DashboardOrganization = {
  id: number;
  name: string;
  identifier: string;
  plan: string;
  state: OrganizationState;
  planEndedAt: string | null;
  /** Memberships active now (the members module's "active"). */
  seatsUsed: number;
  /** numberOfMembers; null = unlimited. */
  seatsContracted: number | null;
  coinsGranted: number;
  coinsSpent: number;
  pendingChangeRequests: number;
  pendingViolationReports: number;
};

type StateCounts = DashboardStateCounts;
export type PlanCounts = { plan: string; total: number } & StateCounts;

export type Dashboard = {
  period: DashboardPeriod;
  plan: string | null;
  /** Every plan in use (for the filter), whatever the plan filter. */
  plans: string[];
  organizations: DashboardOrganization[];
  byPlan: PlanCounts[];
  totals: DashboardTotals;
};

const reasonList = (reasons: readonly string[]) =>
  sql.join(
    reasons.map((reason) => sql`${reason}`),
    sql`, `,
  );

type CoinFigures = { granted: number; spent: number };
type CoinRow = { organization_id: number | null; granted: string | number; spent: string | number };

/** A ledger movement's Japanese calendar day, in SQL. */
const movementDay = sql`((mv.created_at at time zone 'UTC') + interval '9 hours')::date`;

/**
 * Coins granted and spent per organisation (and `day` when grouped by it) between two instants, from the ledger: a
 * movement's postings on member and organisation accounts (the issuance side is the platform's), a member's posting
 * counted for the member's organisation.
 */
function ledgerCoins(start: Date, end: Date, { byDay }: { byDay: boolean }) {
  return sql`
    select ${byDay ? sql`${movementDay} as day,` : sql``} coalesce(e.organization_id, m.organization_id) as organization_id,
      coalesce(sum(e.delta) filter (where mv.reason in (${reasonList(GRANTED_REASONS)})), 0)::bigint as granted,
      coalesce(-sum(e.delta) filter (where mv.reason in (${reasonList(SPENT_REASONS)})), 0)::bigint as spent
    from coin_movements mv
    join coin_ledger_entries e on e.movement_id = mv.id and e.account <> 'issuance'
    left join organization_members m on m.id = e.organization_member_id
    where mv.created_at >= ${start.toISOString()}::timestamptz and mv.created_at < ${end.toISOString()}::timestamptz
      and mv.reason in (${reasonList([...GRANTED_REASONS, ...SPENT_REASONS])})
    group by ${byDay ? sql`1, 2` : sql`1`}`;
}

const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Totals the finished days of [from, to) not totalled yet (coin_day_totals), in one grouped pass over their ledger
 * entries. Concurrent requests may both total a day: the second one's rows conflict and are dropped.
 */
async function totalFinishedDays(tx: Executor, from: string, to: string): Promise<void> {
  if (from >= to) return;
  const missing = (
    (await tx.execute(sql`
      select min(d)::date::text as first, max(d)::date::text as last, count(*)::int as days
      from generate_series(${from}::date, ${to}::date - 1, interval '1 day') d
      where not exists (select 1 from coin_days_totalled t where t.day = d::date)`)) as unknown as {
      rows: { first: string | null; last: string | null; days: number }[];
    }
  ).rows[0];
  if (!missing?.first || !missing.last) return;
  const start = startOfDayInJapan(missing.first);
  const end = startOfDayInJapan(dayAfter(missing.last));
  await tx.execute(sql`
    insert into coin_day_totals (day, organization_id, granted, spent)
    select day, organization_id, granted, spent from (${ledgerCoins(start, end, { byDay: true })}) totals
    where organization_id is not null and not exists (select 1 from coin_days_totalled t where t.day = totals.day)
    on conflict do nothing`);
  await tx.execute(sql`
    insert into coin_days_totalled (day)
    select d::date from generate_series(${missing.first}::date, ${missing.last}::date, interval '1 day') d
    on conflict do nothing`);
}

/**
 * Coins granted and spent per organisation in the period (Japanese months): the finished days from coin_day_totals
 * (totalled on first need), today's from the ledger itself.
 */
async function coinsByOrganization(tx: Executor, period: DashboardPeriod, now: Date): Promise<Map<number, CoinFigures>> {
  const firstDay = monthDays(period.from).from;
  const endDay = monthDays(period.to).to;
  const today = dayInJapan(now);
  // The earlier of the period's end and today (YYYY-MM-DD strings compare as dates).
  const [finishedEnd] = [endDay, today].sort() as [string, string];
  await totalFinishedDays(tx, firstDay, finishedEnd);
  const rows: CoinRow[] = [];
  if (firstDay < finishedEnd) {
    const totals = (await tx.execute(sql`
      select organization_id, sum(granted)::bigint as granted, sum(spent)::bigint as spent from coin_day_totals
      where day >= ${firstDay}::date and day < ${finishedEnd}::date group by organization_id`)) as unknown as { rows: CoinRow[] };
    rows.push(...totals.rows);
  }
  if (today >= firstDay && today < endDay) {
    const live = (await tx.execute(
      ledgerCoins(startOfDayInJapan(today), startOfDayInJapan(dayAfter(today)), { byDay: false }),
    )) as unknown as { rows: CoinRow[] };
    rows.push(...live.rows);
  }
  const coins = new Map<number, CoinFigures>();
  for (const row of rows) {
    if (row.organization_id === null) continue;
    const id = Number(row.organization_id);
    const sum = coins.get(id) ?? { granted: 0, spent: 0 };
    coins.set(id, { granted: sum.granted + Number(row.granted), spent: sum.spent + Number(row.spent) });
  }
  return coins;
}

export async function adminDashboard(
  tx: Executor,
  { period, plan, now }: { period: DashboardPeriod; plan?: string; now: Date },
): Promise<Dashboard> {
  const changeRequests = tx
    .select({ organizationId: organizationChangeRequests.organizationId, pending: count().as('pending_change_requests') })
    .from(organizationChangeRequests)
    .where(eq(organizationChangeRequests.status, 'pending'))
    .groupBy(organizationChangeRequests.organizationId)
    .as('change_requests');
  const reports = tx
    .select({ organizationId: violationReports.organizationId, pending: count().as('pending_violation_reports') })
    .from(violationReports)
    .where(eq(violationReports.status, 'pending'))
    .groupBy(violationReports.organizationId)
    .as('reports');

  const rows = await tx
    .select({
      id: organizations.id,
      name: organizations.name,
      identifier: organizations.identifier,
      plan: organizations.plan,
      archived: organizations.archived,
      planEndedAt: organizations.planEndedAt,
      numberOfMembers: organizations.numberOfMembers,
      pendingChangeRequests: sql<number>`coalesce(${changeRequests.pending}, 0)::int`,
      pendingViolationReports: sql<number>`coalesce(${reports.pending}, 0)::int`,
    })
    .from(organizations)
    .leftJoin(changeRequests, eq(changeRequests.organizationId, organizations.id))
    .leftJoin(reports, eq(reports.organizationId, organizations.id))
    .orderBy(asc(organizations.name), asc(organizations.id));
  const coins = await coinsByOrganization(tx, period, now);
  // Issue 21 point 6: the same members figure as the organisation list and the members page.
  const seats = await memberFiguresOf(
    tx,
    rows.map((row) => row.id),
    now,
  );

  const today = dayInJapan(now);
  const plans = [...new Set(rows.map((row) => row.plan))].sort();
  const chosen: DashboardOrganization[] = rows
    .filter((row) => plan === undefined || row.plan === plan)
    .map((row) => ({
      id: row.id,
      name: row.name,
      identifier: row.identifier,
      plan: row.plan,
      state: organizationState(row, today),
      planEndedAt: row.planEndedAt,
      seatsUsed: seats.get(row.id)?.members ?? 0,
      seatsContracted: row.numberOfMembers,
      coinsGranted: coins.get(row.id)?.granted ?? 0,
      coinsSpent: coins.get(row.id)?.spent ?? 0,
      pendingChangeRequests: Number(row.pendingChangeRequests),
      pendingViolationReports: Number(row.pendingViolationReports),
    }));

  const noStates = (): StateCounts => Object.fromEntries(ORGANIZATION_STATES.map((state) => [state, 0])) as StateCounts;
  const byPlan = new Map<string, PlanCounts>();
  const states = noStates();
  const sum = (pick: (organization: DashboardOrganization) => number) => chosen.reduce((total, row) => total + pick(row), 0);
  for (const organization of chosen) {
    const counts = byPlan.get(organization.plan) ?? { plan: organization.plan, total: 0, ...noStates() };
    counts[organization.state] += 1;
    counts.total += 1;
    byPlan.set(organization.plan, counts);
    states[organization.state] += 1;
  }
  return {
    period,
    plan: plan ?? null,
    plans,
    organizations: chosen,
    byPlan: [...byPlan.values()].sort((a, b) => a.plan.localeCompare(b.plan)),
    totals: {
      organizations: chosen.length,
      states,
      seatsUsed: sum((row) => row.seatsUsed),
      seatsContracted: sum((row) => row.seatsContracted ?? 0),
      unlimitedOrganizations: chosen.filter((row) => row.seatsContracted === null).length,
      coinsGranted: sum((row) => row.coinsGranted),
      coinsSpent: sum((row) => row.coinsSpent),
      pendingChangeRequests: sum((row) => row.pendingChangeRequests),
      pendingViolationReports: sum((row) => row.pendingViolationReports),
    },
  };
}
