import { zodResolver } from '@hookform/resolvers/zod';
import { formatMonth, formatNumber } from '@kiwi/shared/i18n/format';
import {
  type DashboardFilterForm,
  DashboardFilterFormSchema,
  type DashboardPeriod,
  dashboardPeriod,
} from '@kiwi/shared/schemas/admin-dashboard';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import en from '../../../../locales/en/admin-dashboard.json' with { type: 'json' };
import ja from '../../../../locales/ja/admin-dashboard.json' with { type: 'json' };
import { usePageNamespace } from '@kiwi/shared/i18n/use-page-namespace';
import { useSession } from '../../session/session-provider';
import { ByPlanTable, OrganizationsTable } from './admin-dashboard-tables';
import type { DashboardMeta, DashboardOrganization, UtilizationSeries } from './admin-dashboard-types';
import '../organization/organization.css';
import './dashboard-page.css';
import { DateField } from '@kiwi/shared/forms/date-field';

/** Filters as the URL holds them (empty = the default period, every plan). */
function useDashboardFilters() {
  const [params, setParams] = useSearchParams();
  const filters: DashboardFilterForm = { from: params.get('from') ?? '', to: params.get('to') ?? '', plan: params.get('plan') ?? '' };
  const apply = (next: DashboardFilterForm) => {
    const entries = Object.entries(next).filter(([, value]) => value !== '');
    setParams(new URLSearchParams(entries), { replace: false });
  };
  return { filters, apply };
}

/** /_admin: the platform at a glance (issue 20 point 1). */
export function DashboardPage() {
  const { t, i18n } = usePageNamespace('admin-dashboard', { ja, en }, ['errors']);
  const { api } = useSession();
  const { filters, apply } = useDashboardFilters();
  const period: DashboardPeriod = dashboardPeriod({ from: filters.from || undefined, to: filters.to || undefined }, new Date());
  const query = { ...period, plan: filters.plan || undefined };
  const dashboard = useQuery({
    queryKey: ['admin-dashboard', query],
    queryFn: () => api.get<DashboardOrganization[]>('/admin/dashboard', query),
  });
  const series = useQuery({
    queryKey: ['admin-dashboard', 'utilization', query],
    queryFn: () => api.get<UtilizationSeries[]>('/organizations/utilization_rates', query),
  });
  const number = (value: number) => formatNumber(value, i18n.language);

  return (
    <div className="org-page admin-dashboard">
      <header className="org-page__header">
        <h1>{t('title')}</h1>
        <nav aria-label={t('links.title')} className="admin-dashboard__links">
          <Link className="kiwi-button" to="/_admin/change_requests">
            {t('links.changeRequests')}
          </Link>
          <Link className="kiwi-button" to="/_admin/staff_actions">
            {t('links.staffActions')}
          </Link>
          <Link className="kiwi-button" to="/_admin/exports">
            {t('links.exports')}
          </Link>
        </nav>
      </header>
      <p className="admin-dashboard__intro">{t('intro')}</p>
      <FilterForm filters={filters} plans={(dashboard.data?.meta as DashboardMeta | undefined)?.plans ?? []} onApply={apply} />
      {dashboard.isPending ? (
        <p className="org-state" role="status">
          {t('loading')}
        </p>
      ) : dashboard.isError ? (
        <div className="alert alert--error org-state" role="alert">
          <span>{t('loadFailed')}</span>{' '}
          <button type="button" className="kiwi-button" onClick={() => void dashboard.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <>
          <p className="admin-dashboard__period" data-testid="dashboard-period">
            {t('filters.period', {
              from: formatMonth(String(dashboard.data.meta?.from), i18n.language),
              to: formatMonth(String(dashboard.data.meta?.to), i18n.language),
            })}
          </p>
          <FigureCards meta={dashboard.data.meta as unknown as DashboardMeta} number={number} />
          <ByPlanTable meta={dashboard.data.meta as unknown as DashboardMeta} number={number} />
          <OrganizationsTable organizations={dashboard.data.data} series={series.data?.data} number={number} />
        </>
      )}
    </div>
  );
}

function FilterForm({
  filters,
  plans,
  onApply,
}: {
  filters: DashboardFilterForm;
  plans: string[];
  onApply: (filters: DashboardFilterForm) => void;
}) {
  const { t } = usePageNamespace('admin-dashboard', { ja, en }, ['errors']);
  const id = useId();
  const {
    register,
    watch,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<DashboardFilterForm>({ resolver: zodResolver(DashboardFilterFormSchema) as never, defaultValues: filters });
  const key = `${filters.from}|${filters.to}|${filters.plan}`;
  // Back and forward in the browser change the URL: the form follows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for the filters.
  useEffect(() => reset(filters), [key, reset]);
  const allPlans = filters.plan && !plans.includes(filters.plan) ? [...plans, filters.plan] : plans;
  return (
    <form className="org-filters admin-dashboard__filters" aria-label={t('filters.title')} noValidate onSubmit={handleSubmit(onApply)}>
      <div className="field">
        <label htmlFor={`${id}-from`}>{t('filters.from')}</label>
        <DateField id={`${id}-from`} kind="month" min="1900-01" max="2099-12" form={{ register, watch }} name="from" />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`}>{t('filters.to')}</label>
        <DateField
          id={`${id}-to`}
          kind="month"
          min="1900-01"
          max="2099-12"
          aria-invalid={errors.to ? true : undefined}
          aria-describedby={errors.to ? `${id}-to-error` : undefined}
          form={{ register, watch }}
          name="to"
        />
        {errors.to?.message && (
          <p id={`${id}-to-error`} className="field__error">
            {t(`errors:${errors.to.message}`)}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-plan`}>{t('filters.plan')}</label>
        <select id={`${id}-plan`} {...register('plan')}>
          <option value="">{t('filters.allPlans')}</option>
          {allPlans.map((plan) => (
            <option key={plan} value={plan}>
              {plan}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-dashboard__filter-actions">
        <button type="submit" className="kiwi-button kiwi-button--primary">
          {t('filters.apply')}
        </button>
        <button type="button" className="kiwi-button" onClick={() => onApply({ from: '', to: '', plan: filters.plan })}>
          {t('filters.reset')}
        </button>
      </div>
    </form>
  );
}

function Card({
  title,
  value,
  detail,
  testId,
  children,
}: {
  title: string;
  value: string;
  detail?: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <div className="admin-dashboard__card" data-testid={testId}>
      <h2 className="admin-dashboard__card-title">{title}</h2>
      <p className="admin-dashboard__figure">{value}</p>
      {detail && <p className="admin-dashboard__detail">{detail}</p>}
      {children}
    </div>
  );
}

function FigureCards({ meta, number }: { meta: DashboardMeta; number: (value: number) => string }) {
  const { t } = usePageNamespace('admin-dashboard', { ja, en });
  const { totals } = meta;
  return (
    <div className="admin-dashboard__cards">
      <Card
        testId="card-organizations"
        title={t('cards.organizations')}
        value={number(totals.organizations)}
        detail={t('cards.organizationsDetail', {
          active: number(totals.states.active),
          planEnded: number(totals.states.planEnded),
          archived: number(totals.states.archived),
        })}
      />
      <Card
        testId="card-seats"
        title={t('cards.seats')}
        value={number(totals.seatsUsed)}
        detail={[
          t('cards.seatsDetail', { contracted: number(totals.seatsContracted) }),
          totals.unlimitedOrganizations > 0 ? t('cards.seatsUnlimited', { count: totals.unlimitedOrganizations }) : '',
        ]
          .filter(Boolean)
          .join(' ')}
      />
      <Card
        testId="card-coins-granted"
        title={t('cards.coinsGranted')}
        value={number(totals.coinsGranted)}
        detail={t('cards.coinsDetail')}
      />
      <Card testId="card-coins-spent" title={t('cards.coinsSpent')} value={number(totals.coinsSpent)} detail={t('cards.coinsDetail')} />
      <Card testId="card-change-requests" title={t('cards.changeRequests')} value={number(totals.pendingChangeRequests)}>
        <Link to="/_admin/change_requests" className="admin-dashboard__card-link">
          {t('links.changeRequests')}
        </Link>
      </Card>
      <Card testId="card-violation-reports" title={t('cards.violationReports')} value={number(totals.pendingViolationReports)} />
    </div>
  );
}
