import { GuildDashboard } from '@kiwi/shared/features/guild-chat/guild-dashboard';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import './guilds.css';

/** /guilds/:id/dashboard: the guild dashboard (SPEC §2 names it; its author and the organisation's managers). */
export function GuildDashboardPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('guilds');
  return (
    <section className="page-card guild-page-wide">
      <p>
        <Link to={`/guilds/${id}`}>← {t('chat.title')}</Link>
      </p>
      <GuildDashboard guildId={id} />
    </section>
  );
}
