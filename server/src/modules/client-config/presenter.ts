import { serialize } from '../../jsonapi/serialize';
import type { ClientConfig } from './service';

export const presentClientConfig = (clientConfig: ClientConfig) =>
  serialize('client-configs', clientConfig, {
    attributes: ['firebaseApiKey', 'firebaseProjectId', 'firebaseAuthDomain', 'authEmulatorUrl', 'firebaseMessaging', 'totpMfa'],
  });
