import { Route, Routes } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { RequireAdmin, RequireOrganizationMember, RequireSignedIn } from './guards/guards';
import { OrganizationProvider } from './organization/organization-context';
import { InvitationPage } from './pages/invitation/invitation-page';
import { AdminOrganizationsPage } from './pages/organization/admin-organizations-page';
import { GroupsPage } from './pages/organization/groups-page';
import { MembersPage } from './pages/organization/members-page';
import { NewsPage } from './pages/organization/news-page';
import { ComingSoonPage } from './pages/coming-soon-page';
import { AdminCoinTransfersPage, OrganizationCoinTransfersPage } from './pages/coin-transfers/coin-transfers-page';
import { ExternalServicesPage } from './pages/external-services/external-services-page';
import { SendCoinsPage } from './pages/send-coins/send-coins-page';
import { CommunicationDashboardPage } from './pages/communication-dashboard/communication-dashboard-page';
import { EventFormPage } from './pages/events/event-form-page';
import { EventPage } from './pages/events/event-page';
import { EventsPage } from './pages/events/events-page';
import { SharedEventPage } from './pages/shared-events/shared-event-page';
import { LoginPage } from './pages/login-page';
import { GuildDashboardPage } from './pages/guilds/guild-dashboard-page';
import { GuildFormPage } from './pages/guilds/guild-form-page';
import { GuildPage } from './pages/guilds/guild-page';
import { GuildsPage } from './pages/guilds/guilds-page';
import { NotFoundPage } from './pages/not-found-page';
import { ResetPasswordPage } from './pages/reset-password-page';
import { AdminSurveysPage } from './pages/surveys/admin-surveys-page';
import { OrganizationSurveysPage } from './pages/surveys/organization-surveys-page';
import { SurveyAnswerPage } from './pages/surveys/survey-answer-page';
import { SurveyResultPage } from './pages/surveys/survey-result-page';
import { MyActivityPage } from './pages/activity/my-activity-page';
import { WorkoutDashboardPage } from './pages/workout-dashboard/workout-dashboard-page';

/** The routes of SPEC §2 with the guards of §6. Pages later issues build say so. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="login" element={<LoginPage />} />
        <Route path="user/reset_password" element={<ResetPasswordPage />} />
        {/* Reached from mail links or by guests without an account. */}
        <Route path="user/invitation" element={<InvitationPage />} />
        <Route path="user/confirmation" element={<ComingSoonPage area="public" page="confirmation" />} />
        <Route path="user/actions" element={<ComingSoonPage area="public" page="userActions" />} />
        <Route path="shared_events/:id" element={<SharedEventPage />} />

        <Route element={<RequireSignedIn />}>
          <Route index element={<ComingSoonPage area="member" page="home" />} />
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
          <Route path="activity" element={<MyActivityPage />} />
          <Route path="app_install" element={<ComingSoonPage area="member" page="appInstall" />} />
          <Route path="user/mfa_setting" element={<ComingSoonPage area="member" page="mfaSetting" />} />
          <Route path="user/cancellation" element={<ComingSoonPage area="member" page="cancellation" />} />

          <Route path="org/:identifier" element={<OrganizationProvider />}>
            <Route element={<RequireOrganizationMember />}>
              <Route index element={<WorkoutDashboardPage />} />
              <Route path="events" element={<CommunicationDashboardPage />} />
              <Route path="news" element={<NewsPage />} />
              <Route path="members" element={<MembersPage />} />
              <Route path="groups" element={<GroupsPage />} />
              <Route path="walking_events" element={<ComingSoonPage area="organization" page="walkingEvents" />} />
              <Route path="violation_reports" element={<ComingSoonPage area="organization" page="violationReports" />} />
              <Route path="kiwi_coin_transfers" element={<OrganizationCoinTransfersPage />} />
              <Route path="external_services" element={<ExternalServicesPage />} />
            </Route>
            {/* SPEC §2, §6: the manager-only restriction is lifted in the survey area. */}
            <Route path="well_being_surveys" element={<RequireOrganizationMember managerOnly={false} />}>
              <Route index element={<OrganizationSurveysPage />} />
              <Route path=":id" element={<SurveyAnswerPage />} />
              <Route path=":id/result" element={<SurveyResultPage />} />
            </Route>
          </Route>

          <Route path="_admin" element={<RequireAdmin />}>
            <Route index element={<ComingSoonPage area="admin" page="dashboard" />} />
            <Route path="users" element={<ComingSoonPage area="admin" page="users" />} />
            <Route path="org" element={<AdminOrganizationsPage />} />
            <Route path="gifts" element={<ComingSoonPage area="admin" page="gifts" />} />
            <Route path="gift_categories" element={<ComingSoonPage area="admin" page="giftCategories" />} />
            <Route path="quests" element={<ComingSoonPage area="admin" page="quests" />} />
            <Route path="well_being_surveys" element={<AdminSurveysPage />} />
            <Route path="app_informations" element={<ComingSoonPage area="admin" page="appInformations" />} />
            <Route path="kiwi_coin_transfers" element={<AdminCoinTransfersPage />} />
            <Route path="system_settings" element={<ComingSoonPage area="admin" page="systemSettings" />} />
          </Route>
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
