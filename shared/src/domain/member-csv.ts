import { ErrorCode } from '../api/error-codes';
import { csvLine } from './csv';
import { textProblem } from './graphemes';

/** The member CSV columns (spec §5), in template order; the header may use the English key or the Japanese label. */
export const MEMBER_CSV_COLUMNS = ['email', 'name', 'role', 'affiliation', 'occupation', 'group', 'active_from', 'active_to'] as const;
export type MemberCsvColumn = (typeof MEMBER_CSV_COLUMNS)[number];
export const REQUIRED_MEMBER_CSV_COLUMNS: MemberCsvColumn[] = ['email'];

export const MEMBER_CSV_JAPANESE_HEADERS: Record<MemberCsvColumn, string> = {
  email: 'メールアドレス',
  name: '氏名',
  role: '権限',
  affiliation: '所属',
  occupation: '職種',
  group: 'グループ',
  active_from: '利用開始日',
  active_to: '利用終了日',
};

export const MEMBER_CSV_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxRows: 10_000,
  nameMax: 50,
  labelMax: 50,
  labelsMax: 20,
  groupsMax: 50,
  groupDepthMax: 10,
  errorsListed: 200,
} as const;

/** Several values in one cell: any comma (ASCII, ideographic or full-width), trimmed, blanks dropped. */
export function splitCell(cell: string): string[] {
  return cell
    .split(/[,、，]/)
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

/** A group cell value "本社 > 営業部 > 第一課" -> ["本社", "営業部", "第一課"] (the spec's greater-than separator, also full-width). */
export function splitGroupPath(path: string): string[] {
  return path
    .split(/[>＞]/)
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '');
}

export type CsvCellError = { row: number; column: MemberCsvColumn | null; code: string; params?: { count: number } };
export type MemberCsvRow = {
  /** The line in the file as a spreadsheet numbers it (header = 1). */
  row: number;
  email: string;
  name: string | null;
  role: 'manager' | 'member' | null;
  belongings: string[] | null;
  occupations: string[] | null;
  groups: string[][] | null;
  activeFrom: string | null;
  activeTo: string | null;
};

/** Header cells -> column per position; unknown or missing columns are errors on row 1. */
export function mapMemberCsvHeader(header: string[]): { columns: (MemberCsvColumn | null)[]; errors: CsvCellError[] } {
  const byLabel = new Map<string, MemberCsvColumn>();
  for (const column of MEMBER_CSV_COLUMNS) {
    byLabel.set(column, column);
    byLabel.set(MEMBER_CSV_JAPANESE_HEADERS[column], column);
  }
  const errors: CsvCellError[] = [];
  const seen = new Set<MemberCsvColumn>();
  const columns = header.map((cell) => {
    const column = byLabel.get(cell.trim().toLowerCase()) ?? byLabel.get(cell.trim()) ?? null;
    if (!column || seen.has(column)) {
      errors.push({ row: 1, column, code: ErrorCode.csvUnknownColumn });
      return null;
    }
    seen.add(column);
    return column;
  });
  for (const column of REQUIRED_MEMBER_CSV_COLUMNS) {
    if (!seen.has(column)) errors.push({ row: 1, column, code: ErrorCode.csvMissingColumn });
  }
  return { columns, errors };
}

/** A line break (a quoted cell may hold one), tab or other control character: never part of a name or a label. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this looks for.
export const CONTROL = /[\u0000-\u001f\u007f]/;
const EMAIL = /^[^\s@"(),:;<>[\\\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
const DATE = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/;

/** "2025/4/1" or "2025-04-01" -> "2025-04-01"; null when not a real calendar date in the picker's range. */
export function normalizeCsvDate(cell: string): string | null {
  const match = DATE.exec(cell.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  if (year < 1900 || year > 2099) return null;
  return `${match[1]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The first value over its limit (or holding an over-long cluster), as the cell's error; work bounded per value. */
function firstTextProblem(values: string[], max: number, row: number, column: MemberCsvColumn): CsvCellError | null {
  for (const value of values) {
    const problem = textProblem(value, { max });
    if (problem) return { row, column, ...problem };
  }
  return null;
}

function labelsOf(cell: string, max: number, errors: CsvCellError[], row: number, column: MemberCsvColumn): string[] {
  const values = splitCell(cell);
  if (values.some((value) => CONTROL.test(value))) {
    errors.push({ row, column, code: ErrorCode.validationInvalidFormat });
    return values;
  }
  if (values.length > max) errors.push({ row, column, code: ErrorCode.validationTooLong });
  else {
    const problem = firstTextProblem(values, MEMBER_CSV_LIMITS.labelMax, row, column);
    if (problem) errors.push(problem);
  }
  return values;
}

/**
 * One data row checked on its own (the server checks duplicates and the database afterwards). A blank optional cell
 * means "leave as is" for an existing member; a column left out of the file likewise.
 */
export function validateMemberCsvRow(
  row: number,
  cells: Partial<Record<MemberCsvColumn, string>>,
): { value: MemberCsvRow | null; errors: CsvCellError[] } {
  const errors: CsvCellError[] = [];
  const email = (cells.email ?? '').trim().toLowerCase();
  if (email === '') errors.push({ row, column: 'email', code: ErrorCode.validationRequired });
  else if (email.length > 254 || !EMAIL.test(email)) errors.push({ row, column: 'email', code: ErrorCode.validationInvalidEmail });

  const nameCell = cells.name?.trim() ?? '';
  if (CONTROL.test(nameCell)) errors.push({ row, column: 'name', code: ErrorCode.validationInvalidName });
  else {
    const problem = firstTextProblem([nameCell], MEMBER_CSV_LIMITS.nameMax, row, 'name');
    if (problem) errors.push(problem);
  }

  const roleCell = cells.role?.trim().toLowerCase() ?? '';
  let role: MemberCsvRow['role'] = null;
  if (roleCell === 'manager' || roleCell === 'member') role = roleCell;
  else if (roleCell !== '') errors.push({ row, column: 'role', code: ErrorCode.validationInvalidRole });

  const groupsCell = cells.group?.trim() ?? '';
  let groups: string[][] | null = null;
  if (groupsCell !== '') {
    groups = splitCell(groupsCell)
      .map(splitGroupPath)
      .filter((path) => path.length > 0);
    if (groups.some((path) => path.some((segment) => CONTROL.test(segment))))
      errors.push({ row, column: 'group', code: ErrorCode.validationInvalidFormat });
    else if (groups.length > MEMBER_CSV_LIMITS.groupsMax || groups.some((path) => path.length > MEMBER_CSV_LIMITS.groupDepthMax))
      errors.push({ row, column: 'group', code: ErrorCode.validationTooLong });
    else {
      const problem = firstTextProblem(groups.flat(), MEMBER_CSV_LIMITS.labelMax, row, 'group');
      if (problem) errors.push(problem);
    }
  }

  const dates: Record<'active_from' | 'active_to', string | null> = { active_from: null, active_to: null };
  for (const column of ['active_from', 'active_to'] as const) {
    const cell = cells[column]?.trim() ?? '';
    if (cell === '') continue;
    dates[column] = normalizeCsvDate(cell);
    if (!dates[column]) errors.push({ row, column, code: ErrorCode.validationInvalidFormat });
  }
  if (dates.active_from && dates.active_to && dates.active_to <= dates.active_from) {
    errors.push({ row, column: 'active_to', code: ErrorCode.validationEndAfterStart });
  }

  const belongings = cells.affiliation?.trim()
    ? labelsOf(cells.affiliation, MEMBER_CSV_LIMITS.labelsMax, errors, row, 'affiliation')
    : null;
  const occupations = cells.occupation?.trim() ? labelsOf(cells.occupation, MEMBER_CSV_LIMITS.labelsMax, errors, row, 'occupation') : null;

  if (errors.length > 0) return { value: null, errors };
  return {
    value: {
      row,
      email,
      name: nameCell === '' ? null : nameCell,
      role,
      belongings,
      occupations,
      groups,
      activeFrom: dates.active_from,
      activeTo: dates.active_to,
    },
    errors,
  };
}

/** The downloadable template: header plus one example row (the portal puts CSV_BOM before it). */
export function memberCsvTemplate(language: 'ja' | 'en'): string {
  const header = MEMBER_CSV_COLUMNS.map((column) => (language === 'ja' ? MEMBER_CSV_JAPANESE_HEADERS[column] : column));
  const example =
    language === 'ja'
      ? ['taro@example.com', '山田 太郎', 'member', '営業部,企画部', 'エンジニア', '本社>営業部>第一課', '2025-04-01', '']
      : ['taro@example.com', 'Taro Yamada', 'member', 'Sales,Planning', 'Engineer', 'Head office>Sales>Team 1', '2025-04-01', ''];
  return csvLine(header) + csvLine(example);
}
