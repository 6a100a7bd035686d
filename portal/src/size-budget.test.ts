// Issue 14's size budget on the built portal (portal/dist, as `npm run build` leaves it): fails CI when /login's
// initial JS exceeds 150 kB gzip or any other route's 230 kB (1 kB = 1000 bytes), when a lazy page has no measured
// route, or when /login's chunks include a signed-in page's or the chart, CSV and emoji code.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dynamicImportsOf, staticClosure } from '../../scripts/bundle-size';
import {
  ENTRY,
  FIREBASE,
  formatPortalReport,
  LOGIN_BUDGET,
  lazyPageModules,
  measurePortal,
  PAGE_BUDGET,
  PORTAL_BUDGETS,
  readManifest,
  readRoutes,
  readRoutesSource,
} from '../scripts/size-report';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const routesSource = readRoutesSource(fileURLToPath(new URL('..', import.meta.url)));
const report = () => measurePortal(dist, routesSource);

describe('the built portal', () => {
  it('exists (npm test builds it before vitest)', () => {
    expect(existsSync(`${dist}/.vite/manifest.json`), 'portal/dist is missing: run `npm run build -w portal`').toBe(true);
  });

  it('stays within the budget: /login <= 150,000 bytes gzip of initial JS, every other route <= 230,000', () => {
    expect(PORTAL_BUDGETS).toEqual({ login: 150_000, page: 230_000 });
    const measured = report();
    expect(measured.problems).toEqual([]);
    const login = measured.routes.find((route) => route.path === '/login')!;
    expect(login.gzip).toBeGreaterThan(50_000);
    expect(login.gzip).toBeLessThanOrEqual(LOGIN_BUDGET);
    for (const route of measured.routes) expect(route.gzip, route.path).toBeLessThanOrEqual(PAGE_BUDGET);
  });

  it('fails the check, and says so, when a route is over budget', () => {
    const measured = report().routes;
    const login = measured.find((route) => route.path === '/login')!.gzip;
    const largest = Math.max(...measured.filter((route) => route.path !== '/login').map((route) => route.gzip));
    const over = measurePortal(dist, routesSource, { login: login - 1, page: largest - 1 });
    const bytes = (count: number) => `${count.toLocaleString('en-US')} B`;
    expect(over.problems).toEqual([
      `/login: initial JS ${bytes(login)} gzip > budget ${bytes(login - 1)}`,
      ...measured
        .filter((route) => route.path !== '/login' && route.gzip === largest)
        .map((route) => `${route.path}: initial JS ${bytes(largest)} gzip > budget ${bytes(largest - 1)}`),
    ]);
    expect(formatPortalReport(over, readManifest(dist))).toContain('portal OVER BUDGET');
    expect(measurePortal(dist, routesSource, { login, page: largest }).problems).toEqual([]);
  });

  it('measures every route of routes.tsx, each lazy page of the build on at least one', () => {
    const routes = readRoutes(routesSource);
    expect(routes.find((route) => route.path === '/login')).toMatchObject({ page: 'LoginPage', signedIn: false, queries: false });
    expect(routes.find((route) => route.path === '/org/:identifier/members')).toMatchObject({ page: 'MembersPage', signedIn: true });
    expect(routes.find((route) => route.path === '/org/:identifier/well_being_surveys/:id/result')).toMatchObject({ signedIn: true });
    expect(new Set(routes.map((route) => route.module))).toEqual(new Set(lazyPageModules(readManifest(dist))));
  });

  it('loads no page, Firebase or translations in the entry: each is a chunk of its own', () => {
    const manifest = readManifest(dist);
    const entry = staticClosure(manifest, ENTRY);
    const lazy = dynamicImportsOf(manifest, ENTRY);
    for (const page of lazyPageModules(manifest)) {
      expect(lazy).toContain(page);
      expect(entry).not.toContain(manifest[page]!.file);
    }
    expect(entry).not.toContain(manifest[FIREBASE]!.file);
    const firebaseSdk = [...staticClosure(manifest, FIREBASE)].filter((file) => file !== manifest[FIREBASE]!.file);
    expect(firebaseSdk.length).toBeGreaterThan(0);
    for (const file of firebaseSdk) expect(entry).not.toContain(file);
  });

  it('gives /login no chunk of a signed-in page and no chart, CSV, emoji or Firebase code', () => {
    const measured = report();
    const login = new Set(measured.routes.find((route) => route.path === '/login')!.files);
    const manifest = readManifest(dist);
    const publicPages = new Set(measured.routes.filter((route) => !route.signedIn).map((route) => route.module));
    for (const route of measured.routes.filter((candidate) => candidate.signedIn && !publicPages.has(candidate.module))) {
      expect(login, route.path).not.toContain(manifest[route.module]!.file);
    }
    const chunkNames = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk.name ?? '']));
    for (const file of login) {
      expect(chunkNames.get(file), file).not.toMatch(/chart|uPlot|emoji|csv|firebase/i);
      // uPlot's class, the emoji picker's markup, the member CSV's Japanese headers, Firebase Auth's endpoint.
      expect(readFileSync(`${dist}/${file}`, 'utf8'), file).not.toMatch(/uPlot|emoji-picker|利用開始日|identitytoolkit/);
    }
    // The patterns find that code where it is (else the check above would pass on anything).
    const everything = Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js'));
    for (const pattern of [/uPlot/, /emoji-picker/, /利用開始日/, /identitytoolkit/])
      expect(
        everything.some((chunk) => pattern.test(readFileSync(`${dist}/${chunk.file}`, 'utf8'))),
        String(pattern),
      ).toBe(true);
  });
});
