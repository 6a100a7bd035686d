// Issue 20 point 7 (SPEC §6 "score and return-amount exports"): what an admin may ask the background export for.
import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { requiredOrInvalidType, strictPayload, integerError, oneOf } from './common';

export const EXPORT_KIND_VALUES = ['score', 'return_amount'] as const;
export type ExportKindValue = (typeof EXPORT_KIND_VALUES)[number];
export const EXPORT_ENCODING_VALUES = ['utf8_bom', 'shift_jis'] as const;
export type ExportEncodingValue = (typeof EXPORT_ENCODING_VALUES)[number];
/** The header row's language (the columns and their order are the same in both; docs/decisions.md "Exports"). */
export const EXPORT_LANGUAGES = ['ja', 'en'] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];

/** One export covers at most this many months (3 years): 10,000 members make 360,000 rows at most. */
export const EXPORT_MONTHS_MAX = 36;
/** The months an export may name (the picker's range). */
export const EXPORT_MONTH_MIN = '2000-01';
export const EXPORT_MONTH_MAX = '2099-12';

const MONTH_SHAPE = /^\d{4}-(0[1-9]|1[0-2])$/;
const month = z
  .string({ error: requiredOrInvalidType })
  .regex(MONTH_SHAPE, { error: ErrorCode.validationInvalidFormat })
  .refine((value) => value >= EXPORT_MONTH_MIN && value <= EXPORT_MONTH_MAX, {
    error: ErrorCode.validationDateOutOfRange,
    params: { min: EXPORT_MONTH_MIN, max: EXPORT_MONTH_MAX },
  });

const idField = z
  .int({ error: integerError })
  .positive({ error: ErrorCode.validationPositive })
  .max(2_147_483_647, { error: ErrorCode.validationTooBig });

/** Months from `from` to `to` inclusive, both `YYYY-MM`. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, monthNumber] = from.split('-').map(Number) as [number, number];
  const [toYear, toMonth] = to.split('-').map(Number) as [number, number];
  while (year < toYear || (year === toYear && monthNumber <= toMonth)) {
    months.push(`${year}-${String(monthNumber).padStart(2, '0')}`);
    monthNumber += 1;
    if (monthNumber > 12) {
      monthNumber = 1;
      year += 1;
    }
  }
  return months;
}

/** The request's fields (the portal's form validates the same object). */
export const exportRequestFields = strictPayload({
  kind: oneOf(EXPORT_KIND_VALUES),
  encoding: oneOf(EXPORT_ENCODING_VALUES),
  organization_id: idField.nullish(),
  group_id: idField.nullish(),
  from: month,
  to: month,
  language: oneOf(EXPORT_LANGUAGES).optional(),
}).check((payload) => {
  const { kind, organization_id: organizationId, group_id: groupId, from, to } = payload.value;
  if (to < from) {
    payload.issues.push({ code: 'custom', message: ErrorCode.validationEndAfterStart, path: ['to'], input: to });
  } else if (monthsBetween(from, to).length > EXPORT_MONTHS_MAX) {
    payload.issues.push({
      code: 'custom',
      message: ErrorCode.validationTooBig,
      path: ['to'],
      input: to,
      params: { count: EXPORT_MONTHS_MAX },
    });
  }
  // A group filters a score export of one organisation (whose group it must be, checked by the server).
  if (groupId != null && kind !== 'score') {
    payload.issues.push({ code: 'custom', message: ErrorCode.validationExclusiveOptions, path: ['group_id'], input: groupId });
  } else if (groupId != null && organizationId == null) {
    payload.issues.push({ code: 'custom', message: ErrorCode.validationRequired, path: ['organization_id'], input: organizationId });
  }
});

/** POST /api/exports: `{ "export": { "kind": "score", "encoding": "shift_jis", "organization_id": 1, "from": "2026-01", "to": "2026-03" } }`. */
export const CreateExportSchema = strictPayload({ export: exportRequestFields });
export type CreateExport = z.output<typeof CreateExportSchema>['export'];
