import type { OrganizationRow } from '../../db/schema/organizations';
import { serialize } from '../../jsonapi/serialize';

type PresentOptions = { withMfaEnabled?: boolean; forManager: boolean };

/** `organizations`; the contract and coin figures only for its managers and admins, `mfa-enabled` when asked for. */
export function organizationAttributes(row: OrganizationRow, { withMfaEnabled = false, forManager }: PresentOptions) {
  return {
    name: row.name,
    identifier: row.identifier,
    icon: row.icon,
    serviceStartedAt: row.serviceStartedAt,
    archived: row.archived,
    vineConnectEnabled: row.vineConnectEnabled,
    distributionGraphGroupFilter: row.distributionGraphGroupFilter,
    ...(forManager
      ? {
          numberOfMembers: row.numberOfMembers,
          plan: row.plan,
          planStartedAt: row.planStartedAt,
          planEndedAt: row.planEndedAt,
          coinBalance: row.coinBalance,
        }
      : {}),
    ...(withMfaEnabled ? { mfaEnabled: row.mfaEnabled } : {}),
  };
}

export function presentOrganization(row: OrganizationRow, options: PresentOptions) {
  return serialize('organizations', row, { attributes: (org) => organizationAttributes(org, options) });
}

/** The admin list: every organisation with its member figures (seats in use, all memberships) for the console. */
export function presentOrganizations(
  rows: OrganizationRow[],
  pagination: { page: number; per: number; total: number; url: string },
  figures: Map<number, { members: number; seatsUsed: number }> = new Map(),
) {
  return serialize('organizations', rows, {
    attributes: (org) => ({
      ...organizationAttributes(org, { withMfaEnabled: true, forManager: true }),
      membersCount: figures.get(org.id)?.members ?? 0,
      seatsUsed: figures.get(org.id)?.seatsUsed ?? 0,
    }),
    pagination,
  });
}
