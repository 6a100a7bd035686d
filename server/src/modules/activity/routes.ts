import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { monthInJapan } from '@kiwi/shared/domain/health-points';
import {
  ActivityDayParamSchema,
  ActivityListQuerySchema,
  HealthPointSummaryQuerySchema,
  isFutureDay,
  LogActivitySchema,
  SyncActivitySchema,
  UtilizationRatesQuerySchema,
} from '@kiwi/shared/schemas/activity';
import { dashboardPeriod, periodMonths, periodProblem, UtilizationSeriesQuerySchema } from '@kiwi/shared/schemas/admin-dashboard';
import { Router } from 'express';
import { ADMIN_DASHBOARD, authorize, can } from '../../auth/authorize';
import {
  currentSession,
  firstMembership,
  requireOrganizationMember,
  requireSignedIn,
  requireSignedInAnyMembershipState,
} from '../../auth/guards';
import { ApiError, forbidden, invalidParameter } from '../../jsonapi/errors';
import { parseBody, parseId, parseParams, parseQuery } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
import {
  presentActivityDay,
  presentActivityMonth,
  presentHealthPointSummary,
  presentSync,
  presentUtilizationRates,
  presentUtilizationSeries,
} from './presenter';
import { activityMemberOf, awardFinishedDays, memberActivityMonth, recordActivity, syncActivity } from './service';
import { groupFilterOf, healthPointSummary, utilizationRates, utilizationSeries } from './summary';

const SERIES_PARAMETERS = ['from', 'to', 'plan', 'organization_ids'];
const SINGLE_MONTH_PARAMETERS = ['month', 'organization_id', 'group_ids'];

export function activityRoutes({ db }: ModuleDependencies): Router {
  const router = Router();

  // The signed-in member's days of one month (default: this month in Japan), settling coins of finished days first.
  router.get('/user/activities', requireSignedIn, async (req, res) => {
    const member = activityMemberOf(await currentSession(req));
    const now = new Date();
    const { month = monthInJapan(now) } = parseQuery(ActivityListQuerySchema, req);
    const result = await db.db.transaction(async (tx) => {
      await awardFinishedDays(tx, member, now);
      return memberActivityMonth(tx, member, month, now);
    });
    res.json(presentActivityMonth(result));
  });

  // The member logs one day by hand (My activity page); the same day again replaces its figures.
  router.put('/user/activities/:day', requireSignedIn, async (req, res) => {
    const member = activityMemberOf(await currentSession(req));
    const { day } = parseParams(ActivityDayParamSchema, req);
    const now = new Date();
    if (isFutureDay(day, now)) throw new ApiError(ErrorCode.activityFutureDay, { status: 422, parameter: 'day' });
    const { activity } = parseBody(LogActivitySchema, req);
    const figures = {
      day,
      steps: activity.steps,
      workoutMinutes: activity.workout_minutes,
      calories: activity.calories,
      distanceMeters: activity.distance_meters,
    };
    const { coinsAwarded, month } = await db.db.transaction(async (tx) => ({
      coinsAwarded: await recordActivity(tx, { member, days: [figures], source: 'manual', now }),
      month: await memberActivityMonth(tx, member, day.slice(0, 7), now),
    }));
    const stored = month.days.find((row) => row.day === day)!;
    res.json(presentActivityDay(stored, { coinsAwarded, monthPoints: month.totalPoints, membershipState: month.membershipState }));
  });

  // The mobile app's upload (docs/api.md): idempotent per member and day, marks the app as installed and synced now.
  // Pending and expired members may sync too: the app shows them their state (SPEC §4); the service pays no coins then.
  router.post('/user/activities/sync', requireSignedInAnyMembershipState, async (req, res) => {
    const member = activityMemberOf(await currentSession(req));
    const { activity_sync: sync } = parseBody(SyncActivitySchema, req);
    const now = new Date();
    const days = sync.days.map((entry) => ({
      day: entry.day,
      steps: entry.steps,
      workoutMinutes: entry.workout_minutes,
      calories: entry.calories,
      distanceMeters: entry.distance_meters,
    }));
    const result = await db.db.transaction(async (tx) => syncActivity(tx, { member, days, now }));
    res.json(presentSync(result));
  });

  // Workout dashboard: the month's point distribution, overall and by age range (manager of the organisation, admin).
  router.get('/organizations/:organizationId/health_point_summary', requireOrganizationMember(), async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const query = parseQuery(HealthPointSummaryQuerySchema, req);
    const month = query.month ?? monthInJapan(new Date());
    const summary = await db.db.transaction(async (tx) =>
      healthPointSummary(tx, { organizationId, month, filter: await groupFilterOf(tx, organizationId, query.group_ids) }),
    );
    res.json(presentHealthPointSummary(summary));
  });

  // Invited / app installed / active members per organisation: a manager's own organisation, or any (all) for an admin.
  router.get('/organizations/utilization_rates', requireSignedIn, async (req, res) => {
    const session = await currentSession(req);
    // Issue 20: with a period (from/to), plan or organisation ids, the admin's monthly series for the dashboard.
    if (SERIES_PARAMETERS.some((name) => name in req.query)) {
      authorize(session, 'adminDashboard.view', ADMIN_DASHBOARD);
      for (const name of SINGLE_MONTH_PARAMETERS) if (name in req.query) throw invalidParameter(name);
      const query = parseQuery(UtilizationSeriesQuerySchema, req);
      const problem = periodProblem(query);
      if (problem) throw new ApiError(problem, { parameter: 'to' });
      const period = dashboardPeriod(query, new Date());
      const months = periodMonths(period);
      const series = await db.db.transaction(async (tx) =>
        utilizationSeries(tx, { plan: query.plan, organizationIds: query.organization_ids, ...period, months }),
      );
      res.json(presentUtilizationSeries(series, period));
      return;
    }
    const query = parseQuery(UtilizationRatesQuerySchema, req);
    const month = query.month ?? monthInJapan(new Date());
    let organizationIds: number[] | 'all';
    if (can(session, 'adminDashboard.view', ADMIN_DASHBOARD)) {
      organizationIds = query.organization_id === undefined ? 'all' : [query.organization_id];
    } else {
      // A manager: their (first) organisation's rates, the one they may name.
      const organizationId = query.organization_id ?? firstMembership(session)?.organizationId;
      if (organizationId === undefined) throw forbidden();
      authorize(session, 'activity.viewRates', { kind: 'organization', id: organizationId });
      organizationIds = [organizationId];
    }
    if (organizationIds === 'all' && query.group_ids?.length) throw invalidParameter('group_ids');
    const rates = await db.db.transaction(async (tx) => {
      const filter =
        organizationIds === 'all' ? { groupIds: [], mode: 'and' as const } : await groupFilterOf(tx, organizationIds[0]!, query.group_ids);
      return utilizationRates(tx, { organizationIds, month, filter });
    });
    res.json(presentUtilizationRates(rates, { month }));
  });

  return router;
}
