import { describe, expect, it } from 'vitest';
import { canAccessOrganization, type OrganizationRole } from './organization-access';

type Membership = { role: OrganizationRole; organization: string };
const member = (organization: string, role: OrganizationRole): Membership => ({ organization, role });
const inAcme = (membership: Membership) => membership.organization === 'acme';

describe('canAccessOrganization', () => {
  it.each([
    // who, first membership, managerOnly, expected
    ['admin without membership', 'admin', undefined, true, true],
    ['admin, survey path', 'admin', undefined, false, true],
    ['manager of acme', 'member', member('acme', 'manager'), true, true],
    ['member of acme', 'member', member('acme', 'member'), true, false],
    ['member of acme, survey path', 'member', member('acme', 'member'), false, true],
    ['manager of globex', 'member', member('globex', 'manager'), true, false],
    ['member of globex, survey path', 'member', member('globex', 'member'), false, false],
    ['no membership', 'member', undefined, true, false],
    ['no membership, survey path', 'member', undefined, false, false],
  ] as const)('%s -> %s', (_label, role, firstMembership, managerOnly, expected) => {
    expect(canAccessOrganization({ role, firstMembership }, inAcme, { managerOnly })).toBe(expected);
  });

  it('is manager-only by default', () => {
    expect(canAccessOrganization({ role: 'member', firstMembership: member('acme', 'member') }, inAcme)).toBe(false);
  });
});
