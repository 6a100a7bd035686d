import { CSV_RECORD_OPTIONS } from '@kiwi/shared/domain/csv-records';

/** Browser-side decoding for the preview: UTF-8 (with or without BOM) when valid, otherwise Shift_JIS, as the server reads it. */
export function decodeCsvBytes(bytes: ArrayBuffer): string {
  const view = new Uint8Array(bytes);
  if (view[0] === 0xef && view[1] === 0xbb && view[2] === 0xbf) return new TextDecoder('utf-8').decode(view.subarray(3));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(view);
  } catch {
    return new TextDecoder('shift_jis').decode(view);
  }
}

/**
 * The first `limit` records of a CSV text, parsed by csv-parse (its browser build, loaded when a file is chosen) with
 * the server's options, so the preview shows the cells the import will read; null when the text is not a CSV the
 * import could read (an unbalanced quote, say).
 */
export async function previewRecords(text: string, limit: number): Promise<string[][] | null> {
  const { parse } = await import('csv-parse/browser/esm/sync');
  try {
    return parse(text, { ...CSV_RECORD_OPTIONS, to: limit }) as string[][];
  } catch {
    return null;
  }
}
