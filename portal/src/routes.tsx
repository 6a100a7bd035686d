import { isValidElement, type ReactNode } from 'react';
import { createRoutesFromElements, matchRoutes, Route, type RouteObject, useRoutes } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { RequireAdmin, RequireOrganizationMember, RequireSignedIn } from './guards/guards';
import { OrganizationProvider } from './organization/organization-context';
import { lazyPage } from './routing/lazy-page';

// Every page is a chunk of its own, loaded when its route is first shown or prefetched (routing/prefetch.ts): the
// entry holds the frame (layout, guards, session), so /login downloads no signed-in page.
const InvitationPage = lazyPage(() => import('./pages/invitation/invitation-page'), 'InvitationPage');
const SignUpPage = lazyPage(() => import('./pages/user/sign-up-page'), 'SignUpPage', { queries: false });
const ConfirmationPage = lazyPage(() => import('./pages/user/confirmation-page'), 'ConfirmationPage');
const AdminOrganizationsPage = lazyPage(() => import('./pages/organization/admin-organizations-page'), 'AdminOrganizationsPage');
const GroupsPage = lazyPage(() => import('./pages/organization/groups-page'), 'GroupsPage');
const MembersPage = lazyPage(() => import('./pages/organization/members-page'), 'MembersPage');
const NewsPage = lazyPage(() => import('./pages/organization/news-page'), 'NewsPage');
const HomePage = lazyPage(() => import('./pages/home/home-page'), 'HomePage');
const AdminCoinTransfersPage = lazyPage(() => import('./pages/coin-transfers/coin-transfers-page'), 'AdminCoinTransfersPage');
const OrganizationCoinTransfersPage = lazyPage(() => import('./pages/coin-transfers/coin-transfers-page'), 'OrganizationCoinTransfersPage');
const ExternalServicesPage = lazyPage(() => import('./pages/external-services/external-services-page'), 'ExternalServicesPage');
const SendCoinsPage = lazyPage(() => import('./pages/send-coins/send-coins-page'), 'SendCoinsPage');
const CommunicationDashboardPage = lazyPage(
  () => import('./pages/communication-dashboard/communication-dashboard-page'),
  'CommunicationDashboardPage',
);
const EventFormPage = lazyPage(() => import('./pages/events/event-form-page'), 'EventFormPage');
const EventPage = lazyPage(() => import('./pages/events/event-page'), 'EventPage');
const EventsPage = lazyPage(() => import('./pages/events/events-page'), 'EventsPage');
const SharedEventPage = lazyPage(() => import('./pages/shared-events/shared-event-page'), 'SharedEventPage');
const LoginPage = lazyPage(() => import('./pages/login-page'), 'LoginPage', { queries: false });
const GuildDashboardPage = lazyPage(() => import('./pages/guilds/guild-dashboard-page'), 'GuildDashboardPage');
const GuildFormPage = lazyPage(() => import('./pages/guilds/guild-form-page'), 'GuildFormPage');
const GuildPage = lazyPage(() => import('./pages/guilds/guild-page'), 'GuildPage');
const GuildsPage = lazyPage(() => import('./pages/guilds/guilds-page'), 'GuildsPage');
const NotFoundPage = lazyPage(() => import('./pages/not-found-page'), 'NotFoundPage', { queries: false });
const ActionsPage = lazyPage(() => import('./pages/actions/actions-page'), 'ActionsPage', { queries: false });
const ResetPasswordPage = lazyPage(() => import('./pages/reset-password-page'), 'ResetPasswordPage', { queries: false });
const AdminSurveysPage = lazyPage(() => import('./pages/surveys/admin-surveys-page'), 'AdminSurveysPage');
const OrganizationSurveysPage = lazyPage(() => import('./pages/surveys/organization-surveys-page'), 'OrganizationSurveysPage');
const SurveyAnswerPage = lazyPage(() => import('./pages/surveys/survey-answer-page'), 'SurveyAnswerPage');
const SurveyResultPage = lazyPage(() => import('./pages/surveys/survey-result-page'), 'SurveyResultPage');
const AppInstallPage = lazyPage(() => import('./pages/app-install/app-install-page'), 'AppInstallPage');
const ProfilePage = lazyPage(() => import('./pages/user/profile-page'), 'ProfilePage');
const CancellationPage = lazyPage(() => import('./pages/cancellation/cancellation-page'), 'CancellationPage');
const CancellationDonePage = lazyPage(() => import('./pages/cancellation/cancellation-done-page'), 'CancellationDonePage', {
  queries: false,
});
const MfaSettingPage = lazyPage(() => import('./pages/user/mfa/mfa-setting-page'), 'MfaSettingPage');
const MyActivityPage = lazyPage(() => import('./pages/activity/my-activity-page'), 'MyActivityPage');
const SignInSettingsPage = lazyPage(() => import('./pages/sign-in-settings/sign-in-settings-page'), 'SignInSettingsPage');
const WalkingEventsRoute = lazyPage(() => import('./pages/walking-events/walking-pages'), 'WalkingEventsRoute');
const ViolationReportsRoute = lazyPage(() => import('./pages/violation-reports/reports-route'), 'ViolationReportsRoute');
const AdminRewardsRoute = lazyPage(() => import('./pages/admin-rewards/admin-rewards-route'), 'AdminRewardsRoute');
const MemberRewardsRoute = lazyPage(() => import('./pages/rewards/member-rewards-route'), 'MemberRewardsRoute');
// The platform-admin console (issue 20): a chunk per page, each within the route budget.
const AdminDashboardPage = lazyPage(() => import('./pages/admin-console/admin-dashboard-page'), 'DashboardPage');
const AdminUsersPage = lazyPage(() => import('./pages/admin-console/admin-users-page'), 'UsersPage');
const AdminAppInformationsPage = lazyPage(() => import('./pages/admin-console/admin-app-informations-page'), 'AppInformationsPage');
const AdminSystemSettingsPage = lazyPage(() => import('./pages/admin-console/admin-system-settings-page'), 'SystemSettingsPage');
const AdminChangeRequestsPage = lazyPage(() => import('./pages/admin-console/admin-change-requests-queue-page'), 'ChangeRequestsQueuePage');
const AdminExportsPage = lazyPage(() => import('./pages/admin-console/admin-exports-page'), 'ExportsPage');
const AdminStaffActionsPage = lazyPage(() => import('./pages/admin-console/admin-staff-actions-page'), 'StaffActionsPage');
const OrganizationChangeRequestsPage = lazyPage(
  () => import('./pages/change-requests/organization-change-requests-page'),
  'OrganizationChangeRequestsPage',
);
const WorkoutDashboardPage = lazyPage(() => import('./pages/workout-dashboard/workout-dashboard-page'), 'WorkoutDashboardPage');

/** The routes of SPEC §2 with the guards of §6. Pages later issues build say so. */
export const routes: RouteObject[] = createRoutesFromElements(
  <Route element={<AppLayout />}>
    <Route path="login" element={<LoginPage />} />
    <Route path="user/reset_password" element={<ResetPasswordPage />} />
    {/* Reached from mail links or by guests without an account. */}
    <Route path="user/invitation" element={<InvitationPage />} />
    <Route path="user/sign_up" element={<SignUpPage />} />
    <Route path="user/confirmation" element={<ConfirmationPage />} />
    <Route path="user/actions" element={<ActionsPage />} />
    <Route path="shared_events/:id" element={<SharedEventPage />} />
    {/* Signed out: the account was just closed (issue 16). */}
    <Route path="user/cancellation/done" element={<CancellationDonePage />} />

    <Route element={<RequireSignedIn />}>
      <Route index element={<HomePage />} />
      <Route path="events" element={<EventsPage />} />
      <Route path="events/new" element={<EventFormPage />} />
      <Route path="events/:id" element={<EventPage />} />
      <Route path="events/:id/edit" element={<EventFormPage />} />
      <Route path="guilds" element={<GuildsPage />} />
      <Route path="guilds/new" element={<GuildFormPage />} />
      <Route path="guilds/:id" element={<GuildPage />} />
      <Route path="guilds/:id/edit" element={<GuildFormPage />} />
      <Route path="guilds/:id/dashboard" element={<GuildDashboardPage />} />
      <Route path="send_coins" element={<SendCoinsPage />} />
      <Route path="walking_events/:id" element={<WalkingEventsRoute />} />
      <Route path="activity" element={<MyActivityPage />} />
      <Route path="rewards" element={<MemberRewardsRoute />} />
      <Route path="quests" element={<MemberRewardsRoute />} />
      <Route path="app_install" element={<AppInstallPage />} />
      <Route path="user/profile" element={<ProfilePage />} />
      <Route path="user/cancellation" element={<CancellationPage />} />
      <Route path="user/mfa_setting" element={<MfaSettingPage />} />

      <Route path="org/:identifier" element={<OrganizationProvider />}>
        <Route element={<RequireOrganizationMember />}>
          <Route index element={<WorkoutDashboardPage />} />
          <Route path="events" element={<CommunicationDashboardPage />} />
          <Route path="news" element={<NewsPage />} />
          <Route path="members" element={<MembersPage />} />
          <Route path="groups" element={<GroupsPage />} />
          <Route path="walking_events" element={<WalkingEventsRoute />} />
          <Route path="walking_events/:id" element={<WalkingEventsRoute />} />
          {/* The queue, and with :reportId a report's detail (one route: /login's entry stays within its budget). */}
          <Route path="violation_reports/:reportId?" element={<ViolationReportsRoute />} />
          <Route path="kiwi_coin_transfers" element={<OrganizationCoinTransfersPage />} />
          <Route path="external_services" element={<ExternalServicesPage />} />
          <Route path="sign_in_settings" element={<SignInSettingsPage />} />
          <Route path="change_requests" element={<OrganizationChangeRequestsPage />} />
        </Route>
        {/* SPEC §2, §6: the manager-only restriction is lifted in the survey area. */}
        <Route path="well_being_surveys" element={<RequireOrganizationMember managerOnly={false} />}>
          <Route index element={<OrganizationSurveysPage />} />
          <Route path=":id" element={<SurveyAnswerPage />} />
          <Route path=":id/result" element={<SurveyResultPage />} />
        </Route>
      </Route>

      <Route path="_admin" element={<RequireAdmin />}>
        {/* The console (issue 20): dashboard, users, change requests, app informations, system settings, exports, log. */}
        <Route index element={<AdminDashboardPage />} />
        <Route path="users" element={<AdminUsersPage />} />
        <Route path="change_requests" element={<AdminChangeRequestsPage />} />
        <Route path="app_informations" element={<AdminAppInformationsPage />} />
        <Route path="system_settings" element={<AdminSystemSettingsPage />} />
        <Route path="exports" element={<AdminExportsPage />} />
        <Route path="staff_actions" element={<AdminStaffActionsPage />} />
        <Route path="org" element={<AdminOrganizationsPage />} />
        <Route path="gifts" element={<AdminRewardsRoute />} />
        <Route path="gifts/draws" element={<AdminRewardsRoute />} />
        <Route path="gift_categories" element={<AdminRewardsRoute />} />
        <Route path="quests" element={<AdminRewardsRoute />} />
        <Route path="well_being_surveys" element={<AdminSurveysPage />} />
        <Route path="kiwi_coin_transfers" element={<AdminCoinTransfersPage />} />
      </Route>
    </Route>

    <Route path="*" element={<NotFoundPage />} />
  </Route>,
);

export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The lazy pages `pathname` shows, to prefetch. The pages behind sign-in count only for a signed-in session: a visitor
 * of /login would be sent back to /login by them, so their chunks are not loaded for nothing.
 */
export function lazyPagesOf(pathname: string, signedIn: boolean): { preload(): Promise<unknown> }[] {
  const matches = matchRoutes(routes, pathname) ?? [];
  if (!signedIn && matches.some((match) => elementType(match.route.element) === RequireSignedIn)) return [];
  return matches.flatMap((match) => {
    const type = elementType(match.route.element);
    return typeof type === 'function' && 'preload' in type && typeof type.preload === 'function'
      ? [type as unknown as { preload(): Promise<unknown> }]
      : [];
  });
}

/** Starts loading the chunks of the pages `pathname` shows (see {@link lazyPagesOf}); failures are retried on render. */
export function preloadPath(pathname: string, signedIn: boolean): void {
  for (const page of lazyPagesOf(pathname, signedIn)) page.preload().catch(() => {});
}

const elementType = (element: ReactNode) => (isValidElement(element) ? element.type : undefined);
