import { createI18n, type Language } from '@kiwi/shared/i18n/create-i18n';
import { formatDateTimeInZone } from '@kiwi/shared/i18n/format';
import type { SlackNotifications } from './notifications';

export type Block = Record<string, unknown>;
export type SlackMessage = { text: string; blocks: Block[] };

type Translate = (key: string, params?: Record<string, unknown>) => string;
const translators = new Map<Language, Translate>();

/** slack.json in one language; one i18next instance per language for the life of the process. */
export function slackTranslator(language: Language): Translate {
  let translate = translators.get(language);
  if (!translate) {
    const i18n = createI18n({ lng: language });
    translate = (key, params) => i18n.t(`slack:${key}`, { lng: language, ...params }) as string;
    translators.set(language, translate);
  }
  return translate;
}

/** Slack mrkdwn needs only &, < and > escaped; everything else a member typed is shown as typed. */
export function escapeMrkdwn(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * An image URL Slack can fetch: stored images are relative (`/api/images/…`) and made absolute with the public URL;
 * anything that is not https afterwards (a local development address) is left out, since Slack refuses the whole
 * message when an image cannot be fetched.
 */
export function slackImageUrl(url: string, publicUrl: string): string | null {
  try {
    const absolute = new URL(url, `${publicUrl.replace(/\/+$/, '')}/`);
    return absolute.protocol === 'https:' ? absolute.toString() : null;
  } catch {
    return null;
  }
}

/**
 * A date Slack shows in each reader's own time zone; clients that cannot (and notifications) show the fallback, the
 * product's date and time in the message's language with the zone it is written in.
 */
function slackDate(iso: string, language: Language): string {
  const seconds = Math.floor(Date.parse(iso) / 1000);
  if (Number.isNaN(seconds)) return escapeMrkdwn(iso);
  return `<!date^${seconds}^{date_short_pretty} {time}|${escapeMrkdwn(formatDateTimeInZone(iso, language))}>`;
}

const section = (text: string): Block => ({ type: 'section', text: { type: 'mrkdwn', text } });
const context = (...texts: string[]): Block => ({ type: 'context', elements: texts.map((text) => ({ type: 'mrkdwn', text })) });
const linkButton = (label: string, url: string, actionId: string): Block => ({
  type: 'actions',
  elements: [{ type: 'button', text: { type: 'plain_text', text: label }, url, action_id: actionId }],
});

/** The action id of the "send thanks back" button; its value is the sender's organisation member id. */
export const THANKS_BACK_ACTION = 'kiwi_thanks_back';
export const THANKS_MODAL_CALLBACK = 'kiwi_thanks_modal';

type BuildOptions = { language: Language; publicUrl: string };

/** The Block Kit message for one outbox notification, in the organisation's language. */
export function buildSlackMessage<T extends keyof SlackNotifications>(
  topic: T,
  payload: SlackNotifications[T],
  { language, publicUrl }: BuildOptions,
): SlackMessage {
  const t = slackTranslator(language);
  const url = (path: string) => `${publicUrl.replace(/\/+$/, '')}${path}`;
  // Values go into mrkdwn escaped; i18next does no escaping (escapeValue is off for Slack and React).
  const e = escapeMrkdwn;
  switch (topic) {
    case 'slack.test_message': {
      const p = payload as SlackNotifications['slack.test_message'];
      const text = t('testMessage.text');
      return { text, blocks: [section(text), context(t('testMessage.requestedBy', { name: e(p.requestedBy) }))] };
    }
    case 'slack.coin_message': {
      const p = payload as SlackNotifications['slack.coin_message'];
      const title = t('coinMessage.title', { sender: e(p.sender.name) });
      const header: Block = { type: 'section', text: { type: 'mrkdwn', text: `*${title}*` } };
      const icon = p.sender.icon ? slackImageUrl(p.sender.icon, publicUrl) : null;
      if (icon) header.accessory = { type: 'image', image_url: icon, alt_text: p.sender.name };
      const recipients = p.recipients
        .map((r) => `• ${t('coinMessage.recipient', { name: e(r.name), amount: r.amount, count: r.amount })}`)
        .join('\n');
      const blocks: Block[] = [header, section(recipients)];
      if (p.message.trim() !== '')
        blocks.push(
          section(
            e(p.message)
              .split('\n')
              .map((line) => `> ${line}`)
              .join('\n'),
          ),
        );
      blocks.push({
        type: 'actions',
        elements: [
          {
            type: 'button',
            text: { type: 'plain_text', text: t('coinMessage.thanksBack') },
            action_id: THANKS_BACK_ACTION,
            value: String(p.sender.memberId),
          },
        ],
      });
      // The top-level text is mrkdwn too (notifications, old clients): escaped like the blocks, so no <!channel>.
      const fallback = t('coinMessage.fallback', { sender: e(p.sender.name), recipients: p.recipients.map((r) => e(r.name)).join(', ') });
      return { text: fallback, blocks };
    }
    case 'slack.event_created': {
      const p = payload as SlackNotifications['slack.event_created'];
      const text = t('eventCreated.text', { name: e(p.name) });
      const details = [t('eventCreated.startsAt', { startsAt: slackDate(p.startsAt, language) })];
      if (p.location) details.push(t('eventCreated.location', { location: e(p.location) }));
      return { text, blocks: [section(text), context(...details), linkButton(t('eventCreated.open'), url(p.path), 'kiwi_open')] };
    }
    case 'slack.event_cancelled': {
      const p = payload as SlackNotifications['slack.event_cancelled'];
      const text = t('eventCancelled.text', { name: e(p.name) });
      return {
        text,
        blocks: [
          section(text),
          context(t('eventCancelled.startsAt', { startsAt: slackDate(p.startsAt, language) })),
          linkButton(t('eventCancelled.open'), url(p.path), 'kiwi_open'),
        ],
      };
    }
    case 'slack.news_published': {
      const p = payload as SlackNotifications['slack.news_published'];
      const text = t('newsPublished.text', { title: e(p.title) });
      return { text, blocks: [section(text), linkButton(t('newsPublished.open'), url(p.path), 'kiwi_open')] };
    }
    case 'slack.survey_opened': {
      const p = payload as SlackNotifications['slack.survey_opened'];
      const text = t('surveyOpened.text', { title: e(p.title) });
      return {
        text,
        blocks: [
          section(text),
          context(t('surveyOpened.expiredAt', { expiredAt: slackDate(p.expiredAt, language) })),
          linkButton(t('surveyOpened.open'), url(p.path), 'kiwi_open'),
        ],
      };
    }
    case 'slack.survey_reminder': {
      const p = payload as SlackNotifications['slack.survey_reminder'];
      const text = t('surveyReminder.text', { title: e(p.title) });
      return {
        text,
        blocks: [
          section(text),
          context(
            t('surveyReminder.expiredAt', { expiredAt: slackDate(p.expiredAt, language) }),
            t('surveyReminder.unanswered', { count: p.unansweredCount }),
          ),
          linkButton(t('surveyReminder.open'), url(p.path), 'kiwi_open'),
        ],
      };
    }
    case 'slack.walking_event_final_result': {
      const p = payload as SlackNotifications['slack.walking_event_final_result'];
      const text = t('walkingEventFinalResult.text', { title: e(p.title) });
      const podium = p.teams.map((team) =>
        t('walkingEventFinalResult.team', { rank: team.rank, name: e(team.teamName), score: team.score }),
      );
      return {
        text,
        blocks: [
          section(text),
          ...(podium.length > 0 ? [section(podium.join('\n'))] : []),
          linkButton(t('walkingEventFinalResult.open'), url(p.path), 'kiwi_open'),
        ],
      };
    }
    case 'slack.violation_reported': {
      const p = payload as SlackNotifications['slack.violation_reported'];
      const text = t('violationReported.text', { type: t(`violationReported.types.${p.objectType}`) });
      return { text, blocks: [section(text), linkButton(t('violationReported.open'), url(p.path), 'kiwi_open')] };
    }
    default:
      throw new Error(`no Slack message for topic ${String(topic)}`);
  }
}
