// Walking events (issue 17): the calendar rules of SPEC §4/§5, the event's status, the ranking order and the seeded
// team draws. Days are calendar days in Asia/Tokyo, the organisations' time zone; every rule takes `now` from its caller.

export const WALKING_EVENT_TIME_ZONE = 'Asia/Tokyo';

/** How teams are formed (SPEC §9 "manual or random"): by hand, a seeded shuffle, or a seeded snake draft on recent steps. */
export const RANDOM_TYPES = ['manual', 'random', 'balanced'] as const;
export type RandomType = (typeof RANDOM_TYPES)[number];

export const WALKING_EVENT_STATUSES = ['scheduled', 'running', 'tallying', 'final'] as const;
export type WalkingEventStatus = (typeof WALKING_EVENT_STATUSES)[number];

/** Days of steps a balanced draw looks back on (the days before the draw). */
export const BALANCE_LOOKBACK_DAYS = 28;
/** The final result shows at least this many days after the end day (SPEC §5, §9). */
export const FINAL_RESULT_MIN_DAYS_AFTER_END = 2;

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: WALKING_EVENT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (YYYY-MM-DD) an instant falls on in Asia/Tokyo. */
export function tokyoDay(at: Date | string): string {
  return dayFormat.format(typeof at === 'string' ? new Date(at) : at);
}

/** `day` moved by `days` calendar days (YYYY-MM-DD in, YYYY-MM-DD out). */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` inclusive (0 when `to` is before `from`). */
export function daysBetweenInclusive(from: string, to: string): number {
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  return span < 0 ? 0 : span + 1;
}

export type WalkingEventDates = { startedAt: string; endedAt: string; finalResultPublishedAt: Date | string };

/** Which SPEC §5 rule a set of dates breaks, and the field it names. */
export type DateRuleViolation = {
  field: 'started_at' | 'ended_at' | 'final_result_published_at';
  rule: 'nextDayOrLater' | 'endAfterStart' | 'finalResultAfterEnd';
};

/**
 * SPEC §5 on a new event, or on changed dates: the start is tomorrow or later (Tokyo) when `startMustBeFuture`, the
 * end day is after the start day, and the final result's Tokyo day is at least two days after the end day.
 */
export function walkingEventDateViolations(
  dates: WalkingEventDates,
  now: Date,
  { startMustBeFuture }: { startMustBeFuture: boolean },
): DateRuleViolation[] {
  const violations: DateRuleViolation[] = [];
  if (startMustBeFuture && dates.startedAt <= tokyoDay(now)) violations.push({ field: 'started_at', rule: 'nextDayOrLater' });
  if (dates.endedAt <= dates.startedAt) violations.push({ field: 'ended_at', rule: 'endAfterStart' });
  if (tokyoDay(dates.finalResultPublishedAt) < addDays(dates.endedAt, FINAL_RESULT_MIN_DAYS_AFTER_END)) {
    violations.push({ field: 'final_result_published_at', rule: 'finalResultAfterEnd' });
  }
  return violations;
}

/** What may still change (SPEC §4): everything before the start day; then only the final-result time; nothing from its day. */
export type WalkingEventEditability = 'all' | 'finalResultOnly' | 'none';

export function walkingEventEditability(event: Omit<WalkingEventDates, 'endedAt'>, now: Date): WalkingEventEditability {
  const today = tokyoDay(now);
  if (today >= tokyoDay(event.finalResultPublishedAt)) return 'none';
  if (today >= event.startedAt) return 'finalResultOnly';
  return 'all';
}

/** scheduled before the start day, running to the end day, tallying until the final result is frozen, then final. */
export function walkingEventStatus(event: WalkingEventDates & { finalizedAt: Date | string | null }, now: Date): WalkingEventStatus {
  if (event.finalizedAt !== null) return 'final';
  const today = tokyoDay(now);
  if (today < event.startedAt) return 'scheduled';
  if (today <= event.endedAt) return 'running';
  return 'tallying';
}

/**
 * Standard competition ranks ("1, 1, 3") of rows already sorted best first: equal scores share the rank of the first.
 */
export function competitionRanks<T>(sorted: readonly T[], score: (row: T) => number): number[] {
  const ranks: number[] = [];
  sorted.forEach((row, index) => {
    const previous = sorted[index - 1];
    ranks.push(index > 0 && previous !== undefined && score(previous) === score(row) ? (ranks[index - 1] as number) : index + 1);
  });
  return ranks;
}

/** A 32-bit hash of the seed text (FNV-1a), so a seed shown on the page draws the same teams again. */
function hashSeed(seed: string): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < seed.length; at += 1) {
    hash ^= seed.charCodeAt(at);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small, fast, well-spread PRNG; enough for shuffling members, not for secrets. */
export function seededRandom(seed: string): () => number {
  let state = hashSeed(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let at = copy.length - 1; at > 0; at -= 1) {
    const other = Math.floor(random() * (at + 1));
    [copy[at], copy[other]] = [copy[other] as T, copy[at] as T];
  }
  return copy;
}

export type DrawCandidate = { organizationMemberId: number; steps: number };

/**
 * Splits the candidates into `teamCount` teams whose sizes differ by at most one. `random`: a seeded shuffle dealt in
 * turn. `balanced`: the shuffle breaks ties, then a snake draft on steps (1..k, k..1, ...) and swaps between the
 * highest- and lowest-average teams, which keep the teams' averages close. Same seed and candidates, same teams.
 */
export function drawTeams(
  candidates: readonly DrawCandidate[],
  { teamCount, type, seed }: { teamCount: number; type: Exclude<RandomType, 'manual'>; seed: string },
): DrawCandidate[][] {
  const teams: DrawCandidate[][] = Array.from({ length: teamCount }, () => []);
  if (teamCount < 1) return teams;
  // A fixed order before the shuffle, so the caller's row order does not matter.
  const ordered = [...candidates].sort((a, b) => a.organizationMemberId - b.organizationMemberId);
  const dealt = shuffled(ordered, seededRandom(seed));
  if (type === 'balanced') dealt.sort((a, b) => b.steps - a.steps);
  dealt.forEach((candidate, index) => {
    const round = Math.floor(index / teamCount);
    const position = index % teamCount;
    const team = type === 'balanced' && round % 2 === 1 ? teamCount - 1 - position : position;
    teams[team]?.push(candidate);
  });
  if (type === 'balanced') narrowSpread(teams);
  return teams;
}

const totalSteps = (team: readonly DrawCandidate[]) => team.reduce((sum, member) => sum + member.steps, 0);

/**
 * After the snake draft: swaps one member between the highest- and the lowest-average team while that brings the two
 * averages closer (sizes never change). The draft leaves the short teams behind; a few swaps even them out.
 */
function narrowSpread(teams: DrawCandidate[][], maxSwaps = 10 * teams.length): void {
  const sums = teams.map(totalSteps);
  const averageOf = (index: number) => (sums[index] as number) / Math.max(1, (teams[index] as DrawCandidate[]).length);
  for (let swap = 0; swap < maxSwaps; swap += 1) {
    let high = 0;
    let low = 0;
    teams.forEach((_, index) => {
      if (averageOf(index) > averageOf(high)) high = index;
      if (averageOf(index) < averageOf(low)) low = index;
    });
    const highTeam = teams[high] as DrawCandidate[];
    const lowTeam = teams[low] as DrawCandidate[];
    const gap = averageOf(high) - averageOf(low);
    if (high === low || gap <= 0) return;
    let best: { a: number; b: number; gap: number } | null = null;
    highTeam.forEach((a, ai) => {
      lowTeam.forEach((b, bi) => {
        const moved = a.steps - b.steps;
        if (moved <= 0) return;
        const next = Math.abs(((sums[high] as number) - moved) / highTeam.length - ((sums[low] as number) + moved) / lowTeam.length);
        if (next < (best?.gap ?? gap)) best = { a: ai, b: bi, gap: next };
      });
    });
    if (!best) return;
    const { a, b } = best as { a: number; b: number };
    const moved = (highTeam[a] as DrawCandidate).steps - (lowTeam[b] as DrawCandidate).steps;
    [highTeam[a], lowTeam[b]] = [lowTeam[b] as DrawCandidate, highTeam[a] as DrawCandidate];
    sums[high] = (sums[high] as number) - moved;
    sums[low] = (sums[low] as number) + moved;
  }
}
