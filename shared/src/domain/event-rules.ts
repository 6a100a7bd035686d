// Error codes as literals checked against the ErrorCode union (not the ErrorCode object: widgets use this module).
import type { ErrorCode } from '../api/error-codes';
import { type TextProblem, textProblem } from './graphemes';

/** Spec §9: preset event tags, offered in the tag field (keys of events:presetTags.*). */
export const PRESET_EVENT_TAGS = [
  'beginnersWelcome',
  'experiencedOnly',
  'easy',
  'hard',
  'noPreparationNeeded',
  'familyWelcome',
  'free',
  'onlineOk',
] as const;

/** How a preset event tag is stored: its key behind this prefix ("preset:free"), never a label in one language. */
export const PRESET_TAG_PREFIX = 'preset:';

/** A stored event tag as the reader sees it: a preset ("preset:free") in the reader's language, any other as typed. */
export const eventTagLabel = (tag: string, t: (key: string) => string): string =>
  tag.startsWith(PRESET_TAG_PREFIX) ? t(`events:presetTags.${tag.slice(PRESET_TAG_PREFIX.length)}`) : tag;

/** Limits the spec leaves open; the date range is the date picker's (§9). */
export const EVENT_LIMITS = {
  nameMax: 100,
  descriptionMax: 5000,
  locationMax: 200,
  tagMax: 30,
  tagsMax: 10,
  pollItemsMax: 20,
  pollItemMax: 100,
  applicantsMax: 10_000,
  messageMax: 2000,
  messageImagesMax: 4,
  nicknameMax: 30,
} as const;

export type EventSchedule = {
  startedAt: Date;
  endedAt: Date;
  recruitmentDeadline: Date | null;
  applyMinimum: number | null;
  applyMaximum: number | null;
};

export type EventRuleProblem = { field: 'ended_at' | 'recruitment_deadline' | 'apply_minimum'; code: ErrorCode };

/** Rules between fields (spec §5): end after start, deadline not after start, minimum not above maximum. */
export function eventScheduleProblems(event: EventSchedule): EventRuleProblem[] {
  const problems: EventRuleProblem[] = [];
  if (event.endedAt.getTime() <= event.startedAt.getTime()) problems.push({ field: 'ended_at', code: 'validation.endAfterStart' });
  if (event.recruitmentDeadline && event.recruitmentDeadline.getTime() > event.startedAt.getTime()) {
    problems.push({ field: 'recruitment_deadline', code: 'event.deadlineAfterStart' });
  }
  if (event.applyMinimum !== null && event.applyMaximum !== null && event.applyMinimum > event.applyMaximum) {
    problems.push({ field: 'apply_minimum', code: 'event.minimumAboveMaximum' });
  }
  return problems;
}

/** Spec §5: "event maximum applicants at least the number already joining". */
export function maximumBelowJoined(applyMaximum: number | null, joinedCount: number): boolean {
  return applyMaximum !== null && applyMaximum < joinedCount;
}

export type EventJoinState = {
  cancel: boolean;
  startedAt: Date;
  endedAt: Date;
  recruitmentDeadline: Date | null;
  applyMaximum: number | null;
  joinedCount: number;
};

export type JoinRefusal = 'cancelled' | 'finished' | 'registrationClosed' | 'full';

/**
 * Why nobody more can join now, or null. Registration closes at the recruitment deadline, or at the start when there is
 * none; the event is full once the joined participants reach applyMaximum.
 */
export function joinRefusal(event: EventJoinState, now: Date): JoinRefusal | null {
  if (event.cancel) return 'cancelled';
  if (now.getTime() >= event.endedAt.getTime()) return 'finished';
  const closesAt = event.recruitmentDeadline ?? event.startedAt;
  if (now.getTime() > closesAt.getTime()) return 'registrationClosed';
  if (event.applyMaximum !== null && event.joinedCount >= event.applyMaximum) return 'full';
  return null;
}

export type EventViewerState = {
  /** The viewer is an active member of the event's organisation. */
  organizationMember: boolean;
  role: 'author' | 'manager' | 'member' | null;
  status: 'invited' | 'joined' | null;
};

/** Keys of events:status.* shown on the event page (spec §4), most important first. */
export type EventStatusMessage =
  | 'cancelled'
  | 'finished'
  | 'full'
  | 'registrationClosed'
  | 'invitedAsMember'
  | 'invitedAsCoHost'
  | 'notMember';

export function eventStatusMessages(event: EventJoinState, viewer: EventViewerState, now: Date): EventStatusMessage[] {
  const messages: EventStatusMessage[] = [];
  const refusal = joinRefusal(event, now);
  if (refusal === 'cancelled') messages.push('cancelled');
  else if (refusal === 'finished') messages.push('finished');
  else if (viewer.status !== 'joined' && refusal) messages.push(refusal);
  if (!event.cancel && refusal !== 'finished' && viewer.status === 'invited') {
    messages.push(viewer.role === 'manager' ? 'invitedAsCoHost' : 'invitedAsMember');
  }
  if (!viewer.organizationMember) messages.push('notMember');
  return messages;
}

// Control characters and bidirectional overrides would let a nickname disguise itself (or the text after it).
const DISGUISING_CHARACTERS = /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** True when the text holds a control character or a bidirectional override or isolate. */
export function hasDisguisingCharacters(text: string): boolean {
  return DISGUISING_CHARACTERS.test(text);
}

/**
 * A shared-event guest's nickname (spec §3), checked as the server's CreateEventGuestSchema checks it, without zod (the
 * shared-event page and the widget ask before sending): trimmed, 1..nicknameMax graphemes, nothing that disguises it.
 */
export function guestNicknameProblem(nickname: string): TextProblem | null {
  const trimmed = nickname.trim();
  return (
    textProblem(trimmed, { min: 1, max: EVENT_LIMITS.nicknameMax }) ??
    (hasDisguisingCharacters(trimmed) ? { code: 'validation.invalidFormat' } : null)
  );
}
