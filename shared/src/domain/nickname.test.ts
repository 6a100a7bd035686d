import { describe, expect, it } from 'vitest';
import { nicknameKey } from './nickname';

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
