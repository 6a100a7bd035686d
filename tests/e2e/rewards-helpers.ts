// Helpers for the issue 18 rewards and quests stories: unique names, translated lines with values, API sign-in,
// a fresh acme member, today's steps synced the way the app uploads them, and axe on a page.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { type AuthEmulator, signInWithPassword } from './emulator-rest';
import { inviteAndAccept } from './org-helpers';
import { ACCOUNTS, DEMO_PASSWORD, type Language, text, unique } from './portal-helpers';

/** A locale line with its {{values}} filled in. */
export const translate = (language: Language, key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((line, [name, value]) => line.replaceAll(`{{${name}}}`, String(value)), text(language, key));

/** Today as the activity days count it (YYYY-MM-DD, Asia/Tokyo). */
export const tokyoToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());

/** API headers of an account signed in through the Auth Emulator. */
export async function apiHeaders(request: APIRequestContext, emulator: AuthEmulator, email: string, password = DEMO_PASSWORD) {
  return { authorization: `Bearer ${await signInWithPassword(request, emulator, email, password)}` };
}

/** The demo acme manager's API access: their headers and acme's id. */
export async function managerApi(request: APIRequestContext, emulator: AuthEmulator) {
  const headers = await apiHeaders(request, emulator, ACCOUNTS.acmeManager);
  const user = await (await request.get('/api/user', { headers })).json();
  const acme = user.included.find((item: { type: string }) => item.type === 'organizations');
  return { headers, acmeId: Number(acme.id) };
}

/** A new acme member, invited by the demo manager and accepted with `password`: their email, id and API headers. */
export async function newAcmeMember(
  request: APIRequestContext,
  emulator: AuthEmulator,
  { prefix, name, password }: { prefix: string; name: string; password: string },
) {
  const { headers: manager, acmeId } = await managerApi(request, emulator);
  const email = `${prefix}-${unique()}@example.com`;
  const memberId = await inviteAndAccept(request, { headers: manager, organizationId: acmeId, email, name, password });
  return { email, memberId, manager, acmeId, headers: await apiHeaders(request, emulator, email, password) };
}

/** Today's steps uploaded as the app does (POST /user/activities/sync). */
export async function syncTodaySteps(request: APIRequestContext, headers: Record<string, string>, steps: number) {
  const synced = await request.post('/api/user/activities/sync', {
    headers,
    data: { activity_sync: { days: [{ day: tokyoToday(), steps, workout_minutes: 0, calories: 0, distance_meters: 0 }] } },
  });
  expect(synced.status(), await synced.text()).toBe(200);
}

/**
 * Waits for every finite animation on the page to end: the draw result fades in, and axe measuring it half-transparent
 * reports a contrast it never settles at. (A spinner's endless animation is not waited for.)
 */
export async function animationsEnded(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished),
    ),
  );
}

/** axe on the whole page (the drawer's badges included: their colours pass since issue 19). */
export async function expectAccessible(page: Page) {
  await animationsEnded(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual([]);
}
