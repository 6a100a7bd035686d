import type { GuildMessage } from '../../schemas/guild-resources';

/** A message the viewer sent that the server has not confirmed yet, or refused. */
export type PendingMessage = { tempId: string; body: string; imageUrls: string[]; status: 'sending' | 'failed'; error?: string };

export type ChatState = {
  /** Oldest first, by id (ids grow with time). */
  messages: GuildMessage[];
  pending: PendingMessage[];
  hasOlder: boolean;
};

export type ChatAction =
  | { type: 'LOADED'; messages: GuildMessage[]; hasOlder: boolean }
  | { type: 'OLDER'; messages: GuildMessage[]; hasOlder: boolean }
  /** `fromViewer`: a live message the viewer wrote, which may be the stored form of one still shown as sending. */
  | { type: 'UPSERT'; message: GuildMessage; fromViewer?: boolean }
  | { type: 'DELETE'; id: string }
  | { type: 'SEND'; pending: PendingMessage }
  | { type: 'SENT'; tempId: string; message: GuildMessage }
  | { type: 'FAILED'; tempId: string; error: string }
  | { type: 'RETRY'; tempId: string }
  | { type: 'DISCARD'; tempId: string };

export const initialChatState: ChatState = { messages: [], pending: [], hasOlder: false };

const byId = (a: GuildMessage, b: GuildMessage) => Number(a.id) - Number(b.id);

/** Adds or replaces messages by id, keeping id order: a live event and a response for the same message make one. */
export function mergeMessages(current: GuildMessage[], incoming: GuildMessage[]): GuildMessage[] {
  const merged = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) merged.set(message.id, message);
  return [...merged.values()].sort(byId);
}

/**
 * The live event of a sent message can arrive long before the POST's answer (a busy server): it then replaces the
 * oldest pending copy with the same text and images, so the chat never shows the message twice.
 */
function withoutSentCopy(pending: PendingMessage[], message: GuildMessage): PendingMessage[] {
  const index = pending.findIndex(
    (item) => item.status === 'sending' && item.body === message.body && item.imageUrls.join('\n') === message.imageUrls.join('\n'),
  );
  return index < 0 ? pending : pending.filter((_, at) => at !== index);
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'LOADED':
      return { ...state, messages: mergeMessages([], action.messages), hasOlder: action.hasOlder };
    case 'OLDER':
      return { ...state, messages: mergeMessages(state.messages, action.messages), hasOlder: action.hasOlder };
    case 'UPSERT':
      return {
        ...state,
        pending:
          action.fromViewer && !state.messages.some((known) => known.id === action.message.id)
            ? withoutSentCopy(state.pending, action.message)
            : state.pending,
        messages: mergeMessages(state.messages, [action.message]),
      };
    case 'DELETE':
      return { ...state, messages: state.messages.filter((message) => message.id !== action.id) };
    case 'SEND':
      return { ...state, pending: [...state.pending, action.pending] };
    case 'SENT':
      return {
        ...state,
        pending: state.pending.filter((item) => item.tempId !== action.tempId),
        messages: mergeMessages(state.messages, [action.message]),
      };
    case 'FAILED':
      return {
        ...state,
        pending: state.pending.map((item) => (item.tempId === action.tempId ? { ...item, status: 'failed', error: action.error } : item)),
      };
    case 'RETRY':
      return {
        ...state,
        pending: state.pending.map((item) => (item.tempId === action.tempId ? { ...item, status: 'sending', error: undefined } : item)),
      };
    case 'DISCARD':
      return { ...state, pending: state.pending.filter((item) => item.tempId !== action.tempId) };
  }
}
