// The server Playwright talks to: the real server on a fresh PGlite folder with the demo data, against the run's emulator.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureAuthEmulator, REPO_ROOT } from '../support/emulator';
import { spawnGuarded, stop } from '../../scripts/run';

const emulator = await ensureAuthEmulator();
const dataDir = mkdtempSync(join(tmpdir(), 'kiwi-e2e-'));
const server = spawnGuarded('SIGTERM', process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server/src/main.ts')], {
  cwd: REPO_ROOT,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
});

async function shutdown() {
  await stop(server, 'SIGTERM');
  await emulator.stop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
server.once('exit', () => void shutdown());
