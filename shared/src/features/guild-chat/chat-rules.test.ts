import { describe, expect, it } from 'vitest';
import { HttpResponseError } from '../../api/errors';
import { createI18n } from '../../i18n/create-i18n';
import {
  composerProblem,
  composerResolver,
  messageBodyProblem,
  problemText,
  roleProblem,
  roleResolver,
  serverFieldError,
} from './chat-rules';

const i18n = createI18n({ lng: 'en' });
const t = i18n.t.bind(i18n);

describe('guild chat rules (the server schemas checks, zod-free)', () => {
  it.each([
    ['text', { body: 'hello', image: null }, null],
    ['an image without text', { body: '', image: '/api/images/abc' }, null],
    ['nothing', { body: '', image: null }, 'validation.required'],
    ['only blanks', { body: ' \n ', image: null }, 'validation.required'],
    ['1,000 emoji (graphemes, not code units)', { body: '🏃‍♀️'.repeat(1000), image: null }, null],
    ['1,001 graphemes', { body: 'a'.repeat(1001), image: null }, 'validation.tooLong'],
    ['U+0000', { body: 'a\u0000b', image: null }, 'validation.invalidFormat'],
    ['a letter with 40 combining marks', { body: `a${'\u0301'.repeat(40)}`, image: null }, 'validation.clusterTooLong'],
  ])('a new message: %s', (_name, values, code) => {
    expect(composerProblem(values)?.code ?? null).toBe(code);
  });

  it('an edited message may be emptied (UpdateGuildMessageSchema has no minimum) but not made too long', () => {
    expect(messageBodyProblem('')).toBeNull();
    expect(messageBodyProblem('a'.repeat(1001))).toEqual({ code: 'validation.tooLong', params: { count: 1000 } });
  });

  it.each([
    ['empty', '', null],
    ['30 graphemes with blanks around (trimmed as the server does)', `  ${'役'.repeat(30)}  `, null],
    ['31 graphemes', '役'.repeat(31), 'validation.tooLong'],
  ])('a role label: %s', (_name, role, code) => {
    expect(roleProblem({ role })?.code ?? null).toBe(code);
  });

  it('resolvers put the translated problem under the field, and pass valid values through', async () => {
    const tooLong = await roleResolver(t)({ role: '役'.repeat(31) }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(tooLong).toEqual({ values: {}, errors: { role: { type: 'validation.tooLong', message: 'Enter 30 or fewer characters' } } });
    const fine = await composerResolver(t)({ body: 'hi', image: null }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(fine).toEqual({ values: { body: 'hi', image: null }, errors: {} });
    expect(problemText(t, { code: 'validation.required' })).toBe(i18n.t('validation:required'));
  });

  it("finds the server's message for one field of a 422, and nothing for other failures", () => {
    const error = new HttpResponseError(422, 'Unprocessable', {
      errors: [{ status: '422', code: 'validation.tooLong', detail: 'Too long (server)', source: { pointer: '/guild_member/role' } }],
    });
    expect(serverFieldError(t, error, '/guild_member/role')).toBe('Too long (server)');
    expect(serverFieldError(t, error, '/guild_message/body')).toBeNull();
    expect(serverFieldError(t, new Error('offline'), '/guild_member/role')).toBeNull();
  });
});
