import { describe, expect, it } from 'vitest';
import { ACTION_LINK_LIMITS, kiwiActionLink, parseActionLink, safeContinuePath } from './action-link';

const query = (values: Record<string, string>) => new URLSearchParams(values);

describe('parseActionLink', () => {
  it.each(['resetPassword', 'verifyEmail', 'recoverEmail', 'verifyAndChangeEmail', 'revertSecondFactorAddition', 'signIn'])(
    'reads a %s link',
    (mode) => {
      const parsed = parseActionLink(
        query({ mode, oobCode: 'abc-DEF_123', apiKey: 'fake-api-key', continueUrl: 'http://localhost/login', lang: 'en' }),
      );
      expect(parsed).toEqual({
        ok: true,
        link: { mode, oobCode: 'abc-DEF_123', apiKey: 'fake-api-key', continueUrl: 'http://localhost/login', lang: 'en' },
      });
    },
  );

  it('leaves out the optional continue URL and language', () => {
    expect(parseActionLink(query({ mode: 'verifyEmail', oobCode: 'c', apiKey: 'k' }))).toEqual({
      ok: true,
      link: { mode: 'verifyEmail', oobCode: 'c', apiKey: 'k', continueUrl: undefined, lang: undefined },
    });
  });

  it.each([
    [{ oobCode: 'c', apiKey: 'k' }, 'unknownMode'],
    [{ mode: 'deleteAccount', oobCode: 'c', apiKey: 'k' }, 'unknownMode'],
    [{ mode: 'ResetPassword', oobCode: 'c', apiKey: 'k' }, 'unknownMode'],
    [{ mode: 'deleteAccount', apiKey: 'k' }, 'unknownMode'],
    [{ mode: 'verifyEmail', apiKey: 'k' }, 'missingCode'],
    [{ mode: 'verifyEmail', oobCode: '   ', apiKey: 'k' }, 'missingCode'],
    [{ mode: 'verifyEmail', oobCode: 'x'.repeat(ACTION_LINK_LIMITS.codeMax + 1), apiKey: 'k' }, 'missingCode'],
    [{ mode: 'verifyEmail', oobCode: 'c' }, 'missingApiKey'],
    [{ mode: 'verifyEmail', oobCode: 'c', apiKey: 'k"><script>' }, 'missingApiKey'],
  ])('refuses %j with %s', (values, problem) => {
    expect(parseActionLink(query(values as Record<string, string>))).toEqual({ ok: false, problem });
  });

  it('drops a continue URL or language too long to be real instead of refusing the link', () => {
    const parsed = parseActionLink(
      query({ mode: 'verifyEmail', oobCode: 'c', apiKey: 'k', continueUrl: `http://localhost/${'a'.repeat(3000)}`, lang: 'x'.repeat(100) }),
    );
    expect(parsed).toMatchObject({ ok: true, link: { continueUrl: undefined, lang: undefined } });
  });
});

describe('safeContinuePath', () => {
  const own = ['http://localhost:4640'];

  it.each([
    ['http://localhost:4640/login', '/login'],
    ['http://localhost:4640/user/profile?tab=email#top', '/user/profile?tab=email#top'],
    ['http://LOCALHOST:4640/guilds', '/guilds'],
    ['http://localhost:4640', '/'],
  ])('keeps the path of %s', (url, path) => {
    expect(safeContinuePath(url, own)).toBe(path);
  });

  it.each([
    ['another host', 'https://evil.example/login'],
    ['another port', 'http://localhost:4641/login'],
    ['another scheme', 'https://localhost:4640/login'],
    ['a look-alike host', 'http://localhost:4640.evil.example/login'],
    ['credentials', 'http://user:pass@localhost:4640/login'],
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', '/login'],
    ['a protocol-relative URL', '//evil.example/login'],
    ['the action page itself', 'http://localhost:4640/user/actions?mode=signIn'],
    ['garbage', 'not a url'],
    ['nothing', ''],
  ])('ignores %s', (_case, url) => {
    expect(safeContinuePath(url, own)).toBeNull();
  });

  it('accepts any of the configured origins and ignores unparsable ones', () => {
    expect(safeContinuePath('https://kiwi.example.com/events', ['not an origin', 'https://kiwi.example.com/'])).toBe('/events');
    expect(safeContinuePath(undefined, own)).toBeNull();
  });
});

describe('kiwiActionLink', () => {
  it("turns the emulator's or Firebase's link into Kiwi's page, keeping the link's parts", () => {
    const link =
      'http://127.0.0.1:9099/emulator/action?mode=resetPassword&lang=en&oobCode=CODE_1&apiKey=fake-api-key&continueUrl=http%3A%2F%2Flocalhost%3A4640%2Flogin';
    const kiwi = new URL(kiwiActionLink(link, 'http://localhost:4640'));
    expect(kiwi.origin + kiwi.pathname).toBe('http://localhost:4640/user/actions');
    expect(Object.fromEntries(kiwi.searchParams)).toEqual({
      mode: 'resetPassword',
      oobCode: 'CODE_1',
      apiKey: 'fake-api-key',
      lang: 'en',
      continueUrl: 'http://localhost:4640/login',
    });
  });

  it('can set the language and leaves out what the link lacks', () => {
    const kiwi = new URL(
      kiwiActionLink('https://kiwi-prod.firebaseapp.com/__/auth/action?mode=verifyEmail&oobCode=C&apiKey=K', 'https://kiwi.example.com/', {
        lang: 'ja',
      }),
    );
    expect(kiwi.toString()).toBe('https://kiwi.example.com/user/actions?mode=verifyEmail&oobCode=C&apiKey=K&lang=ja');
  });
});
