import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { DATE_RANGE } from '../domain/date-range';
import { requiredOrInvalidType } from './common';

export { DATE_RANGE };

/**
 * Whether the calendar day written at the start of an ISO date or date-time lies in DATE_RANGE. The day as written: a
 * picker sends its local day with the offset, so "1900-01-01T00:00+09:00" passes although it is 1899 in UTC. A value
 * that does not start with a day is the format check's to refuse, not this one's.
 */
export function isWrittenDayInRange(value: string): boolean {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0];
  return day === undefined || (day >= DATE_RANGE.min && day <= DATE_RANGE.max);
}

/**
 * The one range check of every date helper below: 422 validation.dateOutOfRange (min and max as params) in a body,
 * 400 request.invalidParameter in a query. One instance, so a test can find it in any schema that uses a helper.
 */
export const DATE_RANGE_CHECK = z.refine<string>(isWrittenDayInRange, {
  error: ErrorCode.validationDateOutOfRange,
  params: { ...DATE_RANGE },
  abort: true,
});

const formatError = (issue: { input?: unknown }) =>
  typeof issue.input === 'string' ? ErrorCode.validationInvalidFormat : requiredOrInvalidType(issue);
const invalidParameter = { error: ErrorCode.requestInvalidParameter };

/** A calendar day `YYYY-MM-DD` in a body (a birthday, a contract date). */
export const dateField = () => z.iso.date({ error: formatError }).check(DATE_RANGE_CHECK);

/** An instant with its offset in a body (`2026-06-30T23:59:00+09:00`), kept as the string. */
export const dateTimeField = () => z.iso.datetime({ offset: true, error: formatError }).check(DATE_RANGE_CHECK);

/**
 * An instant whose format a caller checks its own way (events accept the picker's `HH:mm` without seconds): the same
 * range check after that format check.
 */
export const dateTimeWithFormat = (isFormat: (value: string) => boolean) =>
  z
    .string({ error: requiredOrInvalidType })
    .refine(isFormat, { error: ErrorCode.validationInvalidFormat, abort: true })
    .check(DATE_RANGE_CHECK);

/** A day `YYYY-MM-DD` in a query or path (dashboard from/to, a logged day). */
export const dateParameter = () => z.iso.date(invalidParameter).check(DATE_RANGE_CHECK);
