// `npm start` as a person uses it: the demo accounts printed, Ctrl-C stopping the server and the emulator cleanly, and a
// second start keeping every user and row (emulator users exported to DATA_DIR/firebase, PGlite under DATA_DIR/db).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/src/db/seed';
import { signInWithPassword } from '../../server/src/test/factories';
import { freePort, isEmulatorUp, REPO_ROOT } from '../support/emulator';

type Started = { child: ChildProcess; output: () => string };

const dataDir = mkdtempSync(join(tmpdir(), 'kiwi-start-'));
const children: ChildProcess[] = [];

function npmStart(port: number, emulatorHost: string): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'scripts/start.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...withoutSeedDemo(process.env),
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** Waits for `check`; gives up at the deadline or, while `started` runs, when it exits early. */
async function until(what: string, check: () => Promise<boolean>, started: Started | null, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline || (started && started.child.exitCode !== null))
      throw new Error(`${what} did not happen:\n${started?.output() ?? ''}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const answers = (url: string) => () =>
  fetch(url).then(
    (r) => r.ok,
    () => false,
  );

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function signUp(emulatorHost: string, email: string, password: string) {
  const response = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  expect(response.status).toBe(200);
}

function withoutSeedDemo(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { SEED_DEMO: _ignored, ...rest } = env;
  return rest;
}

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(children.map(exitOf));
  // A process that outlived its parent by a moment (an emulator exporting on exit) may still add a file while the folder
  // is being removed: rmSync then meets ENOTEMPTY, which it retries.
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
});

describe('npm start', () => {
  it('prints the demo accounts, stops cleanly on Ctrl-C and keeps all data for the next start', async () => {
    const port = await freePort();
    const emulatorHost = `127.0.0.1:${await freePort()}`;
    const api = `http://127.0.0.1:${port}/api`;

    const first = npmStart(port, emulatorHost);
    await until('the first start', answers(`${api}/health`), first);
    await until('the demo accounts table', async () => first.output().includes('member@globex.example'), first, 10_000);
    for (const email of ['admin@kiwi.example', 'manager@acme.example', 'pending@acme.example', 'member@globex.example']) {
      expect(first.output()).toContain(email);
    }

    // Something to keep: a new Firebase account and a change to a product row.
    await signUp(emulatorHost, 'kept@kiwi.example', 'kept-password-1');
    const token = await signInWithPassword(emulatorHost, 'member@acme.example', DEMO_PASSWORD);
    const me = (await (await fetch(`${api}/user`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { id: string } };
    const put = await fetch(`${api}/users/${me.data.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user: { nickname: 'kept across restarts' } }),
    });
    expect(put.status).toBe(200);

    first.child.kill('SIGINT');
    expect(await exitOf(first.child)).toBe(0);
    expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);
    expect(existsSync(join(dataDir, 'firebase', 'firebase-export-metadata.json'))).toBe(true);
    expect(await isEmulatorUp(emulatorHost)).toBe(false);
    expect(await answers(`${api}/health`)()).toBe(false);

    const second = npmStart(port, emulatorHost);
    await until('the second start', answers(`${api}/health`), second);
    await signInWithPassword(emulatorHost, 'kept@kiwi.example', 'kept-password-1');
    const again = await signInWithPassword(emulatorHost, 'member@acme.example', DEMO_PASSWORD);
    const body = (await (await fetch(`${api}/user`, { headers: { authorization: `Bearer ${again}` } })).json()) as {
      data: { attributes: { nickname: string } };
    };
    expect(body.data.attributes.nickname).toBe('kept across restarts');

    second.child.kill('SIGINT');
    expect(await exitOf(second.child)).toBe(0);
    expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);
  });

  it('stops the server and the emulator cleanly even when npm start itself is killed outright', async () => {
    const port = await freePort();
    const emulatorHost = `127.0.0.1:${await freePort()}`;
    const api = `http://127.0.0.1:${port}/api`;
    rmSync(dataDir, { recursive: true, force: true });

    const started = npmStart(port, emulatorHost);
    await until('the start', answers(`${api}/health`), started);
    await signUp(emulatorHost, 'orphan@kiwi.example', 'orphan-password-1');

    started.child.kill('SIGKILL');
    await until('the emulator to stop', async () => !(await isEmulatorUp(emulatorHost)), null, 60_000);
    await until('the server to stop', async () => !(await answers(`${api}/health`)()), null, 60_000);
    await until('the database lock to go', async () => !existsSync(join(dataDir, 'db.lock')), null, 30_000);
    const exported = readFileSync(join(dataDir, 'firebase', 'auth_export', 'accounts.json'), 'utf8');
    expect(exported).toContain('orphan@kiwi.example');
  });

  it('refuses to start beside an emulator it did not start, whose users it could not keep', async () => {
    const emulatorHost = `127.0.0.1:${await freePort()}`;
    const other = npmStart(await freePort(), emulatorHost);
    await until('the other start', () => isEmulatorUp(emulatorHost), other);
    try {
      const second = npmStart(await freePort(), emulatorHost);
      expect(await exitOf(second.child)).toBe(1);
      expect(second.output()).toContain(`An Auth Emulator already answers at ${emulatorHost}`);
    } finally {
      other.child.kill('SIGINT');
      await exitOf(other.child);
    }
  });
});
