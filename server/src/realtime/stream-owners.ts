// Issue 22: an open event stream (guild chat, event page) belongs to the session that opened it. It ends on every
// replica at once when that session's rights change (a member removed, demoted, cancelled, signed out by an admin, or
// an organisation's settings changed: the invalidation bus's `sessions` messages), when the membership period ends,
// when the bearer token expires, and when the embed origin it was opened from is removed. The client reconnects with
// Last-Event-ID, and the guards judge the fresh session.
import { isKiwiUserActive } from '@kiwi/shared/domain/membership';
import type { Request } from 'express';
import type { Logger } from 'pino';
import { currentSession } from '../auth/guards';
import type { Identity } from '../auth/identity';
import type { Session, SessionCache } from '../auth/session-cache';
import type { DatabaseHandle } from '../db/client';
import { embedOriginRecheck } from '../http/cors';
import { invalidationBus } from './invalidation';
import { type EventStream, limitStreamLifetime } from './sse';

export type StreamOwner = {
  /** Ends `stream` when the owner's session no longer holds (see above); call it once the stream is open. */
  watch(stream: EventStream): void;
};

type Watched = {
  userId: number;
  organizationIds: ReadonlySet<number>;
  fromEmbedOrigin: boolean;
  /** Asks again; ends the stream when the session no longer holds. */
  recheck: () => Promise<void>;
};

type Watchers = { add(watched: Watched): () => void };

/** How many streams are re-checked at once after an invalidation that concerns many (an organisation, everybody). */
const RECHECK_CONCURRENCY = 8;

const watchersByHandle = new WeakMap<DatabaseHandle, Watchers>();

function watchers(db: DatabaseHandle, logger: Logger | undefined): Watchers {
  let existing = watchersByHandle.get(db);
  if (existing) return existing;
  const all = new Set<Watched>();

  const recheckAll = async (selected: Watched[]) => {
    for (let at = 0; at < selected.length; at += RECHECK_CONCURRENCY) {
      await Promise.all(selected.slice(at, at + RECHECK_CONCURRENCY).map((watched) => watched.recheck()));
    }
  };
  const run = (selected: Watched[]) => {
    if (selected.length === 0) return;
    // After every handler of this message ran (the session cache and the origin registry drop their copies first).
    setImmediate(() => {
      recheckAll(selected).catch((error: unknown) => logger?.error({ err: error }, 'could not re-check open streams'));
    });
  };

  const bus = invalidationBus(db, logger);
  bus.on('sessions', (message) => {
    const selected = [...all].filter((watched) =>
      message?.userId !== undefined
        ? watched.userId === message.userId
        : message?.organizationId !== undefined
          ? watched.organizationIds.has(message.organizationId)
          : true,
    );
    run(selected);
  });
  bus.on('embed-origins', () => run([...all].filter((watched) => watched.fromEmbedOrigin)));

  existing = {
    add(watched) {
      all.add(watched);
      return () => all.delete(watched);
    },
  };
  watchersByHandle.set(db, existing);
  return existing;
}

/**
 * What of a session decides what its streams may read: the user's role and sign-in state, and each membership's
 * organisation, role, period and the organisation's archive and sign-in settings. Anything else (a nickname) leaves
 * the streams open.
 */
function rightsOf(session: Session): string {
  const { role, signInDisabledAt, confirmationPending } = session.user;
  return JSON.stringify([
    role,
    signInDisabledAt,
    confirmationPending,
    session.memberships.map((membership) => [
      membership.id,
      membership.organizationId,
      membership.role,
      membership.activeFrom,
      membership.activeTo,
      membership.organization.archived,
      membership.organization.signInMethods,
      membership.organization.mfaRequiredForManagers,
    ]),
  ]);
}

/** The first moment after `now` at which one of the session's memberships ends (its rights shrink then), if any. */
function nextMembershipEnd(session: Session, now: number): number | undefined {
  if (session.user.role === 'admin') return undefined;
  const ends = session.memberships
    .map((membership) => (membership.activeTo ? new Date(membership.activeTo).getTime() : Number.NaN))
    .filter((time) => Number.isFinite(time) && time > now);
  return ends.length > 0 ? Math.min(...ends) : undefined;
}

/**
 * The owner of a stream a guarded route is about to open: the request's session and bearer token (both verified by
 * the guard already, so this reads caches). The stream lives at most `Prefer: wait=N` seconds (30 minutes), never past
 * the token's expiry nor the end of a membership period.
 */
export async function streamOwner(
  req: Request,
  { db, identity, sessions, logger }: { db: DatabaseHandle; identity: Identity; sessions: SessionCache; logger?: Logger },
): Promise<StreamOwner> {
  const session = await currentSession(req);
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '')?.[1];
  const token = bearer ? await identity.verifyIdToken(bearer) : null;
  const now = Date.now();
  const membershipEnd = nextMembershipEnd(session, now);
  const tokenEnd = token ? token.exp * 1000 : now;
  const endsAt = membershipEnd === undefined ? tokenEnd : Math.min(tokenEnd, membershipEnd);
  const rights = rightsOf(session);
  const originAdmits = embedOriginRecheck(req);
  const registry = watchers(db, logger);

  return {
    watch(stream) {
      limitStreamLifetime(stream, req, endsAt);
      const still = async (): Promise<boolean> => {
        const fresh = token ? await sessions.get(token.uid) : null;
        if (!fresh || rightsOf(fresh) !== rights) return false;
        const at = new Date();
        if (!isKiwiUserActive({ role: fresh.user.role, organizationMembers: fresh.memberships }, at)) return false;
        return originAdmits ? originAdmits(fresh, at) : true;
      };
      const remove = registry.add({
        userId: session.user.id,
        organizationIds: new Set(session.memberships.map((membership) => membership.organizationId)),
        fromEmbedOrigin: originAdmits !== null,
        async recheck() {
          const holds = await still().catch((error: unknown) => {
            logger?.warn({ err: error }, 'could not re-check a stream owner; ending the stream (its client reconnects)');
            return false;
          });
          if (!holds) stream.close();
        },
      });
      void stream.closed.then(remove);
    },
  };
}
