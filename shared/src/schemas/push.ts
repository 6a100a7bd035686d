import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { PUSH_KINDS, type PushKind } from '../domain/push';
import { requiredOrInvalidType, strictPayload, oneOfError } from './common';
import { graphemeString } from './text';

export const DEVICE_LIMITS = { uuidMax: 255, tokenMax: 4096 } as const;

const pushChoice = z.boolean({ error: requiredOrInvalidType });
/** `user.notification_preferences` of PUT /api/users/{id}: each kind true or false; kinds left out keep their choice. */
export const NotificationPreferencesSchema = strictPayload(
  Object.fromEntries(PUSH_KINDS.map((kind) => [kind, pushChoice.optional()])) as Record<PushKind, z.ZodOptional<typeof pushChoice>>,
);

/** `user.device`: this browser or phone. The mobile app sends uuid and fcm_token (spec §3); the portal adds platform web. */
export const DeviceSchema = strictPayload({
  uuid: graphemeString({ min: 1, max: DEVICE_LIMITS.uuidMax }),
  fcm_token: graphemeString({ min: 1, max: DEVICE_LIMITS.tokenMax }),
  platform: z
    .enum(['app', 'web'], {
      error: oneOfError,
    })
    .optional(),
});

/** DELETE /api/users/{id}/devices/{uuid}: push turned off on that device. */
export const DeviceParamsSchema = z.object({
  id: z.string(),
  uuid: z
    .string({ error: ErrorCode.requestInvalidParameter })
    .min(1, { error: ErrorCode.requestInvalidParameter })
    .max(DEVICE_LIMITS.uuidMax, {
      error: ErrorCode.requestInvalidParameter,
    }),
});
