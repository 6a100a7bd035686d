import { SYSTEM_SETTING_KEYS, isSystemSettingKey } from '@kiwi/shared/domain/system-settings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import en from '../../../../locales/en/system-settings.json' with { type: 'json' };
import ja from '../../../../locales/ja/system-settings.json' with { type: 'json' };
import { usePageNamespace } from '@kiwi/shared/i18n/use-page-namespace';
import { useSession } from '../../session/session-provider';
import { LoadFailed, Loading } from '../organization/page-states';
import { type SystemSetting, SystemSettingForm } from './system-setting-form';
import '../organization/organization.css';
import './app-informations.css';

/**
 * /_admin/system_settings (issue 20 point 6): every key of the settings registry (shared/src/domain/system-settings.ts)
 * as its own typed form. A saved change reaches every server process within a second (their caches are invalidated
 * through LISTEN/NOTIFY).
 */
export function SystemSettingsPage() {
  const { t } = usePageNamespace('system-settings', { ja, en }, ['organization', 'errors']);
  const { api } = useSession();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: ['system-settings'], queryFn: () => api.get<SystemSetting[]>('/system_settings') });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['system-settings'] });

  return (
    <div className="org-page system-settings">
      <header className="org-page__header">
        <h1>{t('system-settings:title')}</h1>
      </header>
      <p className="app-infos__intro">{t('system-settings:intro')}</p>
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <LoadFailed onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <div className="system-settings__list">
            {SYSTEM_SETTING_KEYS.map((key) => {
              const stored = settings.data.data.find((row) => row.key === key);
              // Keyed by the stored row's version, so a refetch after saving starts the form from the saved value.
              return (
                <SystemSettingForm key={`${key}-${stored?.updatedAt ?? 'unset'}`} settingKey={key} stored={stored} onSaved={refresh} />
              );
            })}
          </div>
          {settings.data.data.some((row) => !isSystemSettingKey(row.key)) && (
            <section className="system-settings__legacy">
              <h2>{t('system-settings:legacyTitle')}</h2>
              <p>{t('system-settings:legacyBody')}</p>
              <ul>
                {settings.data.data
                  .filter((row) => !isSystemSettingKey(row.key))
                  .map((row) => (
                    <li key={row.id} className="system-settings__key">
                      {row.key}
                    </li>
                  ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}
