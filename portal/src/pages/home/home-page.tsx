import { appInformationIconGlyph } from '@kiwi/shared/domain/app-information-icons';
import { MarkdownText } from '@kiwi/shared/ui/markdown-text';
import { formatDate, formatDateTime, formatDateTimeInZone, formatNumber } from '@kiwi/shared/i18n/format';
import { surveyPaths } from '@kiwi/shared/schemas/survey-resources';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { ReportButton } from '@kiwi/shared/features/report/report-button';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { isAdmin, managedOrganizationIdentifier } from '../../guards/access';
import { firstMembership } from '../../session/kiwi-user';
import { useSession } from '../../session/session-provider';
import {
  firstStepsOf,
  type Home,
  type HomeAppInformation,
  type HomeEvent,
  type HomeNews,
  NEW_MESSAGES_SHOWN_MAX,
  noticesOf,
} from './home-types';
import { useWalkingTranslation } from '../walking-events/use-walking-translation';
import { HOME_QUERY_KEY, useHome } from './use-home';
import { QuestItem } from '../quests/quest-item';
import { useQuestsTranslation } from '../quests/use-quests-translation';
import '../quests/quests.css';
import './home.css';

type SectionProps = { home: Home; identifier: string };

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
          <Link className="button home-page__organization" to={`/org/${encodeURIComponent(managed)}`}>
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
          <button type="button" className="button" onClick={() => void home.refetch()}>
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

/** A card with a heading (its accessible name) and an optional "see all" link. */
function HomeCard({ title, seeAll, className, children }: { title: string; seeAll?: ReactNode; className?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={className ? `home-card ${className}` : 'home-card'} aria-labelledby={headingId}>
      <h2 id={headingId} className="home-card__title">
        {title}
      </h2>
      {children}
      {seeAll && <p className="home-card__more">{seeAll}</p>}
    </section>
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
                className="button button--primary"
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

/** Organisation news and the platform's app informations, newest first; opening one shows its text and marks it read. */
function NoticesCard({ home }: SectionProps) {
  const { t } = useTranslation('home');
  const { api } = useSession();
  const queryClient = useQueryClient();
  const markRead = useMutation({
    mutationFn: (notice: HomeNews | HomeAppInformation) =>
      api.put('/home/reads', { content_read: { kind: notice.type === 'news' ? 'news' : 'app_information', item_id: Number(notice.id) } }),
    // Shown read at once; a failed mark only means it shows unread again next time.
    onMutate: (notice) => {
      queryClient.setQueryData<Home>(HOME_QUERY_KEY, (current) => {
        if (!current) return current;
        const read = <T extends HomeNews | HomeAppInformation>(items: T[]) =>
          items.map((item) => (item.type === notice.type && item.id === notice.id ? { ...item, read: true } : item));
        return { ...current, news: read(current.news), appInformations: read(current.appInformations) };
      });
    },
  });
  const notices = noticesOf(home);
  return (
    <HomeCard title={t('news.title')}>
      {notices.length === 0 ? (
        <p className="home-card__empty">{t('news.empty')}</p>
      ) : (
        <ul className="home-list">
          {notices.map((notice) => (
            <Notice
              key={`${notice.type}-${notice.id}`}
              notice={notice}
              onOpen={() => {
                if (!notice.read) markRead.mutate(notice);
              }}
            />
          ))}
        </ul>
      )}
    </HomeCard>
  );
}

/** Issue 20: the maintenance message the admin set (system settings), in the member's language when written in it. */
function MaintenanceNotice({ home }: { home: Home }) {
  const { i18n } = useTranslation('home');
  const message = home.maintenanceMessage;
  if (!message) return null;
  const text = i18n.language === 'en' ? message.en || message.ja : message.ja || message.en;
  return (
    <p className="alert home-page__maintenance" data-testid="home-maintenance">
      {text}
    </p>
  );
}

function Notice({ notice, onOpen }: { notice: HomeNews | HomeAppInformation; onOpen: () => void }) {
  const { t, i18n } = useTranslation('home');
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const fromKiwi = notice.type === 'appInformations';
  return (
    <li className="home-list__item home-notice">
      <button
        type="button"
        className="home-notice__toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => {
          if (!open) onOpen();
          setOpen(!open);
        }}
      >
        <span className="home-list__text">
          <span className="home-list__title">
            {!notice.read && <span className="home-badge home-badge--unread">{t('news.unread')}</span>}
            {fromKiwi && appInformationIconGlyph(notice.iconName) && (
              <span className="home-notice__icon" aria-hidden="true">
                {appInformationIconGlyph(notice.iconName)}{' '}
              </span>
            )}
            {notice.title}
          </span>
          <span className="home-list__meta">
            {fromKiwi && <span className="home-badge">{t('news.appInformation')}</span>}
            {fromKiwi && notice.headCopy ? `${notice.headCopy} · ` : ''}
            {formatDate(notice.publishedAt, i18n.language)}
          </span>
        </span>
        <span className="visually-hidden">{open ? t('news.hide') : t('news.show')}</span>
        <span className="home-notice__chevron" aria-hidden="true">
          {open ? '▲' : '▼'}
        </span>
      </button>
      <div id={bodyId} className="home-notice__body" hidden={!open}>
        {/* Issue 20: an app information's body is Markdown, rendered as React elements (never HTML); news stays text. */}
        {fromKiwi ? <MarkdownText source={notice.body} headingBase={3} /> : notice.body}
      </div>
    </li>
  );
}

function CoinsCard({ home }: SectionProps) {
  const { t, i18n } = useTranslation('home');
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <HomeCard title={t('coins.title')} seeAll={<Link to="/send_coins">{t('coins.send')}</Link>}>
      <p className="home-figure">
        <span className="home-figure__label">{t('coins.balance')}</span>
        <span className="home-figure__value" data-testid="home-coin-balance">
          {t('coins.balanceValue', { value: number(home.coinBalance), count: home.coinBalance })}
        </span>
      </p>
      <h3 className="home-card__subtitle">{t('coins.latest')}</h3>
      {home.coinMessages.length === 0 ? (
        <p className="home-card__empty">{t('coins.empty')}</p>
      ) : (
        <ul className="home-list">
          {home.coinMessages.map((message) => (
            <li key={message.id} className="home-list__item">
              <div className="home-list__text">
                <span className="home-list__title">{message.message}</span>
                <span className="home-list__meta">
                  {t('coins.from', { name: message.sender.name })} · {formatDate(message.createdAt, i18n.language)}
                </span>
              </div>
              <span className="home-list__amount">{t('coins.amount', { value: number(message.amount), count: message.amount })}</span>
              {message.message && message.transferId && (
                <ReportButton
                  target={{ type: 'KiwiCoinTransfer', id: message.transferId }}
                  name={message.sender.name}
                  className="button button--text"
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </HomeCard>
  );
}

/**
 * Issue 18: the way to the shop, with the balance the coins card reads (the same home query, so never two figures). Its
 * words are the menu's and the coins card's: the rewards namespace stays with the rewards page.
 */
function RewardsCard({ home }: SectionProps) {
  const { t, i18n } = useTranslation(['home', 'portal']);
  return (
    <HomeCard title={t('portal:pages.member.rewards')} seeAll={<Link to="/rewards">{t('seeAll')}</Link>}>
      <p className="home-figure">
        <span className="home-figure__label">{t('coins.balance')}</span>
        <span className="home-figure__value" data-testid="home-rewards-balance">
          {t('coins.balanceValue', { value: formatNumber(home.coinBalance, i18n.language), count: home.coinBalance })}
        </span>
      </p>
    </HomeCard>
  );
}

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
              {formatDateTime(event.startedAt, i18n.language)}
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

function EventsCard({ home }: SectionProps) {
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
