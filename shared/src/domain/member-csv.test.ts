import { describe, expect, it } from 'vitest';
import { mapMemberCsvHeader, memberCsvTemplate, normalizeCsvDate, splitCell, splitGroupPath, validateMemberCsvRow } from './member-csv';

describe('member CSV cells', () => {
  it.each<[string, string[]]>([
    ['営業部,企画部', ['営業部', '企画部']],
    [' a 、 b ，c ,, ', ['a', 'b', 'c']],
    ['', []],
  ])('splitCell(%j)', (cell, expected) => expect(splitCell(cell)).toEqual(expected));

  it.each<[string, string[]]>([
    ['本社 > 営業部 > 第一課', ['本社', '営業部', '第一課']],
    ['本社＞総務部', ['本社', '総務部']],
    ['>a>>b>', ['a', 'b']],
  ])('splitGroupPath(%j)', (path, expected) => expect(splitGroupPath(path)).toEqual(expected));

  it.each<[string, string | null]>([
    ['2025-04-01', '2025-04-01'],
    ['2025/4/1', '2025-04-01'],
    ['2024-02-29', '2024-02-29'],
    ['2025-02-29', null],
    ['2025-13-01', null],
    ['1899-12-31', null],
    ['next week', null],
  ])('normalizeCsvDate(%j) -> %j', (cell, expected) => expect(normalizeCsvDate(cell)).toBe(expected));
});

describe('mapMemberCsvHeader', () => {
  it('accepts English keys and Japanese labels in any order', () => {
    expect(mapMemberCsvHeader(['権限', 'Email', 'グループ']).columns).toEqual(['role', 'email', 'group']);
  });
  it('reports unknown, repeated and missing columns on row 1', () => {
    expect(mapMemberCsvHeader(['name', 'name', 'shoe size']).errors).toEqual([
      { row: 1, column: 'name', code: 'csv.unknownColumn' },
      { row: 1, column: null, code: 'csv.unknownColumn' },
      { row: 1, column: 'email', code: 'csv.missingColumn' },
    ]);
  });
});

describe('validateMemberCsvRow', () => {
  it('normalises a full row', () => {
    expect(
      validateMemberCsvRow(2, {
        email: ' Taro@Example.COM ',
        name: '山田 太郎',
        role: 'Manager',
        affiliation: '営業部,企画部',
        occupation: '',
        group: '本社>営業部, 本社>総務部',
        active_from: '2025/4/1',
        active_to: '',
      }),
    ).toEqual({
      value: {
        row: 2,
        email: 'taro@example.com',
        name: '山田 太郎',
        role: 'manager',
        belongings: ['営業部', '企画部'],
        occupations: null,
        groups: [
          ['本社', '営業部'],
          ['本社', '総務部'],
        ],
        activeFrom: '2025-04-01',
        activeTo: null,
      },
      errors: [],
    });
  });

  it.each<[string, Record<string, string>, [string | null, string][]]>([
    ['no email', { email: '' }, [['email', 'validation.required']]],
    ['a bad email', { email: 'a@b' }, [['email', 'validation.invalidEmail']]],
    ['an unknown role', { email: 'a@example.com', role: 'owner' }, [['role', 'validation.invalidRole']]],
    ['a long name', { email: 'a@example.com', name: 'あ'.repeat(51) }, [['name', 'validation.tooLong']]],
    ['a long affiliation', { email: 'a@example.com', affiliation: 'x'.repeat(51) }, [['affiliation', 'validation.tooLong']]],
    [
      'an end before the start',
      { email: 'a@example.com', active_from: '2025-04-01', active_to: '2025-04-01' },
      [['active_to', 'validation.endAfterStart']],
    ],
    ['a line break in the name', { email: 'a@example.com', name: 'A\nhttps://evil.example' }, [['name', 'validation.invalidName']]],
    [
      'a line break in an affiliation',
      { email: 'a@example.com', affiliation: '営業部,"企画\r\n部"' },
      [['affiliation', 'validation.invalidFormat']],
    ],
    ['a tab in a group', { email: 'a@example.com', group: '本社>営\t業部' }, [['group', 'validation.invalidFormat']]],
    [
      'a name of 100,000 combining marks',
      { email: 'a@example.com', name: `a${'\u0301'.repeat(100_000)}` },
      [['name', 'validation.tooLong']],
    ],
    ['a name with a 40-mark cluster', { email: 'a@example.com', name: `a${'\u0301'.repeat(40)}` }, [['name', 'validation.clusterTooLong']]],
    [
      'an affiliation with a 40-mark cluster',
      { email: 'a@example.com', affiliation: `営業部,x${'\u0301'.repeat(40)}` },
      [['affiliation', 'validation.clusterTooLong']],
    ],
    [
      'a group with a 40-mark cluster',
      { email: 'a@example.com', group: `本社>x${'\u0301'.repeat(40)}` },
      [['group', 'validation.clusterTooLong']],
    ],
    ['a megabyte name', { email: 'a@example.com', name: '😀'.repeat(500_000) }, [['name', 'validation.tooLong']]],
  ])('refuses %s', (_name, cells, expected) => {
    const { value, errors } = validateMemberCsvRow(3, cells);
    expect(value).toBeNull();
    expect(errors.map((error) => [error.column, error.code])).toEqual(expected);
    expect(errors.every((error) => error.row === 3)).toBe(true);
  });

  it('gives a text error its limit, for the translated message', () => {
    const { errors } = validateMemberCsvRow(2, { email: 'a@example.com', name: 'あ'.repeat(51) });
    expect(errors).toEqual([{ row: 2, column: 'name', code: 'validation.tooLong', params: { count: 50 } }]);
  });
});

describe('memberCsvTemplate', () => {
  it('has a header the importer reads, in both languages', () => {
    for (const language of ['ja', 'en'] as const) {
      const [header] = memberCsvTemplate(language).split('\r\n');
      expect(mapMemberCsvHeader(header!.split(',')).errors).toEqual([]);
    }
  });
});
