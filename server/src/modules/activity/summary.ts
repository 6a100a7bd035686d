import {
  AGE_RANGE_KEYS,
  AGE_RANGES,
  type AgeRange,
  monthDays,
  POINT_GROUPS,
  type PointGroup,
  startOfDayInJapan,
} from '@kiwi/shared/domain/health-points';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { groups } from '../../db/schema/groups';
import { organizations } from '../../db/schema/organizations';
import { invalidParameter, notFound } from '../../jsonapi/errors';

export type GroupFilter = { groupIds: number[]; mode: 'and' | 'or' };

type Rows<T> = { rows: T[] };
async function query<T>(tx: Executor, statement: SQL): Promise<T[]> {
  // Both drivers (PGlite and node-postgres) answer execute() with { rows }.
  return ((await tx.execute(statement)) as unknown as Rows<T>).rows;
}

/** The month's instants in Japan: a membership counts for the month when its period overlaps them. */
function monthWindow(month: string) {
  const { from, to } = monthDays(month);
  return { from, to, start: startOfDayInJapan(from).toISOString(), end: startOfDayInJapan(to).toISOString() };
}

/**
 * The organisation's group filter: the groups asked for must all be the organisation's (400 otherwise). A member is in
 * a group when in it or in any group below it.
 */
export async function groupFilterOf(tx: Executor, organizationId: number, groupIds: number[] | undefined): Promise<GroupFilter> {
  const [organization] = await tx
    .select({ mode: organizations.distributionGraphGroupFilter })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!organization) throw notFound();
  const ids = [...new Set(groupIds ?? [])];
  if (ids.length > 0) {
    const found = await tx
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.organizationId, organizationId), inArray(groups.id, ids)));
    if (found.length !== ids.length) throw invalidParameter('group_ids');
  }
  return { groupIds: ids, mode: organization.mode };
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * `with recursive` part: every selected group's subtree, then the members in all of them ("and") or any ("or"), found
 * once as a set rather than asked per member. Nothing without a filter.
 */
function selectedGroupsCte(filter: GroupFilter): SQL {
  if (filter.groupIds.length === 0) return sql``;
  const needed = filter.mode === 'or' ? 1 : filter.groupIds.length;
  return sql`
    selected_groups(root_id, id) as (
      select g.id, g.id from groups g where g.id in (${idList(filter.groupIds)})
      union
      select s.root_id, c.id from groups c join selected_groups s on c.parent_id = s.id
    ),
    group_matches as (
      select gm.organization_member_id as id
      from group_memberships gm join selected_groups s on s.id = gm.group_id
      group by gm.organization_member_id
      having count(distinct s.root_id) >= ${needed}::int
    ),`;
}

/** Condition on organization_members `m`: in the group filter's members (see selectedGroupsCte). */
function groupCondition(filter: GroupFilter): SQL {
  if (filter.groupIds.length === 0) return sql`true`;
  return sql`m.id in (select id from group_matches)`;
}

/**
 * Memberships of the organisation that existed by the month's end and whose period overlaps the month (pending or
 * expired all month do not count; nor does a member added later, as utilisation's "invited" says).
 */
function overlapsMonth(window: ReturnType<typeof monthWindow>): SQL {
  return sql`m.created_at < ${window.end}::timestamptz
    and (m.active_from is null or m.active_from < ${window.end}::timestamptz) and (m.active_to is null or m.active_to > ${window.start}::timestamptz)`;
}

/** `case` over a month total, from the shared POINT_GROUPS (highest bound first). */
function pointGroupCase(points: SQL): SQL {
  const groupsDescending = [...POINT_GROUPS].reverse();
  return sql`case ${sql.join(
    groupsDescending.map((group) => sql`when ${points} >= ${sql.raw(String(group.min))} then ${group.key}`),
    sql` `,
  )} end`;
}

/**
 * `case` over a birthday, from the shared AGE_RANGES (age on the month's first day). Like ageRangeOf, anything below the
 * second range is the first one, a birthday after that day (a month before the member was born) included.
 */
function ageRangeCase(birthday: SQL, on: string): SQL {
  const [youngest, ...older] = AGE_RANGES;
  const age = sql`extract(year from age(${on}::date, ${birthday}))`;
  return sql`case when ${birthday} is null then 'unknown' ${sql.join(
    older.reverse().map((range) => sql`when ${age} >= ${sql.raw(String(range.min))} then ${range.key}`),
    sql` `,
  )} else ${youngest.key} end`;
}

export type AgeRangeSummary = { range: AgeRange; members: number; averagePoints: number; distribution: Record<PointGroup, number> };
export type HealthPointSummary = {
  organizationId: number;
  month: string;
  groupFilter: GroupFilter;
  members: number;
  totalPoints: number;
  averagePoints: number;
  distribution: Record<PointGroup, number>;
  ageRanges: AgeRangeSummary[];
};

const emptyDistribution = () => Object.fromEntries(POINT_GROUPS.map((group) => [group.key, 0])) as Record<PointGroup, number>;
const average = (total: number, count: number) => (count === 0 ? 0 : Math.round((total / count) * 10) / 10);

/**
 * Each counted member's month total of health points (activity_months), bucketed in SQL by point group and age range
 * (one row per non-empty pair). Members without activity count in the 0 group.
 */
export async function healthPointSummary(
  tx: Executor,
  { organizationId, month, filter }: { organizationId: number; month: string; filter: GroupFilter },
): Promise<HealthPointSummary> {
  const window = monthWindow(month);
  const rows = await query<{ point_group: PointGroup; age_range: AgeRange; members: number; points: number }>(
    tx,
    sql`
      with recursive ${selectedGroupsCte(filter)}
      counted as (
        select m.id, u.birthday
        from organization_members m join users u on u.id = m.user_id
        where m.organization_id = ${organizationId} and ${overlapsMonth(window)} and ${groupCondition(filter)}
      ),
      totals as (
        select c.birthday, coalesce(am.health_points, 0) as points
        from counted c
        left join activity_months am on am.organization_member_id = c.id and am.month = ${window.from}::date
      )
      select ${pointGroupCase(sql`points`)} as point_group, ${ageRangeCase(sql`birthday`, window.from)} as age_range,
        count(*)::int as members, sum(points)::int as points
      from totals
      group by 1, 2`,
  );

  const distribution = emptyDistribution();
  const byRange = new Map<AgeRange, AgeRangeSummary & { totalPoints: number }>(
    AGE_RANGE_KEYS.map((range) => [range, { range, members: 0, averagePoints: 0, distribution: emptyDistribution(), totalPoints: 0 }]),
  );
  let members = 0;
  let totalPoints = 0;
  for (const row of rows) {
    const count = Number(row.members);
    const points = Number(row.points);
    distribution[row.point_group] += count;
    const range = byRange.get(row.age_range)!;
    range.members += count;
    range.totalPoints += points;
    range.distribution[row.point_group] += count;
    members += count;
    totalPoints += points;
  }
  return {
    organizationId,
    month,
    groupFilter: filter,
    members,
    totalPoints,
    averagePoints: average(totalPoints, members),
    distribution,
    ageRanges: [...byRange.values()].map(({ totalPoints: rangeTotal, ...range }) => ({
      ...range,
      averagePoints: average(rangeTotal, range.members),
    })),
  };
}

export type UtilizationRate = {
  organizationId: number;
  organizationName: string;
  month: string;
  invited: number;
  appInstalled: number;
  active: number;
};

/**
 * Per organisation for a month: invited (memberships created by the month's end and not expired before it began;
 * pending ones too), app installed (of those, the app has synced), active (of those, at least one day of activity in
 * the month).
 */
export async function utilizationRates(
  tx: Executor,
  { organizationIds, month, filter }: { organizationIds: number[] | 'all'; month: string; filter: GroupFilter },
): Promise<UtilizationRate[]> {
  const window = monthWindow(month);
  const organizationCondition =
    organizationIds === 'all'
      ? sql`o.archived = false`
      : organizationIds.length === 0
        ? sql`false`
        : sql`o.id in (${idList(organizationIds)})`;
  const rows = await query<{ id: number; name: string; invited: number; app_installed: number; active: number }>(
    tx,
    sql`
      with recursive ${selectedGroupsCte(filter)}
      counted as (
        select m.id, m.organization_id, m.app_installed
        from organization_members m
        where m.created_at < ${window.end}::timestamptz
          and (m.active_to is null or m.active_to > ${window.start}::timestamptz)
          and ${groupCondition(filter)}
      )
      select o.id, o.name,
        count(c.id)::int as invited,
        count(c.id) filter (where c.app_installed)::int as app_installed,
        count(c.id) filter (where exists (
          select 1 from activity_months am where am.organization_member_id = c.id and am.month = ${window.from}::date and am.active_days > 0
        ))::int as active
      from organizations o left join counted c on c.organization_id = o.id
      where ${organizationCondition}
      group by o.id, o.name
      order by o.id`,
  );
  return rows.map((row) => ({
    organizationId: Number(row.id),
    organizationName: row.name,
    month,
    invited: Number(row.invited),
    appInstalled: Number(row.app_installed),
    active: Number(row.active),
  }));
}

export type UtilizationSeries = {
  organizationId: number;
  name: string;
  identifier: string;
  plan: string;
  months: { month: string; members: number; active: number }[];
};

/**
 * Per organisation and month of the period: members (memberships counted for the month, as the workout dashboard
 * counts them: overlapsMonth) and, of those, active ones (a day with activity in the month, activity_months.active_days).
 * One grouped query over the months; months without members are filled with zeros.
 */
export async function utilizationSeries(
  tx: Executor,
  {
    plan,
    organizationIds: asked,
    from,
    to,
    months,
  }: { plan?: string; organizationIds?: number[]; from: string; to: string; months: string[] },
): Promise<UtilizationSeries[]> {
  const conditions: SQL[] = [];
  if (plan !== undefined) conditions.push(eq(organizations.plan, plan));
  if (asked !== undefined) conditions.push(asked.length === 0 ? sql`false` : inArray(organizations.id, asked));
  const chosen = await tx
    .select({ id: organizations.id, name: organizations.name, identifier: organizations.identifier, plan: organizations.plan })
    .from(organizations)
    .where(and(...conditions))
    .orderBy(organizations.name, organizations.id);
  if (chosen.length === 0) return [];
  const organizationIds = chosen.map((organization) => organization.id);
  const first = `${from}-01`;
  const last = `${to}-01`;
  // overlapsMonth as months: a membership counts from the month (in Japan, a fixed +09) of its creation or start,
  // whichever is later, to the month of the last instant before its end. So each membership is read once: +1 member in
  // its first month of the period, -1 after its last, and its active months (activity_months) inside that span.
  const japanMonth = (instant: SQL) => sql`date_trunc('month', ((${instant}) at time zone 'UTC') + interval '9 hours')::date`;
  const firstMonth = japanMonth(sql`greatest(m.created_at, coalesce(m.active_from, m.created_at))`);
  const lastMonth = sql`case when m.active_to is not null then ${japanMonth(sql`m.active_to - interval '1 microsecond'`)} end`;
  const ids = idList(organizationIds);
  const rows = await query<{ organization_id: number; month: string; members: number; active: number }>(
    tx,
    sql`
      with spans as materialized (
        -- Each membership's first and last month, computed once (not per activity row).
        select m.id, m.organization_id, ${firstMonth} as first_month, ${lastMonth} as last_month
        from organization_members m where m.organization_id in (${ids})
      ),
      kept as (
        select * from spans
        where first_month <= ${last}::date and (last_month is null or (last_month >= ${first}::date and last_month >= first_month))
      )
      select organization_id, to_char(month, 'YYYY-MM') as month, members, active
      from (
        select organization_id, month, sum(members)::int as members, sum(active)::int as active
        from (
          select organization_id, greatest(first_month, ${first}::date) as month, 1 as members, 0 as active from kept
          union all
          select organization_id, (last_month + interval '1 month')::date, -1, 0 from kept where last_month < ${last}::date
          union all
          -- A hash join of the period's active months with the spans, each checked against its member's span.
          select s.organization_id, am.month, 0, 1
          from activity_months am join spans s on s.id = am.organization_member_id
          where am.month between ${first}::date and ${last}::date and am.active_days > 0
            and am.month >= s.first_month and (s.last_month is null or am.month <= s.last_month)
        ) changes
        group by 1, 2
      ) grouped`,
  );
  const changes = new Map<number, Map<string, { members: number; active: number }>>();
  for (const row of rows) {
    const id = Number(row.organization_id);
    const monthsOf = changes.get(id) ?? new Map();
    monthsOf.set(row.month, { members: Number(row.members), active: Number(row.active) });
    changes.set(id, monthsOf);
  }
  /** The running count of members (the changes' sum so far) beside each month's active members. */
  const monthsOf = (organizationId: number) => {
    let members = 0;
    return months.map((month) => {
      const change = changes.get(organizationId)?.get(month);
      members += change?.members ?? 0;
      return { month, members, active: change?.active ?? 0 };
    });
  };
  return chosen.map((organization) => ({
    organizationId: organization.id,
    name: organization.name,
    identifier: organization.identifier,
    plan: organization.plan,
    months: monthsOf(organization.id),
  }));
}
