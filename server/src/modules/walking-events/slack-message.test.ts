import { buildSlackMessage } from '@kiwi/slack-app/blocks';
import { describe, expect, it } from 'vitest';

describe('the walking event final result on Slack', () => {
  const payload = {
    walkingEventId: 7,
    title: 'Spring <walk> & run',
    path: '/walking_events/7',
    teams: [
      { rank: 1, teamName: 'Owls', score: 9120 },
      { rank: 1, teamName: '<b>Larks</b>', score: 9120 },
      { rank: 3, teamName: 'Hares', score: 7001 },
    ],
  };

  it.each([
    [
      'ja',
      'ウォーキングイベント *Spring &lt;walk&gt; &amp; run* の最終結果が公開されました',
      '1位 &lt;b&gt;Larks&lt;/b&gt; — 1人あたり9120歩',
    ],
    ['en', 'The final result of the walking event *Spring &lt;walk&gt; &amp; run* is out', '3. Hares — 7001 steps per member'],
  ] as const)('renders in %s with the podium (ties share the rank), names escaped, and a link', (language, text, line) => {
    const message = buildSlackMessage('slack.walking_event_final_result', payload, { language, publicUrl: 'https://kiwi.example' });
    expect(message.text).toBe(text);
    const json = JSON.stringify(message.blocks);
    expect(json).toContain(JSON.stringify(line).slice(1, -1));
    expect(json).toContain('https://kiwi.example/walking_events/7');
  });
});
