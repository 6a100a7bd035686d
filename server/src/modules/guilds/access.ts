import type { Session } from '../../auth/session-cache';
import type { GuildMemberRow, GuildRow } from '../../db/schema/guilds';

/** Who is asking, as far as guilds care: the first membership decides (spec §5). */
export type GuildViewer = {
  userId: number;
  isAdmin: boolean;
  /** organization_members.id of the first membership, null for an admin without one. */
  memberId: number | null;
  organizationId: number | null;
  isManager: boolean;
  /** How their messages show them (the same rule as `displayName` in views.ts). */
  displayName: string;
  icon: string | null;
};

const blankToNull = (value: string | null | undefined) => (value ? value : null);

export function guildViewerOf(session: Session): GuildViewer {
  const first = session.memberships[0];
  return {
    userId: session.user.id,
    isAdmin: session.user.role === 'admin',
    memberId: first?.id ?? null,
    organizationId: first?.organizationId ?? null,
    isManager: first?.role === 'manager',
    displayName: blankToNull(first?.nickname) ?? blankToNull(session.user.nickname) ?? session.user.name,
    icon: first?.icon ?? session.user.icon ?? null,
  };
}

export type GuildAccess = {
  /** The guild exists for this viewer (otherwise 404, so private guilds stay unknown). */
  see: boolean;
  /** Messages and the live stream. */
  read: boolean;
  /** A joined member: posts, reacts, invites. */
  joined: boolean;
  invited: boolean;
  /** The guild's author, a manager of its organisation or a platform admin: edits, deletes, pins, removes members. */
  manage: boolean;
};

/**
 * The one place guild permissions are decided. Public guilds are open to read for every member of their organisation;
 * private ones only to their members, invitees (details only), the author and the organisation's managers.
 */
export function guildAccess(
  viewer: GuildViewer,
  guild: Pick<GuildRow, 'organizationId' | 'publicRange' | 'authorMemberId'>,
  membership: Pick<GuildMemberRow, 'status'> | null,
): GuildAccess {
  const sameOrganization = viewer.organizationId === guild.organizationId;
  const joined = sameOrganization && membership?.status === 'joined';
  const invited = sameOrganization && membership?.status === 'invited';
  const isAuthor = sameOrganization && viewer.memberId !== null && viewer.memberId === guild.authorMemberId;
  const manage = viewer.isAdmin || isAuthor || (sameOrganization && viewer.isManager);
  const see = manage || joined || invited || (sameOrganization && guild.publicRange === 'public');
  const read = manage || joined || (sameOrganization && guild.publicRange === 'public');
  return { see, read, joined, invited, manage };
}
