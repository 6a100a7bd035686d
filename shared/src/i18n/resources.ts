import enActions from '../../../locales/en/actions.json' with { type: 'json' };
import enActivity from '../../../locales/en/activity.json' with { type: 'json' };
import enAppInstall from '../../../locales/en/app-install.json' with { type: 'json' };
import enCancellation from '../../../locales/en/cancellation.json' with { type: 'json' };
import enCoins from '../../../locales/en/coins.json' with { type: 'json' };
import enCommon from '../../../locales/en/common.json' with { type: 'json' };
import enDateCalendar from '../../../locales/en/date-calendar.json' with { type: 'json' };
import enDatePicker from '../../../locales/en/date-picker.json' with { type: 'json' };
import enErrors from '../../../locales/en/errors.json' with { type: 'json' };
import enEvents from '../../../locales/en/events.json' with { type: 'json' };
import enGiftAudit from '../../../locales/en/gift-audit.json' with { type: 'json' };
import enGuilds from '../../../locales/en/guilds.json' with { type: 'json' };
import enHome from '../../../locales/en/home.json' with { type: 'json' };
import enMail from '../../../locales/en/mail.json' with { type: 'json' };
import enOrganization from '../../../locales/en/organization.json' with { type: 'json' };
import enPortal from '../../../locales/en/portal.json' with { type: 'json' };
import enProfile from '../../../locales/en/profile.json' with { type: 'json' };
import enPush from '../../../locales/en/push.json' with { type: 'json' };
import enMfa from '../../../locales/en/mfa.json' with { type: 'json' };
import enModeration from '../../../locales/en/moderation.json' with { type: 'json' };
import enReport from '../../../locales/en/report.json' with { type: 'json' };
import enSignup from '../../../locales/en/signup.json' with { type: 'json' };
import enSlack from '../../../locales/en/slack.json' with { type: 'json' };
import enSso from '../../../locales/en/sso.json' with { type: 'json' };
import enSurveys from '../../../locales/en/surveys.json' with { type: 'json' };
import enValidation from '../../../locales/en/validation.json' with { type: 'json' };
import enRewards from '../../../locales/en/rewards.json' with { type: 'json' };
import enGiftsAdmin from '../../../locales/en/gifts-admin.json' with { type: 'json' };
import enQuests from '../../../locales/en/quests.json' with { type: 'json' };
import enWalking from '../../../locales/en/walking.json' with { type: 'json' };
import enWidgets from '../../../locales/en/widgets.json' with { type: 'json' };
import jaActions from '../../../locales/ja/actions.json' with { type: 'json' };
import jaActivity from '../../../locales/ja/activity.json' with { type: 'json' };
import jaAppInstall from '../../../locales/ja/app-install.json' with { type: 'json' };
import jaCancellation from '../../../locales/ja/cancellation.json' with { type: 'json' };
import jaCoins from '../../../locales/ja/coins.json' with { type: 'json' };
import jaCommon from '../../../locales/ja/common.json' with { type: 'json' };
import jaDateCalendar from '../../../locales/ja/date-calendar.json' with { type: 'json' };
import jaDatePicker from '../../../locales/ja/date-picker.json' with { type: 'json' };
import jaErrors from '../../../locales/ja/errors.json' with { type: 'json' };
import jaEvents from '../../../locales/ja/events.json' with { type: 'json' };
import jaGiftAudit from '../../../locales/ja/gift-audit.json' with { type: 'json' };
import jaGuilds from '../../../locales/ja/guilds.json' with { type: 'json' };
import jaHome from '../../../locales/ja/home.json' with { type: 'json' };
import jaMail from '../../../locales/ja/mail.json' with { type: 'json' };
import jaOrganization from '../../../locales/ja/organization.json' with { type: 'json' };
import jaPortal from '../../../locales/ja/portal.json' with { type: 'json' };
import jaProfile from '../../../locales/ja/profile.json' with { type: 'json' };
import jaPush from '../../../locales/ja/push.json' with { type: 'json' };
import jaMfa from '../../../locales/ja/mfa.json' with { type: 'json' };
import jaModeration from '../../../locales/ja/moderation.json' with { type: 'json' };
import jaReport from '../../../locales/ja/report.json' with { type: 'json' };
import jaSignup from '../../../locales/ja/signup.json' with { type: 'json' };
import jaSlack from '../../../locales/ja/slack.json' with { type: 'json' };
import jaSso from '../../../locales/ja/sso.json' with { type: 'json' };
import jaSurveys from '../../../locales/ja/surveys.json' with { type: 'json' };
import jaValidation from '../../../locales/ja/validation.json' with { type: 'json' };
import jaRewards from '../../../locales/ja/rewards.json' with { type: 'json' };
import jaGiftsAdmin from '../../../locales/ja/gifts-admin.json' with { type: 'json' };
import jaQuests from '../../../locales/ja/quests.json' with { type: 'json' };
import jaWalking from '../../../locales/ja/walking.json' with { type: 'json' };
import jaWidgets from '../../../locales/ja/widgets.json' with { type: 'json' };

import enAdminDashboard from '../../../locales/en/admin-dashboard.json' with { type: 'json' };
import enAdminUsers from '../../../locales/en/admin-users.json' with { type: 'json' };
import enAdminOrganizations from '../../../locales/en/admin-organizations.json' with { type: 'json' };
import enChangeRequests from '../../../locales/en/change-requests.json' with { type: 'json' };
import enAppInformations from '../../../locales/en/app-informations.json' with { type: 'json' };
import enSystemSettings from '../../../locales/en/system-settings.json' with { type: 'json' };
import enAdminExports from '../../../locales/en/admin-exports.json' with { type: 'json' };
import enStaffActions from '../../../locales/en/staff-actions.json' with { type: 'json' };
import jaAdminDashboard from '../../../locales/ja/admin-dashboard.json' with { type: 'json' };
import jaAdminUsers from '../../../locales/ja/admin-users.json' with { type: 'json' };
import jaAdminOrganizations from '../../../locales/ja/admin-organizations.json' with { type: 'json' };
import jaChangeRequests from '../../../locales/ja/change-requests.json' with { type: 'json' };
import jaAppInformations from '../../../locales/ja/app-informations.json' with { type: 'json' };
import jaSystemSettings from '../../../locales/ja/system-settings.json' with { type: 'json' };
import jaAdminExports from '../../../locales/ja/admin-exports.json' with { type: 'json' };
import jaStaffActions from '../../../locales/ja/staff-actions.json' with { type: 'json' };
// Static imports put every string in the bundle (no loading state); locales.test.ts fails when a namespace file is not listed here.
export const resources = {
  ja: {
    common: jaCommon,
    errors: jaErrors,
    validation: jaValidation,
    portal: jaPortal,
    organization: jaOrganization,
    activity: jaActivity,
    'app-install': jaAppInstall,
    events: jaEvents,
    guilds: jaGuilds,
    coins: jaCoins,
    surveys: jaSurveys,
    slack: jaSlack,
    mail: jaMail,
    widgets: jaWidgets,
    home: jaHome,
    profile: jaProfile,
    push: jaPush,
    actions: jaActions,
    cancellation: jaCancellation,
    mfa: jaMfa,
    signup: jaSignup,
    sso: jaSso,
    walking: jaWalking,
    'date-picker': jaDatePicker,
    'date-calendar': jaDateCalendar,
    rewards: jaRewards,
    'gifts-admin': jaGiftsAdmin,
    quests: jaQuests,
    'gift-audit': jaGiftAudit,
    moderation: jaModeration,
    report: jaReport,
    'admin-dashboard': jaAdminDashboard,
    'admin-users': jaAdminUsers,
    'admin-organizations': jaAdminOrganizations,
    'change-requests': jaChangeRequests,
    'app-informations': jaAppInformations,
    'system-settings': jaSystemSettings,
    'admin-exports': jaAdminExports,
    'staff-actions': jaStaffActions,
  },
  en: {
    common: enCommon,
    errors: enErrors,
    validation: enValidation,
    portal: enPortal,
    organization: enOrganization,
    activity: enActivity,
    'app-install': enAppInstall,
    events: enEvents,
    guilds: enGuilds,
    coins: enCoins,
    surveys: enSurveys,
    slack: enSlack,
    mail: enMail,
    widgets: enWidgets,
    home: enHome,
    profile: enProfile,
    push: enPush,
    actions: enActions,
    cancellation: enCancellation,
    mfa: enMfa,
    signup: enSignup,
    sso: enSso,
    walking: enWalking,
    'date-picker': enDatePicker,
    'date-calendar': enDateCalendar,
    rewards: enRewards,
    'gifts-admin': enGiftsAdmin,
    quests: enQuests,
    'gift-audit': enGiftAudit,
    moderation: enModeration,
    report: enReport,
    'admin-dashboard': enAdminDashboard,
    'admin-users': enAdminUsers,
    'admin-organizations': enAdminOrganizations,
    'change-requests': enChangeRequests,
    'app-informations': enAppInformations,
    'system-settings': enSystemSettings,
    'admin-exports': enAdminExports,
    'staff-actions': enStaffActions,
  },
};

export type Namespace = keyof (typeof resources)['ja'];
export const NAMESPACES = Object.keys(resources.ja) as Namespace[];
