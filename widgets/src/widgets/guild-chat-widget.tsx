// <kiwi-guild-chat guild-id>: one guild's chat with live updates; the members panel only when the widget is wide.
import { useEffect, useState } from 'react';
import { WidgetFrame } from '../runtime/frame';
import { lazyContent } from '../runtime/lazy-content';
import type { WidgetProps } from '../widget-kinds';
import './guild-chat-widget.css';

const NAMESPACES = ['guilds'] as const;
const WIDE = 720;
const GuildChatMember = lazyContent(() => import('./guild-chat-member'));

function useWide(element: Element): boolean {
  const [wide, setWide] = useState(() => element.getBoundingClientRect().width >= WIDE);
  useEffect(() => {
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWide(entry.contentRect.width >= WIDE);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return wide;
}

export default function GuildChatWidget(props: WidgetProps) {
  const wide = useWide(props.container.host);
  const { guildId } = props;
  return (
    <WidgetFrame {...props} namespaces={NAMESPACES} missingAttribute={guildId ? null : 'guild-id'}>
      {() => <GuildChatMember guildId={guildId ?? ''} showMembers={wide} />}
    </WidgetFrame>
  );
}
