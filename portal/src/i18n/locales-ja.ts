// Every namespace of one language in one chunk: the portal loads the language it shows, not both (portal-i18n.ts).
export const resources = import.meta.glob<Record<string, unknown>>(
  // walking.json loads with the walking event pages (pages/walking-events/use-walking-translation.ts), not with /login;
  // gift-audit.json with the draws page (pages/admin-rewards/use-gift-audit-translation.ts).
  ['../../../locales/ja/*.json', '!../../../locales/ja/walking.json', '!../../../locales/ja/gift-audit.json'],
  { eager: true, import: 'default' },
);
