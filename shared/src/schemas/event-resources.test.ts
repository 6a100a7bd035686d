import { afterEach, describe, expect, it } from 'vitest';
import { formatEventDate, fromLocalInput, guestStorageKey, loadGuest, saveGuest, toLocalInput } from './event-resources';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

describe('the shared event guest in localStorage', () => {
  it('is saved under a key made of the event id and reloaded', () => {
    const storage = memoryStorage();
    saveGuest(12, { id: '3', nickname: 'Sam', token: 'kgt_x' }, storage);
    expect([...storage.items.keys()]).toEqual([guestStorageKey(12)]);
    expect(guestStorageKey(12)).toContain('12');
    expect(loadGuest(12, storage)).toEqual({ id: '3', nickname: 'Sam', token: 'kgt_x' });
    expect(loadGuest(13, storage)).toBeNull();
    saveGuest(12, null, storage);
    expect(loadGuest(12, storage)).toBeNull();
  });

  it('ignores what it cannot read', () => {
    const storage = memoryStorage();
    storage.setItem(guestStorageKey(1), '{not json');
    storage.setItem(guestStorageKey(2), JSON.stringify({ id: 3 }));
    expect(loadGuest(1, storage)).toBeNull();
    expect(loadGuest(2, storage)).toBeNull();
  });

  describe("where the browser blocks the site's storage (reading window.localStorage throws)", () => {
    const own = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    afterEach(() => {
      if (own) Object.defineProperty(globalThis, 'localStorage', own);
      else delete (globalThis as { localStorage?: Storage }).localStorage;
    });

    it('has no guest and keeps none, without throwing', () => {
      Object.defineProperty(globalThis, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
      expect(loadGuest(12)).toBeNull();
      expect(() => saveGuest(12, { id: '3', nickname: 'Sam', token: 'kgt_x' })).not.toThrow();
      expect(() => saveGuest(12, null)).not.toThrow();
    });
  });
});

describe('dates', () => {
  it('formats with the Japanese date locale', () => {
    const iso = fromLocalInput('2025-06-01T10:00');
    expect(formatEventDate(iso!, 'ja')).toBe('2025年6月1日(日) 10:00');
    expect(formatEventDate(iso!, 'en')).toBe('Sun, Jun 1, 2025 10:00');
  });

  it('round-trips a local date-time input', () => {
    expect(toLocalInput(fromLocalInput('2031-12-24T18:30'))).toBe('2031-12-24T18:30');
    // Sent with the browser's offset, so the server sees the day that was picked (1900-01-01 stays 1900-01-01 in Japan).
    expect(fromLocalInput('1900-01-01T00:00')).toMatch(/^1900-01-01T00:00:00(Z|[+-]\d{2}:\d{2})$/);
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });
});
