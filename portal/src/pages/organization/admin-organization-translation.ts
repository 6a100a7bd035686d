import en from '../../../../locales/en/admin-organizations.json' with { type: 'json' };
import ja from '../../../../locales/ja/admin-organizations.json' with { type: 'json' };
import { usePageNamespace } from '@kiwi/shared/i18n/use-page-namespace';
import type { Organization } from '../../session/kiwi-user';

/** The admin organisations page's strings ride in its own chunk (namespace admin-organizations). */
export const useAdminOrganizationsTranslation = () => usePageNamespace('admin-organizations', { ja, en }, ['organization', 'errors']);

/** An organisation as the admin list answers it: with its memberships and the seats in use. */
export type AdminOrganization = Organization & { membersCount: number; seatsUsed: number };
