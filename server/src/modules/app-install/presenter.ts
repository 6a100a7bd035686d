import { serialize } from '../../jsonapi/serialize';
import type { AppInstall } from './service';

/** The signed-in user's `app-installs` resource (id: the user's id). */
export const presentAppInstall = (appInstall: AppInstall) =>
  serialize('app-installs', appInstall, {
    id: (row) => row.userId,
    attributes: ['appStoreUrl', 'googlePlayUrl', 'appInstalled', 'lastSyncAt'],
  });
