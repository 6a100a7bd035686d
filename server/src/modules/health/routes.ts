import { Router } from 'express';
import type { ModuleDependencies } from '../deps';
import { presentHealth } from './presenter';
import { checkHealth } from './service';

export function healthRoutes({ db, identity }: ModuleDependencies): Router {
  const router = Router();
  // Public: load balancers and `npm start` poll it.
  router.get('/health', async (_req, res) => {
    const health = await checkHealth({ db, identity });
    res.status(health.status === 'ok' ? 200 : 503).json(presentHealth(health));
  });
  return router;
}
