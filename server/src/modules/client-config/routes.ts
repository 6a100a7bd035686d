import { Router } from 'express';
import type { ModuleDependencies } from '../deps';
import { presentClientConfig } from './presenter';
import { clientConfig } from './service';

export function clientConfigRoutes({ config }: ModuleDependencies): Router {
  const router = Router();
  // Public: the portal initialises Firebase from it before anyone signs in, so one build serves emulator and real project.
  const body = presentClientConfig(clientConfig(config));
  router.get('/client_config', (_req, res) => {
    res.json(body);
  });
  return router;
}
