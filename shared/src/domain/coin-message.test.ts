import { describe, expect, it } from 'vitest';
import { fillCoinMessage } from './coin-message';

describe('fillCoinMessage', () => {
  it.each([
    ['Thanks {name}!', { name: 'Hanako', nickname: 'Hana' }, 'Thanks Hanako!'],
    ['Thanks {nickname}!', { name: 'Hanako', nickname: 'Hana' }, 'Thanks Hana!'],
    ['Thanks {nickname}!', { name: 'Hanako', nickname: null }, 'Thanks Hanako!'],
    ['Thanks {nickname}!', { name: 'Hanako', nickname: '  ' }, 'Thanks Hanako!'],
    ['{name} and {name}', { name: 'Taro', nickname: null }, 'Taro and Taro'],
    ['{other} {Name} {name', { name: 'Taro', nickname: null }, '{other} {Name} {name'],
    ['{name}', { name: '$& $1', nickname: null }, '$& $1'],
  ])('%s -> %s', (template, values, expected) => {
    expect(fillCoinMessage(template, values)).toBe(expected);
  });
});
