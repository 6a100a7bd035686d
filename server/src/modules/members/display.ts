import { sql } from 'drizzle-orm';
import { organizationMembers } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';

// How a member is shown wherever colleagues are listed or picked (queries joining organization_members and users): an
// organisation-level nickname or icon if one was ever set there, else the user's own from their profile (read from the
// users row on every query, so a profile edit shows at once), else the name. docs/decisions.md, "Issue 15, profile".
// A former member (cancelled their membership, issue 16) is shown with an empty name and no nickname or icon: the
// clients read the empty name as "former member" / 退会したメンバー (formatAuthorName in shared/src/i18n/format.ts), in the viewer's language.
const isFormerMember = sql`${users.cancelledAt} is not null`;
export const memberNickname = sql<
  string | null
>`case when ${isFormerMember} then null else coalesce(nullif(${organizationMembers.nickname}, ''), nullif(${users.nickname}, '')) end`;
export const memberIcon = sql<
  string | null
>`case when ${isFormerMember} then null else coalesce(${organizationMembers.icon}, ${users.icon}) end`;
export const memberDisplayName = sql<string>`case when ${isFormerMember} then '' else coalesce(${memberNickname}, ${users.name}) end`;
