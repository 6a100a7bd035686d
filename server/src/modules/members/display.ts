import { sql } from 'drizzle-orm';
import { organizationMembers } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';

// How a member is shown wherever colleagues are listed or picked (queries joining organization_members and users): an
// organisation-level nickname or icon if one was ever set there, else the user's own from their profile (read from the
// users row on every query, so a profile edit shows at once), else the name. docs/decisions.md, "Issue 15, profile".
export const memberNickname = sql<string | null>`coalesce(nullif(${organizationMembers.nickname}, ''), nullif(${users.nickname}, ''))`;
export const memberIcon = sql<string | null>`coalesce(${organizationMembers.icon}, ${users.icon})`;
export const memberDisplayName = sql<string>`coalesce(${memberNickname}, ${users.name})`;
