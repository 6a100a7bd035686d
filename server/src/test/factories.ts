// Test worlds built from real pieces: database rows through drizzle, Firebase users in the run's emulator,
// ID tokens from the emulator's REST sign-in (the same call the browser SDK makes).
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { Identity } from '../auth/identity';
import type { DatabaseHandle } from '../db/client';
import {
  type OrganizationMemberRole,
  type OrganizationMemberRow,
  type OrganizationRow,
  organizationMembers,
  organizations,
} from '../db/schema/organizations';
import { type UserRole, type UserRow, users } from '../db/schema/users';

export const TEST_PASSWORD = 'test-password-1234';
const unique = () => randomBytes(5).toString('hex');

/** What the factories need: a TestServer is one. */
export type World = { db: DatabaseHandle; identity: Identity };

export async function buildOrganization(
  { db }: Pick<World, 'db'>,
  overrides: Partial<typeof organizations.$inferInsert> = {},
): Promise<OrganizationRow> {
  const suffix = unique();
  const [row] = await db.db
    .insert(organizations)
    .values({ name: `Org ${suffix}`, identifier: `org-${suffix}`, numberOfMembers: 10, ...overrides })
    .returning();
  if (!row) throw new Error('organization not inserted');
  return row;
}

export type BuiltUser = {
  uid: string;
  email: string;
  user: UserRow;
  membership: OrganizationMemberRow | null;
  token: string;
};

type BuildUserOptions = {
  role?: UserRole;
  organization?: OrganizationRow;
  memberRole?: OrganizationMemberRole;
  activeFrom?: Date | null;
  activeTo?: Date | null;
  name?: string;
};

/** A Firebase user in the emulator, its product user and (with `organization`) a membership, plus a fresh ID token. */
export async function buildUser({ db, identity }: World, options: BuildUserOptions = {}): Promise<BuiltUser> {
  const { uid, email, token } = await buildIdentityUser(identity);
  const [user] = await db.db
    .insert(users)
    .values({ firebaseUid: uid, email, name: options.name ?? `User ${uid}`, role: options.role ?? 'member' })
    .returning();
  if (!user) throw new Error('user not inserted');
  let membership: OrganizationMemberRow | null = null;
  if (options.organization) {
    const [row] = await db.db
      .insert(organizationMembers)
      .values({
        userId: user.id,
        organizationId: options.organization.id,
        role: options.memberRole ?? 'member',
        activeFrom: options.activeFrom ?? null,
        activeTo: options.activeTo ?? null,
      })
      .returning();
    membership = row ?? null;
  }
  return { uid, email, user, membership, token };
}

/** The three usual callers: a platform admin, and a member and a manager of `organization`. */
export async function buildAdminMemberManager(world: World, organization: OrganizationRow) {
  const [admin, member, manager] = await Promise.all([
    buildUser(world, { role: 'admin' }),
    buildUser(world, { organization }),
    buildUser(world, { organization, memberRole: 'manager' }),
  ]);
  return { admin, member, manager };
}

/** Only the Firebase side: a signed-in identity that has no product user. */
export async function buildIdentityUser(identity: Identity): Promise<{ uid: string; email: string; token: string }> {
  const uid = `test-${unique()}`;
  const email = `${uid}@test.example`;
  await identity.auth.createUser({ uid, email, password: TEST_PASSWORD });
  const token = await signInWithPassword(emulatorHost(identity), email, TEST_PASSWORD);
  return { uid, email, token };
}

function emulatorHost(identity: Identity): string {
  if (!identity.emulatorHost) throw new Error('tests need the Auth Emulator');
  return identity.emulatorHost;
}

/** The emulator's REST sign-in (accounts:signInWithPassword) with the demo API key. */
export async function signInWithPassword(host: string, email: string, password: string): Promise<string> {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string; error?: unknown };
  if (!body.idToken) throw new Error(`sign-in failed for ${email}: ${JSON.stringify(body.error)}`);
  return body.idToken;
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function claims(uid: string, projectId: string, expiresInSeconds: number) {
  const now = Math.floor(Date.now() / 1000);
  const issuedAt = Math.min(now, now + expiresInSeconds - 3600);
  return {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: issuedAt,
    user_id: uid,
    sub: uid,
    iat: issuedAt,
    exp: now + expiresInSeconds,
    firebase: { identities: {}, sign_in_provider: 'password' },
  };
}

/** An unsigned token shaped like the emulator's (alg none), for the claims a test needs. */
export function emulatorStyleIdToken(uid: string, { projectId = 'demo-kiwi', expiresInSeconds = 3600 } = {}): string {
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims(uid, projectId, expiresInSeconds))}.`;
}

/**
 * The emulator's REST accounts:signInWithIdp with the fake IdP id_token it accepts (what its IdP popup sends), as
 * Google or Microsoft would assert `email`; answers the emulator's ID token and uid.
 */
export async function signInWithIdp(
  { identity }: Pick<World, 'identity'>,
  providerId: 'google.com' | 'microsoft.com',
  { email, emailVerified = true, sub = `idp-${unique()}` }: { email: string; emailVerified?: boolean; sub?: string },
): Promise<{ uid: string; token: string }> {
  const idToken = `${base64url({ alg: 'none' })}.${base64url({ sub, email, email_verified: emailVerified })}.`;
  const response = await fetch(
    `http://${emulatorHost(identity)}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        postBody: `id_token=${idToken}&providerId=${providerId}`,
        requestUri: 'http://localhost',
        returnSecureToken: true,
      }),
    },
  );
  const body = (await response.json()) as { idToken?: string; localId?: string; error?: unknown };
  if (!body.idToken || !body.localId) throw new Error(`IdP sign-in failed for ${email}: ${JSON.stringify(body)}`);
  return { uid: body.localId, token: body.idToken };
}

/** An emulator-style ID token that expired an hour ago. */
export const expiredIdToken = (uid: string) => emulatorStyleIdToken(uid, { expiresInSeconds: -3600 });

/** A well-formed RS256 token signed by a key Firebase never issued. */
export function forgedIdToken(uid: string, projectId = 'demo-kiwi'): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const unsigned = `${base64url({ alg: 'RS256', typ: 'JWT', kid: 'forged' })}.${base64url(claims(uid, projectId, 3600))}`;
  return `${unsigned}.${sign('sha256', Buffer.from(unsigned), privateKey).toString('base64url')}`;
}

/** The emulator's identity toolkit REST call `path` (`v2/accounts/mfaEnrollment:start` ...), failing with its message. */
export async function identityToolkit<T>({ identity }: Pick<World, 'identity'>, path: string, body: object): Promise<T> {
  const response = await fetch(`http://${emulatorHost(identity)}/identitytoolkit.googleapis.com/${path}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(`${path}: ${json.error?.message}`);
  return json;
}

/**
 * Enrols an SMS second factor for the signed-in `idToken` as /user/mfa_setting does (mfaEnrollment:start, the texted
 * code from the emulator, mfaEnrollment:finalize) and answers the new ID token, which carries
 * `firebase.sign_in_second_factor`. The address must be verified first.
 */
export async function enrolSmsSecondFactor(
  world: Pick<World, 'identity'>,
  idToken: string | undefined,
  phoneNumber: string,
): Promise<string> {
  const { phoneSessionInfo } = await identityToolkit<{ phoneSessionInfo: { sessionInfo: string } }>(
    world,
    'v2/accounts/mfaEnrollment:start',
    {
      idToken,
      phoneEnrollmentInfo: { phoneNumber },
    },
  );
  const codes = await fetch(`http://${emulatorHost(world.identity)}/emulator/v1/projects/demo-kiwi/verificationCodes`);
  const { verificationCodes } = (await codes.json()) as { verificationCodes: { code: string; sessionInfo: string }[] };
  const code = verificationCodes.find((item) => item.sessionInfo === phoneSessionInfo.sessionInfo)?.code;
  const finalized = await identityToolkit<{ idToken: string }>(world, 'v2/accounts/mfaEnrollment:finalize', {
    idToken,
    phoneVerificationInfo: { sessionInfo: phoneSessionInfo.sessionInfo, code },
  });
  return finalized.idToken;
}
