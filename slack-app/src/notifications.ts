// What producers put in the outbox for the Slack app to post, by topic. The server enqueues these (in the same
// transaction as the change); the Slack app renders them as Block Kit in the organisation's language at delivery time.
// Paths are portal paths ("/events/12"); the renderer joins them to the public URL.

export type SlackNotifications = {
  'slack.test_message': { requestedBy: string };
  'slack.coin_message': {
    sender: { memberId: number; name: string; icon: string | null };
    recipients: { memberId: number; name: string; amount: number }[];
    /** With {name} and {nickname} already filled in per recipient where used. */
    message: string;
    transferIds: number[];
  };
  'slack.event_created': { eventId: number; name: string; startsAt: string; location: string | null; path: string };
  'slack.event_cancelled': { eventId: number; name: string; startsAt: string; path: string };
  'slack.news_published': { newsId: number; title: string; path: string };
  'slack.survey_opened': { surveyId: number; title: string; expiredAt: string; path: string };
  'slack.survey_reminder': { surveyId: number; title: string; expiredAt: string; path: string; unansweredCount: number };
  /** Issue 17: the frozen result of a walking event, its podium teams (score = average steps per member). */
  'slack.walking_event_final_result': {
    walkingEventId: number;
    title: string;
    path: string;
    teams: { rank: number; teamName: string; score: number }[];
  };
  /** Issue 19: a new violation report waits for the managers; the type only, never the reported content. */
  'slack.violation_reported': { objectType: string; path: string };
};

/** Mail goes through the outbox too: rendered by the server's mail module from locales/<language>/mail.json `<template>.*`. */
export type MailNotifications = {
  'mail.send': { to: string; language: 'ja' | 'en'; template: string; params: Record<string, string | number> };
};

/**
 * Push goes through the outbox too (server/src/modules/push): titles and bodies already in each member's language,
 * grouped by text, at most 500 tokens per row.
 */
export type PushNotifications = {
  'push.send': { kind: string; path: string; messages: { title: string; body: string; tokens: string[] }[] };
};

/** Identity work after a commit (server/src/modules/cancellation): a cancelled user's Firebase account is deleted. */
export type IdentityNotifications = {
  'identity.delete_account': { uid: string };
};

/**
 * Issue 22: the answer to a /kiwi command, posted to the command's response_url after the command was acknowledged
 * (Slack's three-second rule). Not a `slack.*` topic: it is one member's private answer, not an organisation's
 * channel message, so the External services page does not list it.
 */
export type SlackCommandNotifications = {
  'slack_command.answer': { responseUrl: string; answer: { response_type: 'ephemeral'; text: string } };
};

export type Notifications = SlackNotifications & SlackCommandNotifications & MailNotifications & PushNotifications & IdentityNotifications;
export type NotificationTopic = keyof Notifications;
