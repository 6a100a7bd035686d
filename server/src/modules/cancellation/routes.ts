import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { CancelAccountSchema } from '@kiwi/shared/schemas/cancellation';
import { type Request, Router } from 'express';
import { authorize } from '../../auth/authorize';
import { currentSession, requireSignedIn, requireSignedInAnyMembershipState } from '../../auth/guards';
import type { Identity } from '../../auth/identity';
import { ApiError } from '../../jsonapi/errors';
import { parseBody } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
import { deleteIdentityAccount } from './identity-deletion';
import { presentCancellation } from './presenter';
import { assertRecentSignIn, cancelAccount, cancellationSummary } from './service';

/** The auth_time of the request's bearer token; the guard in front has verified it (this read is the cached one). */
async function signedInAt(req: Request, identity: Identity): Promise<number> {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '')?.[1];
  if (!token) throw new ApiError(ErrorCode.authUnauthenticated);
  return (await identity.verifyIdToken(token)).authTime;
}

export function cancellationRoutes({ db, identity, sessions, logger }: ModuleDependencies): Router {
  const router = Router();

  // What cancelling would take away (coin balance, guilds, pending grants) and whether it is refused (last manager).
  router.get('/user/cancellation', requireSignedIn, async (req, res) => {
    const session = await currentSession(req);
    authorize(session, 'user.cancel', { kind: 'account', userId: session.user.id });
    res.json(presentCancellation(await cancellationSummary(db.db, session.user.id, new Date())));
  });

  // Any membership state: a replay after success (memberships ended) answers the same final state.
  router.post('/user/cancellation', requireSignedInAnyMembershipState, async (req, res) => {
    const session = await currentSession(req);
    authorize(session, 'user.cancel', { kind: 'account', userId: session.user.id });
    parseBody(CancelAccountSchema, req);
    const now = new Date();
    if (!session.user.cancelledAt) assertRecentSignIn(await signedInAt(req, identity), now);
    const summary = await db.db.transaction((tx) => cancelAccount(tx, { userId: session.user.id, now }));
    await sessions.invalidateUser(session.user.id);
    // At once, so the account is gone when the answer arrives; the outbox row retries it if this fails.
    await deleteIdentityAccount(identity, session.user.firebaseUid).catch((error: unknown) =>
      logger.warn({ err: error, userId: session.user.id }, 'identity deletion failed; the outbox retries it'),
    );
    res.json(presentCancellation(summary));
  });

  return router;
}
