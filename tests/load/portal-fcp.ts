// First Contentful Paint of the portal on a slow 4G phone, cold cache, in Debian's Chromium through Playwright:
// Chrome DevTools' "Slow 4G" network (CDP Network.emulateNetworkConditions) and a 4x slower CPU
// (Emulation.setCPUThrottlingRate). Starts its own server on a scratch data folder with the demo data, serving the
// portal build in PORTAL_DIST (default portal/dist: build it first), and prints per page the median of RUNS loads.
//
//   npm run build && node --import tsx tests/load/portal-fcp.ts
//   PORTAL_DIST=/tmp/kiwi-before/portal/dist node --import tsx tests/load/portal-fcp.ts   # another build, e.g. main's
//
// Figures: FCP, LCP, when the page's own content is on screen (the sign-in form; the shared event's title) and the
// bytes the page moved. Recorded in docs/performance.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { spawnGuarded, stop } from '../../scripts/run';
import { ensureAuthEmulator, REPO_ROOT } from '../support/emulator';

const RUNS = Number(process.env.RUNS ?? 5);
const PORT = Number(process.env.PORT ?? 8390);
const PORTAL_DIST = resolve(process.env.PORTAL_DIST ?? join(REPO_ROOT, 'portal/dist'));
/** Chrome DevTools' "Slow 4G" preset (Lighthouse's mobile figures with DevTools' packet-level adjustment). */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
/** The first demo event published for guests is found among the first ids; more would mean the seed changed. */
const SHARED_EVENT_PROBES = 50;

type Measure = { fcp: number; lcp: number; content: number; bytes: number };

const emulator = await ensureAuthEmulator();
const dataDir = mkdtempSync(join(tmpdir(), 'kiwi-fcp-'));
const server = spawnGuarded('SIGTERM', process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server/src/main.ts')], {
  cwd: REPO_ROOT,
  env: {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    PORTAL_DIST,
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    WIDGETS_DEMO_PORT: '',
    LOG_LEVEL: 'warn',
  },
});
const base = `http://localhost:${PORT}`;
try {
  await waitForHealth();
  const sharedEvent = await findSharedEvent();
  const pages = [
    { path: '/login', content: (page: Page) => page.locator('input[type="password"]').waitFor() },
    { path: `/shared_events/${sharedEvent}`, content: (page: Page) => page.locator('main h1, main h2').first().waitFor() },
  ];
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  console.log(`portal build: ${PORTAL_DIST}`);
  console.log(`slow 4G (${SLOW_4G.latency} ms RTT, 1.47 Mbit/s down), CPU ${CPU_SLOWDOWN}x slower, cold cache, median of ${RUNS}`);
  console.log(`${'page'.padEnd(20)}  ${'FCP'.padStart(8)}  ${'LCP'.padStart(8)}  ${'content'.padStart(8)}  ${'transferred'.padStart(12)}`);
  for (const { path, content } of pages) {
    const runs: Measure[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await measure(browser, path, content));
    const median = (key: keyof Measure) => runs.map((measured) => measured[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
    const label = path.startsWith('/shared_events/') ? '/shared_events/{id}' : path;
    console.log(
      `${label.padEnd(20)}  ${ms(median('fcp'))}  ${ms(median('lcp'))}  ${ms(median('content'))}  ${`${(median('bytes') / 1024).toFixed(0)} KiB`.padStart(12)}`,
    );
  }
  await browser.close();
} finally {
  await stop(server, 'SIGTERM');
  await emulator.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

/** One cold load in a fresh context: paint timings from the page, bytes from the network log. */
async function measure(browser: Awaited<ReturnType<typeof chromium.launch>>, path: string, content: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => (bytes += event.encodedDataLength));
  await page.addInitScript(() => {
    const timings = { lcp: 0 };
    (window as unknown as { kiwiTimings: typeof timings }).kiwiTimings = timings;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) timings.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(`${base}${path}`, { waitUntil: 'commit' });
  await content(page);
  const contentShown = await page.evaluate(() => performance.now());
  // Not 'networkidle': the shared event keeps its change stream open.
  await page.waitForLoadState('load');
  const timings = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    lcp: (window as unknown as { kiwiTimings: { lcp: number } }).kiwiTimings.lcp,
  }));
  await context.close();
  return { ...timings, content: contentShown, bytes };
}

function ms(value: number) {
  return `${Math.round(value)} ms`.padStart(8);
}

async function waitForHealth() {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (
      await fetch(`${base}/api/health`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`the server on ${base} did not start`);
}

async function findSharedEvent(): Promise<string> {
  for (let id = 1; id <= SHARED_EVENT_PROBES; id += 1) {
    if ((await fetch(`${base}/api/shared_events/${id}`)).ok) return String(id);
  }
  throw new Error('no event published for guests in the demo data');
}
