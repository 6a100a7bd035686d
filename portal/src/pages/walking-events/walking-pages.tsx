import { useParams } from 'react-router';
import { MemberWalkingEventPage } from './member-walking-event-page';
import { WalkingEventPage } from './walking-event-page';
import { WalkingEventsPage } from './walking-events-page';

/**
 * The three walking event routes as one lazy page (one chunk reference in the entry, which /login loads): the member
 * view /walking_events/:id, and under /org/:identifier the list and a detail.
 */
export function WalkingEventsRoute() {
  const { identifier, id } = useParams();
  if (identifier === undefined) return <MemberWalkingEventPage />;
  return id === undefined ? <WalkingEventsPage /> : <WalkingEventPage />;
}
