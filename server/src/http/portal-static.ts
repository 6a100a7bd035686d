import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type RequestHandler } from 'express';
import { precompressedStatic, sendPrecompressedFile } from './precompressed';

/**
 * The built portal with an SPA fallback: any other GET that wants HTML gets index.html. The build's brotli and gzip
 * copies are sent to clients that accept them.
 */
export function portalStatic(dist: string): RequestHandler {
  const index = join(dist, 'index.html');
  if (!existsSync(index)) {
    return (req, res, next) => {
      if (req.method !== 'GET' || !req.accepts('html')) return next();
      res.status(404).type('text/plain').send(`The portal is not built (${index} is missing). Run \`npm run build\`.`);
    };
  }
  const assets = precompressedStatic(dist, {
    index: false,
    setHeaders: (res, path) => {
      // Vite puts content hashes in asset names; index.html must always be revalidated.
      res.setHeader('Cache-Control', path.includes(`${join(dist, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const router = express.Router();
  router.use(assets);
  router.use((req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    sendPrecompressedFile(req, res, index);
  });
  return router;
}
