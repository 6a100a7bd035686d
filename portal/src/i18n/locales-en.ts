// Every namespace of one language in one chunk: the portal loads the language it shows, not both (portal-i18n.ts).
export const resources = import.meta.glob<Record<string, unknown>>('../../../locales/en/*.json', { eager: true, import: 'default' });
