import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import express from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase, openReplicaHandle, testEngine } from '../test/database';
import { serve, type Served } from '../test/server';
import { errorHandler } from './error-handler';
import { perIpRateLimit, rateLimitCounters } from './rate-limit';

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

/** Two "replicas" of an app limited by one named limiter, each with its own database handle (so its own counters). */
async function replicasLimitedBy(deps: { db: DatabaseHandle; redisUrl?: string }[], name: string, limit: number) {
  return Promise.all(
    deps.map(async ({ db, redisUrl }) => {
      const app = express();
      app.use((req, _res, next) => {
        req.log = pino({ level: 'silent' });
        next();
      });
      app.get('/public', perIpRateLimit({ db, config: { redisUrl }, logger: pino({ level: 'silent' }) }, { name, limit }), (_req, res) => {
        res.json({ ok: true });
      });
      app.use(errorHandler);
      return serve(app);
    }),
  );
}

const redisAnswers = await new Promise<boolean>((resolve) => {
  const socket = connect({ host: '127.0.0.1', port: 6379 });
  socket.setTimeout(500, () => socket.destroy());
  socket.once('connect', () => {
    socket.destroy();
    resolve(true);
  });
  socket.once('close', () => resolve(false));
});

describe('shared rate-limit counters (issue 22)', () => {
  let db: DatabaseHandle;
  let replica: DatabaseHandle;
  const opened: Served[] = [];
  beforeAll(async () => {
    db = await createTestDatabase();
    replica = await openReplicaHandle(db);
  });
  afterAll(async () => {
    for (const served of opened) await served.close();
    for (const handle of [db, replica]) await rateLimitCounters({ db: handle, config: { redisUrl: undefined } }).close();
    await replica.close();
    await db.close();
  });
  const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

  it('counts in PostgreSQL when the engine is PostgreSQL, in memory on PGlite: one limit across replicas or per process', async () => {
    const name = unique('engine');
    const [first, second] = await replicasLimitedBy([{ db }, { db: replica }], name, 2);
    opened.push(first!, second!);
    expect(rateLimitCounters({ db, config: { redisUrl: undefined } }).kind).toBe(testEngine() === 'postgres' ? 'postgres' : 'memory');
    expect((await first!.request('/public')).status).toBe(200);
    expect((await first!.request('/public')).status).toBe(200);
    // PGlite is one process: a second app there counts on its own.
    expect((await second!.request('/public')).status).toBe(testEngine() === 'postgres' ? 429 : 200);
    expect((await first!.request('/public')).status).toBe(429);
  });

  if (redisAnswers)
    it('counts in Redis when REDIS_URL is set, whatever the engine: a limit reached on one replica holds on the other', async () => {
      const redisUrl = 'redis://127.0.0.1:6379';
      const [ownA, ownB] = [await createTestDatabase(), await createTestDatabase()];
      try {
        expect(rateLimitCounters({ db: ownA, config: { redisUrl } }).kind).toBe('redis');
        const [first, second] = await replicasLimitedBy(
          [
            { db: ownA, redisUrl },
            { db: ownB, redisUrl },
          ],
          unique('redis'),
          2,
        );
        opened.push(first!, second!);
        expect((await first!.request('/public')).status).toBe(200);
        expect((await second!.request('/public')).status).toBe(200);
        const refused = await first!.request('/public');
        expect(refused.status).toBe(429);
        expect(refused.body.errors[0].code).toBe('rateLimited');
      } finally {
        for (const handle of [ownA, ownB]) {
          await rateLimitCounters({ db: handle, config: { redisUrl } }).close();
          await handle.close();
        }
      }
    });

  it('lets requests through, uncounted, while the shared store does not answer (and keeps answering)', async () => {
    // Nothing listens on port 1: every Redis call fails.
    const redisUrl = 'redis://127.0.0.1:1';
    const own = await createTestDatabase();
    try {
      const [served] = await replicasLimitedBy([{ db: own, redisUrl }], unique('down'), 1);
      opened.push(served!);
      for (let call = 0; call < 3; call += 1) expect((await served!.request('/public')).status).toBe(200);
    } finally {
      await rateLimitCounters({ db: own, config: { redisUrl } }).close();
      await own.close();
    }
  });
});
