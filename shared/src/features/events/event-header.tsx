import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type EventStatusMessage, type EventViewerState, eventStatusMessages, eventTagLabel } from '../../domain/event-rules';
import type { KiwiEvent } from '../../schemas/event-resources';
import { formatDateTime, formatTimeUntil, formatTimeZoneName } from '../../i18n/format';
import { useFeatureContext } from '../feature-context';
import '../../ui/layout.css';

/** The status messages of spec §4 for a viewer of this event, now. */
export function statusMessagesOf(event: KiwiEvent, viewer: EventViewerState, now = new Date()): EventStatusMessage[] {
  return eventStatusMessages(
    {
      cancel: event.cancel,
      startedAt: new Date(event.startedAt),
      endedAt: new Date(event.endedAt),
      recruitmentDeadline: event.recruitmentDeadline ? new Date(event.recruitmentDeadline) : null,
      applyMaximum: event.applyMaximum,
      joinedCount: event.joinedCount,
    },
    viewer,
    now,
  );
}

/** Header image, name, schedule (and what `aside` adds), then the status messages. */
export function EventHeader({
  event,
  headingId,
  statuses,
  aside,
}: {
  event: KiwiEvent;
  headingId: string;
  statuses: EventStatusMessage[];
  aside?: ReactNode;
}) {
  const { t, i18n } = useTranslation('events');
  const { resolveUrl } = useFeatureContext();
  const language = i18n.language;
  // The viewer's time zone, said once (twice when a summer-time change falls between start and end).
  const [startZone, endZone] = [formatTimeZoneName(event.startedAt, language), formatTimeZoneName(event.endedAt, language)];
  const soon = formatTimeUntil(event.startedAt, language, new Date());
  return (
    <>
      {event.headerImageUrl && <img className="kiwi-event__header-image" src={resolveUrl(event.headerImageUrl)} alt="" />}
      <header className="kiwi-page-header kiwi-event__header">
        <div>
          <h1 id={headingId}>{event.name}</h1>
          <p className="kiwi-event__muted">
            <time dateTime={event.startedAt}>{formatDateTime(event.startedAt, language)}</time>
            {startZone === endZone ? ' – ' : ` (${startZone}) – `}
            <time dateTime={event.endedAt}>{formatDateTime(event.endedAt, language)}</time>
            {` (${endZone})`}
            {soon ? ` · ${soon}` : ''}
            {event.location ? ` · ${event.location}` : ''}
          </p>
        </div>
        {aside}
      </header>
      {statuses.length > 0 && (
        <ul className="kiwi-event__statuses" aria-label={t('detail.status')}>
          {statuses.map((status) => (
            <li key={status} role="status" className={`kiwi-event__status kiwi-event__status--${status}`}>
              {t(`status.${status}`)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** "Joined: 3 / 10" (or without a maximum "Joined: 3"). */
export function applicantsText(event: Pick<KiwiEvent, 'applyMaximum' | 'joinedCount'>, t: TFunction): string {
  return event.applyMaximum === null
    ? t('events:applicants.countOnly', { count: event.joinedCount })
    : t('events:applicants.countOfMax', { count: event.joinedCount, max: event.applyMaximum });
}

export function EventTagsAndDescription({ event }: { event: KiwiEvent }) {
  const { t } = useTranslation('events');
  return (
    <>
      {event.tags.length > 0 && (
        <ul className="kiwi-event__tags" aria-label={t('form.tags')}>
          {event.tags.map((tag) => (
            <li key={tag} className="kiwi-event__tag">
              #{eventTagLabel(tag, t)}
            </li>
          ))}
        </ul>
      )}
      {event.description && <p className="kiwi-event__description">{event.description}</p>}
    </>
  );
}
