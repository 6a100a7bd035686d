import express from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type Served } from '../test/server';
import { errorHandler } from './error-handler';
import { perIpRateLimit } from './rate-limit';

describe('perIpRateLimit', () => {
  let served: Served;
  beforeAll(async () => {
    const app = express();
    app.use((req, _res, next) => {
      req.log = pino({ level: 'silent' });
      next();
    });
    app.get('/public', perIpRateLimit(null, { name: 'test', limit: 2 }), (_req, res) => {
      res.json({ ok: true });
    });
    app.use(errorHandler);
    served = await serve(app);
  });
  afterAll(() => served.close());

  it('lets the limit through, then answers the coded 429 error document with Retry-After', async () => {
    expect((await served.request('/public')).status).toBe(200);
    expect((await served.request('/public')).status).toBe(200);
    const refused = await served.request('/public', { headers: { 'accept-language': 'en' } });
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]).toMatchObject({
      status: '429',
      code: 'rateLimited',
      detail: 'You have reached the limit. Please wait a while and try again',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
