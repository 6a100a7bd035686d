import { Route, Routes } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { RequireAdmin, RequireOrganizationMember, RequireSignedIn } from './guards/guards';
import { ComingSoonPage } from './pages/coming-soon-page';
import { LoginPage } from './pages/login-page';
import { NotFoundPage } from './pages/not-found-page';
import { ResetPasswordPage } from './pages/reset-password-page';

/** The routes of SPEC §2 with the guards of §6. Pages later issues build say so. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="login" element={<LoginPage />} />
        <Route path="user/reset_password" element={<ResetPasswordPage />} />
        {/* Reached from mail links or by guests without an account. */}
        <Route path="user/invitation" element={<ComingSoonPage area="public" page="invitation" />} />
        <Route path="user/confirmation" element={<ComingSoonPage area="public" page="confirmation" />} />
        <Route path="user/actions" element={<ComingSoonPage area="public" page="userActions" />} />
        <Route path="shared_events/:id" element={<ComingSoonPage area="public" page="sharedEvent" />} />

        <Route element={<RequireSignedIn />}>
          <Route index element={<ComingSoonPage area="member" page="home" />} />
          <Route path="events" element={<ComingSoonPage area="member" page="events" />} />
          <Route path="events/new" element={<ComingSoonPage area="member" page="eventNew" />} />
          <Route path="events/:id" element={<ComingSoonPage area="member" page="eventDetail" />} />
          <Route path="events/:id/edit" element={<ComingSoonPage area="member" page="eventEdit" />} />
          <Route path="guilds" element={<ComingSoonPage area="member" page="guilds" />} />
          <Route path="guilds/new" element={<ComingSoonPage area="member" page="guildNew" />} />
          <Route path="guilds/:id" element={<ComingSoonPage area="member" page="guildDetail" />} />
          <Route path="guilds/:id/edit" element={<ComingSoonPage area="member" page="guildEdit" />} />
          <Route path="send_coins" element={<ComingSoonPage area="member" page="sendCoins" />} />
          <Route path="app_install" element={<ComingSoonPage area="member" page="appInstall" />} />
          <Route path="user/mfa_setting" element={<ComingSoonPage area="member" page="mfaSetting" />} />
          <Route path="user/cancellation" element={<ComingSoonPage area="member" page="cancellation" />} />

          <Route path="org/:identifier">
            <Route element={<RequireOrganizationMember />}>
              <Route index element={<ComingSoonPage area="organization" page="workoutDashboard" />} />
              <Route path="events" element={<ComingSoonPage area="organization" page="communicationDashboard" />} />
              <Route path="news" element={<ComingSoonPage area="organization" page="news" />} />
              <Route path="members" element={<ComingSoonPage area="organization" page="members" />} />
              <Route path="groups" element={<ComingSoonPage area="organization" page="groups" />} />
              <Route path="walking_events" element={<ComingSoonPage area="organization" page="walkingEvents" />} />
              <Route path="violation_reports" element={<ComingSoonPage area="organization" page="violationReports" />} />
              <Route path="kiwi_coin_transfers" element={<ComingSoonPage area="organization" page="kiwiCoinTransfers" />} />
              <Route path="external_services" element={<ComingSoonPage area="organization" page="externalServices" />} />
            </Route>
            {/* SPEC §2, §6: the manager-only restriction is lifted in the survey area. */}
            <Route path="well_being_surveys" element={<RequireOrganizationMember managerOnly={false} />}>
              <Route index element={<ComingSoonPage area="organization" page="wellBeingSurveys" />} />
              <Route path=":id" element={<ComingSoonPage area="organization" page="wellBeingSurveyAnswer" />} />
              <Route path=":id/result" element={<ComingSoonPage area="organization" page="wellBeingSurveyResult" />} />
            </Route>
          </Route>

          <Route path="_admin" element={<RequireAdmin />}>
            <Route index element={<ComingSoonPage area="admin" page="dashboard" />} />
            <Route path="users" element={<ComingSoonPage area="admin" page="users" />} />
            <Route path="org" element={<ComingSoonPage area="admin" page="organizations" />} />
            <Route path="gifts" element={<ComingSoonPage area="admin" page="gifts" />} />
            <Route path="gift_categories" element={<ComingSoonPage area="admin" page="giftCategories" />} />
            <Route path="quests" element={<ComingSoonPage area="admin" page="quests" />} />
            <Route path="well_being_surveys" element={<ComingSoonPage area="admin" page="wellBeingSurveys" />} />
            <Route path="app_informations" element={<ComingSoonPage area="admin" page="appInformations" />} />
            <Route path="kiwi_coin_transfers" element={<ComingSoonPage area="admin" page="kiwiCoinTransfers" />} />
            <Route path="system_settings" element={<ComingSoonPage area="admin" page="systemSettings" />} />
          </Route>
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
