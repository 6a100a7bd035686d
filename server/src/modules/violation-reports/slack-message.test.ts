import { buildSlackMessage } from '@kiwi/slack-app/blocks';
import { describe, expect, it } from 'vitest';

describe('a new violation report on Slack', () => {
  it.each([
    ['ja', '新しい違反報告が確認を待っています(ギルドのメッセージ)'],
    ['en', 'A new violation report is waiting for review (guild message)'],
  ] as const)('renders in %s with the type only and a link to the queue', (language, text) => {
    const payload = { objectType: 'GuildMessage', path: '/org/acme/violation_reports' };
    const message = buildSlackMessage('slack.violation_reported', payload, { language, publicUrl: 'https://kiwi.example' });
    expect(message.text).toBe(text);
    expect(JSON.stringify(message.blocks)).toContain('https://kiwi.example/org/acme/violation_reports');
  });
});
