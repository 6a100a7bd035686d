import { randomUUID } from 'node:crypto';
import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Auth, type DecodedIdToken, getAuth } from 'firebase-admin/auth';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { authEmulatorAnswers } from './emulator-probe';

export type VerifiedToken = {
  uid: string;
  email: string | undefined;
  /** Whether the identity provider verified `email` (it did after a verify-and-change-email link). */
  emailVerified: boolean;
  /** seconds since epoch */
  exp: number;
  /** The token's firebase.sign_in_provider: password (also for an email link), google.com, microsoft.com ... (issue 16). */
  signInProvider: string | null;
  /** The token's firebase.sign_in_second_factor (phone, totp) when the sign-in passed a second factor, else null. */
  secondFactor: string | null;
  /** When the user last entered their credentials (the auth_time claim), seconds since epoch; re-authentication renews it. */
  authTime: number;
};

/** Why a bearer token was refused; the guards turn it into auth.tokenExpired or auth.invalidToken. */
export class TokenRejectedError extends Error {
  override name = 'TokenRejectedError';
  constructor(
    readonly reason: 'expired' | 'invalid' | 'disabled',
    cause?: unknown,
  ) {
    super(reason === 'expired' ? 'ID token expired' : reason === 'disabled' ? 'identity disabled' : 'ID token invalid', { cause });
  }
}

export type DemoIdentityUser = { uid: string; email: string; password: string; displayName: string };

export type Identity = {
  readonly projectId: string;
  readonly emulatorHost: string | undefined;
  /** firebase-admin Auth for admin operations (create, update, delete users). */
  readonly auth: Auth;
  /** Verified claims, from the cache while the token has not expired. Throws TokenRejectedError. */
  verifyIdToken(token: string): Promise<VerifiedToken>;
  /**
   * Forgets the verified tokens of `uid` (every token when undefined): their next use is verified again, and refused
   * when the identity was disabled or its tokens revoked. Each process calls it on the invalidation bus's `tokens`.
   */
  forgetTokens(uid?: string): void;
  /** Whether the identity backend answers (emulator reachable / project reachable). */
  ready(): Promise<boolean>;
  /** Creates the user with this fixed uid, or brings an existing one back to these values. */
  ensureUser(user: DemoIdentityUser): Promise<void>;
  close(): Promise<void>;
};

type IdentityOptions = { logger?: Logger; tokenCacheSize?: number; now?: () => number };

export function createIdentity(
  config: { firebase: Pick<Config['firebase'], 'projectId' | 'emulatorHost'> },
  options: IdentityOptions = {},
): Identity {
  const { projectId, emulatorHost } = config.firebase;
  // firebase-admin reads the emulator host from the environment on every call.
  if (emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;

  // With no credential, firebase-admin uses Application Default Credentials (GOOGLE_APPLICATION_CREDENTIALS) for a real project.
  const app: App = initializeApp({ projectId }, `kiwi-${randomUUID()}`);
  const auth = getAuth(app);
  const now = options.now ?? Date.now;
  const tokens = createTokenCache(options.tokenCacheSize ?? 10_000, now);
  const inFlight = new Map<string, Promise<VerifiedToken>>();
  let readyCache: { at: number; value: boolean } | null = null;

  async function verifyUncached(token: string): Promise<VerifiedToken> {
    let decoded: DecodedIdToken;
    try {
      decoded = await auth.verifyIdToken(token);
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (code === 'auth/id-token-expired') throw new TokenRejectedError('expired', error);
      // Issue 20: an admin turned the user's sign-in off (firebase-admin checks it where it checks revocation: always on the emulator).
      if (code === 'auth/user-disabled') throw new TokenRejectedError('disabled', error);
      if (!code.startsWith('auth/')) options.logger?.warn({ err: error }, 'ID token verification failed unexpectedly');
      throw new TokenRejectedError('invalid', error);
    }
    const verified: VerifiedToken = {
      uid: decoded.uid,
      email: decoded.email,
      emailVerified: decoded.email_verified === true,
      exp: decoded.exp,
      signInProvider: decoded.firebase?.sign_in_provider ?? null,
      secondFactor: decoded.firebase?.sign_in_second_factor ?? null,
      authTime: decoded.auth_time,
    };
    tokens.set(token, verified);
    return verified;
  }

  return {
    projectId,
    emulatorHost,
    auth,
    async verifyIdToken(token) {
      const cached = tokens.get(token);
      if (cached) return cached;
      // Many parallel requests with one fresh token verify it once.
      let pending = inFlight.get(token);
      if (!pending) {
        pending = verifyUncached(token).finally(() => inFlight.delete(token));
        inFlight.set(token, pending);
      }
      return pending;
    },
    forgetTokens(uid) {
      tokens.forget(uid);
      // A verification in flight would store what it read before the change.
      inFlight.clear();
    },
    async ready() {
      if (emulatorHost) return authEmulatorAnswers(emulatorHost);
      // A real project: one cheap admin call, remembered for a while so health checks cost no quota.
      if (readyCache && now() - readyCache.at < 30_000) return readyCache.value;
      const value = await auth.listUsers(1).then(
        () => true,
        () => false,
      );
      readyCache = { at: now(), value };
      return value;
    },
    async ensureUser(user) {
      const properties = {
        email: user.email,
        password: user.password,
        displayName: user.displayName,
        emailVerified: true,
        disabled: false,
      };
      try {
        await auth.updateUser(user.uid, properties);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      }
      try {
        await auth.createUser({ uid: user.uid, ...properties });
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'auth/uid-already-exists') {
          await auth.updateUser(user.uid, properties);
        } else if (code === 'auth/email-already-exists' && emulatorHost) {
          // Someone signed up with the demo address in the emulator: give the address back to the demo uid.
          const other = await auth.getUserByEmail(user.email);
          await auth.deleteUser(other.uid);
          await auth.createUser({ uid: user.uid, ...properties });
        } else {
          throw error;
        }
      }
    },
    async close() {
      await deleteApp(app);
    },
  };
}

/** Verified tokens until their `exp`; the oldest entry goes first when full. */
function createTokenCache(maxEntries: number, now: () => number) {
  const entries = new Map<string, VerifiedToken>();
  return {
    get(token: string): VerifiedToken | undefined {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (entry.exp * 1000 <= now()) {
        entries.delete(token);
        return undefined;
      }
      return entry;
    },
    forget(uid: string | undefined) {
      if (uid === undefined) {
        entries.clear();
        return;
      }
      for (const [token, entry] of entries) if (entry.uid === uid) entries.delete(token);
    },
    set(token: string, value: VerifiedToken) {
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(token, value);
    },
  };
}
