import { describe, expect, it } from 'vitest';
import { colleagueLabel, nicknameKey } from './nickname';

describe('nicknameKey', () => {
  it.each<[string, string | null | undefined, string | null]>([
    ['no nickname', null, null],
    ['left out', undefined, null],
    ['empty', '', null],
    ['only spaces (full-width too)', ' \u3000 ', null],
    ['plain', 'hanako', 'hanako'],
    ['upper case', 'HanaKo', 'hanako'],
    ['full-width letters', 'ＨＡＮＡＫＯ', 'hanako'],
    ['half-width katakana', 'ﾊﾅｺ', 'ハナコ'],
    ['spaces inside', 'Hana  Ko', 'hanako'],
    ['kana stays kana (hiragana and katakana differ)', 'はなこ', 'はなこ'],
    ['emoji kept', 'はなこ🌸', 'はなこ🌸'],
  ])('%s', (_name, nickname, key) => {
    expect(nicknameKey(nickname)).toBe(key);
  });

  it('gives one key to the forms a picker reader cannot tell apart', () => {
    expect(nicknameKey('Ｔａｒｏ　Ｙ')).toBe(nicknameKey('taro y'));
  });
});

describe('colleagueLabel', () => {
  it('shows the nickname with the name beside it, else the name', () => {
    expect(colleagueLabel({ name: '佐藤 花子', nickname: 'はなこ' })).toBe('はなこ (佐藤 花子)');
    expect(colleagueLabel({ name: '佐藤 花子', nickname: null })).toBe('佐藤 花子');
    expect(colleagueLabel({ name: '佐藤 花子', nickname: '' })).toBe('佐藤 花子');
  });
});
