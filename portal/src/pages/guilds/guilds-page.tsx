import { GuildList } from '@kiwi/shared/features/guild-chat/guild-list';
import './guilds.css';

/** /guilds: the shared guild list (tag filter, most-used tags). */
export function GuildsPage() {
  return (
    <section className="page-card guild-page-wide">
      <GuildList />
    </section>
  );
}
