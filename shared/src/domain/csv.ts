// The one CSV writer (STYLE: "three CSV writers ... the fix is one piece that all callers use"): cells quoted when
// needed and defused when a spreadsheet would run them as a formula; documents with a BOM and CRLF line ends.

/**
 * One cell: dates as ISO, null and undefined empty; a leading = + - @ tab or CR is defused with a quote. A number is
 * written as it is (a negative amount stays a number: no formula starts that way).
 */
export function csvCell(value: unknown): string {
  const text = value instanceof Date ? value.toISOString() : value === null || value === undefined ? '' : String(value);
  const safe = typeof value !== 'number' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The byte order mark a document starts with, so that Excel (Japanese Windows in particular) reads UTF-8. */
export const CSV_BOM = '\uFEFF';

/** One row of cells with its CRLF line end: a streamed document is CSV_BOM followed by these lines. */
export function csvLine(row: readonly unknown[]): string {
  return `${row.map(csvCell).join(',')}\r\n`;
}

/** Rows of cells as a CSV document, starting with a BOM so that Excel (Japanese Windows in particular) reads UTF-8. */
export function csvDocument(rows: readonly (readonly unknown[])[]): string {
  return `${CSV_BOM}${rows.map(csvLine).join('')}`;
}
