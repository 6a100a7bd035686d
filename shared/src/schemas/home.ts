import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { strictPayload, integerError, oneOfError } from './common';

/** What the home marks read when it is opened: an organisation's news or one of the platform's app informations. */
export const HOME_READ_KINDS = ['news', 'app_information'] as const;
export type HomeReadKind = (typeof HOME_READ_KINDS)[number];

/** How many items each home list shows; the card links to the full page for the rest. */
export const HOME_LIST_LIMIT = 5;

/** PUT /api/home/reads: `{ content_read: { kind, item_id } }`, always for the signed-in user (no user id is taken). */
export const MarkHomeReadSchema = strictPayload({
  content_read: strictPayload({
    kind: z.enum(HOME_READ_KINDS, {
      error: oneOfError,
    }),
    item_id: z
      .int({ error: integerError })
      .positive({ error: ErrorCode.validationPositive })
      .max(2_147_483_647, { error: ErrorCode.validationTooBig }),
  }),
});
export type MarkHomeRead = z.output<typeof MarkHomeReadSchema>['content_read'];
