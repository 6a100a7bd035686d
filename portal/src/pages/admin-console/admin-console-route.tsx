import { useLocation } from 'react-router';
import { NotFoundPage } from '../not-found-page';
import { AppInformationsPage } from './app-informations-page';
import { ChangeRequestsQueuePage } from './change-requests-queue-page';
import { DashboardPage } from './dashboard-page';
import { ExportsPage } from './exports-page';
import { StaffActionsPage } from './staff-actions-page';
import { SystemSettingsPage } from './system-settings-page';
import { UsersPage } from './users-page';

/**
 * The platform-admin console (issue 20) as one lazy page under the `/_admin/*` splat, so /login's entry holds one
 * chunk reference for all of it: the dashboard (/_admin), users, app informations, system settings, organisation change
 * requests, exports and the staff action log. (Organisations, gifts, quests, surveys and coin transfers keep their own
 * routes.)
 */
export function AdminConsoleRoute() {
  const { pathname } = useLocation();
  const page = pathname.replace(/\/+$/, '').replace(/^\/_admin\/?/, '');
  switch (page) {
    case '':
      return <DashboardPage />;
    case 'users':
      return <UsersPage />;
    case 'app_informations':
      return <AppInformationsPage />;
    case 'system_settings':
      return <SystemSettingsPage />;
    case 'change_requests':
      return <ChangeRequestsQueuePage />;
    case 'exports':
      return <ExportsPage />;
    case 'staff_actions':
      return <StaffActionsPage />;
    default:
      return <NotFoundPage />;
  }
}
