import { AGE_RANGE_KEYS, monthInJapan, POINT_GROUPS } from '@kiwi/shared/domain/health-points';
import { Chart } from '@kiwi/shared/ui/chart';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganization } from '../../organization/organization-context';
import { useSession } from '../../session/session-provider';
import { MonthPicker } from '../activity/month-picker';
import { formatMonth, formatNumber } from '@kiwi/shared/i18n/format';
import '../activity/activity.css';

type GroupCount = { group: string; members: number };
export type HealthPointSummary = {
  id: string;
  month: string;
  groupIds: number[];
  groupFilter: 'and' | 'or';
  members: number;
  totalPoints: number;
  averagePoints: number;
  distribution: GroupCount[];
  ageRanges: { range: string; members: number; average: number; distribution: GroupCount[] }[];
};
export type UtilizationRate = {
  id: string;
  organizationId: number;
  invited: number;
  appInstalled: number;
  active: number;
  appInstalledRate: number;
  activeRate: number;
};
type Group = { id: string; name: string; parentId?: number | null };

/** Groups with their place in the hierarchy ("本社 > 営業部"), in that order. */
export function groupPaths(groups: Group[]): { id: string; path: string }[] {
  const byId = new Map(groups.map((group) => [group.id, group]));
  const pathOf = (group: Group, seen = new Set<string>()): string => {
    const parent = group.parentId == null ? undefined : byId.get(String(group.parentId));
    if (!parent || seen.has(parent.id)) return group.name;
    seen.add(group.id);
    return `${pathOf(parent, seen)} > ${group.name}`;
  };
  return groups.map((group) => ({ id: group.id, path: pathOf(group) })).sort((a, b) => a.path.localeCompare(b.path));
}

const countIn = (list: GroupCount[], group: string) => list.find((entry) => entry.group === group)?.members ?? 0;

/** SPEC §2 workout dashboard at /org/{identifier}: point distribution, age ranges and utilisation for a month. */
export function WorkoutDashboardPage() {
  const { t, i18n } = useTranslation('activity');
  const { loaded, organization } = useOrganization();
  const { api } = useSession();
  const currentMonth = monthInJapan(new Date());
  const [month, setMonth] = useState(currentMonth);
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const organizationId = organization?.id;
  const mode = organization?.distributionGraphGroupFilter ?? 'and';
  const number = (value: number) => formatNumber(value, i18n.language, { maximumFractionDigits: 1 });
  const percent = (value: number) => formatNumber(value, i18n.language, { style: 'percent', maximumFractionDigits: 1 });

  const groups = useQuery({
    queryKey: ['organizations', organizationId, 'groups', 'all'],
    queryFn: () => api.get<Group[]>(`/organizations/${organizationId}/groups`),
    enabled: organizationId !== undefined,
    retry: false,
  });
  const summary = useQuery({
    queryKey: ['activity', 'summary', organizationId, month, groupIds],
    queryFn: () => api.get<HealthPointSummary>(`/organizations/${organizationId}/health_point_summary`, { month, group_ids: groupIds }),
    enabled: organizationId !== undefined,
  });
  const utilization = useQuery({
    queryKey: ['activity', 'utilization', organizationId, month, groupIds],
    queryFn: () =>
      api.get<UtilizationRate[]>('/organizations/utilization_rates', { organization_id: organizationId, month, group_ids: groupIds }),
    enabled: organizationId !== undefined,
  });

  if (!loaded) return <p role="status">{t('state.loading')}</p>;
  if (!organization) {
    return (
      <p role="alert" className="alert alert--error">
        {t('dashboard.noOrganization')}
      </p>
    );
  }

  const toggleGroup = (id: string) => setGroupIds((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));
  const groupList = groupPaths(groups.data?.data ?? []);
  const pointGroupLabels = POINT_GROUPS.map((group) => t(`pointGroups.${group.key}`));
  const ageRangeLabels = AGE_RANGE_KEYS.map((range) => t(`ageRanges.${range}`));
  const data = summary.data?.data;
  const rate = utilization.data?.data[0];

  return (
    <div className="dashboard-page">
      <h1>{t('dashboard.title')}</h1>

      <section className="activity-card dashboard-filters" aria-label={t('dashboard.filters')}>
        <fieldset>
          <legend>{t('month.label')}</legend>
          <MonthPicker value={month} onChange={setMonth} max={currentMonth} />
        </fieldset>
        {/* Without the groups API (or with no groups) the dashboard shows every member. */}
        {groups.isSuccess && (
          <fieldset>
            <legend>{t('dashboard.groups')}</legend>
            {groupList.length === 0 ? (
              <p className="dashboard-help">{t('dashboard.noGroups')}</p>
            ) : (
              <>
                <ul className="dashboard-groups">
                  {groupList.map((group) => (
                    <li key={group.id}>
                      <label>
                        <input type="checkbox" checked={groupIds.includes(group.id)} onChange={() => toggleGroup(group.id)} />
                        {group.path}
                      </label>
                    </li>
                  ))}
                </ul>
                <p className="dashboard-help">
                  {groupIds.length === 0
                    ? t('dashboard.allMembers')
                    : t(mode === 'or' ? 'dashboard.groupsHelpOr' : 'dashboard.groupsHelpAnd')}
                </p>
                {groupIds.length > 0 && (
                  <button type="button" className="kiwi-button kiwi-button--text" onClick={() => setGroupIds([])}>
                    {t('dashboard.clearGroups')}
                  </button>
                )}
              </>
            )}
          </fieldset>
        )}
      </section>

      {summary.isPending || utilization.isPending ? (
        <p role="status">{t('state.loading')}</p>
      ) : summary.isError || utilization.isError || !data ? (
        <div role="alert" className="alert alert--error">
          {t('state.loadFailed')}{' '}
          <button
            type="button"
            className="kiwi-button kiwi-button--text"
            onClick={() => {
              void summary.refetch();
              void utilization.refetch();
            }}
          >
            {t('state.retry')}
          </button>
        </div>
      ) : (
        <>
          <dl className="activity-summary">
            <div>
              <dt>{t('dashboard.summary.members')}</dt>
              <dd data-testid="dashboard-members">{number(data.members)}</dd>
            </div>
            <div>
              <dt>{t('dashboard.summary.averagePoints')}</dt>
              <dd>{number(data.averagePoints)}</dd>
            </div>
            <div>
              <dt>{t('dashboard.summary.totalPoints')}</dt>
              <dd>{number(data.totalPoints)}</dd>
            </div>
            {rate && (
              <>
                <div>
                  <dt>{t('dashboard.utilization.appInstalled')}</dt>
                  <dd>{percent(rate.appInstalledRate)}</dd>
                </div>
                <div>
                  <dt>{t('dashboard.utilization.active')}</dt>
                  <dd>{percent(rate.activeRate)}</dd>
                </div>
              </>
            )}
          </dl>
          {data.members === 0 && (
            <p className="activity-empty" role="status">
              {t(groupIds.length > 0 ? 'dashboard.emptyWithGroups' : 'dashboard.empty', { month: formatMonth(month, i18n.language) })}
            </p>
          )}
          <div className="dashboard-charts">
            {data.members > 0 && (
              <Chart
                title={t('dashboard.distribution.title', { month: formatMonth(month, i18n.language) })}
                kind="bar"
                labels={pointGroupLabels}
                series={[
                  { label: t('dashboard.distribution.series'), values: POINT_GROUPS.map((group) => countIn(data.distribution, group.key)) },
                ]}
                csvFileName={`point-distribution-${organization.identifier}-${month}`}
                formatValue={number}
              />
            )}
            {rate && (
              <Chart
                title={t('dashboard.utilization.title', { month: formatMonth(month, i18n.language) })}
                kind="bar"
                labels={[t('dashboard.utilization.invited'), t('dashboard.utilization.appInstalled'), t('dashboard.utilization.active')]}
                series={[
                  { label: t('dashboard.utilization.series'), values: [rate.invited, rate.appInstalled, rate.active], color: '#009E73' },
                ]}
                csvFileName={`utilization-${organization.identifier}-${month}`}
                formatValue={number}
              />
            )}
            {data.members > 0 && (
              <>
                <Chart
                  title={t('dashboard.ageRanges.title', { month: formatMonth(month, i18n.language) })}
                  kind="bar"
                  labels={ageRangeLabels}
                  series={POINT_GROUPS.map((group, index) => ({
                    label: pointGroupLabels[index]!,
                    values: AGE_RANGE_KEYS.map((range) =>
                      countIn(data.ageRanges.find((entry) => entry.range === range)?.distribution ?? [], group.key),
                    ),
                  }))}
                  csvFileName={`age-range-distribution-${organization.identifier}-${month}`}
                  formatValue={number}
                  height={300}
                />
                <Chart
                  title={t('dashboard.ageRanges.averageTitle', { month: formatMonth(month, i18n.language) })}
                  kind="bar"
                  labels={ageRangeLabels}
                  series={[
                    {
                      label: t('dashboard.ageRanges.averageSeries'),
                      values: AGE_RANGE_KEYS.map((range) => data.ageRanges.find((entry) => entry.range === range)?.average ?? 0),
                      color: '#E69F00',
                    },
                  ]}
                  csvFileName={`age-range-average-${organization.identifier}-${month}`}
                  formatValue={number}
                />
              </>
            )}
          </div>
        </>
      )}
    </div>
  );
}
