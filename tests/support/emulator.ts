// One Firebase Auth Emulator per run: reuse the one FIREBASE_AUTH_EMULATOR_HOST points at when it answers,
// otherwise start firebase-tools and stop it again when the run ends.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ID = 'demo-kiwi';
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export type AuthEmulator = { host: string; started: boolean; stop(): Promise<void> };

export type EmulatorOptions = {
  /** A fixed firebase.json (npm start) and the auth host:port it names; tests leave both out. */
  configFile?: string;
  host?: string;
  /** Folder to import users from and export them to on exit (keeps demo users across restarts). */
  dataDir?: string;
  timeoutMs?: number;
  log?: (line: string) => void;
};

export async function isEmulatorUp(host: string): Promise<boolean> {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1500) });
    const body = (await response.json()) as { authEmulator?: unknown };
    return body.authEmulator !== undefined;
  } catch {
    return false;
  }
}

/**
 * npm start passes its fixed config (port 9099). Test runs reuse the emulator FIREBASE_AUTH_EMULATOR_HOST points at when it
 * answers, or else start one on free ports, shared by every caller in this process (vitest runs a global setup per project)
 * and stopped by the last one; concurrent runs in one checkout therefore never stop each other's emulator.
 */
export async function ensureAuthEmulator(options: EmulatorOptions = {}): Promise<AuthEmulator> {
  if (options.configFile) return startEmulator(options.configFile, options.host ?? '127.0.0.1:9099', options);
  const reused = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (reused && (await isEmulatorUp(reused))) return { host: reused, started: false, stop: async () => {} };

  const shared = globalThis as { kiwiTestEmulator?: { emulator: Promise<AuthEmulator>; users: number } };
  shared.kiwiTestEmulator ??= { emulator: startOnFreePorts(options), users: 0 };
  const entry = shared.kiwiTestEmulator;
  entry.users += 1;
  const emulator = await entry.emulator;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  let released = false;
  return {
    host: emulator.host,
    started: emulator.started,
    stop: async () => {
      if (released) return;
      released = true;
      entry.users -= 1;
      if (entry.users > 0) return;
      if (shared.kiwiTestEmulator === entry) delete shared.kiwiTestEmulator;
      await emulator.stop();
    },
  };
}

async function startOnFreePorts(options: EmulatorOptions): Promise<AuthEmulator> {
  const [auth, hub, logging] = await Promise.all([freePort(), freePort(), freePort()]);
  const configFile = join(mkdtempSync(join(tmpdir(), 'kiwi-emulator-')), 'firebase.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: auth },
        hub: { host: '127.0.0.1', port: hub },
        logging: { host: '127.0.0.1', port: logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const emulator = await startEmulator(configFile, `127.0.0.1:${auth}`, options);
  return {
    ...emulator,
    stop: async () => {
      await emulator.stop();
      rmSync(dirname(configFile), { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}

async function startEmulator(configFile: string, host: string, options: EmulatorOptions): Promise<AuthEmulator> {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  if (await isEmulatorUp(host)) return { host, started: false, stop: async () => {} };

  const args = ['--non-interactive', 'emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', configFile];
  if (options.dataDir) {
    if (existsSync(join(options.dataDir, 'firebase-export-metadata.json'))) args.push('--import', options.dataDir);
    args.push('--export-on-exit', options.dataDir);
  }
  const child = spawn(process.execPath, [join(REPO_ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js'), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', CI: 'true', FIREBASE_AUTH_EMULATOR_HOST: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: a terminal's Ctrl-C reaches it once, through stop(), so the export finishes
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      output.push(line);
      options.log?.(line);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  while (!(await isEmulatorUp(host))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Auth emulator did not start on ${host}:\n${output.slice(-30).join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { host, started: true, stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolveStop();
    });
    // SIGINT lets firebase-tools export its users before it exits.
    child.kill('SIGINT');
  });
}
