import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, formatNumber, formatShortDay } from '../../i18n/format';
import { guildApi, guildErrorMessage, guildQueryKeys, type GuildsSummary } from '../../schemas/guild-resources';
import { Chart } from '../../ui/chart';
import { useFeatureContext } from '../feature-context';
import './guild-chat.css';

const PERCENT: Intl.NumberFormatOptions = { style: 'percent', maximumFractionDigits: 1 };

/** Figures of a guilds_summary: tiles, messages and reactions per day, top lists. */
export function GuildSummaryView({ summary, scope }: { summary: GuildsSummary; scope: 'organization' | 'guild' }) {
  const { t, i18n } = useTranslation(['guilds']);
  const tiles: [string, string | number][] = [
    ...(scope === 'organization'
      ? ([
          [t('guilds:dashboard.guilds'), summary.guildsCount],
          [t('guilds:dashboard.participationRate'), formatNumber(summary.participationRate, i18n.language, PERCENT)],
        ] as [string, string | number][])
      : []),
    [t('guilds:dashboard.participants'), summary.participantsCount],
    [t('guilds:dashboard.messages'), summary.messagesCount],
    [t('guilds:dashboard.reactions'), summary.reactionsCount],
  ];
  return (
    <div className="kiwi-guild-dashboard">
      <p className="kiwi-guild__muted">
        {t('guilds:dashboard.period', { from: formatDay(summary.from, i18n.language), to: formatDay(summary.to, i18n.language) })}
      </p>
      <dl className="kiwi-guild-dashboard__tiles">
        {tiles.map(([label, value]) => (
          <div key={label} className="kiwi-guild-dashboard__tile">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Chart
        title={t('guilds:dashboard.activityChart')}
        kind="bar"
        labels={summary.days.map((day) => formatShortDay(day.date, i18n.language))}
        series={[
          { label: t('guilds:dashboard.messages'), values: summary.days.map((day) => day.messages) },
          { label: t('guilds:dashboard.reactions'), values: summary.days.map((day) => day.reactions) },
        ]}
        csvFileName={scope === 'organization' ? 'guild-activity' : `guild-${summary.id}-activity`}
      />
      <div className="kiwi-guild-dashboard__lists">
        {scope === 'organization' ? (
          <TopList title={t('guilds:dashboard.topGuilds')} rows={summary.topGuilds.map((guild) => [guild.name, guild['messages-count']])} />
        ) : (
          <TopList
            title={t('guilds:dashboard.topPosters')}
            rows={summary.topPosters.map((poster) => [poster.name, poster['messages-count']])}
          />
        )}
        <TopList title={t('guilds:dashboard.topEmoji')} rows={summary.topEmoji.map((row) => [row.emoji, row.count])} />
      </div>
    </div>
  );
}

function TopList({ title, rows }: { title: string; rows: [string, number][] }) {
  const { t } = useTranslation(['guilds']);
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {rows.length === 0 ? (
        <p className="kiwi-guild__muted">{t('guilds:dashboard.none')}</p>
      ) : (
        <ol className="kiwi-guild-dashboard__top">
          {rows.map(([label, value]) => (
            <li key={label}>
              <span>{label}</span> <span className="kiwi-guild__muted">{value}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** One guild's dashboard (its author and the organisation's managers): the last 30 days of activity. */
export function GuildDashboard({ guildId }: { guildId: string }) {
  const { t } = useTranslation(['guilds', 'errors']);
  const { api, viewer } = useFeatureContext();
  const organizationId = viewer?.organizationId ?? '';
  const headingId = useId();
  const summary = useQuery({
    queryKey: guildQueryKeys.summary(organizationId, { guildId }),
    enabled: organizationId !== '',
    queryFn: async () => (await api.get<GuildsSummary>(guildApi.summary(organizationId), { guild_id: guildId })).data,
  });
  const guild = useQuery({
    queryKey: guildQueryKeys.detail(guildId),
    enabled: organizationId !== '',
    queryFn: async () => (await api.get<{ name: string }>(guildApi.show(organizationId, guildId))).data,
  });
  return (
    <section aria-labelledby={headingId} className="kiwi-guild-dashboard-page">
      <h1 id={headingId}>{t('guilds:dashboard.title', { name: guild.data?.name ?? '' })}</h1>
      {summary.isPending ? (
        <p role="status">{t('guilds:dashboard.loading')}</p>
      ) : summary.isError || !summary.data ? (
        <p role="alert" className="kiwi-guild__alert">
          {guildErrorMessage(summary.error, t)}
        </p>
      ) : (
        <GuildSummaryView summary={summary.data} scope="guild" />
      )}
    </section>
  );
}
