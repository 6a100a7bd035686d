// Block Kit built by slack-app (the server composes it; slack-app has no test project of its own).
import { formatDateTimeInZone } from '@kiwi/shared/i18n/format';
import { buildSlackMessage } from '@kiwi/slack-app/blocks';
import { describe, expect, it } from 'vitest';

const coinMessage = (sender: { name: string; icon: string | null }, recipientName = 'Suzuki Taro') => ({
  sender: { memberId: 7, ...sender },
  recipients: [{ memberId: 8, name: recipientName, amount: 5 }],
  message: 'Thanks!',
  transferIds: [1],
});

describe('coin message blocks', () => {
  it('shows the sender icon as an absolute https URL, and leaves out one Slack could not fetch', () => {
    const stored = buildSlackMessage('slack.coin_message', coinMessage({ name: 'Sato', icon: '/api/images/abc123' }), {
      language: 'en',
      publicUrl: 'https://kiwi.example/',
    });
    expect(stored.blocks[0]).toMatchObject({
      accessory: { type: 'image', image_url: 'https://kiwi.example/api/images/abc123', alt_text: 'Sato' },
    });
    const external = buildSlackMessage('slack.coin_message', coinMessage({ name: 'Sato', icon: 'https://cdn.example/sato.png' }), {
      language: 'en',
      publicUrl: 'http://localhost:8080',
    });
    expect(external.blocks[0]).toMatchObject({ accessory: { image_url: 'https://cdn.example/sato.png' } });
    for (const icon of ['/api/images/abc123', 'data:image/png;base64,AAAA', 'javascript:alert(1)']) {
      const local = buildSlackMessage('slack.coin_message', coinMessage({ name: 'Sato', icon }), {
        language: 'en',
        publicUrl: 'http://localhost:8080',
      });
      expect(local.blocks[0]).not.toHaveProperty('accessory');
    }
  });

  it('escapes names in the notification text as well as in the blocks (no <!channel> from a name)', () => {
    const message = buildSlackMessage('slack.coin_message', coinMessage({ name: '<!channel> & co', icon: null }, '<@U123>'), {
      language: 'en',
      publicUrl: 'https://kiwi.example',
    });
    expect(message.text).toBe('&lt;!channel&gt; &amp; co sent KIWI coins to &lt;@U123&gt;');
    expect(JSON.stringify(message.blocks)).not.toMatch(/<!channel>|<@U123>/);
  });
});

describe('dates in Slack messages', () => {
  const startsAt = '2031-12-24T12:00:00.000Z';
  const seconds = Date.parse(startsAt) / 1000;
  const event = { eventId: 1, name: 'Run', startsAt, location: null, path: '/events/1' };
  const survey = { surveyId: 2, title: 'Mood', expiredAt: startsAt, path: '/surveys/2', unansweredCount: 3 };

  it.each(['ja', 'en'] as const)('falls back to the product date in the message language (%s), never the raw ISO text', (language) => {
    const fallback = formatDateTimeInZone(startsAt, language);
    expect(fallback).toMatch(language === 'ja' ? /2031年12月2[45]日/ : /Dec 2[45], 2031/);
    const messages = [
      buildSlackMessage('slack.event_created', event, { language, publicUrl: 'https://kiwi.example' }),
      buildSlackMessage('slack.event_cancelled', event, { language, publicUrl: 'https://kiwi.example' }),
      buildSlackMessage('slack.survey_opened', survey, { language, publicUrl: 'https://kiwi.example' }),
      buildSlackMessage('slack.survey_reminder', survey, { language, publicUrl: 'https://kiwi.example' }),
    ];
    for (const message of messages) {
      const blocks = JSON.stringify(message.blocks);
      expect(blocks).toContain(JSON.stringify(`<!date^${seconds}^{date_short_pretty} {time}|${fallback}>`).slice(1, -1));
      expect(blocks).not.toContain(startsAt);
    }
  });
});
