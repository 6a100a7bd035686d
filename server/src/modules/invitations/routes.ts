import { AcceptInvitationSchema, CheckEffectiveTokenSchema, EmailLookupSchema } from '@kiwi/shared/schemas/invitation';
import { Router } from 'express';
import { authorize } from '../../auth/authorize';
import { currentSession, requireSignedIn } from '../../auth/guards';
import { bodyEmailKey, keyedRateLimit, perIpRateLimit } from '../../http/rate-limit';
import { parseBody, parseId } from '../../jsonapi/parse';
import { serialize } from '../../jsonapi/serialize';
import type { ModuleDependencies } from '../deps';
import { publicRateLimit } from '../system-settings/cache';
import { userSubject } from '../users/subject';
import { identityErrorFor } from './identity-errors';
import { linkIdentity, setIdentityPassword } from './identity';
import { claimToken, findEffectiveToken, findUserByEmail, isInvitationPending, releaseToken, resendInvitation } from './service';

/**
 * How often the public resend may mail (decisions.md): a person who lost the mail asks a few times, nobody needs more.
 * Windows of an hour, counted in this process's memory like the per-IP limit.
 */
export const RESEND_FROM_EMAIL_LIMITS = {
  perAddress: { limit: 3, windowMs: 60 * 60_000 },
  perClient: { limit: 20, windowMs: 60 * 60_000 },
} as const;

/** The invitation calls: four of spec §6's public ones (rate-limited per IP, tokens single-use and expiring) and the manager's resend. */
export function invitationsRoutes(deps: ModuleDependencies): Router {
  const { db, identity, config, sessions } = deps;
  const router = Router();
  const limited = perIpRateLimit(deps, { name: 'invitations', limit: publicRateLimit(deps) });
  const resendPerClient = perIpRateLimit(deps, { name: 'invitations.resend.client', ...RESEND_FROM_EMAIL_LIMITS.perClient });
  const resendPerAddress = keyedRateLimit(deps, {
    name: 'invitations.resend.address',
    ...RESEND_FROM_EMAIL_LIMITS.perAddress,
    keyOf: bodyEmailKey('user'),
  });

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

  // The same empty 204 whatever the address (unknown, accepted or pending), so the call tells nobody which addresses
  // are registered; counted per client and per address, so nobody can flood one inbox or retire its links over and over.
  router.post('/user/resend_invitation_from_email', limited, resendPerClient, resendPerAddress, async (req, res) => {
    const { user: input } = parseBody(EmailLookupSchema, req);
    await db.db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, input.email);
      if (user && (await isInvitationPending(tx, user.id))) {
        await resendInvitation(tx, user.id, { publicUrl: config.publicUrl, now: new Date() });
      }
    });
    res.status(204).end();
  });

  // The manager's button (spec §6): only a manager of the invitee's organisation or an admin; anyone else is refused
  // before anything is mailed, so the invitee's current link keeps working.
  router.post('/user/:id/resend_invitation', limited, requireSignedIn, async (req, res) => {
    const userId = parseId(req);
    const session = await currentSession(req);
    await db.db.transaction(async (tx) => {
      authorize(session, 'user.administer', await userSubject(tx, userId));
      await resendInvitation(tx, userId, { publicUrl: config.publicUrl, now: new Date() });
    });
    res.status(204).end();
  });

  return router;
}
