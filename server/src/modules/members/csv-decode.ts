import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { CSV_RECORD_OPTIONS } from '@kiwi/shared/domain/csv-records';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { ApiError } from '../../jsonapi/errors';

export type CsvEncoding = 'utf-8' | 'utf-8-bom' | 'shift_jis';

/**
 * UTF-8 with or without BOM, else Shift_JIS (CP932, what Excel in Japan writes). Bytes that are valid UTF-8 are read
 * as UTF-8; anything else is tried as CP932, and text that still holds control characters is not a CSV at all.
 */
export function decodeCsv(bytes: Buffer): { text: string; encoding: CsvEncoding } {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: checkText(utf8(bytes.subarray(3))), encoding: 'utf-8-bom' };
  }
  let text: string | null = null;
  try {
    text = utf8(bytes);
  } catch {
    text = null;
  }
  if (text !== null) return { text: checkText(text), encoding: 'utf-8' };
  return { text: checkText(iconv.decode(bytes, 'CP932')), encoding: 'shift_jis' };
}

const utf8 = (bytes: Buffer) => new TextDecoder('utf-8', { fatal: true }).decode(bytes);

function checkText(text: string): string {
  // NUL and other C0 controls besides tab and line breaks, or CP932's replacement character: binary, not a CSV.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this looks for.
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffd]/.test(text)) throw new ApiError(ErrorCode.csvUnreadable, { pointer: '/csv' });
  return text;
}

/** Records of cells; an unbalanced quote or similar is csv.unreadable. Blank lines are skipped. */
export function parseCsv(text: string): string[][] {
  try {
    return parse(text, CSV_RECORD_OPTIONS) as string[][];
  } catch (error) {
    throw new ApiError(ErrorCode.csvUnreadable, { pointer: '/csv', cause: error });
  }
}
