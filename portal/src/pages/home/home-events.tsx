import { formatDateTimeInZone } from '@kiwi/shared/i18n/format';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HomeCard, type SectionProps } from './home-card';
import type { HomeEvent } from './home-types';

function EventList({ events, empty }: { events: HomeEvent[]; empty: string }) {
  const { t, i18n } = useTranslation('home');
  if (events.length === 0) return <p className="home-card__empty">{empty}</p>;
  return (
    <ul className="home-list">
      {events.map((event) => (
        <li key={event.id} className="home-list__item">
          <div className="home-list__text">
            <Link className="home-list__title" to={`/events/${event.id}`}>
              {event.name}
            </Link>
            <span className="home-list__meta">
              {formatDateTimeInZone(event.startedAt, i18n.language)}
              {event.location ? ` · ${event.location}` : ''}
            </span>
          </div>
          {/* The organiser is not a participant (issue 21 point 6): no "joined" badge for them. */}
          {(event.myStatus === 'invited' || (event.myStatus === 'joined' && event.myRole === 'member')) && (
            <span className={`home-badge ${event.myStatus === 'invited' ? 'home-badge--unread' : ''}`}>
              {t(event.myStatus === 'invited' ? 'events.invited' : 'events.joined')}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

export function EventsCard({ home }: SectionProps) {
  const { t } = useTranslation('home');
  return (
    <HomeCard title={t('events.title')} seeAll={<Link to="/events">{t('events.all')}</Link>}>
      <h3 className="home-card__subtitle">{t('events.upcoming')}</h3>
      <EventList events={home.upcomingEvents} empty={t('events.emptyUpcoming')} />
      <h3 className="home-card__subtitle">{t('events.open')}</h3>
      <EventList events={home.openEvents} empty={t('events.emptyOpen')} />
    </HomeCard>
  );
}
