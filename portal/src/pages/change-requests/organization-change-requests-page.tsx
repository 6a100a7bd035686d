import { lazy, Suspense } from 'react';
import { LoadingView } from '../loading-view';

// The page's code (forms, zod, tables) loads from here rather than being listed with the route in the portal entry,
// whose size /login pays for; the route's own failure boundary (lazy-page.tsx) covers this chunk too.
const ManagerChangeRequests = lazy(() => import('./manager-change-requests').then((module) => ({ default: module.ManagerChangeRequests })));

/** Issue 20 point 4, /org/{identifier}/change_requests (manager-change-requests.tsx). */
export function OrganizationChangeRequestsPage() {
  return (
    <Suspense fallback={<LoadingView />}>
      <ManagerChangeRequests />
    </Suspense>
  );
}
