import { SharedEvent } from '@kiwi/shared/features/events/shared-event';
import { useParams } from 'react-router';

/** /shared_events/:id (public, no sidebar): an externally published event that guests join by nickname. */
export function SharedEventPage() {
  const { id = '' } = useParams();
  return (
    <section className="page-card">
      <SharedEvent key={id} eventId={id} />
    </section>
  );
}
