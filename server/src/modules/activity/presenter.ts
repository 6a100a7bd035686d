import { POINT_GROUPS, type PointGroup } from '@kiwi/shared/domain/health-points';
import { serialize } from '../../jsonapi/serialize';
import type { MemberActivityDay, MemberActivityMonth, SyncResult } from './service';
import type { HealthPointSummary, UtilizationRate, UtilizationSeries } from './summary';

const dayAttributes = (day: MemberActivityDay) => ({
  day: day.day,
  steps: day.steps,
  workoutMinutes: day.workoutMinutes,
  calories: day.calories,
  distanceMeters: day.distanceMeters,
  healthPoints: day.healthPoints,
  source: day.source,
  coins: day.coins,
  coinStatus: day.coinStatus,
  updatedAt: day.updatedAt,
});

const memberMeta = (month: MemberActivityMonth) => ({
  coinBalance: month.member.coinBalance,
  membershipState: month.membershipState,
  activeFrom: month.member.activeFrom ? new Date(month.member.activeFrom).toISOString() : null,
  activeTo: month.member.activeTo ? new Date(month.member.activeTo).toISOString() : null,
  appInstalled: month.member.appInstalled,
  lastSyncAt: month.member.lastSyncAt?.toISOString() ?? null,
});

/** `activity-days` (id = the day) with the month's totals and the membership facts in meta. */
export function presentActivityMonth(month: MemberActivityMonth) {
  return serialize('activity-days', month.days, {
    id: (day) => day.day,
    attributes: dayAttributes,
    meta: { month: month.month, totalPoints: month.totalPoints, coinsEarned: month.coinsEarned, ...memberMeta(month) },
  });
}

/** The synced days as stored, the coins this sync awarded and the membership facts (docs/api.md). */
export function presentSync({ coinsAwarded, days, facts }: SyncResult) {
  return serialize('activity-days', days, {
    id: (day) => day.day,
    attributes: dayAttributes,
    meta: { coinsAwarded, ...memberMeta(facts) },
  });
}

export function presentActivityDay(day: MemberActivityDay, meta: Record<string, unknown>) {
  return serialize('activity-days', day, { id: (row) => row.day, attributes: dayAttributes, meta });
}

const distributionList = (distribution: Record<PointGroup, number>) =>
  POINT_GROUPS.map((group) => ({ group: group.key, members: distribution[group.key] }));

/** `health-point-summaries`: one per organisation and month (id `<organization>-<month>`). */
export function presentHealthPointSummary(summary: HealthPointSummary) {
  return serialize('health-point-summaries', summary, {
    id: (row) => `${row.organizationId}-${row.month}`,
    attributes: (row) => ({
      organizationId: row.organizationId,
      month: row.month,
      groupIds: row.groupFilter.groupIds,
      groupFilter: row.groupFilter.mode,
      members: row.members,
      totalPoints: row.totalPoints,
      averagePoints: row.averagePoints,
      distribution: distributionList(row.distribution),
      ageRanges: row.ageRanges.map((range) => ({
        range: range.range,
        members: range.members,
        average: range.averagePoints,
        distribution: distributionList(range.distribution),
      })),
    }),
  });
}

const rate = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 1000);

/** `utilization-rates`: one per organisation (id = the organisation's id). */
export function presentUtilizationRates(rates: UtilizationRate[], meta: Record<string, unknown>) {
  return serialize('utilization-rates', rates, {
    id: (row) => row.organizationId,
    attributes: (row) => ({
      organizationId: row.organizationId,
      organizationName: row.organizationName,
      month: row.month,
      invited: row.invited,
      appInstalled: row.appInstalled,
      active: row.active,
      appInstalledRate: rate(row.appInstalled, row.invited),
      activeRate: rate(row.active, row.invited),
    }),
    meta,
  });
}

/** `utilization-series` (id = the organisation's id): each month's members, active members and their rate. */
export function presentUtilizationSeries(series: UtilizationSeries[], meta: Record<string, unknown>) {
  return serialize('utilization-series', series, {
    id: (row) => row.organizationId,
    attributes: (row) => ({
      organizationId: row.organizationId,
      name: row.name,
      identifier: row.identifier,
      plan: row.plan,
      months: row.months.map((month) => ({ ...month, rate: rate(month.active, month.members) })),
    }),
    meta,
  });
}
