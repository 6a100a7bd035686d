// Every namespace of one language in one chunk: the portal loads the language it shows, not both (portal-i18n.ts).
export const resources = import.meta.glob<Record<string, unknown>>(
  // walking.json and rewards.json load with their pages (pages/walking-events/use-walking-translation.ts,
  // pages/rewards/use-rewards-translation.ts), not with /login.
  ['../../../locales/en/*.json', '!../../../locales/en/walking.json', '!../../../locales/en/rewards.json'],
  { eager: true, import: 'default' },
);
