/**
 * How a CSV file becomes records, the same in the server's import and the portal's preview (both parse with
 * csv-parse): rows of differing length are kept for the row checks to judge, blank lines are skipped, cells are taken
 * as typed, a BOM is dropped.
 */
export const CSV_RECORD_OPTIONS = { relax_column_count: true, skip_empty_lines: true, trim: false, bom: true } as const;
