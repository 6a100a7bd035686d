// `npm start`: the Firebase Auth Emulator (users kept in ./data/firebase) and one server process, which also serves the
// widgets demo page on http://localhost:8081 (WIDGETS_DEMO_PORT; empty turns it off).
// Ctrl-C stops the server first (it closes the database), then the emulator (which exports its users).
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { REPO_ROOT, startAuthEmulator } from '../tests/support/emulator';
import { spawnGuarded, stop } from './run';

const dataDir = resolve(process.env.DATA_DIR ?? join(REPO_ROOT, 'data'));
mkdirSync(dataDir, { recursive: true });
const usesRealFirebase = Boolean(process.env.GOOGLE_APPLICATION_CREDENTIALS) && !process.env.FIREBASE_AUTH_EMULATOR_HOST;

const emulator = usesRealFirebase
  ? null
  : await startAuthEmulator({
      host: process.env.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099',
      dataDir: join(dataDir, 'firebase'),
    }).catch((error: Error) => {
      console.error(error.message);
      process.exit(1);
    });
if (emulator) console.log(`Firebase Auth Emulator on http://${emulator.host} (project demo-kiwi)`);

const server = spawnGuarded('SIGTERM', process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server/src/main.ts')], {
  cwd: REPO_ROOT,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    // The widgets demo page (widgets/demo/intranet.html) on a second origin; the server prints its URL.
    WIDGETS_DEMO_PORT: process.env.WIDGETS_DEMO_PORT ?? '8081',
    ...(emulator ? { FIREBASE_AUTH_EMULATOR_HOST: emulator.host } : {}),
  },
});

let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping Kiwi...');
  await stop(server, 'SIGTERM');
  await emulator?.stop();
  process.exit(code);
}
// A closed terminal (SIGHUP) shuts down as cleanly as Ctrl-C; what we print after it goes nowhere, harmlessly.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(0));
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
server.once('exit', (code) => void shutdown(code ?? 1));
