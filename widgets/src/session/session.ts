// The one session all Kiwi widgets of a page share (module state of the entry chunk): who is signed in, where the
// token comes from (the widgets' own Firebase sign-in, or an ID token the host page handed over through the `idToken`
// property), the product user from GET /api/user, and the widgets that listen. Signing in in one widget signs in all
// of them; a token the API refuses (401) signs all of them out.
import { createApiClient, type ApiClient } from '@kiwi/shared/api/client';
import { type ClientConfig, fetchClientConfig } from '@kiwi/shared/api/client-config';
import { HttpResponseError } from '@kiwi/shared/api/errors';
import { isKiwiUserActive } from '@kiwi/shared/domain/membership';
import type { FirebaseSession } from './firebase-auth';

export type WidgetMembership = {
  id: string;
  role: 'manager' | 'member';
  activeFrom?: string | null;
  activeTo?: string | null;
  organization: { id: string; identifier: string; name: string };
};

/** The product user as GET /api/user returns it (JSON:API decoded), the part the widgets read. */
export type WidgetUser = {
  id: string;
  name: string;
  role: 'admin' | 'member';
  language?: string | null;
  organizationMembers: WidgetMembership[];
};

/** The membership the `organization` attribute names (its identifier), else the user's first one. */
export function membershipFor(user: WidgetUser, organization: string | null | undefined): WidgetMembership | undefined {
  if (!organization) return user.organizationMembers[0];
  const wanted = organization.trim().toLowerCase();
  return user.organizationMembers.find((membership) => membership.organization.identifier.toLowerCase() === wanted);
}

/**
 * The DOM events of a session change for one element: kiwi-signed-in when it became signed in, kiwi-signed-out when
 * a sign-in or signed-in session ended (not when the API could not be reached at all). Details carry no token.
 */
export function sessionEventOf(
  current: SessionSnapshot,
  previous: SessionSnapshot,
  organization: string | null,
): { name: 'kiwi-signed-in' | 'kiwi-signed-out'; detail: Record<string, unknown> } | null {
  if (current.status === 'signedIn' && previous.status !== 'signedIn' && current.user) {
    return {
      name: 'kiwi-signed-in',
      detail: { userId: current.user.id, organizationId: membershipFor(current.user, organization)?.organization.id ?? null },
    };
  }
  if (
    current.status === 'signedOut' &&
    current.problem !== 'unreachable' &&
    (previous.status === 'signedIn' || previous.status === 'signingIn')
  ) {
    return { name: 'kiwi-signed-out', detail: { reason: current.problem ?? 'signedOut' } };
  }
  return null;
}

/**
 * Why the session is (again) signed out, shown above the sign-in form: `expired` the API refused the token (401),
 * `inactive` the account is outside its period of use, `refused` this page's origin is not registered for the user's
 * organisation (403 originNotAllowed), `failed` anything else. `unreachable`: the API could not be reached at all
 * (network, or CORS refused this origin); the widgets show an error state with a retry instead of the form.
 */
export type SessionProblem = 'expired' | 'inactive' | 'refused' | 'failed' | 'unreachable';

export type SessionStatus = 'starting' | 'signedOut' | 'signingIn' | 'signedIn';

export type SessionSnapshot = {
  status: SessionStatus;
  user: WidgetUser | null;
  source: 'host' | 'firebase' | null;
  problem: SessionProblem | null;
};

export type SignedOutReason = 'signedOut' | Exclude<SessionProblem, 'unreachable'>;

type Listener = (snapshot: SessionSnapshot, previous: SessionSnapshot) => void;

const FIREBASE_APP = 'kiwi-widgets';

/** Whether the widgets' Firebase app has a persisted user on this origin (browserLocalPersistence), read without the SDK. */
export function hasPersistedFirebaseUser(storage: Pick<Storage, 'length' | 'key'> | undefined = safeLocalStorage()): boolean {
  if (!storage) return false;
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith('firebase:authUser:') && key.endsWith(`:${FIREBASE_APP}`)) return true;
  }
  return false;
}

function safeLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Storage blocked (sandboxed frame, privacy settings): no persisted session.
    return undefined;
  }
}

/** When a JWT (a Firebase ID token) expires, in ms since the epoch, from its `exp` claim; null when unreadable. */
export function tokenExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof payload.exp === 'number' && Number.isFinite(payload.exp) ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

let warned = false;
/** Tells the host page's developer (once per page) why a call failed before any answer: usually CORS. */
function warnUnreachable(url: string, error: unknown) {
  if (warned) return;
  warned = true;
  const origin = globalThis.location?.origin ?? '';
  console.warn(
    `Kiwi widgets: the request to ${url} failed before any answer (${error instanceof Error ? error.message : String(error)}). ` +
      `If the Kiwi server is up, this page's origin ${origin} is probably not registered as an embed origin of the organisation ` +
      '(portal: External services > Embed origins), so the server refuses it (CORS). See widgets/README.md.',
  );
}

export class WidgetSession {
  private snapshot: SessionSnapshot = { status: 'starting', user: null, source: null, problem: null };
  private readonly listeners = new Set<Listener>();
  private apiBaseUrl: string | null = null;
  private started = false;
  private hostToken: string | null = null;
  /** A handed-over token the API refused (401, origin, inactive): handing it over again changes nothing (no loop). */
  private refusedHostToken: string | null = null;
  /** The last token given to a request: a 401 answered to it (and not to an older one) signs the session out. */
  private lastToken: string | null = null;
  /** Bumped on every identity change: a product-user load that finished after a newer change is ignored. */
  private generation = 0;
  private config: Promise<ClientConfig> | null = null;
  private firebase: Promise<FirebaseSession> | null = null;
  private client: ApiClient | null = null;
  /** What the widgets' Firebase app last reported: a user signed in (true), none (false), nothing yet (null). */
  private firebaseUser: boolean | null = null;
  private expiryTimer: ReturnType<typeof setTimeout> | undefined;

  /** The fetch every widget's API client uses: notices refused tokens and tells the developer about CORS failures. */
  readonly fetch: typeof globalThis.fetch = async (input, init) => {
    const sent = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).get('Authorization');
    let response: Response;
    try {
      response = await globalThis.fetch(input, init);
    } catch (error) {
      if (!isAbort(error)) warnUnreachable(input instanceof Request ? input.url : String(input), error);
      throw error;
    }
    if (response.status === 401 && sent !== null && this.lastToken !== null && sent === `Bearer ${this.lastToken}`) {
      this.refused('expired');
    }
    return response;
  };

  get current(): SessionSnapshot {
    return this.snapshot;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** The first widget (or token handover) names the Kiwi server; the page's widgets share it. */
  useApiBase(apiBase: string): void {
    this.apiBaseUrl ??= apiBase;
  }

  /** The bearer for the next API call: the host's token, or the Firebase user's (refreshed by the SDK). */
  readonly getToken = async (): Promise<string | null> => {
    let token: string | null = null;
    if (this.snapshot.source === 'host') token = this.hostToken;
    else if (this.snapshot.source === 'firebase' && this.firebase) token = await (await this.firebase).getToken();
    this.lastToken = token;
    return token;
  };

  /** Starts the session once per page: checks the server answers, then resumes a persisted Firebase sign-in if any. */
  start(): void {
    if (this.started) return;
    this.started = true;
    void this.resume();
  }

  /** After `unreachable`: try again. */
  retry(): void {
    this.config = null;
    this.set({ problem: null, status: 'starting' });
    void this.resume();
  }

  private async resume(): Promise<void> {
    try {
      await this.clientConfig();
    } catch (error) {
      this.fail(error);
      return;
    }
    if (this.hostToken) {
      // A token handed over while the probe ran is being loaded already (one GET /api/user per identity).
      if (this.snapshot.source !== 'host') await this.loadUser('host');
    } else if (hasPersistedFirebaseUser()) {
      // The Firebase SDK reports the persisted user (or none) through onAuthStateChanged.
      try {
        await this.firebaseSession();
      } catch (error) {
        this.fail(error);
      }
    } else if (this.snapshot.status === 'starting') {
      this.set({ status: 'signedOut' });
    }
  }

  /**
   * The host page hands over a Firebase ID token (`element.idToken = token`). null or '' ends a host session: a widget
   * sign-in of this origin then takes over (see fallBackFromHost), else the widgets are signed out.
   */
  handOver(token: string | null): void {
    const value = typeof token === 'string' && token !== '' ? token : null;
    if (value === this.hostToken || (value !== null && value === this.refusedHostToken)) return;
    this.hostToken = value;
    if (value === null) {
      if (this.snapshot.source === 'host') this.fallBackFromHost();
      return;
    }
    this.started = true;
    // A fresh token of a signed-in host session (the host refreshes it hourly) is checked without leaving the signed-in
    // state: the widgets keep what they show (a message being written, a live chat) and no kiwi-signed-in repeats.
    void this.loadUser('host', this.snapshot.status === 'signedIn' && this.snapshot.source === 'host');
  }

  /** Email and password sign-in from a widget's form; Firebase errors are thrown to the form (auth/...). */
  async signIn(email: string, password: string): Promise<void> {
    const firebase = await this.firebaseSession();
    this.hostToken = null;
    this.set({ problem: null });
    await firebase.signIn(email, password);
  }

  /**
   * The host took its token back: the widgets' own Firebase sign-in of this origin (app 'kiwi-widgets', signed in from
   * a widget's form before the host handed a token over, kept in localStorage) signs them in again; without one they are
   * signed out. Widgets show their loading state meanwhile; kiwi-signed-in follows for the widget sign-in's user.
   */
  private fallBackFromHost(): void {
    if (this.firebaseUser === true) {
      void this.loadUser('firebase');
    } else if (this.firebaseUser === null && (this.firebase !== null || hasPersistedFirebaseUser())) {
      // The Firebase SDK reports the persisted user (or none) through onAuthStateChanged: onFirebaseUser goes on.
      this.generation += 1;
      this.set({ status: 'signingIn', source: 'firebase', user: null, problem: null });
      this.firebaseSession().catch((error: unknown) => this.fail(error));
    } else {
      this.signedOut('signedOut');
    }
  }

  async signOut(): Promise<void> {
    this.hostToken = null;
    this.signedOut('signedOut');
    if (this.firebase) await (await this.firebase).signOut();
  }

  private api(): ApiClient {
    this.client ??= createApiClient({ baseURL: `${this.apiBaseUrl ?? ''}/api`, getToken: this.getToken, fetch: this.fetch });
    return this.client;
  }

  private clientConfig(): Promise<ClientConfig> {
    this.config ??= fetchClientConfig(this.api());
    const pending = this.config;
    pending.catch(() => {
      if (this.config === pending) this.config = null;
    });
    return pending;
  }

  private firebaseSession(): Promise<FirebaseSession> {
    if (!this.firebase) {
      const pending = Promise.all([this.clientConfig(), import('./firebase-auth')]).then(([config, { startFirebaseSession }]) =>
        startFirebaseSession(config, FIREBASE_APP, (signedIn) => this.onFirebaseUser(signedIn)),
      );
      this.firebase = pending;
      pending.catch(() => {
        if (this.firebase === pending) this.firebase = null;
      });
    }
    return this.firebase;
  }

  private onFirebaseUser(signedIn: boolean): void {
    this.firebaseUser = signedIn;
    // A token handed over by the host wins over the widgets' own sign-in.
    if (this.hostToken) return;
    if (signedIn) void this.loadUser('firebase');
    else if (this.snapshot.source === 'firebase' || this.snapshot.status === 'starting') this.signedOut('signedOut');
  }

  private async loadUser(source: 'host' | 'firebase', quietly = false): Promise<void> {
    const generation = ++this.generation;
    if (!quietly) this.set({ status: 'signingIn', source, user: null, problem: null });
    try {
      const { data: user } = await this.api().get<WidgetUser>('/user');
      if (generation !== this.generation) return;
      if (!isKiwiUserActive(user, new Date())) {
        await this.refused('inactive');
        return;
      }
      if (source === 'host' && this.hostToken) this.watchExpiry(this.hostToken);
      // The same person again (a refreshed token) keeps the snapshot's user, so nothing re-renders for it.
      const same = quietly && this.snapshot.user?.id === user.id;
      if (!same) this.set({ status: 'signedIn', source, user, problem: null });
    } catch (error) {
      if (generation !== this.generation) return;
      // A refreshed token that got no answer (the network, for a moment) is no reason to sign anyone out.
      if (quietly && !(error instanceof HttpResponseError)) return;
      this.fail(error);
    }
  }

  private fail(error: unknown): void {
    if (error instanceof HttpResponseError) {
      if (error.status === 401) void this.refused('expired');
      else if (error.status === 403 && error.errors.some((item) => item.code === 'originNotAllowed')) void this.refused('refused');
      else void this.refused('failed');
      return;
    }
    if (error instanceof TypeError || (error instanceof Error && error.cause instanceof TypeError)) {
      // fetch rejects with a TypeError when there is no answer at all: network down or CORS refused (the API client's
      // ofetch wraps it in a FetchError whose cause it is).
      this.generation += 1;
      this.set({ status: 'signedOut', source: null, user: null, problem: 'unreachable' });
      return;
    }
    console.error('Kiwi widgets: unexpected sign-in failure', error);
    void this.refused('failed');
  }

  /** Signs out because the API said no; a Firebase session is ended too, so the next page load does not retry it. */
  private async refused(problem: Exclude<SessionProblem, 'unreachable'>): Promise<void> {
    if (this.snapshot.status === 'signedOut' && this.snapshot.problem === problem) return;
    const wasFirebase = this.snapshot.source === 'firebase';
    // The API will refuse this token again ('failed' may be passing: a 500, a network cut); a fresh one is tried.
    if (this.snapshot.source === 'host' && problem !== 'failed') this.refusedHostToken = this.hostToken;
    this.hostToken = null;
    this.signedOut(problem);
    try {
      if (wasFirebase && this.firebase) await (await this.firebase).signOut();
    } catch (error) {
      console.warn('Kiwi widgets: the Firebase sign-out failed', error);
    }
  }

  /**
   * A handed-over token is asked about again when it expires (its `exp`): the API's 401 then signs every widget out
   * at once, not at the next action, unless the host handed over a fresh one before. A clock that runs ahead only makes
   * the check early: the API's answer decides, and an accepted token is asked about again a minute later.
   */
  private watchExpiry(token: string): void {
    clearTimeout(this.expiryTimer);
    const expiresAt = tokenExpiry(token);
    if (expiresAt === null) return;
    const check = () => {
      if (this.hostToken !== token || this.snapshot.status !== 'signedIn') return;
      this.api()
        .get('/user')
        .then(
          () => {
            if (this.hostToken === token) this.expiryTimer = setTimeout(check, 60_000);
          },
          // A 401 has signed out through this.fetch; no answer at all is not an expiry.
          () => undefined,
        );
    };
    this.expiryTimer = setTimeout(check, Math.min(Math.max(expiresAt - Date.now(), 0) + 1000, 2 ** 31 - 1));
  }

  private signedOut(reason: SignedOutReason): void {
    clearTimeout(this.expiryTimer);
    this.generation += 1;
    this.lastToken = null;
    this.set({ status: 'signedOut', source: null, user: null, problem: reason === 'signedOut' ? null : reason });
  }

  private set(change: Partial<SessionSnapshot>): void {
    const previous = this.snapshot;
    this.snapshot = { ...previous, ...change };
    for (const listener of [...this.listeners]) listener(this.snapshot, previous);
  }
}

/** The page's session. */
export const session = new WidgetSession();
