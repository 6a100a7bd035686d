// Every namespace of one language in one chunk: the portal loads the language it shows, not both (portal-i18n.ts).
export const resources = import.meta.glob<Record<string, unknown>>(
  // walking.json, rewards.json, gifts-admin.json, gift-audit.json and quests.json load with their pages
  // (use-walking-translation.ts, use-rewards-translation.ts, the gift pages' and use-quests-translation.ts), not with /login.
  [
    '../../../locales/en/*.json',
    '!../../../locales/en/walking.json',
    '!../../../locales/en/rewards.json',
    '!../../../locales/en/gifts-admin.json',
    '!../../../locales/en/gift-audit.json',
    '!../../../locales/en/quests.json',
  ],
  { eager: true, import: 'default' },
);
