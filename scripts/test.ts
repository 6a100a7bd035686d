// `npm test`: one auth emulator for the whole run, then vitest (shared, server on PGlite and PostgreSQL, portal),
// then Playwright in Debian Chromium. Both runners print their own summary lines.
import { ensureAuthEmulator, REPO_ROOT } from '../tests/support/emulator';
import { run } from './run';

const emulator = await ensureAuthEmulator();
console.log(`auth emulator: ${emulator.host}${emulator.started ? ' (started for this run)' : ' (reused)'}`);

const bin = (name: string) => `${REPO_ROOT}/node_modules/.bin/${name}`;
const env = { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: emulator.host };
let failed = false;
try {
  const unit = await run(bin('vitest'), ['run'], { cwd: REPO_ROOT, env });
  failed ||= unit !== 0;
  const e2e = await run(bin('playwright'), ['test'], { cwd: REPO_ROOT, env });
  failed ||= e2e !== 0;
} finally {
  await emulator.stop();
}
process.exit(failed ? 1 : 0);
