import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { graphemeString } from './text';
import { requiredOrInvalidType, strictPayload } from './common';

export const GROUP_LIMITS = { nameMax: 50, membersMax: 10_000 } as const;

const id = z
  .int({ error: requiredOrInvalidType })
  .positive({ error: ErrorCode.validationPositive })
  .max(2_147_483_647, { error: ErrorCode.validationTooBig });

const groupFields = {
  name: graphemeString({ min: 1, max: GROUP_LIMITS.nameMax, trim: true }),
  /** null = a top-level group */
  parent_id: id.nullable(),
  /** Replaces the group's members (organisation member ids). */
  member_ids: z.array(id, { error: requiredOrInvalidType }).max(GROUP_LIMITS.membersMax, { error: ErrorCode.validationTooLong }),
};

export const CreateGroupSchema = strictPayload({
  group: strictPayload({
    name: groupFields.name,
    parent_id: groupFields.parent_id.optional(),
    member_ids: groupFields.member_ids.optional(),
  }),
});
export const UpdateGroupSchema = strictPayload({
  group: strictPayload({
    name: groupFields.name.optional(),
    parent_id: groupFields.parent_id.optional(),
    member_ids: groupFields.member_ids.optional(),
  }),
});
export type CreateGroup = z.output<typeof CreateGroupSchema>['group'];
export type UpdateGroup = z.output<typeof UpdateGroupSchema>['group'];
