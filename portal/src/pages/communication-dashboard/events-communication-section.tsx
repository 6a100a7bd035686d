import { eventApi, eventErrorMessage, eventPaths, type KiwiEvent } from '@kiwi/shared/schemas/event-resources';
import { formatDateTimeInZone, formatMonth, formatShortDay } from '@kiwi/shared/i18n/format';
import { Chart } from '@kiwi/shared/ui/chart';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOrganization } from '../../organization/organization-context';
import { useFeatureContext } from '@kiwi/shared/features/feature-context';
import {
  EVENT_STATISTICS_TYPES,
  type EventStatisticsType,
  type EventsParticipationRate,
  type EventsSummary,
} from '@kiwi/shared/schemas/event';
import { CardTable } from '../../layout/card-table';
import { isDayInRange } from '@kiwi/shared/i18n/date-text';
import { DATE_RANGE } from '@kiwi/shared/domain/date-range';
import { DateInput } from '@kiwi/shared/ui/date-input';

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const ALL_EVENTS_PER = 50;

export function defaultRange(now: Date): { from: string; to: string } {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  return { from: isoDate(from), to: isoDate(now) };
}

/** The events half of the communication dashboard: summary and participation-rate charts, then every event. */
export function EventsCommunicationSection() {
  const { t, i18n } = useTranslation(['events', 'errors']);
  // The API labels periods "2025-10" (months) or "2025-10-01" (days, weeks).
  const periodLabel = (label: string) => (label.length === 7 ? formatMonth(label, i18n.language) : formatShortDay(label, i18n.language));
  const { api } = useFeatureContext();
  const { organization } = useOrganization();
  const organizationId = organization ? String(organization.id) : '';
  const [range, setRange] = useState(() => defaultRange(new Date()));
  const [type, setType] = useState<EventStatisticsType>('monthly');
  const ids = { heading: useId(), from: useId(), to: useId(), type: useId() };
  const query = { from: range.from, to: range.to, type };
  // A reversed range asks nothing (the charts' queries stay disabled): say why instead of "loading" for ever.
  const validRange = range.from <= range.to;

  const summary = useQuery({
    queryKey: ['events', 'summary', organizationId, query],
    enabled: organizationId !== '' && validRange,
    queryFn: async () => (await api.get<EventsSummary>(eventApi.summary(organizationId), query)).data,
  });
  const rate = useQuery({
    queryKey: ['events', 'participation', organizationId, query],
    enabled: organizationId !== '' && validRange,
    queryFn: async () => (await api.get<EventsParticipationRate>(eventApi.participationRate(organizationId), query)).data,
  });
  // Every event, a page at a time (an organisation can hold more than one page of them).
  const [page, setPage] = useState(1);
  const all = useQuery({
    queryKey: ['events', 'all', organizationId, page],
    enabled: organizationId !== '',
    placeholderData: keepPreviousData,
    queryFn: () => api.get<KiwiEvent[]>(eventApi.all(organizationId), { page, per: ALL_EVENTS_PER }),
  });
  const allEvents = all.data?.data ?? [];
  const allPages = Number(all.data?.meta?.totalPages ?? 1);

  const state = (message: string, failure: unknown, pending: boolean) =>
    pending ? (
      <p role="status">{t('events:loading')}</p>
    ) : (
      <p role="alert" className="alert alert--error">
        {failure ? eventErrorMessage(failure, t) : message}
      </p>
    );

  return (
    <section aria-labelledby={ids.heading} className="events-communication">
      <h2 id={ids.heading}>{t('events:communication.eventsTitle')}</h2>
      <div className="events-communication__filters">
        <label htmlFor={ids.from}>{t('events:communication.from')}</label>
        <DateInput
          id={ids.from}
          kind="date"
          {...DATE_RANGE}
          value={range.from}
          onChange={(day) => isDayInRange(day) && setRange({ ...range, from: day })}
        />
        <label htmlFor={ids.to}>{t('events:communication.to')}</label>
        <DateInput
          id={ids.to}
          kind="date"
          {...DATE_RANGE}
          value={range.to}
          onChange={(day) => isDayInRange(day) && setRange({ ...range, to: day })}
        />
        <label htmlFor={ids.type}>{t('events:communication.type')}</label>
        <select id={ids.type} value={type} onChange={(event) => setType(event.target.value as EventStatisticsType)}>
          {EVENT_STATISTICS_TYPES.map((option) => (
            <option key={option} value={option}>
              {t(`events:communication.types.${option}`)}
            </option>
          ))}
        </select>
      </div>
      {!validRange && (
        <p role="alert" className="alert alert--error">
          {t('errors:validation.endAfterStart')}
        </p>
      )}

      {!validRange ? null : summary.isSuccess ? (
        <>
          <p>{t('events:communication.totals', summary.data.totals)}</p>
          <Chart
            title={t('events:communication.summaryChart')}
            kind="bar"
            labels={summary.data.labels.map(periodLabel)}
            series={[
              { label: t('events:communication.series.events'), values: summary.data.eventsCount },
              { label: t('events:communication.series.cancelled'), values: summary.data.cancelledCount },
              { label: t('events:communication.series.participants'), values: summary.data.participantsCount },
            ]}
            csvFileName={`events-summary-${range.from}-${range.to}`}
          />
        </>
      ) : (
        state('', summary.error, summary.isPending)
      )}

      {!validRange ? null : rate.isSuccess ? (
        <Chart
          title={t('events:communication.rateChart')}
          kind="line"
          labels={rate.data.labels.map(periodLabel)}
          series={[
            {
              label: t('events:communication.series.rate'),
              values: rate.data.rates.map((value) => (value === null ? null : Math.round(value * 1000) / 10)),
            },
          ]}
          csvFileName={`events-participation-${range.from}-${range.to}`}
          formatValue={(value) => `${value}%`}
        />
      ) : (
        state('', rate.error, rate.isPending)
      )}

      <h3>{t('events:communication.allEvents')}</h3>
      {all.isSuccess ? (
        allEvents.length === 0 ? (
          <p>{t('events:communication.noEvents')}</p>
        ) : (
          <CardTable
            caption={t('events:communication.allEvents')}
            headers={[
              t('events:communication.name'),
              t('events:communication.startedAt'),
              t('events:form.publicRange'),
              t('events:detail.applicants'),
              t('events:communication.state'),
            ]}
          >
            {allEvents.map((event) => (
              <tr key={event.id}>
                <th scope="row">
                  <Link to={eventPaths.show(event.id, organizationId)}>{event.name}</Link>
                </th>
                <td>{formatDateTimeInZone(event.startedAt, i18n.language)}</td>
                <td>{t(`events:publicRange.${event.publicRange}`)}</td>
                <td>{event.applyMaximum === null ? event.joinedCount : `${event.joinedCount} / ${event.applyMaximum}`}</td>
                <td>
                  {event.cancel
                    ? t('events:badge.cancelled')
                    : new Date(event.endedAt).getTime() < Date.now()
                      ? t('events:communication.past')
                      : t('events:communication.open')}
                </td>
              </tr>
            ))}
          </CardTable>
        )
      ) : (
        state('', all.error, all.isPending)
      )}
      {allPages > 1 && (
        <nav className="events-communication__pages" aria-label={t('events:list.pages')}>
          <button type="button" className="kiwi-button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('events:list.previous')}
          </button>
          <span>{t('events:list.pageOf', { page, total: allPages })}</span>
          <button type="button" className="kiwi-button" disabled={page >= allPages} onClick={() => setPage(page + 1)}>
            {t('events:list.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
