// The Firebase Auth Emulator for npm start (a fixed port, users kept in the data folder) and for test runs (one per
// run on free ports).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnGuarded, stop } from '../../scripts/run';
import { authEmulatorAnswers } from '../../server/src/auth/emulator-probe';

export const PROJECT_ID = 'demo-kiwi';
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export type AuthEmulator = { host: string; started: boolean; stop(): Promise<void> };

export type EmulatorOptions = {
  /** Folder to import users from and export them to on exit (keeps demo users across restarts). */
  dataDir?: string;
  timeoutMs?: number;
  log?: (line: string) => void;
};

export const isEmulatorUp = authEmulatorAnswers;

/**
 * For test runs: reuse the emulator FIREBASE_AUTH_EMULATOR_HOST points at when it answers, or else start one on free
 * ports, shared by every caller in this process (vitest runs a global setup per project) and stopped by the last one;
 * concurrent runs in one checkout therefore never stop each other's emulator.
 */
export async function ensureAuthEmulator(options: EmulatorOptions = {}): Promise<AuthEmulator> {
  const reused = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (reused && (await isEmulatorUp(reused))) return { host: reused, started: false, stop: async () => {} };

  const shared = globalThis as { kiwiTestEmulator?: { emulator: Promise<AuthEmulator>; users: number } };
  shared.kiwiTestEmulator ??= { emulator: startAuthEmulator(options), users: 0 };
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

/**
 * Starts an Auth Emulator of our own at `host` (free ports when not given) and refuses one that already answers there:
 * its users would not be imported from nor exported to `dataDir`. The emulator stops, exporting, when stop() is called
 * or when this process ends in any way (scripts/guard.mjs).
 */
export async function startAuthEmulator(options: EmulatorOptions & { host?: string } = {}): Promise<AuthEmulator> {
  const host = options.host ?? `127.0.0.1:${await freePort()}`;
  if (await isEmulatorUp(host)) {
    throw new Error(
      `An Auth Emulator already answers at ${host}; stop it first (another \`npm start\`?) or choose another FIREBASE_AUTH_EMULATOR_HOST.`,
    );
  }
  const [hostname, port] = host.split(':') as [string, string];
  const configFolder = mkdtempSync(join(tmpdir(), 'kiwi-emulator-'));
  const configFile = join(configFolder, 'firebase.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host: hostname, port: Number(port) },
        hub: { host: '127.0.0.1', port: await freePort() },
        logging: { host: '127.0.0.1', port: await freePort() },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );

  const args = ['--non-interactive', 'emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', configFile];
  if (options.dataDir) {
    if (existsSync(join(options.dataDir, 'firebase-export-metadata.json'))) args.push('--import', options.dataDir);
    args.push('--export-on-exit', options.dataDir);
  }
  const guard = spawnGuarded('SIGINT', process.execPath, [join(REPO_ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js'), ...args], {
    // Its working folder receives firebase-debug.log and staging folders of exports: keep them out of the repo.
    cwd: configFolder,
    // A private TMPDIR: firebase-tools finds "its" hub through a locator file there named after the project only, so two
    // emulators of demo-kiwi sharing /tmp (npm start beside a test run) would export each other's users.
    env: {
      ...process.env,
      NO_UPDATE_NOTIFIER: '1',
      CI: 'true',
      FIREBASE_AUTH_EMULATOR_HOST: '',
      TMPDIR: configFolder,
      KIWI_GUARD_REMOVE: configFolder,
    },
    output: 'pipe',
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      output.push(line);
      options.log?.(line);
    }
  };
  guard.stdout?.on('data', collect);
  guard.stderr?.on('data', collect);
  // Neither the output pipes nor the child keep this process alive; the guard notices when it ends.
  guard.unref();
  for (const stream of [guard.stdout, guard.stderr]) (stream as unknown as { unref?: () => void } | null)?.unref?.();

  // The guard passes SIGINT on, which lets firebase-tools export its users before it exits, then removes configFolder.
  const stopEmulator = () => stop(guard, 'SIGINT');
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  while (!(await isEmulatorUp(host))) {
    if (guard.exitCode !== null || Date.now() > deadline) {
      guard.kill('SIGKILL');
      rmSync(configFolder, { recursive: true, force: true });
      throw new Error(`Auth emulator did not start on ${host}:\n${output.slice(-30).join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  return { host, started: true, stop: stopEmulator };
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}
