// Object-level rights (ARCHITECTURE "Server module pattern"): beyond a route's guard, a handler asks
// `authorize(actor, action, subject)` here instead of re-deriving who may act on what.
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { canAccessOrganization } from '@kiwi/shared/domain/organization-access';
import { ApiError, forbidden } from '../jsonapi/errors';
import { firstMembership, isAdmin, mustAddSecondFactor } from './guards';
import type { Session, SessionMembership } from './session-cache';

/** A person as rights see them: their platform role and the organisations they are a member of. */
export type UserSubject = { kind: 'user'; role: string; organizationIds: readonly number[] };
export type OrganizationSubject = { kind: 'organization'; id: number };
/** An organisation as a route names it, by id or by identifier (identifiers are never all digits), before any lookup. */
export type OrganizationKeySubject = { kind: 'organizationKey'; key: number | string };
/** The platform as a whole: who acts as its operator (its writes are logged as an admin's, anywhere). */
export type PlatformSubject = { kind: 'platform' };
export const PLATFORM: PlatformSubject = { kind: 'platform' };
/** The platform's settings as a whole (SPEC §3 "System setting"). */
export type SystemSettingsSubject = { kind: 'systemSettings' };
export const SYSTEM_SETTINGS: SystemSettingsSubject = { kind: 'systemSettings' };
/** A user's own profile and devices (PUT /api/users/{id}). */
export type ProfileSubject = { kind: 'profile'; userId: number };
/** The platform's gift catalogue as a whole (issue 18): gifts and gift categories. */
export type GiftCatalogueSubject = { kind: 'giftCatalogue' };
export const GIFT_CATALOGUE: GiftCatalogueSubject = { kind: 'giftCatalogue' };
/** Whose devices (push tokens) are acted on: the user's id. */
export type DevicesSubject = { kind: 'devices'; userId: number };
/** Whose membership is cancelled (issue 16): the user's id. */
export type AccountSubject = { kind: 'account'; userId: number };

/** The platform's weekly gift budgets, every organisation's (issue 18). */
export type GiftBudgetsSubject = { kind: 'giftBudgets' };
export const GIFT_BUDGETS: GiftBudgetsSubject = { kind: 'giftBudgets' };
/** Every organisation's gacha draws, their random values and odds tables (issue 18 point 4). */
export type GachaDrawsSubject = { kind: 'gachaDraws' };
export const GACHA_DRAWS: GachaDrawsSubject = { kind: 'gachaDraws' };

/** Score and return-amount exports, every organisation's (issue 20 point 7). */
export type ExportsSubject = { kind: 'exports' };
export const EXPORTS: ExportsSubject = { kind: 'exports' };
/** Every organisation's change requests as the platform admin decides them (issue 20 point 4). */
export type ChangeRequestQueueSubject = { kind: 'changeRequestQueue' };
export const CHANGE_REQUEST_QUEUE: ChangeRequestQueueSubject = { kind: 'changeRequestQueue' };
/** The staff action log, every organisation's (issue 20 point 8). */
export type StaffActionsSubject = { kind: 'staffActions' };
export const STAFF_ACTIONS: StaffActionsSubject = { kind: 'staffActions' };
/** Issue 20 part A: the platform at a glance, every organisation's figures (admin only). */
export type AdminDashboardSubject = { kind: 'adminDashboard' };
export const ADMIN_DASHBOARD: AdminDashboardSubject = { kind: 'adminDashboard' };
/** Issue 20 point 2: the platform's users as a whole (the admin console's users list and its actions). */
export type PlatformUsersSubject = { kind: 'platformUsers' };
export const PLATFORM_USERS: PlatformUsersSubject = { kind: 'platformUsers' };
/** The platform's app informations as a whole (issue 20 point 5): list, write, schedule, unpublish. */
export type AppInformationsSubject = { kind: 'appInformations' };
export const APP_INFORMATIONS: AppInformationsSubject = { kind: 'appInformations' };

/**
 * An event as rights see it (spec §6 event roles): its organisation and range, and the viewer's own row among its
 * members (looked up only when the viewer's first membership is in that organisation).
 */
export type EventSubject = {
  kind: 'event';
  organizationId: number;
  publicRange: string;
  eventMember: { status: string; role: string } | null;
};
/** A guild as rights see it: its organisation, range and author, and the viewer's membership status in it. */
export type GuildSubject = {
  kind: 'guild';
  organizationId: number;
  publicRange: string;
  authorMemberId: number | null;
  membershipStatus: string | null;
};
/** A survey as rights see it: the organisation it belongs to. */
export type SurveySubject = { kind: 'survey'; organizationId: number };
/** Every organisation's surveys at once (the list and the lookup by id, unscoped). */
export type AllSurveysSubject = { kind: 'allSurveys' };
export const ALL_SURVEYS: AllSurveysSubject = { kind: 'allSurveys' };

/** Nobody in particular: an id that names no user. Only an admin passes, and then learns it does not exist. */
export const UNKNOWN_USER: UserSubject = { kind: 'user', role: 'member', organizationIds: [] };

type Subjects = {
  /** Spec §6 organisation guard: open `/organizations/:id` (by id or identifier) as a member of it. */
  'organization.open': OrganizationKeySubject;
  /** Spec §6 organisation guard, manager-only: change `/organizations/:id`, act as its staff. */
  'organization.edit': OrganizationKeySubject;
  /** An organisation's contract (plan, seats, fields a manager may not change; issue 20): admin only. */
  'organization.changeContract': OrganizationSubject;
  /** Act as the platform's operator: staff writes logged as an admin's, with no organisation of their own. */
  'platform.administer': PlatformSubject;
  /** Change or import a membership held by a platform admin (a manager may not; the admins' to change). */
  'adminMembership.change': OrganizationSubject;
  /** Issue 22: a sign-in policy that turns off the method the caller signed in with (a manager would lock themself out). */
  'signInPolicy.excludeOwnMethod': OrganizationSubject;
  /** An organisation's utilisation rates (GET /organizations/utilization_rates): its manager; admins every one. */
  'activity.viewRates': OrganizationSubject;
  /** Issue 19: every team's walking-event board, as the organisation's manager (a member sees only their own team's). */
  'walkingEvent.seeEveryTeam': OrganizationSubject;
  /** Manager's view of their organisation (its members' details, its settings). */
  'organization.manage': OrganizationSubject;
  /** Spec §6 "Managers: ... resend invitations, reset a member's multi-factor authentication". */
  'user.administer': UserSubject;
  /** Spec §6 "Admin only: ... system settings": read the whole list, add and change settings. */
  'systemSettings.manage': SystemSettingsSubject;
  /** Issue 15: a member edits only their own profile; not even their manager edits it. */
  'user.editProfile': ProfileSubject;
  /** Storing, listing or removing a user's push devices (issue 15). */
  'user.devices': DevicesSubject;
  /**
   * Issue 16: a member ends their own membership; nobody, not their manager nor an admin, does it for them here. A
   * platform admin's own account is not closed this way either (another admin removes it).
   */
  'user.cancel': AccountSubject;
  /** Issue 17: create, change and delete an organisation's walking events, their teams and draws. */
  'walkingEvent.manage': OrganizationSubject;
  /** Issue 17: read an organisation's walking events and rankings (as their visibility flags allow). */
  'walkingEvent.view': OrganizationSubject;
  /** Issue 18, SPEC §6 "admin only": the whole catalogue (disabled, expired, prices, giftee codes), its writes. */
  'gifts.manage': GiftCatalogueSubject;
  /** Issue 18: what a member can take now (GET /gifts member view). */
  'gifts.view': GiftCatalogueSubject;
  /** Issue 18: draw the gacha, exchange coins for gifts, list one's redemptions, as a member of this organisation. */
  'gacha.play': OrganizationSubject;
  /** Issue 18: read every organisation's weekly gift budget (admin only). */
  'giftBudgets.view': GiftBudgetsSubject;
  /** Issue 18: audit every organisation's gacha draws, list, CSV and verification (admin only). */
  'gachaDraws.audit': GachaDrawsSubject;
  /** Issue 19: report content of an organisation (its members; an admin outside it has nothing to report as). */
  'violationReport.file': OrganizationSubject;
  /** Issue 19: see the queue and evidence, resolve or ignore, set the auto-hide threshold. */
  'violationReport.manage': OrganizationSubject;
  /** Issue 20 point 7, SPEC §6 "admin only": ask for score and return-amount exports, list and download them. */
  'exports.manage': ExportsSubject;
  /** Issue 20 point 4: ask for a change of the organisation's plan, seats or name, list and withdraw its requests. */
  'changeRequest.ask': OrganizationSubject;
  /** Issue 20 point 4: approve or reject any organisation's change request (admin only). */
  'changeRequest.decide': ChangeRequestQueueSubject;
  /** Issue 20 point 8: read the staff action log (admin only; not even a manager reads their organisation's). */
  'staffActions.view': StaffActionsSubject;
  /** Issue 20 part A: the dashboard and the utilisation series of every organisation (admin only). */
  'adminDashboard.view': AdminDashboardSubject;
  /** Issue 20 point 2: list every user, promote or demote admins, turn sign-in off or on, resend, reset MFA (admin only). */
  'platformUsers.manage': PlatformUsersSubject;
  /** Issue 20, SPEC §6 "admin only: app informations": every app information, scheduled and unpublished ones too. */
  'appInformations.manage': AppInformationsSubject;
  /** Spec §6: see an event (a private one only as its member, invitee or the organisation's manager). */
  'event.view': EventSubject;
  /** Organiser rights (edit, cancel, publish, delete, invite, remove, moderate): author, joined co-host, manager. */
  'event.manage': EventSubject;
  /** Posting, reacting and voting in an event: whoever has joined it (admins too only when they have joined). */
  'event.participate': EventSubject;
  /** A guild exists for the viewer (otherwise 404, so private guilds stay unknown): readers and invitees. */
  'guild.see': GuildSubject;
  /** A guild's messages and live stream: public guilds for the organisation's members, private ones for members. */
  'guild.read': GuildSubject;
  /** Edit, delete, pin, remove members: the guild's author and the organisation's managers. */
  'guild.manage': GuildSubject;
  /** Admins see every survey; members the surveys of their (first) organisation. */
  'survey.view': SurveySubject;
  /** Every organisation's surveys, unscoped (admin only); others know their (first) organisation's. */
  'survey.viewAll': AllSurveysSubject;
  /** Only members of the survey's organisation answer (an admin too only as such a member). */
  'survey.answer': SurveySubject;
  /** A survey's organisation results and reminders: the organisation's managers. */
  'survey.manage': SurveySubject;
};
export type Action = keyof Subjects;

/** The manager of the organisation of their FIRST membership (spec §6: only the first one counts). */
function managesOrganizationId(actor: Session, organizationId: number): boolean {
  const membership = firstMembership(actor);
  return membership?.organizationId === organizationId && membership.role === 'manager';
}

/** Whether the actor's first membership (the one that counts, spec §6) is in this organisation. */
function memberOf(actor: Session, organizationId: number): boolean {
  return firstMembership(actor)?.organizationId === organizationId;
}

const isEventOrganiser = ({ eventMember }: EventSubject) =>
  eventMember !== null && eventMember.status === 'joined' && (eventMember.role === 'author' || eventMember.role === 'manager');

function managesGuild(actor: Session, guild: GuildSubject): boolean {
  const membership = firstMembership(actor);
  if (membership?.organizationId !== guild.organizationId) return false;
  return membership.id === guild.authorMemberId || membership.role === 'manager';
}

function readsGuild(actor: Session, guild: GuildSubject): boolean {
  if (managesGuild(actor, guild)) return true;
  return memberOf(actor, guild.organizationId) && (guild.membershipStatus === 'joined' || guild.publicRange === 'public');
}

/** The shared organisation guard (shared/src/domain/organization-access.ts, the portal's too), on the session. */
function entersOrganization(actor: Session, { key }: OrganizationKeySubject, managerOnly: boolean): boolean {
  const isCurrent = (membership: SessionMembership) =>
    typeof key === 'number' ? membership.organizationId === key : membership.organization.identifier === key;
  return canAccessOrganization({ role: actor.user.role, firstMembership: firstMembership(actor) }, isCurrent, { managerOnly });
}

const policies: { [A in Action]: (actor: Session, subject: Subjects[A]) => boolean } = {
  'organization.open': (actor, organization) => entersOrganization(actor, organization, false),
  'organization.edit': (actor, organization) => entersOrganization(actor, organization, true),
  // Nobody but an admin: a manager changes only the fields MANAGER_EDITABLE_ORGANIZATION_FIELDS lists.
  'organization.changeContract': () => false,
  'platform.administer': () => false,
  'adminMembership.change': () => false,
  // Nobody but an admin, whom no organisation's policy binds.
  'signInPolicy.excludeOwnMethod': () => false,
  'activity.viewRates': (actor, organization) => managesOrganizationId(actor, organization.id),
  'walkingEvent.seeEveryTeam': (actor, organization) => managesOrganizationId(actor, organization.id),
  'organization.manage': (actor, organization) => managesOrganizationId(actor, organization.id),
  // A platform admin is nobody's to administer but another admin's, whatever memberships they hold.
  'user.administer': (actor, user) => user.role !== 'admin' && user.organizationIds.some((id) => managesOrganizationId(actor, id)),
  // Nobody but an admin (whom can() lets through before any policy): no organisation role reaches platform settings.
  'systemSettings.manage': () => false,
  'user.editProfile': (actor, profile) => actor.user.id === profile.userId,
  'user.devices': (actor, devices) => actor.user.id === devices.userId,
  'user.cancel': (actor, account) => actor.user.id === account.userId && !isAdmin(actor),
  'walkingEvent.manage': (actor, organization) => managesOrganizationId(actor, organization.id),
  'walkingEvent.view': (actor, organization) => firstMembership(actor)?.organizationId === organization.id,
  // Nobody but an admin: no organisation role reaches the platform's catalogue.
  'gifts.manage': () => false,
  // Any member (the guard has already refused an inactive first membership).
  'gifts.view': (actor) => firstMembership(actor) !== undefined,
  'gacha.play': (actor, organization) => firstMembership(actor)?.organizationId === organization.id,
  'giftBudgets.view': () => false,
  'gachaDraws.audit': () => false,
  'violationReport.file': (actor, organization) => firstMembership(actor)?.organizationId === organization.id,
  'violationReport.manage': (actor, organization) => managesOrganizationId(actor, organization.id),
  // Nobody but an admin: exports span organisations.
  'exports.manage': () => false,
  'changeRequest.ask': (actor, organization) => managesOrganizationId(actor, organization.id),
  'changeRequest.decide': () => false,
  'staffActions.view': () => false,
  // Nobody but an admin: a manager sees their own organisation's figures on the workout dashboard, not the platform's.
  'adminDashboard.view': () => false,
  // Nobody but an admin: a manager administers their members through the organisation's routes.
  'platformUsers.manage': () => false,
  // Nobody but an admin: members read published ones on their home (GET /home).
  'appInformations.manage': () => false,
  'event.view': (actor, event) =>
    managesOrganizationId(actor, event.organizationId) ||
    (memberOf(actor, event.organizationId) && (event.publicRange === 'public' || event.eventMember !== null)),
  'event.manage': (actor, event) => managesOrganizationId(actor, event.organizationId) || isEventOrganiser(event),
  'event.participate': (actor, event) => memberOf(actor, event.organizationId) && event.eventMember?.status === 'joined',
  'guild.see': (actor, guild) =>
    readsGuild(actor, guild) || (memberOf(actor, guild.organizationId) && guild.membershipStatus === 'invited'),
  'guild.read': readsGuild,
  'guild.manage': managesGuild,
  'survey.view': (actor, survey) => memberOf(actor, survey.organizationId),
  'survey.viewAll': () => false,
  'survey.answer': (actor, survey) => memberOf(actor, survey.organizationId),
  'survey.manage': (actor, survey) => managesOrganizationId(actor, survey.organizationId),
};

/**
 * Actions even a platform admin may do only on their own things. A device is bound to the person who sent it: an
 * admin's browser registered under someone else's id would receive that person's notifications. A change request is
 * an organisation's manager asking the platform admin, who changes an organisation directly instead.
 */
const OWN_ONLY: ReadonlySet<Action> = new Set([
  'user.devices',
  'user.cancel',
  'violationReport.file',
  'changeRequest.ask',
  // Taking part is done as a member: an admin posts in an event or answers a survey only as one.
  'event.participate',
  'survey.answer',
  // Reporting is done as a member: an admin sees another team's board only as the organisation's manager.
  'walkingEvent.seeEveryTeam',
]);

/** Whether the actor may; admins may everything (spec §6 "admin: passes every guard") but the OWN_ONLY actions. */
export function can<A extends Action>(actor: Session, action: A, subject: Subjects[A]): boolean {
  return (isAdmin(actor) && !OWN_ONLY.has(action)) || policies[action](actor, subject);
}

/** What a manager does as a manager: refused without a second factor where the organisation requires one (issue 16). */
const MANAGER_ACTIONS: ReadonlySet<Action> = new Set([
  'organization.manage',
  'user.administer',
  'violationReport.manage',
  'changeRequest.ask',
]);

/**
 * Throws the coded 403 `auth.forbidden` unless the actor may, and `auth.mfaRequired` when a manager's organisation
 * requires a second factor this sign-in did not pass.
 */
export function authorize<A extends Action>(actor: Session, action: A, subject: Subjects[A]): void {
  if (!can(actor, action, subject)) throw forbidden();
  if (MANAGER_ACTIONS.has(action) && mustAddSecondFactor(actor)) throw new ApiError(ErrorCode.authMfaRequired);
}
