import { can, type GuildSubject } from '../../auth/authorize';
import type { Session } from '../../auth/session-cache';
import type { GuildMemberRow, GuildRow } from '../../db/schema/guilds';

/** Who is asking, as far as guilds care: the first membership decides (spec §5). */
export type GuildViewer = {
  /** Who asks: rights are decided by `can(actor, 'guild.*', …)` (server/src/auth/authorize.ts). */
  actor: Session;
  userId: number;
  /** organization_members.id of the first membership, null for an admin without one. */
  memberId: number | null;
  organizationId: number | null;
  /** How their messages show them (the same rule as `displayName` in views.ts). */
  displayName: string;
  icon: string | null;
};

const blankToNull = (value: string | null | undefined) => (value ? value : null);

export function guildViewerOf(session: Session): GuildViewer {
  const first = session.memberships[0];
  return {
    actor: session,
    userId: session.user.id,
    memberId: first?.id ?? null,
    organizationId: first?.organizationId ?? null,
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
 * A guild's permissions for the viewer, decided by the guild policies of server/src/auth/authorize.ts. Public guilds are
 * open to read for every member of their organisation; private ones only to their members, invitees (details only),
 * the author and the organisation's managers.
 */
export function guildAccess(
  viewer: GuildViewer,
  guild: Pick<GuildRow, 'organizationId' | 'publicRange' | 'authorMemberId'>,
  membership: Pick<GuildMemberRow, 'status'> | null,
): GuildAccess {
  const subject: GuildSubject = {
    kind: 'guild',
    organizationId: guild.organizationId,
    publicRange: guild.publicRange,
    authorMemberId: guild.authorMemberId,
    membershipStatus: membership?.status ?? null,
  };
  const sameOrganization = viewer.organizationId === guild.organizationId;
  return {
    see: can(viewer.actor, 'guild.see', subject),
    read: can(viewer.actor, 'guild.read', subject),
    joined: sameOrganization && membership?.status === 'joined',
    invited: sameOrganization && membership?.status === 'invited',
    manage: can(viewer.actor, 'guild.manage', subject),
  };
}
