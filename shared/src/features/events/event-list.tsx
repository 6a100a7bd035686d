import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeatureContext } from '../feature-context';
import { applicantsText } from './event-header';
import { eventApi, eventErrorMessage, eventPaths, eventQueryKeys, type KiwiEvent } from '../../schemas/event-resources';
import { formatDateTimeInZone, formatTimeUntil } from '../../i18n/format';
import { eventTagLabel } from '../../domain/event-rules';
import '../../ui/button.css';
import './events.css';
import '../../ui/layout.css';

const PER = 20;

/** The organisation's events: upcoming or past, one tag at a time, newest relevant first. */
export function EventList() {
  const { t, i18n } = useTranslation(['events', 'errors']);
  const { api, viewer, navigate, resolveUrl, portalUrl } = useFeatureContext();
  const organizationId = viewer?.organizationId ?? '';
  const [period, setPeriod] = useState<'upcoming' | 'past'>('upcoming');
  const [tag, setTag] = useState('');
  const [page, setPage] = useState(1);
  const headingId = useId();
  const tagId = useId();

  const list = useQuery({
    queryKey: eventQueryKeys.list(organizationId, period, tag, page),
    enabled: organizationId !== '',
    placeholderData: keepPreviousData,
    queryFn: () => api.get<KiwiEvent[]>(eventApi.list(organizationId), { period, ...(tag ? { tag } : {}), page, per: PER }),
  });
  const events = list.data?.data ?? [];
  const tags = (list.data?.meta?.tags as string[] | undefined) ?? [];
  const totalPages = list.data?.meta?.totalPages ?? 1;
  const now = new Date();
  /** " · in 2 days" for an event starting within the week. */
  const soonText = (at: string) => {
    const soon = formatTimeUntil(at, i18n.language, now);
    return soon ? ` · ${soon}` : '';
  };

  return (
    <section className="kiwi-events" aria-labelledby={headingId}>
      <header className="kiwi-page-header kiwi-events__header">
        <h1 id={headingId}>{t('events:list.title')}</h1>
        <button type="button" className="kiwi-button kiwi-button--primary" onClick={() => navigate(eventPaths.create())}>
          {t('events:list.create')}
        </button>
      </header>
      <div className="kiwi-row kiwi-events__filters">
        <div role="group" aria-label={t('events:list.period')} className="kiwi-events__tabs">
          {(['upcoming', 'past'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={period === value}
              className={`kiwi-events__tab${period === value ? ' kiwi-events__tab--active' : ''}`}
              onClick={() => {
                setPeriod(value);
                setPage(1);
              }}
            >
              {t(`events:list.${value}`)}
            </button>
          ))}
        </div>
        <label htmlFor={tagId}>{t('events:list.tagFilter')}</label>
        <select
          id={tagId}
          value={tag}
          onChange={(event) => {
            setTag(event.target.value);
            setPage(1);
          }}
        >
          <option value="">{t('events:list.allTags')}</option>
          {[...new Set([...tags, ...(tag ? [tag] : [])])].map((name) => (
            <option key={name} value={name}>
              {eventTagLabel(name, t)}
            </option>
          ))}
        </select>
      </div>

      {list.isPending ? (
        <p role="status">{t('events:loading')}</p>
      ) : list.isError ? (
        <p role="alert" className="kiwi-event__alert">
          {eventErrorMessage(list.error, t)}
        </p>
      ) : events.length === 0 ? (
        <p className="kiwi-event__muted">{t(period === 'upcoming' ? 'events:list.emptyUpcoming' : 'events:list.emptyPast')}</p>
      ) : (
        <ul className="kiwi-card-grid">
          {events.map((event) => (
            <li key={event.id} className="kiwi-event-card">
              {event.headerImageUrl && (
                <img className="kiwi-event-card__image" src={resolveUrl(event.headerImageUrl)} alt="" loading="lazy" />
              )}
              <div className="kiwi-event-card__body">
                <h2 className="kiwi-event-card__name">
                  <a
                    href={portalUrl(eventPaths.show(event.id))}
                    onClick={(click) => {
                      click.preventDefault();
                      navigate(eventPaths.show(event.id));
                    }}
                  >
                    {event.name}
                  </a>
                </h2>
                <p className="kiwi-event__muted">
                  <time dateTime={event.startedAt}>{formatDateTimeInZone(event.startedAt, i18n.language)}</time>
                  {soonText(event.startedAt)}
                  {event.location ? ` · ${event.location}` : ''}
                </p>
                <p className="kiwi-event-card__badges">
                  {event.cancel && <span className="kiwi-event__badge kiwi-event__badge--danger">{t('events:badge.cancelled')}</span>}
                  {event.myStatus === 'joined' && event.myRole === 'member' && (
                    <span className="kiwi-event__badge">{t('events:badge.joined')}</span>
                  )}
                  {event.myStatus === 'invited' && <span className="kiwi-event__badge">{t('events:badge.invited')}</span>}
                  {event.publicRange === 'private' && <span className="kiwi-event__badge">{t('events:publicRange.private')}</span>}
                  <span className="kiwi-event__muted">{applicantsText(event, t)}</span>
                </p>
                {event.tags.length > 0 && (
                  <ul className="kiwi-event__tags" aria-label={t('events:form.tags')}>
                    {event.tags.map((name) => (
                      <li key={name}>
                        <button
                          type="button"
                          className="kiwi-event__tag"
                          onClick={() => {
                            setTag(name);
                            setPage(1);
                          }}
                          aria-pressed={tag === name}
                        >
                          #{eventTagLabel(name, t)}
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {totalPages > 1 && (
        <nav className="kiwi-row" aria-label={t('events:list.pages')}>
          <button type="button" className="kiwi-button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('events:list.previous')}
          </button>
          <span>{t('events:list.pageOf', { page, total: totalPages })}</span>
          <button type="button" className="kiwi-button" disabled={page >= totalPages} onClick={() => setPage(page + 1)}>
            {t('events:list.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
