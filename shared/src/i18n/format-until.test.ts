import { describe, expect, it } from 'vitest';
import { formatTimeUntil } from './format';

describe('formatTimeUntil', () => {
  const now = '2025-10-01T10:00:00Z';
  it.each<[string, string, string]>([
    ['en', '2025-10-03T10:00:00Z', 'in 2 days'],
    ['ja', '2025-10-03T10:00:00Z', '明後日'],
    ['en', '2025-10-01T13:00:00Z', 'in 3 hr.'],
    ['ja', '2025-10-01T13:00:00Z', '3 時間後'],
    ['en', '2025-10-08T09:59:00Z', 'in 6 days'],
  ])('%s writes %s as %s', (language, value, expected) => {
    expect(formatTimeUntil(value, language, now)).toBe(expected);
  });

  it.each(['2025-10-01T09:59:00Z', '2025-10-01T10:00:00Z', '2025-10-08T10:00:00Z', '2026-01-01T00:00:00Z'])(
    'says nothing of %s: past, now, or a week or more away (the date says it)',
    (value) => {
      expect(formatTimeUntil(value, 'en', now)).toBeNull();
      expect(formatTimeUntil(value, 'ja', now)).toBeNull();
    },
  );
});
