import { formatJoinCode } from '@kiwi/shared/domain/join-code';
import { ConfirmationSchema, ResendConfirmationSchema, SignUpSchema } from '@kiwi/shared/schemas/consumer-user';
import { Router } from 'express';
import { authorize } from '../../auth/authorize';
import { currentSession, requireOrganizationMember } from '../../auth/guards';
import { requestLanguage } from '../../http/i18n';
import { bodyEmailKey, keyedRateLimit, perIpRateLimit } from '../../http/rate-limit';
import { parseBody, parseId } from '../../jsonapi/parse';
import { serialize } from '../../jsonapi/serialize';
import type { ModuleDependencies } from '../deps';
import { publicRateLimit } from '../system-settings/cache';
import { identityErrorFor } from '../invitations/identity-errors';
import { isUniqueViolation } from '../members/identity';
import {
  checkSignUp,
  confirmConsumer,
  issueConfirmation,
  type JoinCode,
  mailExistingAccount,
  readJoinCode,
  registerConsumer,
  resendConfirmation,
  rotateJoinCode,
} from './service';

/**
 * How often the public calls that mail may be made (decisions.md): per address, so nobody floods one inbox; per client,
 * so one client cannot walk through addresses. Windows of an hour, in this process's memory like the per-IP limit.
 */
export const CONSUMER_MAIL_LIMITS = {
  perAddress: { limit: 3, windowMs: 60 * 60_000 },
  perClient: { limit: 20, windowMs: 60 * 60_000 },
} as const;

const presentJoinCode = (joinCode: JoinCode) =>
  serialize('join-codes', joinCode, {
    id: (row) => row.organizationId,
    attributes: (row) => ({ code: formatJoinCode(row.code), rotatedAt: row.rotatedAt }),
  });

/** Issue 16 point 1: self sign-up with a join code, the confirmation link and its resend (spec §6: without authorization). */
export function consumerUsersRoutes(deps: ModuleDependencies): Router {
  const { db, identity, config, sessions, logger } = deps;
  const router = Router();
  const limited = perIpRateLimit(deps, { name: 'consumer-users', limit: publicRateLimit(deps) });
  // One counter per route: a sign-up and a resend for one address each have their own allowance.
  const signUpPerClient = perIpRateLimit(deps, { name: 'consumer-users.sign-up.client', ...CONSUMER_MAIL_LIMITS.perClient });
  const signUpPerAddress = keyedRateLimit(deps, {
    name: 'consumer-users.sign-up.address',
    ...CONSUMER_MAIL_LIMITS.perAddress,
    keyOf: bodyEmailKey('consumer_user'),
  });
  const resendPerClient = perIpRateLimit(deps, { name: 'consumer-users.resend.client', ...CONSUMER_MAIL_LIMITS.perClient });
  const resendPerAddress = keyedRateLimit(deps, {
    name: 'consumer-users.resend.address',
    ...CONSUMER_MAIL_LIMITS.perAddress,
    keyOf: bodyEmailKey('consumer_user'),
  });
  const managers = requireOrganizationMember();

  // 204 and no body whether the address is new, waiting for confirmation or already a member: each gets a mail
  // (the link, a fresh link, or "you already have an account"), so the answer tells nobody which addresses exist.
  router.post('/consumer_users', limited, signUpPerClient, signUpPerAddress, async (req, res) => {
    const { consumer_user: input } = parseBody(SignUpSchema, req);
    const language = input.language ?? requestLanguage(req);
    const context = { publicUrl: config.publicUrl, now: new Date() };
    const { organization, existing } = await db.db.transaction((tx) =>
      checkSignUp(tx, { joinCode: input.join_code, email: input.email, nickname: input.nickname }, context.now),
    );
    if (existing) {
      await db.db.transaction(async (tx) => {
        if (existing.confirmationPending) await issueConfirmation(tx, existing, context);
        else await mailExistingAccount(tx, existing, context);
      });
      res.status(204).end();
      return;
    }
    let firebaseUid: string;
    try {
      ({ uid: firebaseUid } = await identity.auth.createUser({
        email: input.email,
        password: input.password,
        displayName: input.name,
        emailVerified: false,
      }));
    } catch (error) {
      // An identity account without a product user: the address is taken there, so it is told as an existing one.
      if ((error as { code?: string }).code !== 'auth/email-already-exists') throw identityErrorFor(error);
      await db.db.transaction((tx) => mailExistingAccount(tx, { email: input.email, language }, context));
      res.status(204).end();
      return;
    }
    try {
      await db.db.transaction((tx) => registerConsumer(tx, organization, { ...input, firebaseUid, language }, context));
    } catch (error) {
      await identity.auth
        .deleteUser(firebaseUid)
        .catch((cause: unknown) => logger.error({ err: cause }, 'could not undo a sign-up identity'));
      // Another request signed this address up a moment before: it is an existing address now.
      if (!isUniqueViolation(error)) throw error;
    }
    res.status(204).end();
  });

  router.post('/consumer_users/confirmation', limited, async (req, res) => {
    const { consumer_user: input } = parseBody(ConfirmationSchema, req);
    const confirmed = await db.db.transaction((tx) => confirmConsumer(tx, input.confirmation_token, new Date()));
    // After the commit (no slow call in a transaction): the provider's flag follows; the product already lets them in.
    try {
      await identity.auth.updateUser(confirmed.firebaseUid, { emailVerified: true });
    } catch (error) {
      logger.error({ err: error, userId: confirmed.userId }, 'could not mark a confirmed address verified');
    }
    await sessions.invalidateUser(confirmed.userId);
    res.json(serialize('consumer-users', confirmed, { id: (row) => row.userId, attributes: (row) => ({ email: row.email }) }));
  });

  router.post('/consumer_users/resend_confirmation', limited, resendPerClient, resendPerAddress, async (req, res) => {
    const { consumer_user: input } = parseBody(ResendConfirmationSchema, req);
    await db.db.transaction((tx) => resendConfirmation(tx, input.email, { publicUrl: config.publicUrl, now: new Date() }));
    res.status(204).end();
  });

  router.get('/organizations/:organizationId/join_code', managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const session = await currentSession(req);
    authorize(session, 'organization.manage', { kind: 'organization', id: organizationId });
    res.json(presentJoinCode(await db.db.transaction((tx) => readJoinCode(tx, organizationId))));
  });

  router.post('/organizations/:organizationId/join_code/rotation', managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const session = await currentSession(req);
    authorize(session, 'organization.manage', { kind: 'organization', id: organizationId });
    res.json(presentJoinCode(await db.db.transaction((tx) => rotateJoinCode(tx, organizationId, new Date()))));
  });

  return router;
}
