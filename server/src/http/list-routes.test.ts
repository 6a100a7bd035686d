import express from 'express';
import { describe, expect, it } from 'vitest';
import { listRoutes } from './list-routes';

const ok: express.RequestHandler = (_req, res) => {
  res.end();
};

describe('listRoutes', () => {
  it('joins mount paths through nested routers, including routers mounted at /', () => {
    const feature = express.Router();
    feature.get('/things/:id', ok);
    feature.put('/things/:id', ok);
    const api = express.Router();
    api.use((_req, _res, next) => next());
    api.use(feature);
    api.post('/ping', ok);
    const app = express();
    app.get('/', ok);
    app.use('/api/', api);

    expect(listRoutes(app)).toEqual([
      { method: 'GET', path: '/' },
      { method: 'GET', path: '/api/things/:id' },
      { method: 'PUT', path: '/api/things/:id' },
      { method: 'POST', path: '/api/ping' },
    ]);
  });

  it("lists an explicit HEAD, and a router's .all() as *", () => {
    const router = express.Router();
    router.head('/probe', ok);
    router.all('/anything', ok);
    const app = express();
    app.use(router);
    expect(listRoutes(app)).toEqual([
      { method: 'HEAD', path: '/probe' },
      { method: '*', path: '/anything' },
    ]);
  });

  it('refuses a RegExp path it cannot name', () => {
    const app = express();
    app.get(/^\/legacy/, ok);
    expect(() => listRoutes(app)).toThrow(/RegExp/);
  });
});
