import { GuildForm } from '@kiwi/shared/features/guild-chat/guild-form';
import { useParams } from 'react-router';

/** /guilds/new and /guilds/:id/edit (no sidebar, SPEC §2). */
export function GuildFormPage() {
  const { id } = useParams();
  return (
    <section className="page-card">
      <GuildForm key={id ?? 'new'} guildId={id} />
    </section>
  );
}
