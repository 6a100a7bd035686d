import { EmbedOriginsPayloadSchema } from '@kiwi/shared/schemas/embed-origins';
import { Router } from 'express';
import { requireOrganizationMember } from '../../auth/guards';
import { parseBody, parseId } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
import { presentEmbedOrigins } from './presenter';
import { embedOriginRegistry } from './registry';
import { listEmbedOrigins, replaceEmbedOrigins } from './service';

/** The External services page's embed origins: the pages (origins) allowed to embed the widgets and call /api. */
export function embedOriginsRoutes({ db }: ModuleDependencies): Router {
  const router = Router();
  const managers = requireOrganizationMember();
  const registry = embedOriginRegistry(db);
  const path = '/organizations/:organizationId/embed_origins';

  router.get(path, managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    res.json(presentEmbedOrigins(await db.db.transaction((tx) => listEmbedOrigins(tx, organizationId))));
  });

  router.put(path, managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const { embed_origins: origins } = parseBody(EmbedOriginsPayloadSchema, req);
    const rows = await db.db.transaction((tx) => replaceEmbedOrigins(tx, organizationId, origins));
    // CORS answers the new list at once in this process (other processes within EMBED_ORIGINS_TTL_MS).
    registry.invalidate();
    res.json(presentEmbedOrigins(rows));
  });

  return router;
}
