import { describe, expect, it } from 'vitest';
import { isProviderAllowed, methodsOfProvider, SIGN_IN_METHODS } from './sign-in-policy';

describe('methodsOfProvider', () => {
  it.each([
    ['password', ['password', 'emailLink']],
    ['emailLink', ['emailLink']],
    ['google.com', ['google']],
    ['microsoft.com', ['microsoft']],
    ['anonymous', []],
    ['phone', []],
    ['custom', []],
    [undefined, []],
  ])('%s stands for %j', (provider, methods) => {
    expect(methodsOfProvider(provider)).toEqual(methods);
  });
});

describe('isProviderAllowed', () => {
  it.each([
    [SIGN_IN_METHODS, 'google.com', true],
    [['password'], 'password', true],
    [['emailLink'], 'password', true],
    [['google'], 'password', false],
    [['google'], 'google.com', true],
    [['google'], 'microsoft.com', false],
    [['microsoft'], 'microsoft.com', true],
    [['password', 'emailLink'], 'google.com', false],
    [SIGN_IN_METHODS, 'anonymous', false],
  ] as const)('%j allows %s: %s', (allowed, provider, expected) => {
    expect(isProviderAllowed(allowed, provider)).toBe(expected);
  });
});
