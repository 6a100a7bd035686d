// <kiwi-coin-message>: send coins with a message to colleagues, and the feed of coin messages sent and received.
import { WidgetFrame } from '../runtime/frame';
import { lazyContent } from '../runtime/lazy-content';
import type { WidgetProps } from '../widget-kinds';

const NAMESPACES = ['coins'] as const;
const CoinMessageMember = lazyContent(() => import('./coin-message-member'));

export default function CoinMessageWidget(props: WidgetProps) {
  return (
    <WidgetFrame {...props} namespaces={NAMESPACES}>
      {() => <CoinMessageMember />}
    </WidgetFrame>
  );
}
