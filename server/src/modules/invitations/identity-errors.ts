import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { ApiError } from '../../jsonapi/errors';

/** firebase-admin refusals a person can cause (a weak password) as coded 4xx; anything else stays unexpected. */
export function identityErrorFor(error: unknown): unknown {
  const code = (error as { code?: string } | null)?.code ?? '';
  if (code === 'auth/invalid-password' || code === 'auth/password-does-not-meet-requirements') {
    return new ApiError(ErrorCode.validationTooShort, { status: 422, pointer: '/user/password', params: { count: 6 } });
  }
  if (code === 'auth/email-already-exists')
    return new ApiError(ErrorCode.memberEmailNotAvailable, { pointer: '/organization_member/email' });
  if (code === 'auth/invalid-email')
    return new ApiError(ErrorCode.validationInvalidEmail, { status: 422, pointer: '/organization_member/email' });
  return error;
}
