import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { isKiwiUserActive } from '@kiwi/shared/domain/membership';
import { canAccessOrganization } from '@kiwi/shared/domain/organization-access';
import { isProviderAllowed, SIGN_IN_METHODS } from '@kiwi/shared/domain/sign-in-policy';
import { IdParamSchema } from '@kiwi/shared/schemas/common';
import type { Request, RequestHandler } from 'express';
import { requestLanguage, translatorFor } from '../http/i18n';
import { ApiError, invalidParameter } from '../jsonapi/errors';
import { type Identity, TokenRejectedError, type VerifiedToken } from './identity';
import type { Session, SessionCache, SessionMembership } from './session-cache';

export type AuthDependencies = {
  identity: Identity;
  sessions: SessionCache;
  now?: () => Date;
  /** Further checks of a resolved session against the request (the embed origin of a widget call); throws to refuse. */
  checkSession?: (req: Request, session: Session, now: Date) => void;
};

type RequestAuth = { deps: AuthDependencies; session: Promise<Session> | null };
const requestAuth = new WeakMap<Request, RequestAuth>();

/**
 * Mounted once in front of /api: lets the guards below find identity and sessions without each route wiring them.
 * Nothing is verified until a guard asks, so public routes cost nothing.
 */
export function authentication(deps: AuthDependencies): RequestHandler {
  return (req, _res, next) => {
    requestAuth.set(req, { deps, session: null });
    next();
  };
}

/** The signed-in, active product user's session (verified at most once per request). */
export function authenticate(req: Request): Promise<Session> {
  const state = requestAuth.get(req);
  if (!state) throw new Error('authentication() middleware is not mounted in front of this route');
  state.session ??= resolveSession(req, state.deps);
  return state.session;
}

/** The session a guard has already established; calling it on an unguarded route is a programming error. */
export async function currentSession(req: Request): Promise<Session> {
  const state = requestAuth.get(req);
  if (!state?.session) throw new Error('currentSession() on a route without a guard');
  return state.session;
}

async function resolveSession(
  req: Request,
  { identity, sessions, now = () => new Date(), checkSession }: AuthDependencies,
  { activeOnly = true }: { activeOnly?: boolean } = {},
): Promise<Session> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
  if (!match?.[1]) throw new ApiError(ErrorCode.authUnauthenticated);
  let verified: VerifiedToken;
  try {
    verified = await identity.verifyIdToken(match[1]);
  } catch (error) {
    if (error instanceof TokenRejectedError) {
      const code = { expired: ErrorCode.authTokenExpired, invalid: ErrorCode.authInvalidToken, disabled: ErrorCode.authSignInDisabled }[
        error.reason
      ];
      throw new ApiError(code, { cause: error });
    }
    throw error;
  }
  let session = await sessions.get(verified.uid);
  // Issue 16: a new uid (Google, Microsoft, an email link) finds its product user by the VERIFIED address only.
  if (!session && verified.email && verified.emailVerified) {
    session = await sessions.linkVerifiedEmail(verified.uid, verified.email, verified.signInProvider ?? 'unknown', now());
  }
  if (!session) {
    throw new ApiError(verified.signInProvider === 'password' ? ErrorCode.authUserNotFound : ErrorCode.authEmailNotAvailable);
  }
  // Issue 20: a platform admin turned this user's sign-in off; tokens issued before still verify, so refuse them here.
  if (session.user.signInDisabledAt) throw new ApiError(ErrorCode.authSignInDisabled);
  // A self sign-up uses nothing before opening its confirmation link (issue 16), whatever the route asks for.
  if (session.user.confirmationPending) throw new ApiError(ErrorCode.authUnconfirmed);
  // Issue 20: users.last_signed_in_at follows the token's auth_time (a fresh sign-in), written once per new auth_time.
  sessions.recordSignIn(session, verified.authTime);
  // The address changed at the identity provider (verify-and-change-email link from the profile): the product follows.
  if (verified.email && verified.emailVerified && verified.email.toLowerCase() !== session.user.email.toLowerCase()) {
    session = await sessions.followIdentityEmail(session, verified.email);
  }
  if (activeOnly && !isKiwiUserActive({ role: session.user.role, organizationMembers: session.memberships }, now())) {
    throw new ApiError(ErrorCode.authUserInactive);
  }
  checkSignInPolicy(req, session, verified);
  checkSession?.(req, session, now());
  // A copy per request: the cached session is shared by every token of the user, how each signed in is not.
  return { ...session, signIn: { provider: verified.signInProvider, secondFactor: verified.secondFactor } };
}

/**
 * Issue 16: the organisation of the first membership decides which sign-in methods its members may use. Platform
 * admins answer to no organisation's policy (docs/decisions.md).
 */
function checkSignInPolicy(req: Request, session: Session, verified: VerifiedToken): void {
  const organization = firstMembership(session)?.organization;
  if (isAdmin(session) || !organization || isProviderAllowed(organization.signInMethods, verified.signInProvider)) return;
  const language = requestLanguage(req);
  const translate = translatorFor(language);
  const names = SIGN_IN_METHODS.filter((method) => organization.signInMethods.includes(method)).map((method) =>
    translate(`sso:errors.methods.${method}`),
  );
  // `values`, as validation.oneOf names its choices.
  const values = new Intl.ListFormat(language, { type: 'disjunction' }).format(names);
  throw new ApiError(ErrorCode.authSignInMethodNotAllowed, { params: { values } });
}

export const firstMembership = (session: Session): SessionMembership | undefined => session.memberships[0];
export const isAdmin = (session: Session) => session.user.role === 'admin';

/** Any signed-in product user whose first membership is active (admins need none). */
export const requireSignedIn: RequestHandler = async (req, _res, next) => {
  await authenticate(req);
  next();
};

/**
 * Any signed-in product user, whatever the state of the membership: pending and expired members pass (the mobile app's
 * sync records their days and tells them their state, SPEC §4). Routes behind it must check the period themselves.
 */
export const requireSignedInAnyMembershipState: RequestHandler = async (req, _res, next) => {
  const state = requestAuth.get(req);
  if (!state) throw new Error('authentication() middleware is not mounted in front of this route');
  state.session ??= resolveSession(req, state.deps, { activeOnly: false });
  await state.session;
  next();
};

/** Platform admin only. */
export const requireAdmin: RequestHandler = async (req, _res, next) => {
  const session = await authenticate(req);
  if (!isAdmin(session)) throw new ApiError(ErrorCode.authForbidden);
  next();
};

/**
 * The organisation in the path (`:organizationId` or `:identifier`) must be the one of the user's FIRST membership and,
 * unless `managerOnly: false` (survey paths, spec §6), the role there must be manager. Admins always pass.
 */
export function requireOrganizationMember({ managerOnly = true }: { managerOnly?: boolean } = {}): RequestHandler {
  return async (req, _res, next) => {
    const session = await authenticate(req);
    const isCurrentOrganization = organizationMatcher(req);
    const subject = { role: session.user.role, firstMembership: firstMembership(session) };
    if (!canAccessOrganization(subject, isCurrentOrganization, { managerOnly })) throw new ApiError(ErrorCode.authForbidden);
    if (managerOnly && mustAddSecondFactor(session)) throw new ApiError(ErrorCode.authMfaRequired);
    next();
  };
}

/**
 * Issue 16: a manager of an organisation that requires MFA for managers, signed in without a second factor, is kept
 * out of the manager routes and actions (not out of the portal: they must reach /user/mfa_setting to enrol). Admins
 * are exempt.
 */
export function mustAddSecondFactor(session: Session): boolean {
  // Sessions not built from a request's token (Slack actions, jobs) answer to their own channel's rules.
  if (!session.signIn) return false;
  const membership = firstMembership(session);
  if (isAdmin(session) || membership?.role !== 'manager' || !membership.organization.mfaRequiredForManagers) return false;
  return !session.signIn.secondFactor;
}

function organizationMatcher(req: Request): (membership: SessionMembership) => boolean {
  const { organizationId, identifier } = req.params;
  if (organizationId !== undefined) {
    const parsed = IdParamSchema.safeParse(organizationId);
    if (!parsed.success) throw invalidParameter('organizationId');
    return (membership) => membership.organizationId === parsed.data;
  }
  if (identifier !== undefined) return (membership) => membership.organization.identifier === identifier;
  throw new Error('requireOrganizationMember() needs a :organizationId or :identifier route parameter');
}
