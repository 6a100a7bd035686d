import { singleUseTokenTable } from './columns';
import { users } from './users';

/**
 * Invitation links: only the SHA-256 of the token is stored, so a database dump cannot accept anybody's invitation.
 * A token is single-use (usedAt) and expires (expiresAt); a resend issues a new token and retires the older ones.
 */
export const invitationTokens = singleUseTokenTable('invitation_tokens', () => users.id);

export type InvitationTokenRow = typeof invitationTokens.$inferSelect;
