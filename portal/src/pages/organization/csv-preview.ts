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

/** The first `limit` records of a CSV text (quotes, doubled quotes and line breaks inside quotes understood). */
export function previewRecords(text: string, limit: number): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length && records.length < limit; index += 1) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      record.push(cell);
      cell = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[index + 1] === '\n') index += 1;
      record.push(cell);
      if (record.some((value) => value !== '')) records.push(record);
      record = [];
      cell = '';
    } else cell += character;
  }
  if (records.length < limit && (cell !== '' || record.length > 0)) {
    record.push(cell);
    if (record.some((value) => value !== '')) records.push(record);
  }
  return records;
}
