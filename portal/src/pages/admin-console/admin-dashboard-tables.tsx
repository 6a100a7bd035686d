// The admin dashboard's two tables: organisations by plan and state, and each organisation's figures with its
// utilisation line (the chart chunk loads lazily; its label carries the figures meanwhile).
import { formatNumber } from '@kiwi/shared/i18n/format';
import type { SparklineProps } from '@kiwi/shared/ui/chart';
import { lazyOr } from '@kiwi/shared/ui/lazy-chunk';
import { Suspense, useId } from 'react';
import { Link } from 'react-router';
import en from '../../../../locales/en/admin-dashboard.json' with { type: 'json' };
import ja from '../../../../locales/ja/admin-dashboard.json' with { type: 'json' };
import { usePageNamespace } from '@kiwi/shared/i18n/use-page-namespace';
import { CardTable } from '../../layout/card-table';
import { type DashboardMeta, type DashboardOrganization, STATES, type UtilizationSeries } from './admin-dashboard-types';

/** The line's label while its chunk loads or if it cannot: the figures stay in the label and beside it. */
function SparklineText({ label, width = 120, height = 32 }: SparklineProps) {
  return <span className="kiwi-sparkline" role="img" aria-label={label} style={{ width, height }} />;
}
const Sparkline = lazyOr<SparklineProps>(
  () => import('@kiwi/shared/ui/chart').then((module) => ({ default: module.Sparkline })),
  SparklineText,
);

export function ByPlanTable({ meta, number }: { meta: DashboardMeta; number: (value: number) => string }) {
  const { t } = usePageNamespace('admin-dashboard', { ja, en });
  const id = useId();
  if (meta.byPlan.length === 0) return null;
  return (
    <div>
      <h2 id={id}>{t('byPlan.title')}</h2>
      <CardTable
        className="admin-dashboard__numbers"
        caption={t('byPlan.title')}
        headers={[t('byPlan.plan'), ...STATES.map((state) => t(`state.${state}`)), t('byPlan.total')]}
      >
        {meta.byPlan.map((row) => (
          <tr key={row.plan}>
            <th scope="row">{row.plan}</th>
            {STATES.map((state) => (
              <td key={state}>{number(row[state])}</td>
            ))}
            <td>{number(row.total)}</td>
          </tr>
        ))}
      </CardTable>
    </div>
  );
}

export function OrganizationsTable({
  organizations,
  series,
  number,
}: {
  organizations: DashboardOrganization[];
  series: UtilizationSeries[] | undefined;
  number: (value: number) => string;
}) {
  const { t, i18n } = usePageNamespace('admin-dashboard', { ja, en });
  const id = useId();
  const seriesOf = new Map((series ?? []).map((row) => [row.id, row.months]));
  const percent = (value: number) => formatNumber(value, i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <div>
      <h2 id={id}>{t('table.title')}</h2>
      {organizations.length === 0 ? (
        <p className="org-state org-state--empty">{t('table.empty')}</p>
      ) : (
        <CardTable
          className="admin-dashboard__organizations"
          caption={t('table.title')}
          headers={[
            t('table.organization'),
            t('table.state'),
            t('table.seats'),
            t('table.utilization'),
            t('table.coins'),
            t('table.changeRequests'),
            t('table.violationReports'),
          ]}
        >
          {organizations.map((organization) => {
            const months = seriesOf.get(organization.id);
            const last = months?.at(-1);
            return (
              <tr key={organization.id} data-testid={`organization-${organization.identifier}`}>
                <th scope="row">
                  <Link to={`/org/${organization.identifier}`}>{organization.name}</Link>
                  <div className="admin-dashboard__plan">{organization.plan}</div>
                </th>
                <td>{t(`state.${organization.state}`)}</td>
                <td className="admin-dashboard__seats">
                  {number(organization.seatsUsed)} /{' '}
                  {organization.seatsContracted === null ? t('table.unlimited') : number(organization.seatsContracted)}
                </td>
                <td>
                  {months && last ? (
                    <div className="admin-dashboard__utilization">
                      <Suspense fallback={<span className="kiwi-sparkline" aria-hidden="true" style={{ width: 120, height: 32 }} />}>
                        <Sparkline
                          values={months.map((month) => month.rate)}
                          label={t('table.utilizationLabel', {
                            name: organization.name,
                            figures: months.map((month) => `${month.month} ${percent(month.rate)}`).join(', '),
                          })}
                        />
                      </Suspense>
                      <span>{t('table.latest', { month: last.month, rate: percent(last.rate) })}</span>
                    </div>
                  ) : (
                    '–'
                  )}
                </td>
                <td>
                  {number(organization.coinsGranted)} / {number(organization.coinsSpent)}
                </td>
                <td>
                  {organization.pendingChangeRequests > 0 ? (
                    <Link to="/_admin/change_requests">{number(organization.pendingChangeRequests)}</Link>
                  ) : (
                    number(0)
                  )}
                </td>
                <td>
                  <Link
                    to={`/org/${organization.identifier}/violation_reports`}
                    aria-label={t('table.reportsLink', { name: organization.name, count: organization.pendingViolationReports })}
                  >
                    {number(organization.pendingViolationReports)}
                  </Link>
                </td>
              </tr>
            );
          })}
        </CardTable>
      )}
    </div>
  );
}
