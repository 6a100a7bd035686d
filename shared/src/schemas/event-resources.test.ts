import { afterEach, describe, expect, it } from 'vitest';
import { guestStorageKey, loadGuest, saveGuest } from './event-resources';

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
