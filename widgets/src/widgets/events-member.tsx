// <kiwi-events> for a signed-in member (a chunk of its own): the event, or the list whose events open in the widget
// (EventDetail's own back-to-list button returns to the list: events-widget.tsx handles its navigate('/events')).
import { EventDetail } from '@kiwi/shared/features/events/event-detail';
import { EventList } from '@kiwi/shared/features/events/event-list';

export default function EventsMember({ eventId, openedId }: { eventId?: string; openedId: string | null }) {
  if (eventId) return <EventDetail key={eventId} eventId={eventId} />;
  if (openedId) return <EventDetail key={openedId} eventId={openedId} />;
  return <EventList />;
}
