// The server Playwright talks to: the real server on a fresh PGlite folder with the demo data, against the run's emulator.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureAuthEmulator, REPO_ROOT } from '../support/emulator';
import { spawnGuarded, stop } from '../../scripts/run';
import { startMailboxEndpoint } from './mailbox';
import { startFakeFcm } from '../../server/src/test/fake-fcm';
import { fcmReceiverPort, WEB_PUSH } from './fcm-receiver';

const emulator = await ensureAuthEmulator();
const dataDir = mkdtempSync(join(tmpdir(), 'kiwi-e2e-'));
// Mail goes to a real SMTP sink; specs read it at http://127.0.0.1:<PORT + 10000>/mails (tests/e2e/mailbox.ts).
const mailbox = await startMailboxEndpoint(Number(process.env.PORT ?? 8090));
// Push goes to a local FCM HTTP v1 receiver; specs read what arrived at http://127.0.0.1:<PORT + 20000>/received.
const fcm = await startFakeFcm({ port: fcmReceiverPort(Number(process.env.PORT ?? 8090)) });
const server = spawnGuarded('SIGTERM', process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server/src/main.ts')], {
  cwd: REPO_ROOT,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    SMTP_URL: mailbox.smtpUrl,
    FCM_BASE_URL: fcm.url,
    FIREBASE_APP_ID: WEB_PUSH.appId,
    FIREBASE_MESSAGING_SENDER_ID: WEB_PUSH.messagingSenderId,
    FIREBASE_VAPID_KEY: WEB_PUSH.vapidKey,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // The widgets' demo page on a second origin (registered for acme by the demo seed): tests/e2e/widgets*.spec.ts.
    WIDGETS_DEMO_PORT: process.env.E2E_DEMO_PORT ?? '8081',
  },
});

async function shutdown() {
  await stop(server, 'SIGTERM');
  await emulator.stop();
  await mailbox.close();
  await fcm.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
server.once('exit', () => void shutdown());
