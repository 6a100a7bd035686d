// The gacha draw audit (issue 18 point 4): GET /api/gacha_draws and its CSV, the same filters on both.
import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { daysBetweenInclusive } from '../domain/walking-event';
import { optionalIdQueryParameter, PaginationSchema } from './common';
import { dateParameter } from './dates';
import { GACHA_TYPES } from './rewards';

/** The widest period one request may cover (Tokyo days, inclusive): a CSV never walks more than a year of draws. */
export const GACHA_DRAW_MAX_RANGE_DAYS = 366;

const invalidParameter = { error: ErrorCode.requestInvalidParameter };

/** Filters (organisation, gacha type, Tokyo days from..to inclusive) and paging; from <= to and at most a year apart. */
export const GachaDrawListQuerySchema = PaginationSchema.extend({
  organization_id: optionalIdQueryParameter(),
  gacha_type: z.enum(GACHA_TYPES, invalidParameter).optional(),
  from: dateParameter().optional(),
  to: dateParameter().optional(),
}).superRefine((query, context) => {
  if (!query.from || !query.to) return;
  const days = daysBetweenInclusive(query.from, query.to);
  if (days === 0 || days > GACHA_DRAW_MAX_RANGE_DAYS) {
    context.addIssue({ code: 'custom', path: ['to'], message: ErrorCode.requestInvalidParameter });
  }
});
export type GachaDrawListQuery = z.output<typeof GachaDrawListQuerySchema>;
