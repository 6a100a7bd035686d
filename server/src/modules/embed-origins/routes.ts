import { EmbedOriginPayloadSchema, EmbedOriginsPayloadSchema } from '@kiwi/shared/schemas/embed-origins';
import { Router } from 'express';
import { requireOrganizationMember } from '../../auth/guards';
import { parseBody, parseId } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
import { presentEmbedOrigins } from './presenter';
import { embedOriginRegistry, embedOriginsChanged } from './registry';
import { addEmbedOrigin, listEmbedOrigins, removeEmbedOrigin, replaceEmbedOrigins } from './service';

/**
 * The External services page's embed origins: the pages (origins) allowed to embed the widgets and call /api. Every
 * change answers the whole list as saved, and clears this process's copy of the registered origins so CORS answers
 * the new list at once; every other process drops its copy when the change commits (the invalidation bus), and the
 * event streams opened from a removed origin end.
 */
export function embedOriginsRoutes({ db, logger }: ModuleDependencies): Router {
  const router = Router();
  const managers = requireOrganizationMember();
  const registry = embedOriginRegistry(db, logger);
  const path = '/organizations/:organizationId/embed_origins';

  router.get(path, managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    res.json(presentEmbedOrigins(await db.db.transaction((tx) => listEmbedOrigins(tx, organizationId))));
  });

  // Replaces the whole list.
  router.put(path, managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const { embed_origins: origins } = parseBody(EmbedOriginsPayloadSchema, req);
    const rows = await db.db.transaction(async (tx) => {
      const saved = await replaceEmbedOrigins(tx, organizationId, origins);
      await embedOriginsChanged(tx);
      return saved;
    });
    registry.invalidate();
    res.json(presentEmbedOrigins(rows));
  });

  // Adds one origin: 201 when this request added it, 200 when it was registered already (meta.added says the same).
  router.post(path, managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const { embed_origin: origin } = parseBody(EmbedOriginPayloadSchema, req);
    const { added, rows } = await db.db.transaction(async (tx) => {
      const result = await addEmbedOrigin(tx, organizationId, origin);
      if (result.added) await embedOriginsChanged(tx);
      return result;
    });
    if (added) registry.invalidate();
    res.status(added ? 201 : 200).json(presentEmbedOrigins(rows, { added }));
  });

  // Removes one origin by its id; 404 when the organisation has no such origin (any more).
  router.delete(`${path}/:embedOriginId`, managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const embedOriginId = parseId(req, 'embedOriginId');
    const rows = await db.db.transaction(async (tx) => {
      const left = await removeEmbedOrigin(tx, organizationId, embedOriginId);
      await embedOriginsChanged(tx);
      return left;
    });
    registry.invalidate();
    res.json(presentEmbedOrigins(rows));
  });

  return router;
}
