import { CSV_RECORD_OPTIONS } from '@kiwi/shared/domain/csv-records';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { decodeCsvBytes, previewRecords } from './csv-preview';

const bytes = (values: number[]) => new Uint8Array(values).buffer;

describe('decodeCsvBytes', () => {
  it('reads UTF-8 with and without BOM', () => {
    const utf8 = [...new TextEncoder().encode('氏名')];
    expect(decodeCsvBytes(bytes(utf8))).toBe('氏名');
    expect(decodeCsvBytes(bytes([0xef, 0xbb, 0xbf, ...utf8]))).toBe('氏名');
  });
  it('falls back to Shift_JIS for bytes that are not UTF-8', () => {
    // 氏名 in Shift_JIS
    expect(decodeCsvBytes(bytes([0x8e, 0x81, 0x96, 0xbc]))).toBe('氏名');
  });
});

describe('previewRecords', () => {
  it('understands quotes, doubled quotes, line breaks in quotes and CRLF, and stops at the limit', async () => {
    const text = 'email,group\r\na@example.com,"本社>営業部, 本社>総務部"\r\nb@example.com,"say ""hi""\nthere"\r\n\r\nc@example.com,x\r\n';
    expect(await previewRecords(text, 3)).toEqual([
      ['email', 'group'],
      ['a@example.com', '本社>営業部, 本社>総務部'],
      ['b@example.com', 'say "hi"\nthere'],
    ]);
    expect(await previewRecords('email\nlast@example.com', 10)).toEqual([['email'], ['last@example.com']]);
  });

  it('reads what the server import reads: rows of other lengths kept, blank lines skipped, a BOM dropped', async () => {
    const text = '\ufeffemail,name\n\na@example.com\n  b@example.com ,B,extra\n';
    const server = parse(text, CSV_RECORD_OPTIONS);
    expect(await previewRecords(text, 10)).toEqual(server);
    expect(server).toEqual([['email', 'name'], ['a@example.com'], ['  b@example.com ', 'B', 'extra']]);
  });

  it('answers null for a text the import refuses (an unbalanced quote)', async () => {
    expect(await previewRecords('email,name\n"a@example.com,A\n', 10)).toBeNull();
    expect(() => parse('email,name\n"a@example.com,A\n', CSV_RECORD_OPTIONS)).toThrow();
  });
});
