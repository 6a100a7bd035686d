// <kiwi-walking-event> for a signed-in member (a chunk of its own): the portal's member view, compact.
import { WalkingMemberView } from '@kiwi/shared/features/walking-events/walking-member-view';

export default function WalkingEventMember({ walkingEventId }: { walkingEventId: string }) {
  return <WalkingMemberView key={walkingEventId} eventId={walkingEventId} />;
}
