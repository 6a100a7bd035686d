import type { GuildRow } from '../../db/schema/guilds';
import { type Pagination, serialize } from '../../jsonapi/serialize';
import type { GuildViewer } from './access';
import type { AllGuildsItem, GuildDetail, GuildListItem, TagCount } from './service';
import type { GuildsSummary, ParticipationGroup } from './summary';
import type { GuildMemberView, MessageView, ReactionView } from './views';

/** Contract 4's reaction shape: `reactions: [{ emoji, count, reacted-by-me, names }]`. */
export function presentReactions(reactions: ReactionView[], viewerMemberId: number | null) {
  return reactions.map((reaction) => ({
    emoji: reaction.emoji,
    count: reaction.memberIds.length,
    'reacted-by-me': viewerMemberId !== null && reaction.memberIds.includes(viewerMemberId),
    names: reaction.names,
  }));
}

const messageSpec = (viewerMemberId: number | null) => ({
  attributes: (message: MessageView) => ({
    body: message.body,
    imageUrls: message.imageUrls,
    createdAt: message.createdAt,
    editedAt: message.editedAt,
    guildId: message.guildId,
    authorMemberId: message.author.organizationMemberId,
    authorName: message.author.name,
    authorIcon: message.author.icon,
    mine: viewerMemberId !== null && message.author.organizationMemberId === viewerMemberId,
    reactions: presentReactions(message.reactions, viewerMemberId),
    ...(message.hidden ? { hidden: true } : {}),
  }),
});

export function presentMessage(message: MessageView, viewerMemberId: number | null) {
  return serialize('guild-messages', message, messageSpec(viewerMemberId));
}

export function presentMessages(
  messages: MessageView[],
  viewerMemberId: number | null,
  pagination: Pagination,
  meta: Record<string, unknown>,
) {
  return serialize('guild-messages', messages, { ...messageSpec(viewerMemberId), pagination, meta });
}

const memberAttributes = (authorMemberId: number | null) => (member: GuildMemberView) => ({
  status: member.status,
  role: member.role,
  organizationMemberId: member.organizationMemberId,
  name: member.name,
  icon: member.icon,
  joinedAt: member.joinedAt,
  author: member.organizationMemberId === authorMemberId,
});

export function presentGuildMember(member: GuildMemberView, authorMemberId: number | null) {
  return serialize('guild-members', member, { attributes: memberAttributes(authorMemberId) });
}

const guildAttributes = (guild: GuildRow) => ({
  name: guild.name,
  description: guild.description,
  tags: guild.tags,
  publicRange: guild.publicRange,
  headerImageUrl: guild.headerImageUrl,
  pinnedMessageId: guild.pinnedMessageId,
  authorMemberId: guild.authorMemberId,
  organizationId: guild.organizationId,
  createdAt: guild.createdAt,
});

/** GET/POST/PUT guild: the page's data, with members, invitees and the pinned message included. */
export function presentGuild(detail: GuildDetail, viewer: GuildViewer) {
  const { guild, access, membership } = detail;
  return serialize('guilds', detail, {
    id: () => guild.id,
    attributes: () => ({
      ...guildAttributes(guild),
      membersCount: detail.membersCount,
      myStatus: membership?.status ?? null,
      myGuildMemberId: membership?.id ?? null,
      canManage: access.manage,
      canRead: access.read,
      /** Where a chat that loads now starts its live stream (its Last-Event-ID). */
      lastEventId: guild.lastEventSeq,
    }),
    relationships: {
      members: { type: 'guild-members', data: () => detail.members, attributes: memberAttributes(guild.authorMemberId) },
      pinnedMessage: { type: 'guild-messages', data: () => detail.pinnedMessage, ...messageSpec(viewer.memberId) },
    },
    include: ['members', 'pinnedMessage'],
  });
}

export function presentGuildList(items: GuildListItem[], pagination: Pagination) {
  return serialize('guilds', items, {
    attributes: (item: GuildListItem) => ({ ...guildAttributes(item), membersCount: item.membersCount, myStatus: item.myStatus }),
    pagination,
  });
}

export function presentAllGuilds(items: AllGuildsItem[], pagination: Pagination) {
  return serialize('guilds', items, {
    attributes: (item: AllGuildsItem) => ({
      ...guildAttributes(item),
      membersCount: item.membersCount,
      messagesCount: item.messagesCount,
      lastMessageAt: item.lastMessageAt,
      authorName: item.authorName,
    }),
    pagination,
  });
}

export function presentGuildTags(items: TagCount[], pagination: Pagination) {
  return serialize('guild-tags', items, { id: (tag) => tag.name, attributes: ['name', 'guildsCount'], pagination });
}

export function presentGuildsSummary(summary: GuildsSummary) {
  return serialize('guilds-summaries', summary, {
    attributes: ({ id: _id, topGuilds, topPosters, ...rest }) => ({
      ...rest,
      // Nested keys are kebab-case like attribute names.
      topGuilds: topGuilds.map((guild) => ({ id: guild.id, name: guild.name, 'messages-count': guild.messagesCount })),
      topPosters: topPosters.map((poster) => ({ name: poster.name, 'messages-count': poster.messagesCount })),
    }),
  });
}

export function presentParticipation(organizationId: number, type: string, groups: ParticipationGroup[]) {
  return serialize('guilds-participation-rates', groups, {
    id: (group) => `${organizationId}-${type}-${group.key}`,
    attributes: ['key', 'membersCount', 'participantsCount', 'rate'],
    meta: { type },
  });
}
