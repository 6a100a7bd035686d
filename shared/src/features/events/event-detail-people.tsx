import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventMember, KiwiEvent } from '../../schemas/event-resources';
import { useFeatureContext } from '../feature-context';
import { ReportButton } from '../report/report-button';

/** The event dashboard (organisers): who joined, who is invited, guests, against the limits. */
export function EventDashboard({ event, members }: { event: KiwiEvent; members: EventMember[] }) {
  const { t } = useTranslation('events');
  const count = (predicate: (member: EventMember) => boolean) => members.filter(predicate).length;
  const figures = [
    { label: t('dashboard.participants'), value: event.joinedCount },
    { label: t('dashboard.members'), value: count((member) => member.status === 'joined' && member.role === 'member') },
    { label: t('dashboard.guests'), value: event.guestsCount ?? 0 },
    { label: t('dashboard.coHosts'), value: count((member) => member.status === 'joined' && member.role === 'manager') },
    { label: t('dashboard.invited'), value: count((member) => member.status === 'invited') },
    {
      label: t('dashboard.remaining'),
      value: event.applyMaximum === null ? t('dashboard.unlimited') : Math.max(0, event.applyMaximum - event.joinedCount),
    },
  ];
  return (
    <section className="kiwi-event-dashboard" aria-label={t('dashboard.title')}>
      <h3>{t('dashboard.title')}</h3>
      <dl className="kiwi-event-dashboard__figures">
        {figures.map((figure) => (
          <div key={figure.label}>
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
      {event.applyMinimum !== null && event.joinedCount < event.applyMinimum && (
        <p className="kiwi-event__muted">{t('dashboard.belowMinimum', { count: event.applyMinimum - event.joinedCount })}</p>
      )}
    </section>
  );
}

/** Who takes part (and who is invited); each one but oneself can be reported as a member (issue 19). */
export function ParticipantList({ members }: { members: EventMember[] }) {
  const { t } = useTranslation('events');
  const { viewer } = useFeatureContext();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="kiwi-event__participants">
      <h2 id={headingId}>{t('detail.participants')}</h2>
      <ul>
        {members.map((member) => (
          <li key={member.id}>
            {member.name} <span className="kiwi-event__badge">{t(`role.${member.role}`)}</span>
            {member.status === 'invited' && <span className="kiwi-event__muted"> {t('badge.invited')}</span>}
            {/* Issue 19: a participant can be reported as a member (not oneself). */}
            {String(member.organizationMemberId) !== viewer?.organizationMemberId && (
              <>
                {' '}
                <ReportButton target={{ type: 'OrganizationMember', id: member.organizationMemberId }} name={member.name} member />
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
