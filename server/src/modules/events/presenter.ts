import type { EventRow } from '../../db/schema/events';
import { type Pagination, serialize } from '../../jsonapi/serialize';
import { canManage, type EventContext, isParticipant } from './access';
import type { MessageView, PollView } from './content';
import type { EventListItem } from './listing';
import type { EventDetail, EventMemberView } from './service';

/** What every event answer carries (organisation and shared views). */
export function eventAttributes(event: EventRow, joinedCount: number) {
  return {
    organizationId: event.organizationId,
    name: event.name,
    description: event.description,
    startedAt: event.startsAt,
    endedAt: event.endsAt,
    recruitmentDeadline: event.recruitmentDeadline,
    location: event.location,
    applyMinimum: event.applyMinimum,
    applyMaximum: event.applyMaximum,
    tags: event.tags,
    publicRange: event.publicRange,
    sendNotification: event.sendNotification,
    headerImageUrl: event.headerImageUrl,
    externallyPublished: event.externallyPublished,
    cancel: event.cancel,
    cancelledAt: event.cancelledAt,
    joinedCount,
    createdAt: event.createdAt,
  };
}

function viewerAttributes(context: EventContext) {
  const member = context.viewer.eventMember;
  return {
    myRole: member?.role ?? null,
    myStatus: member?.status ?? null,
    myEventMemberId: member?.id ?? null,
    myOrganizationMemberId: context.viewer.organizationMemberId,
    canManage: canManage(context),
    canParticipate: isParticipant(context),
  };
}

const memberResource = {
  type: 'event-members',
  attributes: ['organizationMemberId', 'role', 'status', 'name', 'icon'] satisfies (keyof EventMemberView)[],
};

export function presentEvent(detail: EventDetail) {
  return serialize('events', detail, {
    id: (row) => row.event.id,
    attributes: (row) => ({
      ...eventAttributes(row.event, row.joinedCount),
      guestsCount: row.guestsCount,
      pollId: row.pollId,
      ...viewerAttributes(row.context),
    }),
    relationships: { eventMembers: { ...memberResource, data: (row) => row.members } },
    include: ['eventMembers'],
  });
}

export function presentEventList(items: EventListItem[], pagination: Pagination, meta: Record<string, unknown> = {}) {
  return serialize('events', items, {
    id: (row) => row.event.id,
    attributes: (row) => ({ ...eventAttributes(row.event, row.joinedCount), myRole: row.myRole, myStatus: row.myStatus }),
    pagination,
    meta,
  });
}

export function presentEventMember(member: EventMemberView) {
  return serialize('event-members', member, memberResource);
}

function messageAttributes(message: MessageView) {
  return {
    eventId: message.eventId,
    kind: message.kind,
    body: message.body,
    imageUrls: message.imageUrls,
    authorName: message.authorName,
    authorIcon: message.authorIcon,
    authorKind: message.authorKind,
    organizationMemberId: message.organizationMemberId,
    eventGuestId: message.eventGuestId,
    mine: message.mine,
    // Same shape as guild messages: [{ emoji, count, reacted-by-me, names }].
    reactions: message.reactions.map((reaction) => ({
      emoji: reaction.emoji,
      count: reaction.count,
      'reacted-by-me': reaction.reactedByMe,
      names: reaction.names,
    })),
    createdAt: message.createdAt,
    updatedAt: message.updatedAt,
    ...(message.hidden ? { hidden: true } : {}),
  };
}

/** The shared (public) page does not learn the organisation's internal member ids. */
function publicMessageAttributes(message: MessageView) {
  const { organizationMemberId: _internal, ...attributes } = messageAttributes(message);
  return attributes;
}

export function presentMessage(message: MessageView, { shared = false }: { shared?: boolean } = {}) {
  return serialize('event-messages', message, { attributes: shared ? publicMessageAttributes : messageAttributes });
}

export function presentMessages(messages: MessageView[], { shared = false }: { shared?: boolean } = {}) {
  return serialize('event-messages', messages, { attributes: shared ? publicMessageAttributes : messageAttributes });
}

export function presentPoll(poll: PollView) {
  return serialize('polls', poll, {
    attributes: (row) => ({ eventId: row.eventId }),
    relationships: {
      pollItems: {
        type: 'poll-items',
        data: (row) => row.items,
        attributes: ['text', 'position', 'votesCount', 'votedByMe', 'voterNames'],
      },
    },
    include: ['pollItems'],
  });
}
