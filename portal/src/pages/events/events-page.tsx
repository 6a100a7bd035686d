import { EventList } from '@kiwi/shared/features/events/event-list';
import { MembershipRequired } from '../membership-required';

/** /events: upcoming and past events of the member's organisation, with a tag filter. */
export function EventsPage() {
  return (
    <section className="page-card">
      <MembershipRequired>
        <EventList />
      </MembershipRequired>
    </section>
  );
}
