import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationRow } from '../../db/schema/organizations';
import {
  type BuiltUser,
  buildOrganization,
  buildUser,
  enrolSmsSecondFactor,
  identityToolkit as toolkit,
  TEST_PASSWORD,
} from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';

// Issue 16: what /user/mfa_setting enrols (an SMS second factor, through the identity toolkit's REST calls the
// Firebase SDK makes) is what the manager's MFA reset removes.
describe('POST /api/users/:id/mfa_reset after an SMS enrolment', () => {
  let server: TestServer;
  let acme: OrganizationRow;
  let manager: BuiltUser;

  const identityToolkit = <T>(path: string, body: object) => toolkit<T>(server, path, body);
  const passwordSignIn = (email: string) =>
    identityToolkit<{ idToken?: string; mfaPendingCredential?: string }>('v1/accounts:signInWithPassword', {
      email,
      password: TEST_PASSWORD,
      returnSecureToken: true,
    });

  const enrolSms = (idToken: string | undefined, phoneNumber: string) => enrolSmsSecondFactor(server, idToken, phoneNumber);

  beforeAll(async () => {
    server = await startTestServer();
    acme = await buildOrganization(server, { name: 'ACME' });
    manager = await buildUser(server, { organization: acme, memberRole: 'manager' });
  });
  afterAll(() => server.close());

  it('is refused until the email is verified, then removes the enrolled phones so the password alone signs in', async () => {
    const person = await buildUser(server, { organization: acme });
    await expect(enrolSms(person.token, '+819012345678')).rejects.toThrow(/UNVERIFIED_EMAIL/);

    await server.identity.auth.updateUser(person.uid, { emailVerified: true });
    const { idToken } = await passwordSignIn(person.email);
    await enrolSms(await enrolSms(idToken, '+819012345678'), '+818012345678');
    const enrolled = (await server.identity.auth.getUser(person.uid)).multiFactor?.enrolledFactors ?? [];
    expect(enrolled.map((factor) => [factor.factorId, (factor as { phoneNumber?: string }).phoneNumber])).toEqual([
      ['phone', '+819012345678'],
      ['phone', '+818012345678'],
    ]);
    // With a second factor the password alone no longer signs in.
    expect(await passwordSignIn(person.email)).toMatchObject({ mfaPendingCredential: expect.any(String) });
    expect((await passwordSignIn(person.email)).idToken).toBeUndefined();

    const reset = await server.request(`/api/users/${person.user.id}/mfa_reset`, { method: 'POST', token: manager.token });
    expect(reset.status).toBe(204);
    expect((await server.identity.auth.getUser(person.uid)).multiFactor?.enrolledFactors ?? []).toEqual([]);
    expect((await passwordSignIn(person.email)).idToken).toEqual(expect.any(String));
  });

  it("leaves a colleague's factors alone when the caller may not reset them", async () => {
    const person = await buildUser(server, { organization: acme });
    const colleague = await buildUser(server, { organization: acme });
    await server.identity.auth.updateUser(person.uid, { emailVerified: true });
    await enrolSms((await passwordSignIn(person.email)).idToken, '+819011112222');

    const refused = await server.request(`/api/users/${person.user.id}/mfa_reset`, { method: 'POST', token: colleague.token });
    expect(refused.status).toBe(403);
    expect((await server.identity.auth.getUser(person.uid)).multiFactor?.enrolledFactors).toHaveLength(1);
  });
});
