import { authorize } from '../../auth/authorize';
import type { Session } from '../../auth/session-cache';

/** Only the user themself stores, lists or removes their devices (the `user.devices` policy: admins included). */
export function assertOwnDevices(session: Session, userId: number): void {
  authorize(session, 'user.devices', { kind: 'devices', userId });
}
