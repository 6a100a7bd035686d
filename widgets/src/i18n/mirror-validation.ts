/**
 * errors.json's `validation` section is `{ key: "$t(validation:key)" }` for validation keys; the widgets' build leaves it
 * out (vite/widget-locales-plugin.ts MIRRORED_ERROR_SECTION) and this puts it back from the validation namespace, so a
 * coded `validation.*` error reads the same as in the portal.
 */
export function mirrorValidation<T extends object>(errors: T, validation: object): T & { validation: Record<string, string> } {
  return { ...errors, validation: Object.fromEntries(Object.keys(validation).map((key) => [key, `$t(validation:${key})`])) };
}
