import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { CARRIED_ERROR_SECTIONS, CARRIED_ERRORS_KEY } from '../src/i18n/carried-errors.ts';

/**
 * The sections of locales/<lang>/errors.json that the widgets show: what their own routes, the sign-in and the API in
 * general answer. Every other section is a portal page's (managers', admins', account pages'; walkingEvent's are the
 * managers' event and team rules: the walking widget only reads) and is left out of the
 * widgets' frame translations, which every widget downloads with its first load (issue 16). An allowlist, so that a
 * new portal page's section stays out without anybody remembering to list it (issue 20 added several).
 */
export const WIDGET_ERROR_SECTIONS = [
  'userInactive',
  'unexpected',
  'failed',
  'emailNotAvailable',
  'rateLimited',
  'originNotAllowed',
  'request',
  'route',
  'resource',
  'auth',
  'server',
  'image',
  'identity',
  'event',
  'guild',
  'coins',
  'survey',
  'violationReport',
] as const;

/**
 * Keys of kept sections that only portal pages meet: the widgets sign in with an email and a password and nothing
 * else (no sign-up, action codes or phone second factors), have no event form, and neither create surveys nor send
 * their reminders nor cancel or grant coins (the managers' and admins' pages do).
 */
export const PORTAL_ONLY_ERROR_KEYS: Partial<Record<(typeof WIDGET_ERROR_SECTIONS)[number], string[]>> = {
  identity: [
    'email-already-in-use',
    'expired-action-code',
    'invalid-action-code',
    'password-does-not-meet-requirements',
    'code-expired',
    'invalid-verification-code',
    'invalid-multi-factor-session',
    'second-factor-already-in-use',
    'quota-exceeded',
    'unverified-email',
    'invalid-phone-number',
  ],
  event: ['deadlineAfterStart', 'minimumAboveMaximum', 'duplicatePollItems'],
  survey: ['creationFailed', 'deadlineInPast', 'organizationsRequired', 'reminderTooSoon'],
  coins: ['notPending', 'selfGrant'],
  // Changing the email or password asks for a recent sign-in: account pages only.
  auth: ['recentLoginRequired'],
};

/** Sections of the widgets' own namespaces that only portal pages show (the managers' communication dashboard). */
export const PORTAL_ONLY_SECTIONS: Record<string, string[]> = {
  events: ['communication'],
  // The portal's guild list, guild form and the managers' dashboards (the widget shows one guild's chat and members).
  guilds: ['list', 'form', 'dashboard', 'communication'],
  // The managers' and admins' transfer lists and the external services page (issue 21: room for the send form).
  coins: ['transfers', 'externalServices'],
  // The portal's language switch (a widget follows its lang attribute) and the dashboards' charts (no widget has one).
  common: ['language', 'chart'],
  // Messages of forms only portal pages have: embed origins and store links (managers, admins), walking-event and
  // event create/edit dates and limits, member roles and CSV names, profile dates, exports and gifts, list limits of
  // the managers' settings (issue 21: room for the people pickers).
  validation: [
    'invalidOrigin',
    'invalidUrl',
    'finalResultAfterEnd',
    'invalidRole',
    'maximumBelowJoined',
    'endAfterStart',
    'startBeforeEnd',
    'nextDayOrLater',
    'futureDate',
    'exclusiveOptions',
    'invalidName',
    'tooManyItems',
  ],
};

/**
 * Sections of the widgets' own namespaces of which the widgets show only a few keys: the event form's labels, which the
 * event detail reuses for three of its fields (the widgets have no event form). widget-locales-plugin.test.ts checks
 * that every such key the shared event views use is kept.
 */
export const WIDGET_KEYS_OF_SECTIONS: Record<string, Record<string, string[]>> = {
  events: { form: ['publicRange', 'recruitmentDeadline', 'tags'] },
};

/**
 * errors.json's `validation` section only nests the validation namespace under the same keys
 * (`"required": "$t(validation:required)"`): the widgets drop it here and frame-locales-*.ts mirrors it back from
 * validation.json (the same strings, without shipping the section).
 */
export const MIRRORED_ERROR_SECTION = 'validation';

const LOCALE_JSON = /[\\/]locales[\\/](?:ja|en)[\\/]([\w-]+)\.json$/;
const CARRIED = new Set(Object.values(CARRIED_ERROR_SECTIONS).flat());

/** errors.json's sections the widgets show, without their portal-only keys (`sections` of WIDGET_ERROR_SECTIONS). */
function widgetErrors(strings: Record<string, unknown>, sections: readonly string[]): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const section of sections) {
    const value = strings[section];
    if (value === undefined) continue;
    const dropped = PORTAL_ONLY_ERROR_KEYS[section as keyof typeof PORTAL_ONLY_ERROR_KEYS];
    kept[section] = dropped
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([key]) => !dropped.includes(key)))
      : value;
  }
  return kept;
}

/**
 * Trims errors.json (and the widget namespaces' portal-only sections) before Vite's JSON plugin makes them modules; the
 * errors.json sections only one widget meets go into that widget's namespace file (src/i18n/carried-errors.ts).
 */
export function widgetLocalesPlugin(): Plugin {
  return {
    name: 'kiwi-widget-locales',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!;
      const namespace = LOCALE_JSON.exec(file)?.[1];
      if (!namespace) return null;
      const strings = JSON.parse(code) as Record<string, unknown>;
      if (namespace === 'errors') {
        const frame = WIDGET_ERROR_SECTIONS.filter((section) => !CARRIED.has(section));
        return { code: JSON.stringify(widgetErrors(strings, frame)), map: null };
      }
      const sections = PORTAL_ONLY_SECTIONS[namespace];
      const keep = WIDGET_KEYS_OF_SECTIONS[namespace];
      const carried = CARRIED_ERROR_SECTIONS[namespace];
      if (!sections && !keep && !carried) return null;
      for (const section of sections ?? []) delete strings[section];
      for (const [section, keys] of Object.entries(keep ?? {})) {
        const value = strings[section] as Record<string, unknown> | undefined;
        if (value) strings[section] = Object.fromEntries(keys.filter((key) => key in value).map((key) => [key, value[key]]));
      }
      if (carried) {
        const errors = JSON.parse(readFileSync(join(dirname(file), 'errors.json'), 'utf8')) as Record<string, unknown>;
        strings[CARRIED_ERRORS_KEY] = widgetErrors(errors, carried);
      }
      return { code: JSON.stringify(strings), map: null };
    },
  };
}
