// <kiwi-events>: with event-id, one event (signed out: the shared event if it is published externally, guests join
// by nickname as on /shared_events/{id}; else the sign-in form); without event-id, the organisation's events, whose
// detail opens inside the widget. The public and the member views are chunks of their own.
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { HttpResponseError } from '@kiwi/shared/api/errors';
import { useFeatureContext } from '@kiwi/shared/features/feature-context';
import { WidgetFrame } from '../runtime/frame';
import { lazyContent } from '../runtime/lazy-content';
import { Loading } from '../runtime/states';
import type { WidgetProps } from '../widget-kinds';
import './events-widget.css';

const NAMESPACES = ['events'] as const;
const DETAIL_PATH = /^\/events\/(\d+)$/;
const EventsMember = lazyContent(() => import('./events-member'));
const EventsPublic = lazyContent(() => import('./events-public'));

export default function EventsWidget(props: WidgetProps) {
  const { eventId } = props;
  // Without event-id the list and the detail it opens live inside the widget.
  const [openedId, setOpenedId] = useState<string | null>(null);
  const onNavigate = useCallback(
    (path: string) => {
      if (eventId) return false;
      const detail = DETAIL_PATH.exec(path);
      if (detail?.[1]) {
        setOpenedId(detail[1]);
        return true;
      }
      if (path === '/events') {
        setOpenedId(null);
        return true;
      }
      return false;
    },
    [eventId],
  );

  return (
    <WidgetFrame
      {...props}
      namespaces={NAMESPACES}
      onNavigate={onNavigate}
      signedOut={eventId ? (form) => <PublicEventOrSignIn eventId={eventId} signInForm={form} /> : undefined}
    >
      {() => <EventsMember eventId={eventId} openedId={openedId} />}
    </WidgetFrame>
  );
}

/**
 * Signed out with an event id: the event's public page when it is published externally, else the sign-in form. The
 * query is SharedEvent's own for a visitor who is not a guest yet (same key and call, written out here so this chunk
 * does not carry the event components), so the public page renders from its cache.
 */
function PublicEventOrSignIn({ eventId, signInForm }: { eventId: string; signInForm: ReactNode }) {
  const { api } = useFeatureContext();
  const shared = useQuery({
    queryKey: ['events', 'shared', eventId, ''],
    retry: false,
    // optional: an event that is not published answers null rather than a 404 the page's console would log each load.
    queryFn: async () =>
      (await api.get<unknown>(`/shared_events/${encodeURIComponent(eventId)}`, { optional: 'true' }, { public: true })).data,
  });
  if (shared.isPending) return <Loading />;
  // Not published (null) or refused: members sign in and see it as members.
  if (shared.data === null || (shared.isError && shared.error instanceof HttpResponseError)) return <>{signInForm}</>;
  return <EventsPublic eventId={eventId} signInForm={signInForm} />;
}
