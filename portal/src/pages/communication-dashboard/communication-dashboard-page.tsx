import { useTranslation } from 'react-i18next';
import { GuildsCommunicationSection } from '../guilds/guilds-communication-section';
import { EventsCommunicationSection } from './events-communication-section';
import './communication-dashboard.css';

/** /org/:identifier/events: the communication dashboard (events, then guilds). */
export function CommunicationDashboardPage() {
  const { t } = useTranslation('events');
  return (
    <section className="page-card communication-dashboard">
      <h1>{t('communication.title')}</h1>
      <EventsCommunicationSection />
      <GuildsCommunicationSection />
    </section>
  );
}
