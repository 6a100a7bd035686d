import type { TFunction } from 'i18next';

/**
 * The name a post's author is shown by. A member who cancelled their membership (issue 16) comes from the server with an
 * empty name: their posts stay, attributed to "former member" / 退会したメンバー in the viewer's language.
 */
export function authorName(t: TFunction, name: string | null | undefined): string {
  return name?.trim() ? name : t('cancellation:formerMember');
}
