import { describe, expect, it } from 'vitest';
import { initialToastState, isToastOpen, toastReducer } from './toast';

describe('toastReducer', () => {
  it('is closed with no messages', () => {
    expect(isToastOpen(initialToastState)).toBe(false);
  });

  it('SHOW appends messages with their severity and opens', () => {
    const once = toastReducer(initialToastState, { type: 'SHOW', text: 'saved', severity: 'success' });
    const twice = toastReducer(once, { type: 'SHOW', text: 'failed', severity: 'error' });
    expect(twice.messages).toEqual([
      { id: 1, text: 'saved', severity: 'success' },
      { id: 2, text: 'failed', severity: 'error' },
    ]);
    expect(isToastOpen(twice)).toBe(true);
  });

  it('keeps only the latest message per subject, and does not repeat the same text', () => {
    let state = toastReducer(initialToastState, { type: 'SHOW', text: 'Published', severity: 'success', subject: 'event-9-publication' });
    state = toastReducer(state, { type: 'SHOW', text: 'Saved', severity: 'success' });
    state = toastReducer(state, { type: 'SHOW', text: 'Unpublished', severity: 'success', subject: 'event-9-publication' });
    state = toastReducer(state, { type: 'SHOW', text: 'Saved', severity: 'success' });
    expect(state.messages.map((message) => message.text)).toEqual(['Unpublished', 'Saved']);
    // Other subjects stay side by side.
    state = toastReducer(state, { type: 'SHOW', text: 'Published', severity: 'success', subject: 'event-10-publication' });
    expect(state.messages.map((message) => message.text)).toEqual(['Unpublished', 'Saved', 'Published']);
  });

  it('CLOSE clears every message and keeps ids unique afterwards', () => {
    const shown = toastReducer(initialToastState, { type: 'SHOW', text: 'a', severity: 'info' });
    const closed = toastReducer(shown, { type: 'CLOSE' });
    expect(closed.messages).toEqual([]);
    expect(isToastOpen(closed)).toBe(false);
    expect(toastReducer(closed, { type: 'SHOW', text: 'b', severity: 'info' }).messages[0]?.id).toBe(2);
  });
});
