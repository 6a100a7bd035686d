// <kiwi-walking-event walking-event-id>: the member's view of a walking event (their team, the rankings, days left,
// today's steps); the cheer board opens in the portal.
import { WidgetFrame } from '../runtime/frame';
import { lazyContent } from '../runtime/lazy-content';
import type { WidgetProps } from '../widget-kinds';

const NAMESPACES = ['walking'] as const;
const WalkingEventMember = lazyContent(() => import('./walking-event-member'));

export default function WalkingEventWidget(props: WidgetProps) {
  const { walkingEventId } = props;
  return (
    <WidgetFrame {...props} namespaces={NAMESPACES} missingAttribute={walkingEventId ? null : 'walking-event-id'}>
      {() => <WalkingEventMember walkingEventId={walkingEventId ?? ''} />}
    </WidgetFrame>
  );
}
