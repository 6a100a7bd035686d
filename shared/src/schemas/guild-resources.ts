// The guild resources as the client sees them (JSON:API decoded to camelCase) and the small helpers the guild
// components share. Nested objects keep the server's kebab-case keys, as JSON:API attributes do.
import { HttpResponseError } from '../api/errors';
import type { WireReaction } from '../ui/reactions';
import type { GuildsSummaryOf } from './guild';

export type GuildMessage = {
  id: string;
  type: 'guildMessages';
  body: string;
  imageUrls: string[];
  createdAt: string;
  editedAt: string | null;
  guildId: number;
  authorMemberId: number;
  authorName: string;
  authorIcon: string | null;
  mine: boolean;
  /** Hidden by auto-hide while managers review reports; only its author and managers receive it (issue 19). */
  hidden?: boolean;
  reactions: WireReaction[];
};

export type GuildMember = {
  id: string;
  type: 'guildMembers';
  status: 'invited' | 'joined';
  role: string;
  organizationMemberId: number;
  name: string;
  icon: string | null;
  joinedAt: string | null;
  author: boolean;
};

export type Guild = {
  id: string;
  type: 'guilds';
  name: string;
  description: string;
  tags: string[];
  publicRange: 'public' | 'private';
  headerImageUrl: string | null;
  pinnedMessageId: number | null;
  authorMemberId: number | null;
  organizationId: number;
  createdAt: string;
  membersCount: number;
  myStatus: 'invited' | 'joined' | null;
  myGuildMemberId?: number | null;
  canManage?: boolean;
  canRead?: boolean;
  lastEventId?: number;
  members?: GuildMember[];
  pinnedMessage?: GuildMessage | null;
  messagesCount?: number;
  lastMessageAt?: string | null;
  authorName?: string | null;
};

export type GuildTag = { id: string; name: string; guildsCount: number };

/** {@link GuildsSummaryOf} as the client decodes it. */
export type GuildsSummary = GuildsSummaryOf<'messages-count'>;

export type GuildParticipation = { id: string; key: string; membersCount: number; participantsCount: number; rate: number };

/** The portal routes of SPEC §2 for guilds. */
export const guildPaths = {
  list: () => '/guilds',
  create: () => '/guilds/new',
  show: (id: string | number) => `/guilds/${id}`,
  edit: (id: string | number) => `/guilds/${id}/edit`,
  dashboard: (id: string | number) => `/guilds/${id}/dashboard`,
};

/** The API paths of spec §7 "Guilds". */
export const guildApi = {
  list: (organizationId: string | number) => `/organizations/${organizationId}/guilds`,
  all: (organizationId: string | number) => `/organizations/${organizationId}/all_guilds`,
  show: (organizationId: string | number, id: string | number) => `/organizations/${organizationId}/guilds/${id}`,
  pin: (organizationId: string | number, id: string | number) => `/organizations/${organizationId}/guilds/${id}/pinned_message`,
  tags: (organizationId: string | number) => `/organizations/${organizationId}/guild_tags`,
  summary: (organizationId: string | number) => `/organizations/${organizationId}/guilds_summary`,
  participation: (organizationId: string | number) => `/organizations/${organizationId}/guilds_participation_rate`,
  messages: (id: string | number) => `/guilds/${id}/messages`,
  message: (id: string | number, messageId: string | number) => `/guilds/${id}/messages/${messageId}`,
  reactions: (messageId: string | number) => `/guild_messages/${messageId}/reactions`,
  join: (id: string | number) => `/guilds/${id}/members/join`,
  member: (id: string | number, memberId: string | number) => `/guilds/${id}/members/${memberId}`,
  accept: (id: string | number, memberId: string | number) => `/guilds/${id}/members/${memberId}/accept_invitation`,
  stream: (id: string | number) => `/guilds/${id}/stream`,
};

export const guildQueryKeys = {
  all: ['guilds'] as const,
  list: (organizationId: string, filter: unknown) => ['guilds', 'list', organizationId, filter] as const,
  tags: (organizationId: string) => ['guilds', 'tags', organizationId] as const,
  detail: (id: string) => ['guilds', 'detail', id] as const,
  messages: (id: string) => ['guilds', 'messages', id] as const,
  summary: (organizationId: string, filter: unknown) => ['guilds', 'summary', organizationId, filter] as const,
};

/** The server's translated text for a failed call, else the error code's translation, else the generic message. */
export function guildErrorMessage(error: unknown, t: (key: string) => string): string {
  if (error instanceof HttpResponseError) {
    const [first] = error.errors;
    if (first?.detail && first.code) return first.detail;
    if (first?.code) return t(`errors:${first.code}`);
  }
  return t('errors:failed');
}

/** The code of a failed call's first error (`guild.pinnedMessageUndeletable`), if any. */
export function guildErrorCode(error: unknown): string | null {
  return error instanceof HttpResponseError ? (error.errors[0]?.code ?? null) : null;
}
