// The gacha draw audit (issue 18 point 4): GET /api/gacha_draws and its CSV, the same filters on both.
import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { PaginationSchema } from './common';
import { dateParameter } from './dates';
import { GACHA_TYPES } from './rewards';

/** The widest period one request may cover (Tokyo days, inclusive): a CSV never walks more than a year of draws. */
export const GACHA_DRAW_MAX_RANGE_DAYS = 366;

const invalidParameter = { error: ErrorCode.requestInvalidParameter };

const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** Filters (organisation, gacha type, Tokyo days from..to inclusive) and paging; from <= to and at most a year apart. */
export const GachaDrawListQuerySchema = PaginationSchema.extend({
  organization_id: z
    .string(invalidParameter)
    .regex(/^[1-9]\d{0,9}$/, invalidParameter)
    .transform(Number)
    .pipe(z.number().max(2_147_483_647, invalidParameter))
    .optional(),
  gacha_type: z.enum(GACHA_TYPES, invalidParameter).optional(),
  from: dateParameter().optional(),
  to: dateParameter().optional(),
}).superRefine((query, context) => {
  if (query.from && query.to && (daysBetween(query.from, query.to) < 0 || daysBetween(query.from, query.to) >= GACHA_DRAW_MAX_RANGE_DAYS)) {
    context.addIssue({ code: 'custom', path: ['to'], message: ErrorCode.requestInvalidParameter });
  }
});
export type GachaDrawListQuery = z.output<typeof GachaDrawListQuerySchema>;
