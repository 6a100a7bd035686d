import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/database';
import { startTestServer, type TestServer } from '../../test/server';
import { createReadiness } from './readiness';

describe('GET /api/health', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('reports database and identity readiness and the engine, without signing in', async () => {
    const response = await server.request('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: {
        type: 'healths',
        id: 'server',
        attributes: { status: 'ok', database: 'ok', identity: 'ok', engine: testEngine() },
      },
    });
  });

  it('answers 503 when the identity backend is down', async () => {
    const degraded = await startTestServer({ identity: { ...server.identity, ready: async () => false, close: async () => {} } });
    try {
      const response = await degraded.request('/api/health');
      expect(response.status).toBe(503);
      expect(response.body.data.attributes).toMatchObject({ status: 'degraded', database: 'ok', identity: 'down' });
    } finally {
      await degraded.close();
    }
  });

  it('answers 503 when the database is gone', async () => {
    const degraded = await startTestServer();
    try {
      await degraded.db.close();
      const response = await degraded.request('/api/health');
      expect(response.status).toBe(503);
      expect(response.body.data.attributes).toMatchObject({ database: 'down', identity: 'ok' });
    } finally {
      await degraded.close();
    }
  });
});

describe('GET /api/ready', () => {
  it('answers 200 while the database answers, 503 while draining, with Connection: close on every answer', async () => {
    const readiness = createReadiness();
    const server = await startTestServer({ readiness });
    try {
      const ready = await server.request('/api/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ data: { type: 'readinesses', id: 'server', attributes: { status: 'ready', database: 'ok' } } });
      expect(ready.headers.get('connection')).not.toBe('close');
      readiness.drain();
      const draining = await server.request('/api/ready');
      expect(draining.status).toBe(503);
      expect(draining.body.data.attributes).toEqual({ status: 'draining', database: 'ok' });
      // Requests still reaching a draining replica are answered, and their keep-alive connection ends with them.
      const user = await server.request('/api/health');
      expect(user.status).toBe(200);
      expect(user.headers.get('connection')).toBe('close');
    } finally {
      await server.close();
    }
  });

  it('answers 503 "unavailable" while the database does not answer (the cluster test sees it recover)', async () => {
    const server = await startTestServer();
    try {
      await server.db.close();
      const response = await server.request('/api/ready');
      expect(response.status).toBe(503);
      expect(response.body.data.attributes).toEqual({ status: 'unavailable', database: 'down' });
    } finally {
      await server.close();
    }
  });
});
