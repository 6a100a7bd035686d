import { firstMembership, type KiwiUser } from '../session/kiwi-user';
import { managedOrganizationIdentifier } from '../guards/access';
import type { DrawerVariant } from './layout-rules';

/**
 * A drawer entry: `label` is a key in the portal namespace; `end` marks links active only on their exact path; `badge`
 * shows the pending violation report count beside it (issue 19 point 5).
 */
export type MenuItem = { to: string; label: string; end?: boolean; badge?: true };

export function memberMenu(user: KiwiUser | null): MenuItem[] {
  const membership = firstMembership(user);
  const items: MenuItem[] = [
    { to: '/events', label: 'pages.member.events' },
    { to: '/guilds', label: 'pages.member.guilds' },
    { to: '/send_coins', label: 'pages.member.sendCoins' },
    // Issue 18: rewards are spent and quests completed by a membership, like activity.
    ...(user?.organizationMembers.length
      ? [
          { to: '/rewards', label: 'pages.member.rewards' },
          { to: '/quests', label: 'pages.member.quests' },
        ]
      : []),
    // Activity is logged for a membership: a platform admin without one has nothing to log.
    ...(user?.organizationMembers.length ? [{ to: '/activity', label: 'activity:menu.myActivity' }] : []),
    // SPEC §2/§6: every member answers their organisation's surveys (manager-only lifted there).
    ...(membership
      ? [{ to: `/org/${encodeURIComponent(membership.organization.identifier)}/well_being_surveys`, label: 'home:menu.wellBeingSurveys' }]
      : []),
    { to: '/app_install', label: 'pages.member.appInstall' },
    { to: '/user/profile', label: 'profile:menu.profile' },
    { to: '/user/mfa_setting', label: 'pages.member.mfaSetting' },
  ];
  const identifier = managedOrganizationIdentifier(user);
  if (identifier) items.push({ to: `/org/${encodeURIComponent(identifier)}`, label: 'menu.organizationArea' });
  return items;
}

export function organizationMenu(identifier: string): MenuItem[] {
  const base = `/org/${encodeURIComponent(identifier)}`;
  return [
    { to: base, label: 'pages.organization.workoutDashboard', end: true },
    { to: `${base}/events`, label: 'pages.organization.communicationDashboard' },
    { to: `${base}/news`, label: 'pages.organization.news' },
    { to: `${base}/members`, label: 'pages.organization.members' },
    { to: `${base}/groups`, label: 'pages.organization.groups' },
    { to: `${base}/walking_events`, label: 'pages.organization.walkingEvents' },
    { to: `${base}/violation_reports`, label: 'pages.organization.violationReports', badge: true },
    { to: `${base}/kiwi_coin_transfers`, label: 'pages.organization.kiwiCoinTransfers' },
    { to: `${base}/external_services`, label: 'pages.organization.externalServices' },
    { to: `${base}/sign_in_settings`, label: 'sso:settings.title' },
    { to: `${base}/change_requests`, label: 'pages.organization.changeRequests' },
    { to: `${base}/well_being_surveys`, label: 'pages.organization.wellBeingSurveys' },
    { to: '/', label: 'menu.backToHome', end: true },
  ];
}

export const ADMIN_MENU: MenuItem[] = [
  { to: '/_admin', label: 'pages.admin.dashboard', end: true },
  { to: '/_admin/users', label: 'pages.admin.users' },
  { to: '/_admin/org', label: 'pages.admin.organizations' },
  { to: '/_admin/change_requests', label: 'pages.admin.changeRequests' },
  { to: '/_admin/gifts', label: 'pages.admin.gifts' },
  { to: '/_admin/gift_categories', label: 'pages.admin.giftCategories' },
  { to: '/_admin/quests', label: 'pages.admin.quests' },
  { to: '/_admin/well_being_surveys', label: 'pages.admin.wellBeingSurveys' },
  { to: '/_admin/app_informations', label: 'pages.admin.appInformations' },
  { to: '/_admin/kiwi_coin_transfers', label: 'pages.admin.kiwiCoinTransfers' },
  { to: '/_admin/system_settings', label: 'pages.admin.systemSettings' },
  { to: '/_admin/exports', label: 'pages.admin.exports' },
  { to: '/_admin/staff_actions', label: 'pages.admin.staffActions' },
];

export function menuFor(variant: DrawerVariant, user: KiwiUser | null, identifier: string | undefined): MenuItem[] {
  if (variant === 'admin') return ADMIN_MENU;
  if (variant === 'organization' && identifier) return organizationMenu(identifier);
  return memberMenu(user);
}
