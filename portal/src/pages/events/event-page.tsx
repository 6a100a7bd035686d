import { EventDetail } from '@kiwi/shared/features/events/event-detail';
import { useParams, useSearchParams } from 'react-router';

/**
 * /events/:id (no sidebar, SPEC §2): the event, joining, its organiser dashboard, poll and messages. `?organization=`
 * (links from an organisation's communication dashboard) names the organisation for a platform admin without membership.
 */
export function EventPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  return (
    <section className="page-card">
      <EventDetail key={id} eventId={id} organizationId={search.get('organization') ?? undefined} />
    </section>
  );
}
