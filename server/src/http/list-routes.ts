import type { Express } from 'express';

/** One route the app answers: `method` upper case ('*' for `.all()`), `path` as declared with every mount path joined. */
export type AppRoute = { method: string; path: string };

// router >= 2.3 (Express 5's) lists each router's own routes and mounted routers; @types/express does not know it yet.
type ListedRoute = { path: string | RegExp; methods: string[] | undefined; router: ListableRouter | undefined };
type ListableRouter = { listRoutes?: () => ListedRoute[] };

/**
 * Every route of the app, read from the routers themselves, so nothing mounted can be left out of the authorisation
 * matrix. GET's automatic HEAD is not listed. Express sub-apps (`app.use(express())`) are not routers and stay unseen.
 */
export function listRoutes(app: Express): AppRoute[] {
  return routesOf(app.router as unknown as ListableRouter, '');
}

function routesOf(router: ListableRouter, mountPath: string): AppRoute[] {
  if (typeof router.listRoutes !== 'function') throw new Error('listing routes needs router >= 2.3 (router.listRoutes)');
  return router.listRoutes().flatMap(({ path, methods = [], router: mounted }) => {
    if (typeof path !== 'string') throw new Error(`a route or router is mounted on a RegExp (${String(path)}): give it a string path`);
    const fullPath = joinPaths(mountPath, path);
    if (mounted) return routesOf(mounted, fullPath);
    return methods.filter((method) => method !== 'HEAD' || !methods.includes('GET')).map((method) => ({ method, path: fullPath }));
  });
}

const joinPaths = (mountPath: string, path: string) => (path === '/' ? mountPath || '/' : `${mountPath.replace(/\/$/, '')}${path}`);
