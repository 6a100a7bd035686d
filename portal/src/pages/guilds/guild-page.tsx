import { GuildChat } from '@kiwi/shared/features/guild-chat/guild-chat';
import { useParams } from 'react-router';
import './guilds.css';

/** /guilds/:id (no sidebar, SPEC §2): the guild, its chat and its members. */
export function GuildPage() {
  const { id = '' } = useParams();
  return (
    <section className="page-card guild-page-wide">
      <GuildChat key={id} guildId={id} />
    </section>
  );
}
