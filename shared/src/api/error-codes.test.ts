import { describe, expect, it } from 'vitest';
import { ErrorCode, errorStatus } from './error-codes';

describe('errorStatus', () => {
  it.each<[ErrorCode, number]>([
    ['request.malformedJson', 400],
    ['request.unsupportedMediaType', 415],
    ['request.tooLarge', 413],
    ['request.invalidParameter', 400],
    ['validation.required', 422],
    ['validation.unknownKey', 422],
    ['route.notFound', 404],
    ['resource.notFound', 404],
    ['auth.unauthenticated', 401],
    ['auth.invalidToken', 401],
    ['auth.tokenExpired', 401],
    ['auth.userNotFound', 403],
    ['auth.userInactive', 403],
    ['auth.forbidden', 403],
    ['server.unexpected', 500],
    ['rateLimited', 429],
  ])('%s -> %d', (code, status) => {
    expect(errorStatus(code)).toBe(status);
  });

  it('gives every code a 4xx or 5xx status, 500 only for server.unexpected', () => {
    for (const code of Object.values(ErrorCode)) {
      const status = errorStatus(code);
      expect(status >= 400 && status < 600, code).toBe(true);
      expect(status === 500, code).toBe(code === 'server.unexpected');
    }
  });
});
