import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from './csv';

describe('csv', () => {
  it.each([
    ['plain', 'plain'],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@me', "'@me"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
    ['-', "'-"],
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['a\nb', '"a\nb"'],
    [' =not first', ' =not first'],
    ['x=1', 'x=1'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['=a,b', `"'=a,b"`],
    [12, '12'],
    [-5, '-5'],
    [null, ''],
    [undefined, ''],
    [new Date('2026-01-02T03:04:05Z'), '2026-01-02T03:04:05.000Z'],
  ])('cell %j -> %s', (value, expected) => expect(csvCell(value)).toBe(expected));

  it('writes a BOM, commas and CRLF', () => {
    expect(
      csvDocument([
        ['rank', 'team'],
        [1, '=cmd'],
      ]),
    ).toBe("\uFEFFrank,team\r\n1,'=cmd\r\n");
  });
});
