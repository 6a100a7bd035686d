import { describe, expect, it } from 'vitest';
import { firstStepsOf, type HomeAppInformation, type HomeNews, noticesOf } from './home-types';

const news = (id: string, publishedAt: string): HomeNews => ({ type: 'news', id, title: id, body: '', publishedAt, read: false });
const information = (id: string, publishedAt: string): HomeAppInformation => ({
  type: 'appInformations',
  id,
  title: id,
  body: '',
  publishedAt,
  read: true,
  headCopy: null,
  iconName: null,
});

describe('noticesOf', () => {
  it('merges news and app informations newest first', () => {
    const merged = noticesOf({
      news: [news('n2', '2030-01-05T00:00:00Z'), news('n1', '2030-01-01T00:00:00Z')],
      appInformations: [information('a1', '2030-01-03T00:00:00Z')],
    });
    expect(merged.map((item) => item.id)).toEqual(['n2', 'a1', 'n1']);
  });
});

describe('firstStepsOf', () => {
  const guild = { id: '1', name: 'Runners', headerImageUrl: null, newMessagesCount: 0, lastMessageAt: null };
  it.each([
    { nickname: null, steps: 0, points: 0, guilds: [], expected: ['nickname', 'activity', 'guild'] },
    { nickname: '  ', steps: 10, points: 0, guilds: [guild], expected: ['nickname'] },
    { nickname: 'Hana', steps: 0, points: 0, guilds: [guild], expected: ['activity'] },
    { nickname: 'Hana', steps: 0, points: 3, guilds: [], expected: ['guild'] },
    { nickname: 'Hana', steps: 5000, points: 3, guilds: [guild], expected: [] },
  ])('$nickname / $steps steps / $points pt / $guilds.length guilds -> $expected', ({ nickname, steps, points, guilds, expected }) => {
    expect(firstStepsOf({ monthSteps: steps, monthHealthPoints: points, guilds }, nickname)).toEqual(expected);
  });
});
