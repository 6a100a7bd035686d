import type { NotificationPreferences } from '@kiwi/shared/domain/push';
import type { Language } from '@kiwi/shared/i18n/languages';

// The product user as GET /api/user returns it after JSON:API decoding (camelCase, relationships resolved).
export type Organization = {
  id: string;
  name: string;
  identifier: string;
  icon?: string | null;
  plan?: string;
  /** null = unlimited */
  numberOfMembers?: number | null;
  serviceStartedAt?: string | null;
  archived?: boolean;
  /** The rest comes from GET /api/organizations/{id} (organisation context); contract figures only for managers. */
  vineConnectEnabled?: boolean;
  distributionGraphGroupFilter?: 'and' | 'or';
  planStartedAt?: string | null;
  planEndedAt?: string | null;
  coinBalance?: number;
  mfaEnabled?: boolean;
};

export type OrganizationRole = 'manager' | 'member';

export type OrganizationMember = {
  id: string;
  role: OrganizationRole;
  activeFrom?: string | null;
  activeTo?: string | null;
  state?: 'active' | 'pending' | 'expired';
  name?: string;
  nickname?: string | null;
  icon?: string | null;
  organization: Organization;
};

export type KiwiUser = {
  id: string;
  role: 'admin' | 'member';
  name: string;
  email: string;
  nickname?: string | null;
  birthday?: string | null;
  restingHeartRate?: number | null;
  /** Centimetres and kilograms, to one decimal. */
  heightCm?: number | null;
  weightKg?: number | null;
  icon?: string | null;
  /** The interface language the user chose; it wins over the device's after sign-in. */
  language?: Language;
  active?: boolean;
  /** Push kinds on (true) or off; every kind is there (shared/domain/push.ts). */
  notificationPreferences?: NotificationPreferences;
  organizationMembers: OrganizationMember[];
};

/** The first membership decides the user's organisation and rights (SPEC §5, §6). */
export function firstMembership(user: KiwiUser | null): OrganizationMember | undefined {
  return user?.organizationMembers[0];
}
