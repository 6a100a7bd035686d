import { describe, expect, it } from 'vitest';
import { isMessageType, reachesAutoHide } from './violation-report';

describe('reachesAutoHide', () => {
  it.each([
    [0, 3, false],
    [2, 3, false],
    [3, 3, true],
    [4, 3, true],
    [1, 1, true],
    [100, 0, false],
  ])('%i reporters under threshold %i -> %s', (reporters, threshold, expected) => {
    expect(reachesAutoHide(reporters, threshold)).toBe(expected);
  });
});

describe('isMessageType', () => {
  it.each([
    ['EventMessage', true],
    ['GuildMessage', true],
    ['WalkingEventMessage', true],
    ['KiwiCoinTransfer', true],
    ['OrganizationMember', false],
    ['EventGuest', false],
  ] as const)('%s -> %s', (type, expected) => {
    expect(isMessageType(type)).toBe(expected);
  });
});
