import { EventForm } from '@kiwi/shared/features/events/event-form';
import { useParams } from 'react-router';

/** /events/new and /events/:id/edit (no sidebar, SPEC §2). */
export function EventFormPage() {
  const { id } = useParams();
  return (
    <section className="page-card">
      <EventForm key={id ?? 'new'} eventId={id} />
    </section>
  );
}
