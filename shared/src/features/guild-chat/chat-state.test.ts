import { describe, expect, it } from 'vitest';
import type { GuildMessage } from '../../schemas/guild-resources';
import { chatReducer, initialChatState, mergeMessages } from './chat-state';

const message = (id: number, body = `m${id}`): GuildMessage => ({
  id: String(id),
  type: 'guildMessages',
  body,
  imageUrls: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  editedAt: null,
  guildId: 1,
  authorMemberId: 1,
  authorName: 'A',
  authorIcon: null,
  mine: false,
  reactions: [],
});

describe('mergeMessages', () => {
  it('keeps id order and replaces a message seen twice (live event and response)', () => {
    const merged = mergeMessages([message(3), message(1)], [message(2), message(3, 'edited')]);
    expect(merged.map((item) => [item.id, item.body])).toEqual([
      ['1', 'm1'],
      ['2', 'm2'],
      ['3', 'edited'],
    ]);
  });
});

describe('chatReducer', () => {
  it('prepends older pages, upserts live messages and removes deleted ones', () => {
    let state = chatReducer(initialChatState, { type: 'LOADED', messages: [message(5), message(4)], hasOlder: true });
    state = chatReducer(state, { type: 'OLDER', messages: [message(2), message(3)], hasOlder: false });
    state = chatReducer(state, { type: 'UPSERT', message: message(6) });
    state = chatReducer(state, { type: 'UPSERT', message: message(6) });
    state = chatReducer(state, { type: 'DELETE', id: '3' });
    expect(state.messages.map((item) => item.id)).toEqual(['2', '4', '5', '6']);
    expect(state.hasOlder).toBe(false);
  });

  it('optimistic send: pending, then failed with its reason, retried, and replaced by the stored message', () => {
    const pending = { tempId: 't1', body: 'hi', imageUrls: [], status: 'sending' as const };
    let state = chatReducer(initialChatState, { type: 'SEND', pending });
    expect(state.pending).toEqual([pending]);
    state = chatReducer(state, { type: 'FAILED', tempId: 't1', error: 'offline' });
    expect(state.pending[0]).toMatchObject({ status: 'failed', error: 'offline' });
    state = chatReducer(state, { type: 'RETRY', tempId: 't1' });
    expect(state.pending[0]).toMatchObject({ status: 'sending', error: undefined });
    // The live event may come first: the response then changes nothing but the pending list.
    state = chatReducer(state, { type: 'UPSERT', message: message(9, 'hi') });
    state = chatReducer(state, { type: 'SENT', tempId: 't1', message: message(9, 'hi') });
    expect(state.pending).toEqual([]);
    expect(state.messages.map((item) => item.id)).toEqual(['9']);
  });

  it("a live copy of the viewer's message replaces its pending copy before the POST answers, and only that one", () => {
    let state = chatReducer(initialChatState, { type: 'SEND', pending: { tempId: 't1', body: 'same', imageUrls: [], status: 'sending' } });
    state = chatReducer(state, { type: 'SEND', pending: { tempId: 't2', body: 'same', imageUrls: [], status: 'sending' } });
    state = chatReducer(state, { type: 'SEND', pending: { tempId: 't3', body: 'other', imageUrls: [], status: 'sending' } });
    // Someone else's message with the same text changes nothing of ours.
    state = chatReducer(state, { type: 'UPSERT', message: message(7, 'same') });
    expect(state.pending.map((item) => item.tempId)).toEqual(['t1', 't2', 't3']);
    state = chatReducer(state, { type: 'UPSERT', message: message(8, 'same'), fromViewer: true });
    expect(state.pending.map((item) => item.tempId)).toEqual(['t2', 't3']);
    // The same event again (a resumed stream) takes no second copy away.
    state = chatReducer(state, { type: 'UPSERT', message: message(8, 'same'), fromViewer: true });
    expect(state.pending.map((item) => item.tempId)).toEqual(['t2', 't3']);
    state = chatReducer(state, { type: 'SENT', tempId: 't1', message: message(8, 'same') });
    expect(state.messages.map((item) => item.id)).toEqual(['7', '8']);
    expect(state.pending.map((item) => item.tempId)).toEqual(['t2', 't3']);
  });

  it('discards a failed message', () => {
    let state = chatReducer(initialChatState, { type: 'SEND', pending: { tempId: 't', body: 'x', imageUrls: [], status: 'sending' } });
    state = chatReducer(state, { type: 'FAILED', tempId: 't', error: 'e' });
    state = chatReducer(state, { type: 'DISCARD', tempId: 't' });
    expect(state.pending).toEqual([]);
  });
});
