// The event resources as the client sees them (JSON:API decoded to camelCase) and the helpers the event components
// share. Nested objects (reactions) keep the server's kebab-case keys, as JSON:API attributes do.
import type { TFunction } from 'i18next';
import { HttpResponseError } from '../api/errors';
import type { WireReaction } from '../ui/reactions';

export type EventMember = {
  id: string;
  organizationMemberId: number;
  role: 'author' | 'manager' | 'member';
  status: 'invited' | 'joined';
  name: string;
  icon: string | null;
};

export type KiwiEvent = {
  id: string;
  organizationId?: number;
  name: string;
  description: string;
  startedAt: string;
  endedAt: string;
  recruitmentDeadline: string | null;
  location: string | null;
  applyMinimum: number | null;
  applyMaximum: number | null;
  tags: string[];
  publicRange: 'public' | 'private';
  sendNotification?: boolean;
  headerImageUrl: string | null;
  externallyPublished: boolean;
  cancel: boolean;
  cancelledAt: string | null;
  joinedCount: number;
  guestsCount?: number;
  pollId?: number | null;
  myRole?: EventMember['role'] | null;
  myStatus?: EventMember['status'] | null;
  myEventMemberId?: number | null;
  myOrganizationMemberId?: number | null;
  canManage?: boolean;
  canParticipate?: boolean;
  myGuestId?: number | null;
  eventMembers?: EventMember[];
};

export type EventMessage = {
  id: string;
  eventId: number;
  kind: 'chat' | 'retrospection';
  body: string;
  imageUrls: string[];
  authorName: string;
  authorIcon: string | null;
  authorKind: 'member' | 'guest';
  /** The guest who wrote it (a guest's post), for reporting the guest (issue 19). */
  eventGuestId?: number | null;
  mine: boolean;
  /** Hidden by auto-hide while managers review reports; only its author and managers receive it (issue 19). */
  hidden?: boolean;
  reactions: WireReaction[];
  createdAt: string;
  updatedAt: string;
};

export type PollItem = { id: string; text: string; position: number; votesCount: number; votedByMe: boolean; voterNames: string[] };
export type Poll = { id: string; eventId: number; pollItems: PollItem[] };
export type EventGuest = { id: string; eventId: number; nickname: string; token?: string };

export const eventPaths = {
  list: () => '/events',
  create: () => '/events/new',
  /** With `organizationId` (links from an organisation's pages): a platform admin without membership reads it there. */
  show: (id: string | number, organizationId?: string | number) =>
    organizationId === undefined || organizationId === ''
      ? `/events/${id}`
      : `/events/${id}?organization=${encodeURIComponent(String(organizationId))}`,
  edit: (id: string | number) => `/events/${id}/edit`,
  shared: (id: string | number) => `/shared_events/${id}`,
};

export const eventApi = {
  list: (organizationId: string | number) => `/organizations/${organizationId}/events`,
  all: (organizationId: string | number) => `/organizations/${organizationId}/all_events`,
  show: (organizationId: string | number, eventId: string | number) => `/organizations/${organizationId}/events/${eventId}`,
  join: (organizationId: string | number, eventId: string | number) => `/organizations/${organizationId}/events/${eventId}/members/join`,
  member: (organizationId: string | number, eventId: string | number, memberId: string | number) =>
    `/organizations/${organizationId}/events/${eventId}/members/${memberId}`,
  messages: (organizationId: string | number, eventId: string | number) => `/organizations/${organizationId}/events/${eventId}/messages`,
  message: (organizationId: string | number, eventId: string | number, messageId: string | number) =>
    `/organizations/${organizationId}/events/${eventId}/messages/${messageId}`,
  reactions: (messageId: string | number) => `/event_messages/${messageId}/reactions`,
  poll: (pollId: string | number) => `/polls/${pollId}`,
  vote: (pollId: string | number, itemId: string | number) => `/polls/${pollId}/items/${itemId}/members`,
  summary: (organizationId: string | number) => `/organizations/${organizationId}/events_summary`,
  participationRate: (organizationId: string | number) => `/organizations/${organizationId}/events_participation_rate`,
  members: (organizationId: string | number) => `/organizations/${organizationId}/members`,
};

export const sharedEventApi = {
  show: (eventId: string | number) => `/shared_events/${eventId}`,
  messages: (eventId: string | number) => `/shared_events/${eventId}/messages`,
  message: (eventId: string | number, messageId: string | number) => `/shared_events/${eventId}/messages/${messageId}`,
  reactions: (eventId: string | number, messageId: string | number) => `/shared_events/${eventId}/messages/${messageId}/reactions`,
  guests: (eventId: string | number) => `/shared_events/${eventId}/guests`,
  guestSearch: (eventId: string | number) => `/shared_events/${eventId}/guests/search`,
  guest: (eventId: string | number, guestId: string | number) => `/shared_events/${eventId}/guests/${guestId}`,
  poll: (eventId: string | number, pollId: string | number) => `/shared_events/${eventId}/polls/${pollId}`,
  vote: (eventId: string | number, pollId: string | number, itemId: string | number) =>
    `/shared_events/${eventId}/polls/${pollId}/items/${itemId}/members`,
};

export const eventQueryKeys = {
  all: ['events'] as const,
  list: (organizationId: string, period: string, tag: string, page: number) =>
    ['events', 'list', organizationId, period, tag, page] as const,
  detail: (eventId: string) => ['events', 'detail', eventId] as const,
  messages: (scope: string, eventId: string) => ['events', 'messages', scope, eventId] as const,
  poll: (scope: string, pollId: string) => ['events', 'poll', scope, pollId] as const,
  shared: (eventId: string) => ['events', 'shared', eventId] as const,
};

/** The server's translated words for a failed call (it answers in the Accept-Language), else a generic line. */
export function eventErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof HttpResponseError) {
    const first = error.errors[0];
    if (first?.detail && first.code) return first.detail;
    if (first?.code) return t(`errors:${first.code}`);
  }
  return t('errors:unexpected');
}

/** Spec §9: date pickers run from 1900-01-01 to 2099-12-31. */
export const DATE_INPUT_MIN = '1900-01-01T00:00';
export const DATE_INPUT_MAX = '2099-12-31T23:59';

export type GuestIdentity = { id: string; nickname: string; token: string };

/** Spec §3: the guest of a shared event is kept in localStorage under a key made of the event id. */
export const guestStorageKey = (eventId: string | number) => `kiwi.sharedEvent.${eventId}.guest`;

/**
 * The page's localStorage is read inside the try: where the browser blocks site data, merely touching
 * `window.localStorage` throws a SecurityError, which would otherwise take down the shared-event page (or widget).
 */
export function loadGuest(eventId: string | number, storage?: Pick<Storage, 'getItem'>): GuestIdentity | null {
  try {
    const raw = (storage ?? globalThis.localStorage)?.getItem(guestStorageKey(eventId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<GuestIdentity>;
    return typeof parsed.id === 'string' && typeof parsed.nickname === 'string' && typeof parsed.token === 'string'
      ? { id: parsed.id, nickname: parsed.nickname, token: parsed.token }
      : null;
  } catch {
    return null;
  }
}

export function saveGuest(eventId: string | number, guest: GuestIdentity | null, storage?: Pick<Storage, 'setItem' | 'removeItem'>): void {
  try {
    const store = storage ?? globalThis.localStorage;
    if (guest) store?.setItem(guestStorageKey(eventId), JSON.stringify(guest));
    else store?.removeItem(guestStorageKey(eventId));
  } catch {
    /* private mode or storage full: the guest stays for this page only */
  }
}
