import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@kiwi/shared/ui/toast';
import type { KiwiUser } from '../session/kiwi-user';
import { useSession } from '../session/session-provider';
import { applyLanguage, type Language } from './language';

/**
 * Switches the interface language at once and remembers it for this device; while signed in it is also saved on the
 * user (PUT /api/users/{id}) so it follows them to other browsers. A failed save keeps the choice for this session.
 */
export function useChooseLanguage(): (language: Language) => void {
  const { i18n } = useTranslation();
  const { api, kiwiUser, updateKiwiUser } = useSession();
  const { showToast } = useToast();
  // Saves go one after another, so the server ends with the last choice even when the user switches quickly.
  const saving = useRef(Promise.resolve());
  const userId = kiwiUser?.id;

  return useCallback(
    (language: Language) => {
      // The language's strings may still be loading (portal-i18n.ts): a failure below is told in the new language.
      const applied = applyLanguage(i18n, language).catch((error: unknown) => console.error('Could not load the language', error));
      if (!userId) return;
      saving.current = saving.current.then(async () => {
        await applied;
        try {
          const { data } = await api.put<KiwiUser>(`/users/${userId}`, { user: { language } });
          updateKiwiUser(data);
        } catch (error) {
          console.error('Could not save the language on the user', error);
          showToast(i18n.t('portal:languageSwitch.saveFailed'), 'error');
        }
      });
    },
    [i18n, api, userId, updateKiwiUser, showToast],
  );
}
