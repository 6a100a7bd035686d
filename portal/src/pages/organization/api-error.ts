import { type ApiErrorObject, HttpResponseError } from '@kiwi/shared/api/errors';
import type { TFunction } from 'i18next';

/**
 * One error's text: the server's `detail`, translated in the request's language WITH its parameters ("6 or more
 * characters"), else the code translated here (which knows no parameters), else "unexpected".
 */
function errorText(t: TFunction, item: ApiErrorObject): string {
  if (item.code && item.detail) return item.detail;
  if (item.code) return t(`errors:${item.code}`, { defaultValue: t('errors:unexpected') });
  return item.detail ?? t('errors:unexpected');
}

/** The translated messages of a failed call (one per error); unknown failures read as "unexpected". */
export function apiErrorMessages(t: TFunction, error: unknown): string[] {
  if (error instanceof HttpResponseError) return error.errors.map((item) => errorText(t, item));
  return [t('errors:unexpected')];
}

export const apiErrorMessage = (t: TFunction, error: unknown) => apiErrorMessages(t, error).join(' ');

/** Field errors keyed by the last pointer segment (`/organization_member/email` -> `email`), codes translated. */
export function fieldErrors(t: TFunction, error: unknown): Record<string, string> {
  if (!(error instanceof HttpResponseError)) return {};
  const fields: Record<string, string> = {};
  for (const item of error.errors) {
    const pointer = item.source?.pointer;
    if (!pointer || !item.code) continue;
    const field = pointer.split('/').pop() ?? '';
    fields[field] ??= errorText(t, item);
  }
  return fields;
}
