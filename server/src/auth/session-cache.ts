import { isKiwiUserActive } from '@kiwi/shared/domain/membership';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { DatabaseHandle, Executor } from '../db/client';
import { userIdentityLinks } from '../db/schema/identity-links';
import { organizationMembers, organizations } from '../db/schema/organizations';
import { users } from '../db/schema/users';
import { invalidationBus } from '../realtime/invalidation';

export type SessionOrganization = Pick<
  typeof organizations.$inferSelect,
  | 'id'
  | 'name'
  | 'identifier'
  | 'icon'
  | 'plan'
  | 'numberOfMembers'
  | 'serviceStartedAt'
  | 'archived'
  | 'signInMethods'
  | 'mfaRequiredForManagers'
>;
export type SessionMembership = Pick<
  typeof organizationMembers.$inferSelect,
  'id' | 'organizationId' | 'role' | 'activeFrom' | 'activeTo' | 'nickname' | 'icon' | 'belongings' | 'occupations'
> & { organization: SessionOrganization };
export type SessionUser = Omit<typeof users.$inferSelect, 'createdAt' | 'updatedAt'>;

/** The signed-in product user with memberships in id order (the first one decides, spec §5). */
export type Session = {
  user: SessionUser;
  memberships: SessionMembership[];
  /** How this request's token signed in (issue 16): set per request by the guards, never cached. */
  signIn?: { provider: string | null; secondFactor: string | null };
};

export type SessionCache = {
  /** Cached session for a Firebase uid; null when no product user is linked to it (not cached). */
  get(uid: string): Promise<Session | null>;
  /** Drop a user's session here at once and, through NOTIFY kiwi_cache, in every other process within moments. */
  invalidateUser(userId: number): Promise<void>;
  /** The same for every member of an organisation (its settings are part of their sessions). */
  invalidateOrganization(organizationId: number): Promise<void>;
  invalidateAll(): Promise<void>;
  /**
   * Makes the product user's email the identity's verified one (it changed through a verify-and-change-email link) and
   * answers the fresh session; the old one when another product user holds that address (logged, never a failure).
   */
  followIdentityEmail(session: Session, email: string): Promise<Session>;
  /**
   * Issue 16: a uid no product user has yet (a Google, Microsoft or email-link sign-in) is linked to the product user
   * with this VERIFIED email when that user is an admin or has an active membership; the session, or null when none.
   */
  linkVerifiedEmail(uid: string, email: string, provider: string, now: Date): Promise<Session | null>;
  /**
   * Issue 20: stores `authTime` (a token's auth_time, seconds) as the user's last sign-in when it is newer than the one
   * stored. Costs nothing for a time already seen in this process; the write runs in the background, never failing a request.
   */
  recordSignIn(session: Session, authTime: number): void;
  /** LISTEN for invalidations from other processes. */
  start(): Promise<void>;
  stop(): Promise<void>;
};

type CacheMessage = { userId?: number; organizationId?: number } | null;

type SessionCacheOptions = {
  logger?: Logger;
  /** A safety net for a lost notification; invalidation is what keeps it fresh. */
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
};

export function createSessionCache(handle: DatabaseHandle, options: SessionCacheOptions = {}): SessionCache {
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { session: Session; at: number }>();
  // A user signs in under several uids once Google or Microsoft were linked (user_identity_links).
  const uidsByUserId = new Map<number, Set<string>>();
  const loading = new Map<string, Promise<Session | null>>();
  // An identity email another product user holds, per user: not tried (nor logged) again on every request.
  const refusedEmails = new Map<number, string>();
  // Bumped by every invalidation: a load that started before it must not store what it read.
  let generation = 0;
  let unlisten: (() => void) | null = null;
  const bus = invalidationBus(handle, options.logger);
  // The last auth_time (ms) recorded or read per user: a request with a token already seen writes nothing.
  const signIns = new Map<number, number>();

  const dropUser = (userId: number) => {
    refusedEmails.delete(userId);
    for (const uid of uidsByUserId.get(userId) ?? []) entries.delete(uid);
    uidsByUserId.delete(userId);
  };

  // null, or a message naming neither a user nor an organisation: everybody's session.
  const dropLocal = (message: CacheMessage) => {
    generation += 1;
    loading.clear();
    if (message?.userId !== undefined) {
      dropUser(message.userId);
    } else if (message?.organizationId !== undefined) {
      const { organizationId } = message;
      const members = new Set<number>();
      for (const { session } of entries.values()) {
        if (session.memberships.some((membership) => membership.organizationId === organizationId)) members.add(session.user.id);
      }
      for (const userId of members) dropUser(userId);
    } else {
      refusedEmails.clear();
      entries.clear();
      uidsByUserId.clear();
    }
  };

  const store = (uid: string, session: Session) => {
    if (entries.size >= maxEntries) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    entries.set(uid, { session, at: now() });
    const uids = uidsByUserId.get(session.user.id) ?? new Set<string>();
    uids.add(uid);
    uidsByUserId.set(session.user.id, uids);
  };

  // Dropped here at once (whether or not start() ran) and in every other process through the bus.
  const broadcast = async (message: { userId?: number; organizationId?: number }) => {
    dropLocal(message);
    await bus.publish({ cache: 'sessions', ...message });
  };

  return {
    async get(uid) {
      const entry = entries.get(uid);
      if (entry && now() - entry.at < ttlMs) return entry.session;
      let pending = loading.get(uid);
      if (!pending) {
        const startedAt = generation;
        pending = loadSession(handle.db, uid).then((session) => {
          if (session && startedAt === generation) store(uid, session);
          return session;
        });
        pending
          .finally(() => {
            if (loading.get(uid) === pending) loading.delete(uid);
          })
          .catch(() => {});
        loading.set(uid, pending);
      }
      return pending;
    },
    invalidateUser: (userId) => broadcast({ userId }),
    invalidateOrganization: (organizationId) => broadcast({ organizationId }),
    invalidateAll: () => broadcast({}),
    async followIdentityEmail(session, email) {
      const { id, firebaseUid } = session.user;
      if (refusedEmails.get(id) === email) return session;
      try {
        const changed = await handle.db
          .update(users)
          .set({ email })
          .where(
            and(
              eq(users.id, id),
              sql`not exists (select 1 from ${users} other where lower(other.email) = lower(${email}) and other.id <> ${id})`,
            ),
          )
          .returning({ id: users.id });
        if (changed.length === 0) {
          if (refusedEmails.size >= maxEntries) refusedEmails.clear();
          refusedEmails.set(id, email);
          options.logger?.warn({ userId: id }, 'the identity email belongs to another product user; the stored email stays');
          return session;
        }
      } catch (error) {
        options.logger?.error({ err: error, userId: id }, 'could not follow the identity email');
        return session;
      }
      await broadcast({ userId: id });
      return (await this.get(firebaseUid)) ?? session;
    },
    async linkVerifiedEmail(uid, email, provider, at) {
      const linked = await handle.db.transaction(async (tx) => {
        const [owner] = await tx
          .select({ id: users.id, firebaseUid: users.firebaseUid })
          .from(users)
          .where(sql`lower(${users.email}) = lower(${email})`)
          .limit(1);
        if (!owner) return false;
        const session = await loadSession(tx, owner.firebaseUid);
        const active = session && isKiwiUserActive({ role: session.user.role, organizationMembers: session.memberships }, at);
        if (!active) return false;
        await tx.insert(userIdentityLinks).values({ firebaseUid: uid, userId: owner.id, provider }).onConflictDoNothing();
        return true;
      });
      if (!linked) return null;
      options.logger?.info({ uid, provider }, 'linked a new identity to a product user by its verified email');
      return this.get(uid);
    },
    recordSignIn(session, authTime) {
      const at = authTime * 1000;
      const { id, lastSignedInAt } = session.user;
      const known = Math.max(signIns.get(id) ?? 0, lastSignedInAt?.getTime() ?? 0);
      if (!Number.isFinite(at) || at <= known) return;
      if (signIns.size >= maxEntries) signIns.clear();
      signIns.set(id, at);
      const when = new Date(at);
      handle.db
        .update(users)
        .set({ lastSignedInAt: when })
        .where(and(eq(users.id, id), or(isNull(users.lastSignedInAt), lt(users.lastSignedInAt, when))))
        .catch((error: unknown) => options.logger?.warn({ err: error, userId: id }, 'could not record a sign-in'));
    },
    async start() {
      if (unlisten) return;
      // A lost LISTEN connection calls this with null once it is back: a demoted manager must not keep rights until
      // the TTL because the notification went nowhere.
      unlisten = bus.on('sessions', dropLocal);
      await bus.listening;
    },
    async stop() {
      unlisten?.();
      unlisten = null;
    },
  };
}

export async function loadSession(executor: Executor, uid: string): Promise<Session | null> {
  const linkedUser = executor
    .select({ userId: userIdentityLinks.userId })
    .from(userIdentityLinks)
    .where(eq(userIdentityLinks.firebaseUid, uid));
  const [row] = await executor
    .select()
    .from(users)
    .where(or(eq(users.firebaseUid, uid), inArray(users.id, linkedUser)))
    .limit(1);
  if (!row) return null;
  const { createdAt: _created, updatedAt: _updated, ...user } = row;
  const memberships = await executor
    .select({
      id: organizationMembers.id,
      organizationId: organizationMembers.organizationId,
      role: organizationMembers.role,
      activeFrom: organizationMembers.activeFrom,
      activeTo: organizationMembers.activeTo,
      nickname: organizationMembers.nickname,
      icon: organizationMembers.icon,
      belongings: organizationMembers.belongings,
      occupations: organizationMembers.occupations,
      organization: {
        id: organizations.id,
        name: organizations.name,
        identifier: organizations.identifier,
        icon: organizations.icon,
        plan: organizations.plan,
        numberOfMembers: organizations.numberOfMembers,
        serviceStartedAt: organizations.serviceStartedAt,
        archived: organizations.archived,
        signInMethods: organizations.signInMethods,
        mfaRequiredForManagers: organizations.mfaRequiredForManagers,
      },
    })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, row.id))
    .orderBy(asc(organizationMembers.id));
  return { user, memberships };
}
