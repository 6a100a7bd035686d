import { describe, expect, it } from 'vitest';
import {
  AdminDashboardQuerySchema,
  DashboardFilterFormSchema,
  dashboardPeriod,
  monthsBetween,
  periodMonths,
  periodProblem,
} from './admin-dashboard';

describe('dashboard period', () => {
  const now = new Date('2026-03-10T00:00:00Z');

  it('defaults to the last 12 months up to this month in Japan', () => {
    expect(dashboardPeriod({}, now)).toEqual({ from: '2025-04', to: '2026-03' });
    // 31 Dec 16:00 UTC is already 1 January in Japan.
    expect(dashboardPeriod({}, new Date('2025-12-31T16:00:00Z'))).toEqual({ from: '2025-02', to: '2026-01' });
  });

  it('fills the missing end 12 months away', () => {
    expect(dashboardPeriod({ from: '2025-01' }, now)).toEqual({ from: '2025-01', to: '2025-12' });
    expect(dashboardPeriod({ to: '2025-01' }, now)).toEqual({ from: '2024-02', to: '2025-01' });
  });

  it('lists the months, oldest first', () => {
    expect(monthsBetween('2025-11', '2026-01')).toBe(3);
    expect(periodMonths({ from: '2025-11', to: '2026-01' })).toEqual(['2025-11', '2025-12', '2026-01']);
  });

  it('accepts up to 24 months and refuses a reversed or longer period with its code', () => {
    expect(periodProblem({ from: '2024-01', to: '2025-12' })).toBeNull();
    expect(periodProblem({ from: '2025-01', to: '2025-01' })).toBeNull();
    expect(periodProblem({ from: '2024-01', to: '2026-01' })).toBe('adminDashboard.period');
    expect(periodProblem({ from: '2025-02', to: '2025-01' })).toBe('adminDashboard.period');
    expect(periodProblem({ from: '2025-02' })).toBeNull();
    expect(AdminDashboardQuerySchema.safeParse({ from: '2025-13' }).error?.issues[0]?.message).toBe('request.invalidParameter');
    expect(AdminDashboardQuerySchema.safeParse({ plan: ['a', 'b'] }).success).toBe(false);
  });
});

describe('dashboard filter form', () => {
  it('takes empty months as the default and checks the period as the server does', () => {
    expect(DashboardFilterFormSchema.safeParse({ from: '', to: '', plan: '' }).success).toBe(true);
    const reversed = DashboardFilterFormSchema.safeParse({ from: '2025-05', to: '2025-01', plan: '' });
    expect(reversed.error?.issues[0]).toMatchObject({ message: 'adminDashboard.period', path: ['to'] });
    expect(DashboardFilterFormSchema.safeParse({ from: '2025-5', to: '', plan: '' }).success).toBe(false);
  });
});
