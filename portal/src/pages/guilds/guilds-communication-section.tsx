import { GuildSummaryView } from '@kiwi/shared/features/guild-chat/guild-dashboard';
import { formatDate } from '@kiwi/shared/i18n/format';
import {
  type Guild,
  guildApi,
  guildErrorMessage,
  type GuildParticipation,
  guildPaths,
  guildQueryKeys,
  type GuildsSummary,
} from '@kiwi/shared/schemas/guild-resources';
import { GUILD_PARTICIPATION_TYPES } from '@kiwi/shared/schemas/guild';
import { Chart } from '@kiwi/shared/ui/chart';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOrganization } from '../../organization/organization-context';
import { useSession } from '../../session/session-provider';
import { CardTable } from '../../layout/card-table';

type ParticipationType = (typeof GUILD_PARTICIPATION_TYPES)[number];

/** The guilds half of the communication dashboard (/org/:identifier/events): summary, participation rate, all guilds. */
export function GuildsCommunicationSection() {
  const { t, i18n } = useTranslation(['guilds', 'errors']);
  const { api } = useSession();
  const { organization } = useOrganization();
  const organizationId = organization ? String(organization.id) : '';
  const [type, setType] = useState<ParticipationType>('age');
  const headingId = useId();
  const typeId = useId();

  const summary = useQuery({
    queryKey: guildQueryKeys.summary(organizationId, {}),
    enabled: organizationId !== '',
    queryFn: async () => (await api.get<GuildsSummary>(guildApi.summary(organizationId))).data,
  });
  const participation = useQuery({
    queryKey: ['guilds', 'participation', organizationId, type],
    enabled: organizationId !== '',
    queryFn: async () => (await api.get<GuildParticipation[]>(guildApi.participation(organizationId), { type })).data,
  });
  const all = useQuery({
    queryKey: ['guilds', 'all', organizationId],
    enabled: organizationId !== '',
    queryFn: async () => (await api.get<Guild[]>(guildApi.all(organizationId), { per: 100 })).data,
  });
  const groupLabel = (key: string) =>
    type === 'age' || key === 'unknown' ? t(`guilds:communication.groups.${key}`, { defaultValue: key }) : key;

  return (
    <section aria-labelledby={headingId} className="guilds-communication">
      <h2 id={headingId}>{t('guilds:communication.title')}</h2>
      {summary.isPending ? (
        <p role="status">{t('guilds:communication.loading')}</p>
      ) : summary.isError || !summary.data ? (
        <p role="alert" className="alert alert--error">
          {guildErrorMessage(summary.error, t)}
        </p>
      ) : (
        <GuildSummaryView summary={summary.data} scope="organization" />
      )}

      <h3>{t('guilds:communication.participationTitle')}</h3>
      <label htmlFor={typeId}>{t('guilds:communication.participationBy')} </label>
      <select id={typeId} value={type} onChange={(event) => setType(event.target.value as ParticipationType)}>
        {GUILD_PARTICIPATION_TYPES.map((option) => (
          <option key={option} value={option}>
            {t(`guilds:communication.type.${option}`)}
          </option>
        ))}
      </select>
      {participation.isPending ? (
        <p role="status">{t('guilds:communication.loading')}</p>
      ) : participation.isError || !participation.data ? (
        <p role="alert" className="alert alert--error">
          {guildErrorMessage(participation.error, t)}
        </p>
      ) : (
        <Chart
          title={t('guilds:communication.participationTitle')}
          kind="bar"
          labels={participation.data.map((group) => groupLabel(group.key))}
          series={[
            { label: t('guilds:communication.rateSeries'), values: participation.data.map((group) => Math.round(group.rate * 1000) / 10) },
          ]}
          csvFileName={`guild-participation-${type}`}
          formatValue={(value) => `${value}%`}
        />
      )}

      <h3>{t('guilds:communication.allGuilds')}</h3>
      {all.isPending ? (
        <p role="status">{t('guilds:communication.loading')}</p>
      ) : all.isError || !all.data ? (
        <p role="alert" className="alert alert--error">
          {guildErrorMessage(all.error, t)}
        </p>
      ) : all.data.length === 0 ? (
        <p>{t('guilds:communication.noGuilds')}</p>
      ) : (
        <CardTable
          caption={t('guilds:communication.title')}
          headers={[
            t('guilds:communication.columns.name'),
            t('guilds:communication.columns.range'),
            t('guilds:communication.columns.members'),
            t('guilds:communication.columns.messages'),
            t('guilds:communication.columns.lastMessage'),
            t('guilds:communication.columns.author'),
          ]}
        >
          {all.data.map((guild) => (
            <tr key={guild.id}>
              <th scope="row">
                <Link to={guildPaths.show(guild.id)}>{guild.name}</Link>
              </th>
              <td>{t(`guilds:publicRange.${guild.publicRange}`)}</td>
              <td>{guild.membersCount}</td>
              <td>{guild.messagesCount ?? 0}</td>
              <td>{guild.lastMessageAt ? formatDate(guild.lastMessageAt, i18n.language) : '—'}</td>
              <td>{guild.authorName ?? '—'}</td>
            </tr>
          ))}
        </CardTable>
      )}
    </section>
  );
}
