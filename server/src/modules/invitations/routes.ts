import { AcceptInvitationSchema, CheckEffectiveTokenSchema, EmailLookupSchema } from '@kiwi/shared/schemas/invitation';
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { Router } from 'express';
import { authenticate } from '../../auth/guards';
import { ApiError } from '../../jsonapi/errors';
import { perIpRateLimit } from '../../http/rate-limit';
import { parseBody, parseId } from '../../jsonapi/parse';
import { serialize } from '../../jsonapi/serialize';
import type { ModuleDependencies } from '../deps';
import { identityErrorFor } from './identity-errors';
import { linkIdentity, setIdentityPassword } from './identity';
import {
  claimToken,
  findEffectiveToken,
  findUserByEmail,
  isInvitationPending,
  managesUser,
  releaseToken,
  resendInvitation,
} from './service';

/** The five calls of spec §6 made without authorization: rate-limited per IP, tokens single-use and expiring. */
export function invitationsRoutes({ db, identity, config, sessions }: ModuleDependencies): Router {
  const router = Router();
  const limited = perIpRateLimit({ limit: config.publicRateLimit });

  router.post('/user/check_effective_token', limited, async (req, res) => {
    const { user } = parseBody(CheckEffectiveTokenSchema, req);
    const holder = await db.db.transaction((tx) => findEffectiveToken(tx, user.token, new Date()));
    res.json(
      serialize('invitations', holder, {
        id: (row) => row.userId,
        attributes: (row) => ({ email: row.email, name: row.name, organizationName: row.organizationName, expiresAt: row.expiresAt }),
      }),
    );
  });

  router.post('/user/accept_invitation', limited, async (req, res) => {
    const { user: input } = parseBody(AcceptInvitationSchema, req);
    const now = new Date();
    // holder.name is the name before the claim, for the release below.
    const holder = await db.db.transaction((tx) => claimToken(tx, input.token, input.name, now));
    try {
      const uid = await setIdentityPassword(identity, holder, input.name, input.password);
      if (uid !== holder.firebaseUid) await db.db.transaction((tx) => linkIdentity(tx, holder.userId, uid));
    } catch (error) {
      await db.db.transaction((tx) => releaseToken(tx, holder.tokenId, holder.name, holder.userId));
      throw identityErrorFor(error);
    }
    await sessions.invalidateUser(holder.userId);
    res.json(serialize('invitations', holder, { id: (row) => row.userId, attributes: (row) => ({ email: row.email, name: input.name }) }));
  });

  router.post('/user/check_existence', limited, async (req, res) => {
    const { user: input } = parseBody(EmailLookupSchema, req);
    const result = await db.db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, input.email);
      return { exists: user !== null, invitationPending: user ? await isInvitationPending(tx, user.id) : false };
    });
    res.json(serialize('user-existences', result, { id: () => input.email, attributes: ['exists', 'invitationPending'] }));
  });

  // Answers 204 whatever the address, so the call tells nobody which addresses are registered.
  router.post('/user/resend_invitation_from_email', limited, async (req, res) => {
    const { user: input } = parseBody(EmailLookupSchema, req);
    await db.db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, input.email);
      if (user && (await isInvitationPending(tx, user.id))) {
        await resendInvitation(tx, user.id, { publicUrl: config.publicUrl, now: new Date() });
      }
    });
    res.status(204).end();
  });

  // Without authorization (spec §6) it answers 204 for an unknown id or an accepted invitation too, so nobody learns
  // which ids exist or who has accepted; the manager's button sends its token and is told 404 / 409 member.alreadyAccepted.
  router.post('/user/:id/resend_invitation', limited, async (req, res) => {
    const userId = parseId(req);
    const caller = req.get('authorization') ? await authenticate(req).catch(() => null) : null;
    await db.db.transaction(async (tx) => {
      try {
        await resendInvitation(tx, userId, { publicUrl: config.publicUrl, now: new Date() });
      } catch (error) {
        const quiet =
          error instanceof ApiError && (error.code === ErrorCode.resourceNotFound || error.code === ErrorCode.memberAlreadyAccepted);
        if (!quiet || (caller && (await managesUser(tx, caller, userId)))) throw error;
      }
    });
    res.status(204).end();
  });

  return router;
}
