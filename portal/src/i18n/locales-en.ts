// Every namespace of one language in one chunk: the portal loads the language it shows, not both (portal-i18n.ts).
export const resources = import.meta.glob<Record<string, unknown>>(
  // walking.json, rewards.json and gifts-admin.json load with their pages (pages/walking-events/use-walking-translation.ts,
  // pages/rewards/use-rewards-translation.ts, the gift catalogue's), not with /login.
  ['../../../locales/en/*.json', '!../../../locales/en/walking.json', '!../../../locales/en/rewards.json', '!../../../locales/en/gifts-admin.json'],
  { eager: true, import: 'default' },
);
