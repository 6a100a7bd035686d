import { describe, expect, it } from 'vitest';
import { guestNicknameProblem } from '../domain/event-rules';
import { CreateEventGuestSchema, CreateEventSchema, EventMessageReactionSchema, JoinEventSchema, UpdateEventSchema } from './event';
import { MessageReactionSchema } from './guild';

const valid = { name: 'Walk', started_at: '2030-01-01T09:00:00.000Z', ended_at: '2030-01-01T10:00:00.000Z' };
const issues = (input: unknown) => {
  const result = CreateEventSchema.safeParse({ event: input });
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('CreateEventSchema', () => {
  it('fills the defaults and splits comma-separated tags (Japanese commas too)', () => {
    const parsed = CreateEventSchema.parse({ event: { ...valid, tags: 'a、b，c, ,d' } });
    expect(parsed.event).toMatchObject({
      tags: ['a', 'b', 'c', 'd'],
      description: '',
      public_range: 'public',
      send_notification: false,
      poll_items: [],
      apply_maximum: null,
    });
    expect(parsed.event.started_at).toEqual(new Date(valid.started_at));
  });

  it.each([
    ['missing name', { ...valid, name: undefined }, ['event.name', 'validation.required']],
    ['blank name', { ...valid, name: '   ' }, ['event.name', 'validation.required']],
    ['name of 101 graphemes', { ...valid, name: '🇯🇵'.repeat(101) }, ['event.name', 'validation.tooLong']],
    ['end before start', { ...valid, ended_at: '2030-01-01T08:00:00.000Z' }, ['event.ended_at', 'validation.endAfterStart']],
    [
      'deadline after start',
      { ...valid, recruitment_deadline: '2030-01-02T00:00:00.000Z' },
      ['event.recruitment_deadline', 'event.deadlineAfterStart'],
    ],
    ['minimum above maximum', { ...valid, apply_minimum: 3, apply_maximum: 2 }, ['event.apply_minimum', 'event.minimumAboveMaximum']],
    ['zero maximum', { ...valid, apply_maximum: 0 }, ['event.apply_maximum', 'validation.tooSmall']],
    ['fractional maximum', { ...valid, apply_maximum: 2.5 }, ['event.apply_maximum', 'validation.integer']],
    ['duplicate tags', { ...valid, tags: 'x, x' }, ['event.tags', 'validation.duplicateTags']],
    ['duplicate tags as a list', { ...valid, tags: ['x', ' x'] }, ['event.tags', 'validation.duplicateTags']],
    ['duplicate poll items', { ...valid, poll_items: ['A', 'A'] }, ['event.poll_items', 'event.duplicatePollItems']],
    ['year 1899', { ...valid, started_at: '1899-12-31T00:00:00.000Z' }, ['event.started_at', 'validation.dateOutOfRange']],
    ['not a date', { ...valid, started_at: 'tomorrow' }, ['event.started_at', 'validation.invalidFormat']],
    ['a time without its offset', { ...valid, started_at: '2030-01-01T08:00' }, ['event.started_at', 'validation.invalidFormat']],
    ['31 February', { ...valid, started_at: '2030-02-31T08:00:00Z' }, ['event.started_at', 'validation.invalidFormat']],
    ['hour 24', { ...valid, started_at: '2030-01-01T24:00:00Z' }, ['event.started_at', 'validation.invalidFormat']],
    ['1899 in Japan', { ...valid, started_at: '1899-12-31T23:59:00+09:00' }, ['event.started_at', 'validation.dateOutOfRange']],
    ['2100 in UTC', { ...valid, ended_at: '2100-01-01T00:00:00.000Z' }, ['event.ended_at', 'validation.dateOutOfRange']],
    [
      'an http header image',
      { ...valid, header_image_url: 'http://example.com/a.png' },
      ['event.header_image_url', 'validation.invalidFormat'],
    ],
    ['an unknown key', { ...valid, colour: 'red' }, ['event', 'validation.unknownKey']],
  ])('%s', (_name, input, expected) => {
    expect(issues(input)).toContainEqual(expected);
  });

  it('reports a broken date without judging the dates against each other', () => {
    expect(issues({ ...valid, started_at: 'tomorrow', recruitment_deadline: 'soon', apply_minimum: 'x', apply_maximum: 2 })).toEqual([
      ['event.started_at', 'validation.invalidFormat'],
      ['event.recruitment_deadline', 'validation.invalidFormat'],
      ['event.apply_minimum', 'validation.invalidType'],
    ]);
  });

  it("judges the 1900..2099 range on the day as written with its offset (the picker's day in any time zone)", () => {
    expect(issues({ ...valid, started_at: '1900-01-01T00:00:00+09:00', ended_at: '1900-01-01T02:00:00+09:00' })).toEqual([]);
    expect(issues({ ...valid, started_at: '2099-12-31T22:00:00-05:00', ended_at: '2099-12-31T23:59:00-05:00' })).toEqual([]);
    const parsed = CreateEventSchema.parse({
      event: { ...valid, started_at: '2030-01-01T18:00:00+09:00', ended_at: '2030-01-01T19:00:00+09:00' },
    });
    expect(parsed.event.started_at.toISOString()).toBe('2030-01-01T09:00:00.000Z');
  });

  it('accepts its own image URLs and https images', () => {
    expect(issues({ ...valid, header_image_url: '/api/images/abcdefghijklmnopqrstuvwxyz012345' })).toEqual([]);
    expect(issues({ ...valid, header_image_url: 'https://cdn.example.com/a.png' })).toEqual([]);
  });
});

describe('UpdateEventSchema', () => {
  it('takes cancel: true and externally_published, and refuses cancel: false', () => {
    expect(UpdateEventSchema.parse({ event: { cancel: true } }).event.cancel).toBe(true);
    expect(UpdateEventSchema.parse({ event: { externally_published: false } }).event.externally_published).toBe(false);
    expect(UpdateEventSchema.safeParse({ event: { cancel: false } }).success).toBe(false);
  });
});

describe('EventMessageReactionSchema', () => {
  it.each([
    ['👍', true],
    ['👨‍👩‍👧', true],
    ['ok', false],
    ['👍👍', false],
  ])('%s -> %s', (emoji, ok) => {
    expect(EventMessageReactionSchema.safeParse({ message_reaction: { emoji } }).success).toBe(ok);
  });

  it.each([
    ['👍\uFE0F', '👍'],
    ['👍\u200D', '👍'],
    ['❤', '❤\uFE0F'],
  ])('spells %j as %j for events and guilds alike (equal-looking reactions are one)', (emoji, expected) => {
    expect(EventMessageReactionSchema.parse({ message_reaction: { emoji } }).message_reaction.emoji).toBe(expected);
    expect(MessageReactionSchema.parse({ message_reaction: { emoji } }).message_reaction.emoji).toBe(expected);
  });
});

describe('JoinEventSchema', () => {
  it.each([
    [12, true],
    ['12', true],
    [2_147_483_647, true],
    [2_147_483_648, false],
    ['99999999999999999999', false],
    [0, false],
    [-3, false],
    [1.5, false],
  ])('organization_member_id %s -> %s', (id, ok) => {
    expect(JoinEventSchema.safeParse({ event_member: { organization_member_id: id } }).success).toBe(ok);
  });
});

describe('CreateEventGuestSchema', () => {
  it.each([
    ['Kiwi fan', true],
    ['きうい🥝', true],
    ['\u202Eevil', false],
    ['a\u2066b', false],
    ['tab\there', false],
    ['<img src=x onerror=alert(1)>', true],
  ])('%j -> %s', (nickname, ok) => {
    expect(CreateEventGuestSchema.safeParse({ event_guest: { nickname } }).success).toBe(ok);
  });
});

describe('guestNicknameProblem (the shared-event page, zod-free) agrees with CreateEventGuestSchema', () => {
  it.each<[string, string]>([
    ['fine', 'Kim'],
    ['trimmed', '  Kim  '],
    ['empty', ''],
    ['blank', '   '],
    ['too long', 'x'.repeat(31)],
    ['30 emoji', '👍🏽'.repeat(30)],
    ['31 emoji', '👍🏽'.repeat(31)],
    ['NUL', 'K\u0000m'],
    ['bidi override', 'Kim\u202Egnp.exe'],
    ['control character', 'Ki\u0007m'],
  ])('%s', (_name, nickname) => {
    const parsed = CreateEventGuestSchema.safeParse({ event_guest: { nickname } });
    const problem = guestNicknameProblem(nickname);
    if (parsed.success) {
      expect(problem).toBeNull();
    } else {
      const issue = parsed.error.issues[0] as { message: string; params?: unknown };
      expect(problem).toEqual({ code: issue.message, ...(issue.params ? { params: issue.params } : {}) });
    }
  });
});
