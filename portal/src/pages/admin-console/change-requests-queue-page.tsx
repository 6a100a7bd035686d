import { lazy, Suspense } from 'react';
import { LoadingView } from '../loading-view';

// The queue's code loads from here rather than being listed with the admin console route in the portal entry, whose
// size /login pays for; the route's failure boundary (lazy-page.tsx) covers this chunk too.
const AdminChangeRequestsQueue = lazy(() =>
  import('../change-requests/admin-change-requests-queue').then((module) => ({ default: module.AdminChangeRequestsQueue })),
);

/** Issue 20 point 4, /_admin/change_requests (change-requests/admin-change-requests-queue.tsx). */
export function ChangeRequestsQueuePage() {
  return (
    <Suspense fallback={<LoadingView />}>
      <AdminChangeRequestsQueue />
    </Suspense>
  );
}
