import { formatDay } from '@kiwi/shared/i18n/format';
import { ModalDialog } from '@kiwi/shared/ui/modal-dialog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useOrganization } from '../../organization/organization-context';
import { useSession } from '../../session/session-provider';
import { ListTable } from '../organization/list-table';
import { LoadFailed, Loading } from '../organization/page-states';
import '../organization/organization.css';
import { useWalkingTranslation } from './use-walking-translation';
import { type WalkingEvent, walkingEventKeys } from './types';
import { WalkingEventForm } from './walking-event-form';
import './walking-events.css';
import { StatusBadge } from '../../layout/status-badge';

export function WalkingStatus({ status }: { status: WalkingEvent['status'] }) {
  const { t } = useWalkingTranslation();
  return <StatusBadge status={status}>{t(`status.${status}`)}</StatusBadge>;
}

/** SPEC §2 /org/{identifier}/walking_events: the organisation's walking events with their status. */
export function WalkingEventsPage() {
  const { t, i18n } = useWalkingTranslation();
  const { api } = useSession();
  const { organization, loaded } = useOrganization();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const titleId = useId();
  const [creating, setCreating] = useState(false);
  const organizationId = organization?.id;
  const events = useQuery({
    queryKey: walkingEventKeys.list(organizationId),
    queryFn: () => api.get<WalkingEvent[]>(`/organizations/${organizationId}/walking_events`),
    enabled: organizationId !== undefined,
  });

  if (!loaded) return <Loading />;
  if (!organizationId || !organization) return <LoadFailed onRetry={() => window.location.reload()} />;
  const day = (value: string) => formatDay(value, i18n.language);

  return (
    <div className="org-page">
      <header className="org-page__header">
        <h1>{t('title')}</h1>
        <button type="button" className="kiwi-button kiwi-button--primary" onClick={() => setCreating(true)}>
          {t('create')}
        </button>
      </header>
      <ListTable
        query={events}
        caption={t('title')}
        empty={t('empty')}
        headers={[t('fields.title'), t('fields.periodColumn'), t('fields.status')]}
        rows={(items) =>
          items.map((item) => (
            <tr key={item.id}>
              <td>
                <Link to={`/org/${organization.identifier}/walking_events/${item.id}`}>{item.title}</Link>
              </td>
              <td>{t('period', { from: day(item.startedAt), to: day(item.endedAt) })}</td>
              <td>
                <WalkingStatus status={item.status} />
              </td>
            </tr>
          ))
        }
      />
      {creating && (
        <ModalDialog open onCancel={() => setCreating(false)} className="org-dialog" labelledBy={titleId}>
          <h2 id={titleId}>{t('createTitle')}</h2>
          <WalkingEventForm
            organizationId={organizationId}
            event={null}
            onCancel={() => setCreating(false)}
            onSaved={(event) => {
              void queryClient.invalidateQueries({ queryKey: walkingEventKeys.list(organizationId) });
              setCreating(false);
              navigate(`/org/${organization.identifier}/walking_events/${event.id}`);
            }}
          />
        </ModalDialog>
      )}
    </div>
  );
}
