// Every namespace of one language in one chunk: the portal loads the language it shows, not both (portal-i18n.ts).
export const resources = import.meta.glob<Record<string, unknown>>(
  // Namespaces that load with their pages, not with /login: walking (use-walking-translation.ts), rewards, quests,
  // gifts-admin and gift-audit (their pages' hooks), moderation (use-moderation-translation.ts), report (with the first
  // Report button, shared/src/features/report/report-i18n.ts), date-picker and date-calendar (with the date fields and their
  // calendar, shared/src/ui/date-input.tsx). mail.json and slack.json are the server's (e-mails, Slack
  // messages): the portal never shows them.
  [
    '../../../locales/ja/*.json',
    '!../../../locales/ja/{walking,rewards,quests,gifts-admin,gift-audit,moderation,report,admin-dashboard,admin-users,admin-organizations,change-requests,app-informations,system-settings,admin-exports,staff-actions,date-picker,date-calendar,mail,slack}.json',
  ],
  { eager: true, import: 'default' },
);
