import { formatDateTimeInZone, formatNumber } from '@kiwi/shared/i18n/format';
import { surveyPaths } from '@kiwi/shared/schemas/survey-resources';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { isAdmin, managedOrganizationIdentifier } from '../../guards/access';
import { firstMembership } from '../../session/kiwi-user';
import { useSession } from '../../session/session-provider';
import { HomeCard, type SectionProps } from './home-card';
import { CoinsCard, RewardsCard } from './home-coins';
import { EventsCard } from './home-events';
import { MaintenanceNotice, NoticesCard } from './home-notices';
import { firstStepsOf, type Home, NEW_MESSAGES_SHOWN_MAX } from './home-types';
import { useWalkingTranslation } from '../walking-events/use-walking-translation';
import { useHome } from './use-home';
import { QuestItem } from '../quests/quest-item';
import { useQuestsTranslation } from '../quests/use-quests-translation';
import '../quests/quests.css';
import './home.css';

/**
 * The home's cards, in order. A later issue's section is one more entry here and one more relationship in
 * GET /api/home; none is shown before it has something to show.
 */
const SECTIONS: { key: string; Card: (props: SectionProps) => ReactNode }[] = [
  { key: 'walkingEvent', Card: WalkingEventCard },
  { key: 'quests', Card: QuestsCard },
  { key: 'surveys', Card: SurveysCard },
  { key: 'notices', Card: NoticesCard },
  { key: 'coins', Card: CoinsCard },
  { key: 'rewards', Card: RewardsCard },
  { key: 'events', Card: EventsCard },
  { key: 'guilds', Card: GuildsCard },
  { key: 'activity', Card: ActivityCard },
];

/** `/`: what a member came for, at a glance (SPEC §2 home), from GET /api/user (the session) and GET /api/home. */
export function HomePage() {
  const { t } = useTranslation('home');
  const { kiwiUser } = useSession();
  const membership = firstMembership(kiwiUser);
  const home = useHome();

  // A platform admin without a membership has no member home: the admin area is theirs.
  if (!membership) return isAdmin(kiwiUser) ? <Navigate to="/_admin" replace /> : null;

  const managed = managedOrganizationIdentifier(kiwiUser);
  const name = kiwiUser?.nickname || membership.nickname || kiwiUser?.name || '';
  return (
    <div className="home-page">
      <header className="home-page__header">
        <h1 id="page-title">{t('title')}</h1>
        <p className="home-page__greeting">{t('greeting', { name })}</p>
        {managed && (
          <Link className="kiwi-button home-page__organization" to={`/org/${encodeURIComponent(managed)}`}>
            {t('organizationArea', { name: membership.organization.name })}
          </Link>
        )}
      </header>
      {home.isPending ? (
        <p role="status" className="home-page__status">
          {t('loading')}
        </p>
      ) : home.isError ? (
        <div role="alert" className="alert alert--error home-page__status">
          <p>{t('loadFailed')}</p>
          <button type="button" className="kiwi-button" onClick={() => void home.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <div className="home-page__grid">
          <MaintenanceNotice home={home.data} />
          <FirstStepsCard home={home.data} nickname={kiwiUser?.nickname || membership.nickname} />
          {SECTIONS.map(({ key, Card }) => (
            <Card key={key} home={home.data} identifier={membership.organization.identifier} />
          ))}
        </div>
      )}
    </div>
  );
}

function FirstStepsCard({ home, nickname }: { home: Home; nickname: string | null | undefined }) {
  const { t } = useTranslation('home');
  const steps = firstStepsOf(home, nickname);
  if (steps.length === 0) return null;
  const targets = { nickname: '/user/profile', activity: '/activity', guild: '/guilds' } as const;
  return (
    <HomeCard title={t('firstSteps.title')} className="home-card--first-steps">
      <p>{t('firstSteps.intro')}</p>
      <ul className="home-card__steps">
        {steps.map((step) => (
          <li key={step}>
            <Link to={targets[step]}>{t(`firstSteps.${step}`)}</Link>
          </li>
        ))}
      </ul>
    </HomeCard>
  );
}

function SurveysCard({ home, identifier }: SectionProps) {
  const { t, i18n } = useTranslation('home');
  const surveys = home.wellBeingSurveys;
  return (
    <HomeCard title={t('surveys.title')} seeAll={home.more.surveys && <Link to={surveyPaths.list(identifier)}>{t('surveys.all')}</Link>}>
      {surveys.length === 0 ? (
        <p className="home-card__empty">{t('surveys.empty')}</p>
      ) : (
        <ul className="home-list">
          {surveys.map((survey) => (
            <li key={survey.id} className="home-list__item home-list__item--action">
              <div className="home-list__text">
                <span className="home-list__title">{survey.title}</span>
                <span className="home-list__meta">
                  {t('surveys.deadline', { date: formatDateTimeInZone(survey.expiredAt, i18n.language) })}
                </span>
              </div>
              <Link
                className="kiwi-button kiwi-button--primary"
                to={surveyPaths.answer(identifier, survey.id)}
                aria-label={`${t('surveys.answer')}: ${survey.title}`}
              >
                {t('surveys.answer')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </HomeCard>
  );
}

function GuildsCard({ home }: SectionProps) {
  const { t, i18n } = useTranslation('home');
  return (
    <HomeCard title={t('guilds.title')} seeAll={<Link to="/guilds">{t('guilds.find')}</Link>}>
      {home.guilds.length === 0 ? (
        <p className="home-card__empty">{t('guilds.empty')}</p>
      ) : (
        <ul className="home-list">
          {home.guilds.map((guild) => {
            const count =
              guild.newMessagesCount > NEW_MESSAGES_SHOWN_MAX
                ? `${formatNumber(NEW_MESSAGES_SHOWN_MAX, i18n.language)}+`
                : formatNumber(guild.newMessagesCount, i18n.language);
            return (
              <li key={guild.id} className="home-list__item">
                <Link className="home-list__title" to={`/guilds/${guild.id}`}>
                  {guild.name}
                </Link>
                <span className={`home-badge ${guild.newMessagesCount > 0 ? 'home-badge--unread' : ''}`}>
                  {guild.newMessagesCount > 0 ? t('guilds.newMessages', { value: count }) : t('guilds.noNew')}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </HomeCard>
  );
}

/** Issue 17: the walking event the member walks in: their team, days left and today's steps, or the final rank. */
function WalkingEventCard({ home }: SectionProps) {
  const { t, i18n } = useWalkingTranslation();
  const event = home.walkingEvent;
  if (!event) return null;
  return (
    <HomeCard title={t('home.title')} seeAll={<Link to={`/walking_events/${event.id}`}>{t('home.open')}</Link>}>
      <p>
        <strong>{event.title}</strong> ({t(`status.${event.status}`)})
      </p>
      <p>{t('member.yourTeam', { name: event.teamName })}</p>
      {event.finalTeamRank !== null && <p>{t('home.rank', { rank: event.finalTeamRank })}</p>}
      {event.daysLeft !== null && <p>{t('member.daysLeft', { count: event.daysLeft })}</p>}
      {event.status === 'running' && (
        <p>{t('home.todaySteps', { value: formatNumber(event.todaySteps, i18n.language), count: event.todaySteps })}</p>
      )}
    </HomeCard>
  );
}

/** Issue 18: today's quests with their progress (the figures of /quests: one service answers both). */
function QuestsCard({ home }: SectionProps) {
  const { t } = useQuestsTranslation();
  if (!home.quests || home.quests.length === 0) return null;
  const today = home.quests.filter((quest) => quest.periodType === 'daily');
  return (
    <HomeCard title={t('home.title')} seeAll={<Link to="/quests">{t('home.open')}</Link>}>
      {today.length === 0 ? (
        <p className="home-card__empty">{t('home.empty')}</p>
      ) : (
        <ul className="quest-list">
          {today.map((quest) => (
            <QuestItem key={quest.id} quest={quest} />
          ))}
        </ul>
      )}
    </HomeCard>
  );
}

function ActivityCard({ home }: SectionProps) {
  const { t, i18n } = useTranslation('home');
  const number = (value: number) => formatNumber(value, i18n.language);
  const nothing = home.monthSteps === 0 && home.monthHealthPoints === 0;
  return (
    <HomeCard title={t('activity.title')} seeAll={<Link to="/activity">{t('activity.open')}</Link>}>
      <div className="home-figures">
        <p className="home-figure">
          <span className="home-figure__label">{t('activity.steps')}</span>
          <span className="home-figure__value">{t('activity.stepsValue', { value: number(home.monthSteps), count: home.monthSteps })}</span>
        </p>
        <p className="home-figure">
          <span className="home-figure__label">{t('activity.points')}</span>
          <span className="home-figure__value">{t('activity.pointsValue', { value: number(home.monthHealthPoints) })}</span>
        </p>
      </div>
      {nothing && <p className="home-card__empty">{t('activity.empty')}</p>}
    </HomeCard>
  );
}
