import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { RequestHandler, Response } from 'express';
import { precompressedStatic } from '../http/precompressed';

const WIDGET_LOADER_CACHE = 'no-cache';
const WIDGET_ASSET_CACHE = 'public, max-age=31536000, immutable';

/**
 * /widgets/: the built widgets (WIDGETS_DIST). `kiwi.js` is the small loader every intranet page includes, so it is
 * always revalidated; everything else lives under `assets/` with a content hash in its name and is cached for good.
 * Any page may load them (Access-Control-Allow-Origin: *, Cross-Origin-Resource-Policy: cross-origin): they hold no
 * data, the API's CORS decides who may call it. Other paths are 404, never the portal's index.html. The build's brotli
 * and gzip copies are sent to clients that accept them.
 */
export function widgetsStatic(dist: string): RequestHandler {
  const assets = join(dist, 'assets');
  const serve = precompressedStatic(dist, {
    index: false,
    redirect: false,
    fallthrough: true,
    setHeaders: (res, path) => {
      res.setHeader('Cache-Control', relative(assets, path).startsWith(`..${sep}`) ? WIDGET_LOADER_CACHE : WIDGET_ASSET_CACHE);
    },
  });
  return (req, res, next) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    const wanted = req.path === '/kiwi.js' || (req.path.startsWith('/assets/') && req.path.length > '/assets/'.length);
    if (!wanted || (req.method !== 'GET' && req.method !== 'HEAD')) {
      notFound(res, 'Not found');
      return;
    }
    serve(req, res, (error?: unknown) => {
      if (error) {
        next(error);
        return;
      }
      notFound(
        res,
        existsSync(join(dist, 'kiwi.js'))
          ? 'Not found'
          : `The widgets are not built (${join(dist, 'kiwi.js')} is missing). Run \`npm run build\`.`,
      );
    });
  };
}

function notFound(res: Response, message: string): void {
  res.status(404).setHeader('Cache-Control', 'no-store');
  res.type('text/plain').send(message);
}
