import { randomUUID } from 'node:crypto';
import express, { type Express, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { authentication } from './auth/guards';
import type { Identity } from './auth/identity';
import { createSessionCache, type SessionCache } from './auth/session-cache';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { apiNotFound, errorHandler } from './http/error-handler';
import { invalidationBus } from './realtime/invalidation';
import { devMailboxRoutes } from './mail/mailbox-routes';
import { jsonBodies, rejectNulCharacters, requireAcceptedContentType, securityHeaders } from './http/middleware';
import { parseQueryString } from './jsonapi/query';
import { activityRoutes } from './modules/activity/routes';
import { adminDashboardRoutes } from './modules/admin-dashboard/routes';
import { clientConfigRoutes } from './modules/client-config/routes';
import { coinsRoutes } from './modules/coins/routes';
import { slackSettingsRoutes } from './modules/slack-settings/routes';
import { slackReceiver } from './modules/slack-settings/slack-routes';
import type { ModuleDependencies } from './modules/deps';
import { healthRoutes } from './modules/health/routes';
import type { Readiness } from './modules/health/readiness';
import { groupsRoutes } from './modules/groups/routes';
import { invitationsRoutes } from './modules/invitations/routes';
import { consumerUsersRoutes } from './modules/consumer-users/routes';
import { newsRoutes } from './modules/news/routes';
import { membersRoutes } from './modules/members/routes';
import { organizationsRoutes } from './modules/organizations/routes';
import { eventsRoutes } from './modules/events/routes';
import { imagesRoutes } from './modules/images/routes';
import { sharedEventsRoutes } from './modules/shared-events/routes';
import { exportsRoutes } from './modules/exports/routes';
import { homeRoutes } from './modules/home/routes';
import { guildsRoutes } from './modules/guilds/routes';
import { usersRoutes } from './modules/users/routes';
import { pushRoutes } from './modules/push/routes';
import { cancellationRoutes } from './modules/cancellation/routes';
import { surveysRoutes } from './modules/surveys/routes';
import { embedOriginsRoutes } from './modules/embed-origins/routes';
import { embedOriginRegistry } from './modules/embed-origins/registry';
import { signInPolicyRoutes } from './modules/sign-in-policy/routes';
import { appInstallRoutes } from './modules/app-install/routes';
import { systemSettingsRoutes } from './modules/system-settings/routes';
import { appInformationsRoutes } from './modules/app-informations/routes';
import { walkingEventsRoutes } from './modules/walking-events/routes';
import { giftsRoutes } from './modules/gifts/routes';
import { giftAuditRoutes } from './modules/gift-audit/routes';
import { devGiftIssuerRoutes } from './modules/gift-issuing/dev-issuer-routes';
import { gachaRoutes } from './modules/gacha/routes';
import { questsRoutes } from './modules/quests/routes';
import { violationReportsRoutes } from './modules/violation-reports/routes';
import { changeRequestsRoutes } from './modules/change-requests/routes';
import { staffActionLog } from './modules/staff-actions/middleware';
import { staffActionsRoutes } from './modules/staff-actions/routes';
import { apiCors, checkEmbedOrigin } from './http/cors';
import { widgetsStatic } from './widgets/static';
import { compressJson } from './http/precompressed';
import { portalStatic } from './http/portal-static';

/** 10,000 member ids of up to 10 digits with a comma each, and room for a pretty-printed body. */
const GROUP_BODY_LIMIT = '256kb';

export type AppDependencies = {
  db: DatabaseHandle;
  identity: Identity;
  config: Config;
  logger: Logger;
  /** Built (and its LISTEN started) here when not given; main.ts passes one it has already started. */
  sessions?: SessionCache;
  /** GET /api/ready's draining flag; main.ts passes the one its SIGTERM handler sets (issue 22). */
  readiness?: Readiness;
};

export function createApp({ db, identity, config, logger, sessions, readiness }: AppDependencies): Express {
  const sessionCache = sessions ?? startedSessionCache(db, logger);
  // Issue 22: a disabled identity's verified tokens are forgotten on every replica (the invalidation bus).
  invalidationBus(db, logger).on('tokens', (message) => identity.forgetTokens(message?.uid));
  const deps: ModuleDependencies = { db, identity, config, logger, sessions: sessionCache };

  const app = express();
  app.disable('x-powered-by');
  // JSON answers are built per request; hashing each for an ETag costs more than it saves.
  app.set('etag', false);
  app.set('query parser', parseQueryString);
  app.set('trust proxy', config.trustProxy);

  app.use(requestLogging(logger));
  if (readiness) app.use(closeConnectionsWhileDraining(readiness));
  app.use(securityHeaders(config));
  // Slack signs the raw body: its receiver reads the body itself, so it comes before any body parser.
  app.use('/slack', slackReceiver(deps));

  const api = express.Router();
  // JSON answers above 1 kB go compressed; event streams and images never are (http/precompressed.ts).
  api.use(compressJson());
  // First: a refused origin gets nothing else, and a preflight is answered before any body or auth check.
  // CORS asks the embed-origins module (through app.ts: http/ knows no feature module) which origins are registered.
  api.use(apiCors({ publicUrl: config.publicUrl, organizationsFor: embedOriginRegistry(db, logger).organizationsFor }));
  api.use(requireAcceptedContentType);
  // A group's member list (up to 10,000 ids) is the one JSON body that needs more than a text field does.
  api.use(jsonBodies(config.bodyLimit, [{ path: '/organizations/:organizationId/groups', limit: GROUP_BODY_LIMIT }]));
  api.use(rejectNulCharacters);
  api.use(authentication({ identity, sessions: sessionCache, checkSession: checkEmbedOrigin }));
  // Issue 20 point 8: staff writes are logged by route once answered (unless the handler logged them with before/after).
  api.use(staffActionLog(deps));
  api.use(healthRoutes(deps, readiness));
  api.use(clientConfigRoutes(deps));
  api.use(activityRoutes(deps));
  api.use(usersRoutes(deps));
  api.use(pushRoutes(deps));
  api.use(cancellationRoutes(deps));
  api.use(coinsRoutes(deps));
  api.use(slackSettingsRoutes(deps));
  api.use(embedOriginsRoutes(deps));
  api.use(signInPolicyRoutes(deps));
  api.use(surveysRoutes(deps));
  api.use(organizationsRoutes(deps));
  api.use(membersRoutes(deps));
  api.use(invitationsRoutes(deps));
  api.use(consumerUsersRoutes(deps));
  api.use(groupsRoutes(deps));
  api.use(newsRoutes(deps));
  api.use(imagesRoutes(deps));
  api.use(eventsRoutes(deps));
  api.use(sharedEventsRoutes(deps));
  api.use(guildsRoutes(deps));
  api.use(walkingEventsRoutes(deps));
  api.use(giftAuditRoutes(deps));
  // Before the catalogue's /gifts/:id routes: /gifts/weekly_gacha and /gifts/dream_gacha are fixed paths.
  api.use(gachaRoutes(deps));
  api.use(questsRoutes(deps));
  api.use(violationReportsRoutes(deps));
  api.use(changeRequestsRoutes(deps));
  api.use(staffActionsRoutes(deps));
  api.use(adminDashboardRoutes(deps));
  api.use(systemSettingsRoutes(deps));
  api.use(appInformationsRoutes(deps));
  api.use(giftsRoutes(deps));
  api.use(appInstallRoutes(deps));
  api.use(homeRoutes(deps));
  api.use(exportsRoutes(deps));
  api.use(apiNotFound);
  app.use('/api', api);

  app.use('/widgets', widgetsStatic(config.widgets.dist));
  app.use(devMailboxRoutes(deps));
  app.use(devGiftIssuerRoutes(deps));
  app.use(portalStatic(config.portalDist));
  app.use(apiNotFound);
  app.use(errorHandler);
  return app;
}

/**
 * One pino line per finished request (id, method, url, status, duration). Written by hand rather than with pino-http,
 * whose per-request child logger and listeners cost about a tenth of GET /api/user. `req.log` carries the request id.
 */
function requestLogging(logger: Logger): RequestHandler {
  if (logger.level === 'silent') {
    return (req, _res, next) => {
      req.log = logger;
      next();
    };
  }
  return (req, res, next) => {
    const started = performance.now();
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    res.setHeader('x-request-id', id);
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', { configurable: true, get: () => (child ??= logger.child({ reqId: id })) });
    res.once('finish', () => {
      const line = {
        reqId: id,
        method: req.method,
        url: req.originalUrl,
        status: res.statusCode,
        ms: Math.round(performance.now() - started),
      };
      // A 503 the handler meant (readiness while draining) is information, not a failure.
      if (res.statusCode >= 500 && !res.locals.expectedUnavailable) logger.error(line, 'request failed');
      else logger.info(line, 'request completed');
    });
    next();
  };
}

/** While draining, every answer ends its keep-alive connection: the balancer's next request opens one to another replica. */
function closeConnectionsWhileDraining(readiness: Readiness): RequestHandler {
  return (_req, res, next) => {
    if (readiness.draining) res.setHeader('Connection', 'close');
    next();
  };
}

function startedSessionCache(db: DatabaseHandle, logger: Logger): SessionCache {
  const cache = createSessionCache(db, { logger });
  cache
    .start()
    .catch((error: unknown) => logger.error({ err: error }, 'session cache could not LISTEN; other processes cannot invalidate it'));
  return cache;
}
