// The types live with the shared member view (shared/src/features/walking-events), which the widget uses too.
import type { WireTeamMember } from '@kiwi/shared/schemas/walking-event-resources';

export {
  type PersonalRanking,
  type TeamRanking,
  type WalkingEvent,
  type WalkingEventTeam,
  type WireTeamMember,
  walkingEventKeys,
} from '@kiwi/shared/schemas/walking-event-resources';

export type TeamDraft = { id: string; teamName: string; averageSteps: number; members: WireTeamMember[] };
