import { serialize } from '../../jsonapi/serialize';
import type { SignInPolicyRow } from './service';

/** `sign-in-policies`, one per organisation, with the organisation's id. */
export const presentSignInPolicy = (row: SignInPolicyRow) =>
  serialize('sign-in-policies', row, { attributes: ['signInMethods', 'mfaRequiredForManagers'] });
