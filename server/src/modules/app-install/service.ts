import { eq } from 'drizzle-orm';
import type { Session } from '../../auth/session-cache';
import { firstMembership } from '../../auth/guards';
import type { Executor } from '../../db/client';
import { organizationMembers } from '../../db/schema/organizations';
import type { SystemSettingValues } from '../system-settings/cache';

export type AppInstall = {
  userId: number;
  appStoreUrl: string | null;
  googlePlayUrl: string | null;
  /** null for a user without membership (a platform admin): the app syncs for a membership. */
  appInstalled: boolean | null;
  lastSyncAt: Date | null;
};

/**
 * What /app_install shows: the store links from the system settings and whether the app syncs for this user's first
 * membership (SPEC §3 appInstalled, lastSyncAt). The links come from the settings cache (system-settings/cache.ts),
 * which reads a stored link that is not an https URL as unset: answered as null, never passed on (the write path
 * refuses one; this guards rows written another way).
 */
export async function readAppInstall(tx: Executor, session: Session, settings: SystemSettingValues): Promise<AppInstall> {
  const link = (value: string) => (value === '' ? null : value);
  const membership = firstMembership(session);
  const [state] = membership
    ? await tx
        .select({ appInstalled: organizationMembers.appInstalled, lastSyncAt: organizationMembers.lastSyncAt })
        .from(organizationMembers)
        .where(eq(organizationMembers.id, membership.id))
    : [];
  return {
    userId: session.user.id,
    appStoreUrl: link(settings.app_store_url),
    googlePlayUrl: link(settings.google_play_url),
    appInstalled: state?.appInstalled ?? null,
    lastSyncAt: state?.lastSyncAt ?? null,
  };
}
