import { describe, expect, it } from 'vitest';
import { createI18n } from './create-i18n';
import { formatAuthorName } from './format';

describe('formatAuthorName', () => {
  it.each([
    ['ja', '', '退会したメンバー'],
    ['en', '', 'Former member'],
    ['ja', '   ', '退会したメンバー'],
    ['en', null, 'Former member'],
    ['ja', '花子', '花子'],
    ['en', 'Hanako', 'Hanako'],
  ] as const)('in %s, %j reads %s', (language, name, shown) => {
    const i18n = createI18n({ lng: language });
    expect(formatAuthorName(i18n.t, name)).toBe(shown);
  });
});
