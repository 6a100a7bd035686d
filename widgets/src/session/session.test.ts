// The widgets' page session against a real HTTP server standing in for the Kiwi API: a handed-over token signs in,
// a refused one (401) signs out as expired, a 401 on any later call with the session's token signs out, an origin the
// user's organisations did not register (403 originNotAllowed) is "refused", and no answer at all is "unreachable".
// The widgets' own Firebase sign-in runs against the run's Auth Emulator (FIREBASE_AUTH_EMULATOR_HOST), as in a page.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  hasPersistedFirebaseUser,
  membershipFor,
  sessionEventOf,
  type SessionSnapshot,
  tokenExpiry,
  WidgetSession,
  type WidgetUser,
} from './session';

const GOOD = 'good-token';
/** Another token of the same account (the host's hourly refresh). */
const GOOD_REFRESHED = 'good-token-refreshed';
/** An unsigned JWT-shaped token expiring at `exp` (seconds). */
const jwt = (exp: number) =>
  `${['{"alg":"none"}', JSON.stringify({ exp, sub: 'u7' })].map((part) => Buffer.from(part).toString('base64url')).join('.')}.`;
const OTHER_ORIGIN = 'other-origin-token';
const INACTIVE = 'inactive-token';

const userDocument = (activeTo: string | null) => ({
  data: {
    type: 'users',
    id: '7',
    attributes: { name: '佐藤 花子', role: 'member', language: 'ja' },
    relationships: { 'organization-members': { data: [{ type: 'organization-members', id: '70' }] } },
  },
  included: [
    {
      type: 'organization-members',
      id: '70',
      attributes: { role: 'member', 'active-from': null, 'active-to': activeTo },
      relationships: { organization: { data: { type: 'organizations', id: '3' } } },
    },
    { type: 'organizations', id: '3', attributes: { name: 'ACME株式会社', identifier: 'acme' } },
  ],
});

/** The run's Auth Emulator, for the tests of the widgets' own Firebase sign-in (`npm test` starts one). */
function emulatorUrl(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: start the Auth Emulator (npm test does) and export it');
  return `http://${host}`;
}

/** A new account in the emulator (the widget form signs in with it); the test server takes its ID tokens until exp. */
async function emulatorAccount(): Promise<{ email: string; password: string; remove: () => Promise<void> }> {
  const email = `widgets-session-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const password = 'widgets-session-password';
  const call = async (method: string, body: object) => {
    const response = await fetch(`${emulatorUrl()}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=k`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`accounts:${method}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { idToken: string };
  };
  await call('signUp', { email, password, returnSecureToken: true });
  return {
    email,
    password,
    remove: async () => {
      const { idToken } = await call('signInWithPassword', { email, password, returnSecureToken: true });
      await call('delete', { idToken });
    },
  };
}

let server: Server;
let apiBase = '';
/** Every request the test server got: "<path> <authorization>". */
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const auth = req.headers.authorization ?? '';
    requests.push(`${req.url} ${auth}`);
    // No answer at all (a network cut).
    if (auth === 'Bearer unanswered-token') return void req.socket.destroy();
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/vnd.api+json' }).end(JSON.stringify(body));
    if (req.url === '/api/client_config') {
      const attributes = { 'firebase-api-key': 'k', 'firebase-project-id': 'demo-kiwi', 'auth-emulator-url': emulatorUrl() };
      return json(200, { data: { type: 'client-configs', id: '1', attributes } });
    }
    // A JWT-shaped token (as Firebase's) is good until its exp.
    const jwtExpiry = auth.startsWith('Bearer ') ? tokenExpiry(auth.slice(7)) : null;
    if (auth === `Bearer ${GOOD}` || auth === `Bearer ${GOOD_REFRESHED}` || (jwtExpiry !== null && jwtExpiry > Date.now())) {
      if (req.url === '/api/user') return json(200, userDocument(null));
      return json(401, { errors: [{ status: '401', code: 'auth.tokenExpired', detail: 'expired' }] });
    }
    if (auth === `Bearer ${INACTIVE}` && req.url === '/api/user') return json(200, userDocument('2000-01-01T00:00:00Z'));
    if (auth === `Bearer ${OTHER_ORIGIN}`) return json(403, { errors: [{ status: '403', code: 'originNotAllowed', detail: 'no' }] });
    return json(401, { errors: [{ status: '401', code: 'auth.invalidToken', detail: 'invalid' }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** A session on the test server, with every change it went through. */
function sessionOn(base = apiBase) {
  const session = new WidgetSession();
  session.useApiBase(base);
  const changes: SessionSnapshot[] = [];
  session.subscribe((snapshot) => changes.push(snapshot));
  const settled = () =>
    new Promise<SessionSnapshot>((resolve) => {
      const check = () =>
        session.current.status === 'signedIn' || session.current.status === 'signedOut' ? resolve(session.current) : setTimeout(check, 5);
      check();
    });
  return { session, changes, settled };
}

describe('WidgetSession', () => {
  it('signs in with a handed-over token and loads the product user', async () => {
    const { session, settled } = sessionOn();
    session.handOver(GOOD);
    const snapshot = await settled();
    expect(snapshot).toMatchObject({ status: 'signedIn', source: 'host', problem: null });
    expect(snapshot.user?.organizationMembers[0]?.organization.identifier).toBe('acme');
    expect(await session.getToken()).toBe(GOOD);
  });

  it('signs out as expired when the API refuses the token, at once or on a later call', async () => {
    const refused = sessionOn();
    refused.session.handOver('nonsense');
    expect(await refused.settled()).toMatchObject({ status: 'signedOut', problem: 'expired', user: null });
    expect(await refused.session.getToken()).toBeNull();

    const later = sessionOn();
    later.session.handOver(GOOD);
    await later.settled();
    const token = await later.session.getToken();
    // Any call of a widget carrying the session's token that gets a 401 ends the session.
    const response = await later.session.fetch(`${apiBase}/api/events`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(401);
    expect(later.session.current).toMatchObject({ status: 'signedOut', problem: 'expired' });
  });

  it('does not sign out for a 401 to another token (a shared-event guest)', async () => {
    const { session, settled } = sessionOn();
    session.handOver(GOOD);
    await settled();
    await session.getToken();
    await session.fetch(`${apiBase}/api/shared_events/1`, { headers: { Authorization: 'Bearer guest-token' } });
    expect(session.current.status).toBe('signedIn');
  });

  it('tells an origin another organisation registered, an inactive account and an unreachable API apart', async () => {
    const origin = sessionOn();
    origin.session.handOver(OTHER_ORIGIN);
    expect(await origin.settled()).toMatchObject({ status: 'signedOut', problem: 'refused' });

    const inactive = sessionOn();
    inactive.session.handOver(INACTIVE);
    expect(await inactive.settled()).toMatchObject({ status: 'signedOut', problem: 'inactive' });

    // Port 9 (discard) does not answer: what a CORS refusal looks like to the page.
    const unreachable = sessionOn('http://127.0.0.1:9');
    unreachable.session.start();
    expect(await unreachable.settled()).toMatchObject({ status: 'signedOut', problem: 'unreachable' });
  });

  it('does not try a refused token again when the host hands it over again (no sign-out loop), but tries a new one', async () => {
    const { session, settled, changes } = sessionOn();
    const signedOutEvents = () =>
      changes.filter((change, index) => sessionEventOf(change, changes[index - 1] ?? change, null)?.name === 'kiwi-signed-out');
    session.handOver('expired-token');
    expect(await settled()).toMatchObject({ status: 'signedOut', problem: 'expired' });
    const asked = requests.filter((request) => request.endsWith('Bearer expired-token')).length;
    expect(asked).toBe(1);
    // A host page that answers kiwi-signed-out by handing over the same (cached, refused) token again.
    for (let attempt = 0; attempt < 3; attempt += 1) session.handOver('expired-token');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.filter((request) => request.endsWith('Bearer expired-token'))).toHaveLength(1);
    expect(session.current).toMatchObject({ status: 'signedOut', problem: 'expired' });
    expect(signedOutEvents()).toHaveLength(1);
    // A fresh token signs in.
    session.handOver(GOOD);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await settled()).toMatchObject({ status: 'signedIn', source: 'host' });
  });

  it('takes a refreshed token of the signed-in host session without leaving the signed-in state', async () => {
    const { session, settled, changes } = sessionOn();
    session.handOver(GOOD);
    const signedIn = await settled();
    const seen = changes.length;
    session.handOver(GOOD_REFRESHED);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Nothing changed for the widgets (no loading state, no kiwi-signed-in again), and the new token is the one sent.
    expect(changes.slice(seen)).toEqual([]);
    expect(session.current).toBe(signedIn);
    expect(requests).toContain(`/api/user Bearer ${GOOD_REFRESHED}`);
    expect(await session.getToken()).toBe(GOOD_REFRESHED);
    // A refreshed token that gets no answer (the network, for a moment) keeps the session.
    session.handOver('unanswered-token');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requests).toContain('/api/user Bearer unanswered-token');
    expect(session.current).toBe(signedIn);
    // A refreshed token the API refuses still signs out.
    session.handOver('revoked-token');
    expect(await new Promise<SessionSnapshot>((resolve) => session.subscribe((snapshot) => resolve(snapshot)))).toMatchObject({
      status: 'signedOut',
      problem: 'expired',
    });
  });

  it('signs out when a handed-over token expires, without waiting for a widget to call the API', async () => {
    const { session, settled } = sessionOn();
    const exp = Math.ceil(Date.now() / 1000) + 1;
    session.handOver(jwt(exp));
    expect(await settled()).toMatchObject({ status: 'signedIn' });
    const signedOut = new Promise<SessionSnapshot>((resolve) => session.subscribe((snapshot) => resolve(snapshot)));
    expect(await signedOut).toMatchObject({ status: 'signedOut', problem: 'expired' });
    expect(Date.now()).toBeGreaterThanOrEqual(exp * 1000);
  });

  it('reads the expiry of a JWT, and nothing of anything else', () => {
    expect(tokenExpiry(jwt(1_800_000_000))).toBe(1_800_000_000_000);
    expect(tokenExpiry('good-token')).toBeNull();
    expect(tokenExpiry('a.b.c')).toBeNull();
  });

  it('a token handed over while the session starts loads the product user once', async () => {
    const { session, settled } = sessionOn();
    const token = 'good-token';
    const before = requests.filter((request) => request === `/api/user Bearer ${token}`).length;
    session.start();
    session.handOver(token);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await settled()).toMatchObject({ status: 'signedIn', source: 'host' });
    expect(requests.filter((request) => request === `/api/user Bearer ${token}`).length - before).toBe(1);
  });

  it('is signed out at start when nothing is persisted, and a handed-over null ends a host session', async () => {
    const { session, settled, changes } = sessionOn();
    session.start();
    expect(await settled()).toMatchObject({ status: 'signedOut', problem: null });
    session.handOver(GOOD);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await settled()).status).toBe('signedIn');
    session.handOver(null);
    expect(session.current).toMatchObject({ status: 'signedOut', problem: null, source: null });
    expect(changes.map((change) => change.status)).toEqual(['signedOut', 'signingIn', 'signedIn', 'signedOut']);
  });

  it('a handed-over null falls back to the widget sign-in of this origin, and signs out once that one is gone', async () => {
    const account = await emulatorAccount();
    const { session, settled, changes } = sessionOn();
    try {
      session.start();
      expect(await settled()).toMatchObject({ status: 'signedOut' });
      // Signed in from a widget's form (Firebase, app kiwi-widgets), then the host hands its own token over: it wins.
      await session.signIn(account.email, account.password);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await settled()).toMatchObject({ status: 'signedIn', source: 'firebase' });
      const widgetToken = await session.getToken();
      expect(tokenExpiry(widgetToken ?? '')).toBeGreaterThan(Date.now());
      session.handOver(GOOD);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await settled()).toMatchObject({ status: 'signedIn', source: 'host' });
      expect(await session.getToken()).toBe(GOOD);

      // The host takes its token back (its user signed out): the widget sign-in takes over, no kiwi-signed-out.
      const seen = changes.length;
      session.handOver(null);
      expect(session.current.status).toBe('signingIn');
      expect(await settled()).toMatchObject({ status: 'signedIn', source: 'firebase', problem: null });
      expect(session.current.user?.id).toBe('7');
      expect(await session.getToken()).toBe(widgetToken);
      const events = changes.slice(seen).map((change, index) => sessionEventOf(change, changes[seen + index - 1]!, null)?.name ?? null);
      expect(events).toEqual([null, 'kiwi-signed-in']);

      // Once the widget sign-in ended, a host session that ends signs out as before.
      await session.signOut();
      session.handOver(GOOD);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await settled()).toMatchObject({ status: 'signedIn', source: 'host' });
      session.handOver('');
      expect(session.current).toMatchObject({ status: 'signedOut', source: null, problem: null });
      expect(await session.getToken()).toBeNull();
    } finally {
      await session.signOut();
      await account.remove();
    }
  });

  it("a handed-over null resumes the widget sign-in persisted on this origin when the page's widgets had not started it", async () => {
    const account = await emulatorAccount();
    // Another page of this origin signed in from a widget's form (the Firebase app kiwi-widgets keeps the user).
    const earlier = sessionOn();
    const { session, settled } = sessionOn();
    try {
      await earlier.session.signIn(account.email, account.password);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await earlier.settled()).toMatchObject({ status: 'signedIn', source: 'firebase' });

      // This page's host handed a token over first, so its widgets never started Firebase.
      session.handOver(GOOD);
      expect(await settled()).toMatchObject({ status: 'signedIn', source: 'host' });
      // What browserLocalPersistence left in this origin's localStorage (Node has none of its own).
      vi.stubGlobal('localStorage', { length: 1, key: (index: number) => (index === 0 ? 'firebase:authUser:k:kiwi-widgets' : null) });
      session.handOver(null);
      expect(session.current).toMatchObject({ status: 'signingIn', source: 'firebase' });
      expect(await settled()).toMatchObject({ status: 'signedIn', source: 'firebase', problem: null });
      expect(tokenExpiry((await session.getToken()) ?? '')).toBeGreaterThan(Date.now());
    } finally {
      vi.unstubAllGlobals();
      await earlier.session.signOut();
      await account.remove();
    }
  });
});

describe('session helpers', () => {
  const user: WidgetUser = {
    id: '7',
    name: 'x',
    role: 'member',
    organizationMembers: [
      { id: '70', role: 'member', organization: { id: '3', identifier: 'acme', name: 'ACME' } },
      { id: '71', role: 'manager', organization: { id: '4', identifier: 'globex', name: 'Globex' } },
    ],
  };

  it('picks the membership the organization attribute names, else the first one', () => {
    expect(membershipFor(user, 'Globex')?.id).toBe('71');
    expect(membershipFor(user, null)?.id).toBe('70');
    expect(membershipFor(user, 'initech')).toBeUndefined();
  });

  it('finds the widgets Firebase app persisted user by its localStorage key only', () => {
    const storage = (keys: string[]) => ({ length: keys.length, key: (index: number) => keys[index] ?? null });
    expect(hasPersistedFirebaseUser(storage(['firebase:authUser:AIza:kiwi-widgets']))).toBe(true);
    expect(hasPersistedFirebaseUser(storage(['firebase:authUser:AIza:[DEFAULT]', 'other']))).toBe(false);
    expect(hasPersistedFirebaseUser(undefined)).toBe(false);
  });

  it('turns session changes into the DOM events, without tokens and not for an unreachable API', () => {
    const base: SessionSnapshot = { status: 'signingIn', user: null, source: 'host', problem: null };
    expect(sessionEventOf({ ...base, status: 'signedIn', user }, base, 'globex')).toEqual({
      name: 'kiwi-signed-in',
      detail: { userId: '7', organizationId: '4' },
    });
    expect(sessionEventOf({ ...base, status: 'signedOut', problem: 'expired' }, { ...base, status: 'signedIn', user }, null)).toEqual({
      name: 'kiwi-signed-out',
      detail: { reason: 'expired' },
    });
    expect(sessionEventOf({ ...base, status: 'signedOut', problem: 'unreachable' }, base, null)).toBeNull();
    expect(sessionEventOf({ ...base, status: 'signedOut' }, { ...base, status: 'starting' }, null)).toBeNull();
  });
});
