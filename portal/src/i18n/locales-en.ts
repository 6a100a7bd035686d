// Every namespace of one language in one chunk: the portal loads the language it shows, not both (portal-i18n.ts).
export const resources = import.meta.glob<Record<string, unknown>>(
  // walking.json loads with the walking event pages (pages/walking-events/use-walking-translation.ts), quests.json with
  // the quest pages and the home card (pages/quests/use-quests-translation.ts), not with /login.
  ['../../../locales/en/*.json', '!../../../locales/en/walking.json', '!../../../locales/en/quests.json'],
  { eager: true, import: 'default' },
);
