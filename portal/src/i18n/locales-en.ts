// Every namespace of one language in one chunk: the portal loads the language it shows, not both (portal-i18n.ts).
export const resources = import.meta.glob<Record<string, unknown>>(
  // walking.json loads with the walking event pages (pages/walking-events/use-walking-translation.ts), moderation.json with
  // the violation report pages (use-moderation-translation.ts), report.json with the first Report button
  // (shared/src/features/report/report-i18n.ts): none with /login. mail.json and slack.json are the server's (e-mails,
  // Slack messages): the portal never shows them.
  ['../../../locales/en/*.json', '!../../../locales/en/{walking,moderation,report,mail,slack}.json'],
  { eager: true, import: 'default' },
);
