import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { isMembershipActive } from '@kiwi/shared/domain/membership';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type GuildMemberRow, guildMembers } from '../../db/schema/guilds';
import { organizationMembers } from '../../db/schema/organizations';
import { ApiError, notFound } from '../../jsonapi/errors';
import type { GuildViewer } from './access';
import { pushToMembers } from '../push/notify';
import { appendGuildEvent } from './event-log';
import type { LoadedGuild } from './service';
import { type GuildMemberView, guildMemberViews } from './views';

async function memberView(tx: Executor, id: number): Promise<GuildMemberView> {
  const [view] = await guildMemberViews(tx, eq(guildMembers.id, id));
  if (!view) throw notFound();
  return view;
}

/**
 * POST /guilds/:id/members/join. Without an organisation member id (or with one's own): join a public guild, or accept
 * a pending invitation. With another member's id: invite them (a joined member or whoever manages the guild).
 */
export async function joinOrInvite(tx: Executor, viewer: GuildViewer, loaded: LoadedGuild, targetMemberId: number | null, now: Date) {
  const { guild, membership, access } = loaded;
  if (targetMemberId === null || targetMemberId === viewer.memberId) {
    if (viewer.memberId === null || viewer.organizationId !== guild.organizationId) throw new ApiError(ErrorCode.authForbidden);
    if (membership?.status === 'joined') throw new ApiError(ErrorCode.guildAlreadyMember);
    if (membership?.status === 'invited') return { created: false, member: await acceptInvitation(tx, viewer, loaded, membership.id, now) };
    if (guild.publicRange !== 'public') throw new ApiError(ErrorCode.guildInvitationRequired);
    const [row] = await tx
      .insert(guildMembers)
      .values({ guildId: guild.id, organizationMemberId: viewer.memberId, status: 'joined', joinedAt: now })
      .returning();
    await appendGuildEvent(tx, guild.id, 'members.changed', { publicRange: guild.publicRange });
    return { created: true, member: await memberView(tx, row!.id) };
  }

  if (!access.joined && !access.manage) throw new ApiError(ErrorCode.guildNotMember);
  const [invitee] = await tx.select().from(organizationMembers).where(eq(organizationMembers.id, targetMemberId));
  if (!invitee || invitee.organizationId !== guild.organizationId || !isMembershipActive(invitee, now)) {
    throw new ApiError(ErrorCode.guildInviteeUnavailable, { pointer: '/guild_member/organization_member_id' });
  }
  const [existing] = await tx
    .select({ id: guildMembers.id })
    .from(guildMembers)
    .where(and(eq(guildMembers.guildId, guild.id), eq(guildMembers.organizationMemberId, targetMemberId)));
  if (existing) throw new ApiError(ErrorCode.guildAlreadyMember, { pointer: '/guild_member/organization_member_id' });
  const [row] = await tx
    .insert(guildMembers)
    .values({ guildId: guild.id, organizationMemberId: targetMemberId, status: 'invited', invitedByMemberId: viewer.memberId })
    .returning();
  await appendGuildEvent(tx, guild.id, 'members.changed', { publicRange: guild.publicRange });
  await pushToMembers(tx, {
    kind: 'guild_invitation',
    organizationMemberIds: [targetMemberId],
    path: `/guilds/${guild.id}`,
    organizationId: guild.organizationId,
    render: (t) => ({
      title: t('push:guild_invitation.title'),
      body: t('push:guild_invitation.body', { inviter: viewer.displayName, name: guild.name }),
    }),
  });
  return { created: true, member: await memberView(tx, row!.id) };
}

async function targetOf(tx: Executor, loaded: LoadedGuild, guildMemberId: number): Promise<GuildMemberRow> {
  const [target] = await tx
    .select()
    .from(guildMembers)
    .where(and(eq(guildMembers.id, guildMemberId), eq(guildMembers.guildId, loaded.guild.id)));
  if (!target) throw notFound();
  return target;
}

/** PUT .../members/:memberId/accept_invitation: only the invitee, only while invited (spec §4's accept step). */
export async function acceptInvitation(tx: Executor, viewer: GuildViewer, loaded: LoadedGuild, guildMemberId: number, now: Date) {
  const target = await targetOf(tx, loaded, guildMemberId);
  if (target.organizationMemberId !== viewer.memberId) throw new ApiError(ErrorCode.authForbidden);
  if (target.status !== 'invited') throw new ApiError(ErrorCode.guildNotInvited);
  await tx.update(guildMembers).set({ status: 'joined', joinedAt: now }).where(eq(guildMembers.id, target.id));
  await appendGuildEvent(tx, loaded.guild.id, 'members.changed', { publicRange: loaded.guild.publicRange });
  return memberView(tx, target.id);
}

/** PUT .../members/:memberId: the free role label, by the member themself or whoever manages the guild. */
export async function updateGuildMember(tx: Executor, viewer: GuildViewer, loaded: LoadedGuild, guildMemberId: number, role: string) {
  const target = await targetOf(tx, loaded, guildMemberId);
  if (target.organizationMemberId !== viewer.memberId && !loaded.access.manage) throw new ApiError(ErrorCode.authForbidden);
  await tx.update(guildMembers).set({ role }).where(eq(guildMembers.id, target.id));
  await appendGuildEvent(tx, loaded.guild.id, 'members.changed', { publicRange: loaded.guild.publicRange });
  return memberView(tx, target.id);
}

/** DELETE .../members/:memberId: leaving (or declining) oneself, or removal by whoever manages the guild. */
export async function removeGuildMember(tx: Executor, viewer: GuildViewer, loaded: LoadedGuild, guildMemberId: number) {
  const target = await targetOf(tx, loaded, guildMemberId);
  if (target.organizationMemberId !== viewer.memberId && !loaded.access.manage) throw new ApiError(ErrorCode.authForbidden);
  if (target.organizationMemberId === loaded.guild.authorMemberId) throw new ApiError(ErrorCode.guildAuthorCannotLeave);
  await tx.delete(guildMembers).where(eq(guildMembers.id, target.id));
  await appendGuildEvent(tx, loaded.guild.id, 'members.changed', { publicRange: loaded.guild.publicRange });
}
