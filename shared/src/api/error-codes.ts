// The stable machine codes the server puts in `errors[].code`; the client shows `t(`errors:${code}`)`.
// Zod schemas in schemas/ use the validation codes as their messages, so a form and the server speak the same codes.
export const ErrorCode = {
  requestMalformedJson: 'request.malformedJson',
  requestUnsupportedMediaType: 'request.unsupportedMediaType',
  requestTooLarge: 'request.tooLarge',
  requestInvalidParameter: 'request.invalidParameter',

  validationRequired: 'validation.required',
  validationInvalidType: 'validation.invalidType',
  validationUnknownKey: 'validation.unknownKey',
  validationTooShort: 'validation.tooShort',
  validationTooLong: 'validation.tooLong',
  validationTooSmall: 'validation.tooSmall',
  validationTooBig: 'validation.tooBig',
  validationGreaterThan: 'validation.greaterThan',
  validationPositive: 'validation.positive',
  validationInteger: 'validation.integer',
  validationInvalidFormat: 'validation.invalidFormat',
  validationInvalidEmail: 'validation.invalidEmail',
  validationInvalidRole: 'validation.invalidRole',
  validationInvalidName: 'validation.invalidName',
  validationOneOf: 'validation.oneOf',
  validationDuplicateTags: 'validation.duplicateTags',
  validationImageOnly: 'validation.imageOnly',
  validationOneImage: 'validation.oneImage',
  validationImageTooLarge: 'validation.imageTooLarge',
  validationEndAfterStart: 'validation.endAfterStart',
  validationStartBeforeEnd: 'validation.startBeforeEnd',
  validationFinalResultAfterEnd: 'validation.finalResultAfterEnd',
  validationNextDayOrLater: 'validation.nextDayOrLater',
  validationExclusiveOptions: 'validation.exclusiveOptions',
  validationMaximumBelowJoined: 'validation.maximumBelowJoined',
  validationNotEnoughCoins: 'validation.notEnoughCoins',
  validationWrongPassword: 'validation.wrongPassword',

  routeNotFound: 'route.notFound',
  resourceNotFound: 'resource.notFound',

  authUnauthenticated: 'auth.unauthenticated',
  authInvalidToken: 'auth.invalidToken',
  authTokenExpired: 'auth.tokenExpired',
  authUserNotFound: 'auth.userNotFound',
  authUserInactive: 'auth.userInactive',
  authForbidden: 'auth.forbidden',

  serverUnexpected: 'server.unexpected',
  rateLimited: 'rateLimited',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

const statusByPrefix: Record<string, number> = { validation: 422, route: 404, resource: 404, server: 500 };
const statusByCode: Partial<Record<ErrorCode, number>> = {
  'request.malformedJson': 400,
  'request.unsupportedMediaType': 415,
  'request.tooLarge': 413,
  'request.invalidParameter': 400,
  'auth.unauthenticated': 401,
  'auth.invalidToken': 401,
  'auth.tokenExpired': 401,
  'auth.userNotFound': 403,
  'auth.userInactive': 403,
  'auth.forbidden': 403,
  rateLimited: 429,
};

/** The HTTP status that goes with a stable code (validation.* is 422). */
export function errorStatus(code: ErrorCode): number {
  return statusByCode[code] ?? statusByPrefix[code.split('.')[0] ?? ''] ?? 500;
}
