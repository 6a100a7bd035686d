import type { UserDeviceRow } from '../../db/schema/users';
import { serialize } from '../../jsonapi/serialize';

/** The user's devices without their tokens: a token is a way to reach someone, and the portal needs only the uuid. */
export const presentDevices = (devices: UserDeviceRow[]) =>
  serialize('user-devices', devices, { attributes: ['uuid', 'platform', 'lastSeenAt', 'createdAt'] });
