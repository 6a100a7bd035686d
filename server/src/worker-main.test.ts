// The standalone workers (`npm run worker -w server`) start without any Firebase variable: they verify no ID tokens.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { ConfigError, loadConfig, loadWorkerConfig } from './config';
import { testEngine } from './test/database';
import { adminQuery, databaseUrl } from './test/pg-admin';

const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The process environment minus every Firebase variable (the test run itself sets the emulator host); pretty logs are unbuffered. */
function envWithoutFirebase(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('FIREBASE_') && key !== 'GOOGLE_APPLICATION_CREDENTIALS' && key !== 'DATABASE_URL' && key !== 'DATA_DIR')
      env[key] = value;
  }
  return { ...env, LOG_LEVEL: 'info', LOG_FORMAT: 'pretty', NO_COLOR: '1', NODE_ENV: 'test', ...extra };
}

describe('loadWorkerConfig', () => {
  it('reads DATABASE_URL and the Slack settings from an environment without Firebase variables', () => {
    const env = {
      DATABASE_URL: 'postgres://kiwi@db.internal/kiwi',
      SLACK_API_URL: 'http://127.0.0.1:9/api/',
      PUBLIC_URL: 'https://kiwi.example/',
    };
    // The server itself still needs Firebase...
    expect(() => loadConfig(env)).toThrow(ConfigError);
    // ...the workers do not, and their config carries no identity settings at all.
    const config = loadWorkerConfig(env);
    expect(config).toMatchObject({
      databaseUrl: 'postgres://kiwi@db.internal/kiwi',
      publicUrl: 'https://kiwi.example',
      slack: { apiUrl: 'http://127.0.0.1:9/api/' },
    });
    expect(config).not.toHaveProperty('firebase');
  });

  it('gives Firebase admin access (account deletions) with the emulator host or a credentials file, none without', () => {
    expect(loadWorkerConfig({}).adminIdentity).toBeNull();
    expect(loadWorkerConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).adminIdentity).toEqual({
      projectId: 'demo-kiwi',
      emulatorHost: '127.0.0.1:9099',
    });
    expect(
      loadWorkerConfig({ GOOGLE_APPLICATION_CREDENTIALS: '/run/secrets/firebase.json', FIREBASE_PROJECT_ID: 'kiwi-prod' }).adminIdentity,
    ).toEqual({ projectId: 'kiwi-prod', emulatorHost: undefined });
  });

  it('still rejects an invalid DATABASE_URL', () => {
    expect(() => loadWorkerConfig({ DATABASE_URL: 'mysql://nope' })).toThrow(/DATABASE_URL: expected a postgres:\/\/ URL/);
  });
});

describe('npm run worker -w server', () => {
  it('starts without Firebase variables and stops cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kiwi-worker-'));
    let dropDatabase = async () => {};
    const extra: Record<string, string> = { DATA_DIR: dataDir };
    if (testEngine() === 'postgres') {
      const target = inject('postgres')!;
      const name = `${target.prefix}_worker_${randomBytes(4).toString('hex')}`;
      await adminQuery(target.adminUrl, (admin) => admin.query(`CREATE DATABASE "${name}" TEMPLATE "${target.template}"`));
      dropDatabase = async () => {
        await adminQuery(target.adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      };
      extra.DATABASE_URL = databaseUrl(target.adminUrl, name);
    }
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker-main.ts'], {
        cwd: SERVER_DIR,
        env: envWithoutFirebase(extra),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const running = await new Promise<boolean>((resolve) => {
        const poll = setInterval(() => {
          if (output.includes('Kiwi workers are running')) finish(true);
        }, 100);
        const finish = (value: boolean) => {
          clearInterval(poll);
          resolve(value);
        };
        void exited.then(() => finish(output.includes('Kiwi workers are running')));
      });
      expect(running, output).toBe(true);
      child.kill('SIGTERM');
      expect(await exited, output).toBe(0);
    } finally {
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
