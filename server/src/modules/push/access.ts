import type { Session } from '../../auth/session-cache';
import { forbidden } from '../../jsonapi/errors';

/**
 * A device is bound to the user who sent it: only that user stores or removes it, not even a platform admin (an
 * admin's browser registered under someone else's id would receive that person's notifications).
 */
export function assertOwnDevices(session: Session, userId: number): void {
  if (session.user.id !== userId) throw forbidden();
}
