import { and, asc, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { DatabaseHandle, Executor } from '../db/client';
import { organizationMembers, organizations } from '../db/schema/organizations';
import { users } from '../db/schema/users';

export type SessionOrganization = Pick<
  typeof organizations.$inferSelect,
  'id' | 'name' | 'identifier' | 'icon' | 'plan' | 'numberOfMembers' | 'serviceStartedAt' | 'archived'
>;
export type SessionMembership = Pick<
  typeof organizationMembers.$inferSelect,
  'id' | 'organizationId' | 'role' | 'activeFrom' | 'activeTo' | 'nickname' | 'icon' | 'belongings' | 'occupations'
> & { organization: SessionOrganization };
export type SessionUser = Omit<typeof users.$inferSelect, 'createdAt' | 'updatedAt'>;

/** The signed-in product user with memberships in id order (the first one decides, spec §5). */
export type Session = { user: SessionUser; memberships: SessionMembership[] };

export type SessionCache = {
  /** Cached session for a Firebase uid; null when no product user is linked to it (not cached). */
  get(uid: string): Promise<Session | null>;
  /** Drop a user's session here at once and, through NOTIFY kiwi_cache, in every other process within moments. */
  invalidateUser(userId: number): Promise<void>;
  invalidateAll(): Promise<void>;
  /**
   * Makes the product user's email the identity's verified one (it changed through a verify-and-change-email link) and
   * answers the fresh session; the old one when another product user holds that address (logged, never a failure).
   */
  followIdentityEmail(session: Session, email: string): Promise<Session>;
  /** LISTEN for invalidations from other processes. */
  start(): Promise<void>;
  stop(): Promise<void>;
};

export const CACHE_CHANNEL = 'kiwi_cache';
type CacheMessage = { userId: number } | { all: true };

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
  const uidByUserId = new Map<number, string>();
  const loading = new Map<string, Promise<Session | null>>();
  // An identity email another product user holds, per user: not tried (nor logged) again on every request.
  const refusedEmails = new Map<number, string>();
  // Bumped by every invalidation: a load that started before it must not store what it read.
  let generation = 0;
  let unlisten: (() => Promise<void>) | null = null;

  const dropLocal = (message: CacheMessage) => {
    generation += 1;
    loading.clear();
    if ('all' in message) {
      refusedEmails.clear();
      entries.clear();
      uidByUserId.clear();
      return;
    }
    refusedEmails.delete(message.userId);
    const uid = uidByUserId.get(message.userId);
    if (uid !== undefined) entries.delete(uid);
    uidByUserId.delete(message.userId);
  };

  const store = (uid: string, session: Session) => {
    if (entries.size >= maxEntries) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    entries.set(uid, { session, at: now() });
    uidByUserId.set(session.user.id, uid);
  };

  const broadcast = async (message: CacheMessage) => {
    dropLocal(message);
    try {
      await handle.notify(CACHE_CHANNEL, JSON.stringify(message));
    } catch (error) {
      options.logger?.error({ err: error }, 'could not broadcast a session cache invalidation');
    }
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
    invalidateAll: () => broadcast({ all: true }),
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
    async start() {
      if (unlisten) return;
      unlisten = await handle.listen(
        CACHE_CHANNEL,
        (payload) => {
          try {
            const message = JSON.parse(payload) as CacheMessage;
            if ('all' in message || Number.isInteger(message.userId)) dropLocal(message);
          } catch {
            options.logger?.warn({ payload }, 'ignored a malformed kiwi_cache notification');
          }
        },
        {
          // Invalidations sent while the connection was down are lost: a demoted manager must not keep rights until
          // the TTL. Only this process missed them, so nothing is broadcast.
          onReconnect: () => {
            options.logger?.info('LISTEN kiwi_cache is back; dropping every cached session');
            dropLocal({ all: true });
          },
        },
      );
    },
    async stop() {
      const current = unlisten;
      unlisten = null;
      await current?.();
    },
  };
}

export async function loadSession(executor: Executor, uid: string): Promise<Session | null> {
  const [row] = await executor.select().from(users).where(eq(users.firebaseUid, uid)).limit(1);
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
      },
    })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, row.id))
    .orderBy(asc(organizationMembers.id));
  return { user, memberships };
}
