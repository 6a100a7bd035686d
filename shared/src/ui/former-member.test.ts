import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/create-i18n';
import { authorName } from './former-member';

describe('authorName', () => {
  it.each([
    ['ja', '', '退会したメンバー'],
    ['en', '', 'Former member'],
    ['ja', '   ', '退会したメンバー'],
    ['en', null, 'Former member'],
    ['ja', '花子', '花子'],
    ['en', 'Hanako', 'Hanako'],
  ] as const)('in %s, %j reads %s', (language, name, shown) => {
    const i18n = createI18n({ lng: language });
    expect(authorName(i18n.t, name)).toBe(shown);
  });
});
