import type { Plugin } from 'vite';

/**
 * The sections of locales/<lang>/errors.json that only the portal shows: the managers' and admins' pages and the
 * account pages (sign-up, confirmation, cancellation). No widget calls a route that answers their codes, so the
 * widgets' frame translations leave them out: every widget downloads errors.json with its first load (issue 16).
 */
export const PORTAL_ONLY_ERROR_SECTIONS = [
  'activity',
  'cancellation',
  'confirmation',
  'csv',
  'gacha',
  'giftCategories',
  'gifts',
  'group',
  'invitation',
  'member',
  'news',
  'organization',
  'signInPolicy',
  'signup',
  'slack',
  'systemSetting',
  'user',
  // Issue 19: the widgets offer no Report button yet (src/shims/report-button.tsx).
  'violationReport',
] as const;

const ERRORS_JSON = /[\\/]locales[\\/](?:ja|en)[\\/]errors\.json$/;

/** Drops {@link PORTAL_ONLY_ERROR_SECTIONS} from errors.json before Vite's JSON plugin turns it into a module. */
export function portalOnlyErrorsPlugin(): Plugin {
  return {
    name: 'kiwi-portal-only-errors',
    enforce: 'pre',
    transform(code, id) {
      if (!ERRORS_JSON.test(id.split('?')[0]!)) return null;
      const errors = JSON.parse(code) as Record<string, unknown>;
      for (const section of PORTAL_ONLY_ERROR_SECTIONS) delete errors[section];
      return { code: JSON.stringify(errors), map: null };
    },
  };
}
