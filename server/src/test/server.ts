// The real app on an ephemeral port, called with fetch: what a test sees is what a client sees.
import type { Readiness } from '../modules/health/readiness';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import pino from 'pino';
import { expect, inject } from 'vitest';
import { createApp } from '../app';
import { createIdentity, type Identity } from '../auth/identity';
import { createSessionCache, type SessionCache } from '../auth/session-cache';
import { type Config, loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from './database';

export function testConfig(overrides: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({
    FIREBASE_AUTH_EMULATOR_HOST: inject('emulatorHost'),
    FIREBASE_PROJECT_ID: 'demo-kiwi',
    DATA_DIR: join(tmpdir(), 'kiwi-test-unused'),
    PORTAL_DIST: join(tmpdir(), 'kiwi-test-no-portal'),
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    PORT: '0',
    ...overrides,
  });
}

export type TestResponse<T = any> = { status: number; body: T; headers: Headers };
/** The refusal of one bad field: 422 with exactly one error, at `pointer`, with `code` and (when given) `detail`. */
export function expectFieldError(response: TestResponse, { code, pointer, detail }: { code: string; pointer: string; detail?: unknown }) {
  expect(response.status).toBe(422);
  expect(response.body.errors).toEqual([
    expect.objectContaining({ status: '422', code, source: { pointer }, ...(detail === undefined ? {} : { detail }) }),
  ]);
}

export type RequestOptions = {
  method?: string;
  token?: string;
  /** Sent as JSON with content-type application/json. */
  json?: unknown;
  /** Sent as is (set content-type yourself). */
  body?: string;
  headers?: Record<string, string>;
};

export type Served = {
  url: string;
  request<T = any>(path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  close(): Promise<void>;
};

/** Listens on port 0 and returns a fetch-based caller. */
export async function serve(app: Express): Promise<Served> {
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    async request(path, { method = 'GET', token, json, body, headers = {} } = {}) {
      const init: RequestInit = { method, headers: { ...headers } };
      const requestHeaders = init.headers as Record<string, string>;
      if (token) requestHeaders.authorization = `Bearer ${token}`;
      if (json !== undefined) {
        requestHeaders['content-type'] ??= 'application/json';
        init.body = JSON.stringify(json);
      } else if (body !== undefined) {
        init.body = body;
      }
      const response = await fetch(`${url}${path}`, init);
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text === '' ? null : JSON.parse(text);
      } catch {
        /* not JSON: keep the text */
      }
      return { status: response.status, body: parsed as any, headers: response.headers };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type TestServer = Served & {
  app: Express;
  db: DatabaseHandle;
  identity: Identity;
  sessions: SessionCache;
  config: Config;
};

/** A fresh database copy, identity against the run's emulator, the session cache listening, and the app served. */
export async function startTestServer(
  options: { db?: DatabaseHandle; config?: Config; identity?: Identity; readiness?: Readiness } = {},
): Promise<TestServer> {
  const config = options.config ?? testConfig();
  const db = options.db ?? (await createTestDatabase());
  const logger = pino({ level: 'silent' });
  const identity = options.identity ?? createIdentity(config, { logger });
  const sessions = createSessionCache(db, { logger });
  await sessions.start();
  const app = createApp({ db, identity, config, logger, sessions, ...(options.readiness ? { readiness: options.readiness } : {}) });
  const served = await serve(app);
  return {
    ...served,
    app,
    db,
    identity,
    sessions,
    config,
    async close() {
      await served.close();
      await sessions.stop();
      await identity.close();
      await db.close();
    },
  };
}
