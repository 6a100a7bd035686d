// `npm test`: Biome (lint and format) first, then one auth emulator for the whole run, vitest (shared, server on PGlite
// and PostgreSQL, portal) and Playwright in Debian Chromium. Each prints its own summary line; a lint finding fails the
// run but does not hide the test results.
import { ensureAuthEmulator, REPO_ROOT } from '../tests/support/emulator';
import { run } from './run';

const bin = (name: string) => `${REPO_ROOT}/node_modules/.bin/${name}`;
const lint = await run(bin('biome'), ['ci', '.'], { cwd: REPO_ROOT });

const emulator = await ensureAuthEmulator();
console.log(`auth emulator: ${emulator.host}${emulator.started ? ' (started for this run)' : ' (reused)'}`);

const env = { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: emulator.host };
let failed = lint !== 0;
try {
  const unit = await run(bin('vitest'), ['run'], { cwd: REPO_ROOT, env });
  failed ||= unit !== 0;
  const e2e = await run(bin('playwright'), ['test'], { cwd: REPO_ROOT, env });
  failed ||= e2e !== 0;
} finally {
  await emulator.stop();
}
process.exit(failed ? 1 : 0);
