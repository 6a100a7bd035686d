// <kiwi-guild-chat> for a signed-in member (a chunk of its own).
import { GuildChat } from '@kiwi/shared/features/guild-chat/guild-chat';

export default function GuildChatMember({ guildId, showMembers }: { guildId: string; showMembers: boolean }) {
  return <GuildChat key={guildId} guildId={guildId} showMembers={showMembers} />;
}
