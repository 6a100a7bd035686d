import { describe, expect, it } from 'vitest';
import { organizationState } from './organization-state';

describe('organizationState', () => {
  it.each([
    [{ archived: false, planEndedAt: null }, '2026-05-01', 'active'],
    [{ archived: false, planEndedAt: '2026-05-01' }, '2026-05-01', 'active'],
    [{ archived: false, planEndedAt: '2026-04-30' }, '2026-05-01', 'planEnded'],
    [{ archived: true, planEndedAt: null }, '2026-05-01', 'archived'],
    [{ archived: true, planEndedAt: '2020-01-01' }, '2026-05-01', 'archived'],
  ] as const)('%o on %s is %s', (facts, today, expected) => {
    expect(organizationState(facts, today)).toBe(expected);
  });
});
