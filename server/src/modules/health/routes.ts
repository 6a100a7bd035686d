import { Router } from 'express';
import type { ModuleDependencies } from '../deps';
import { presentHealth, presentReadiness } from './presenter';
import { checkReadiness, createReadiness, type Readiness } from './readiness';
import { checkHealth } from './service';

export function healthRoutes({ db, identity }: ModuleDependencies, readiness: Readiness = createReadiness()): Router {
  const router = Router();
  // Public: load balancers and `npm start` poll it. Liveness: the process, its database and identity backend answer.
  router.get('/health', async (_req, res) => {
    const health = await checkHealth({ db, identity });
    res.status(health.status === 'ok' ? 200 : 503).json(presentHealth(health));
  });
  // Public: readiness for the load balancer (docs/deploy.md). 503 while draining or without a database.
  router.get('/ready', async (_req, res) => {
    const state = await checkReadiness({ db, readiness });
    res.setHeader('Cache-Control', 'no-store');
    res.locals.expectedUnavailable = true;
    res.status(state.status === 'ready' ? 200 : 503).json(presentReadiness(state));
  });
  return router;
}
