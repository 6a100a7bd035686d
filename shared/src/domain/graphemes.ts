// Zod-free on purpose: the feature components (and so the widgets) count and check text with these; the zod schema
// built on them (graphemeString) lives in schemas/text.ts. The codes are written as literals (checked against the
// ErrorCode union): importing the ErrorCode object would put the whole table into every widget chunk using this.
import type { ErrorCode } from '../api/error-codes';

export type LengthLimits = { min?: number; max?: number };
/** A text field's error code and its translation parameters (`count` = the limit), as the server's 422 gives it. */
export type TextProblem = { code: ErrorCode; params?: { count: number } };

/** The longest grapheme cluster accepted, in code points (Unicode's stream-safe format allows 30 non-starters in a row). */
export const MAX_CLUSTER_CODE_POINTS = 32;
/** A cluster within the bound is at most 2 × 32 UTF-16 units, so `max` valid graphemes never exceed max × 64 units. */
export const UTF16_UNITS_PER_GRAPHEME = 2 * MAX_CLUSTER_CODE_POINTS;

// Characters that never start a cluster after a letter (UAX #29 GB9: Extend and ZWJ): combining marks (Mn, Me),
// ZWNJ, ZWJ, skin tones, tag characters. 32 of them in a row after a letter make a cluster over the bound, found by
// one linear regex scan without segmenting (the "letter with 100,000 combining marks" case).
const EXTENDER = String.raw`[\p{Mn}\p{Me}\u200C\u200D\u{1F3FB}-\u{1F3FF}\u{E0020}-\u{E007F}]`;
const EXTENDER_RUN = new RegExp(`${EXTENDER}{${MAX_CLUSTER_CODE_POINTS},}`, 'gu');
// After a control character (or at the start) a run starts its own cluster: there 32 extenders are within the bound.
const BREAK_AFTER = /[\p{Cc}\p{Cs}\u2028\u2029]/u;

/** A run of extenders making a cluster longer than the bound, found without segmenting (one pass of a regex). */
function hasLongExtenderRun(text: string): boolean {
  EXTENDER_RUN.lastIndex = 0;
  for (let run = EXTENDER_RUN.exec(text); run !== null; run = EXTENDER_RUN.exec(text)) {
    if (codePointLength(run[0], 0, run[0].length) > MAX_CLUSTER_CODE_POINTS) return true;
    if (run.index === 0) continue;
    const before = text.charAt(run.index - 1);
    // A low surrogate ends an astral letter (a pictograph, a historic script): the run joins it.
    if (isLowSurrogate(before.charCodeAt(0)) || !BREAK_AFTER.test(before)) return true;
  }
  return false;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
// V8's segment iterator costs time proportional to the whole string on every step (a 64 KB string of letters takes
// most of a second), so text is segmented in windows: each starts on a known boundary, and the window's last cluster,
// which may go on past it, starts the next window. The window is wider than any cluster within the bound.
const WINDOW_UNITS = 4 * UTF16_UNITS_PER_GRAPHEME;

/**
 * Calls `visit(start, end)` (UTF-16 offsets) for each grapheme cluster in order, in time linear in the text's length;
 * stops when `visit` answers false. A cluster longer than a window widens the window until it ends (one segment costs
 * little however long it is), unless `wholeLongClusters` is false: then such a cluster is visited as far as the
 * window goes (already over the bound), which is all a check needs.
 */
function forEachCluster(text: string, visit: (start: number, end: number) => boolean, wholeLongClusters = true): void {
  let start = 0;
  let width = WINDOW_UNITS;
  while (start < text.length) {
    let end = Math.min(text.length, start + width);
    // Never cut a surrogate pair: the segmenter would see a lone surrogate and break before the pair's second half.
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
    const last = end === text.length;
    let pending = -1;
    for (const { index } of segmenter.segment(text.slice(start, end))) {
      if (pending !== -1 && !visit(start + pending, start + index)) return;
      pending = index;
    }
    if (last) {
      visit(start + pending, end);
      return;
    }
    if (pending === 0) {
      if (!wholeLongClusters) {
        visit(start, end);
        return;
      }
      width *= 2;
      continue;
    }
    start += pending;
    width = WINDOW_UNITS;
  }
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

function codePointLength(text: string, start: number, end: number): number {
  let count = 0;
  for (let at = start; at < end; at += 1) {
    const unit = text.charCodeAt(at);
    // A low surrogate after a high one is the second half of the same code point.
    if (!(isLowSurrogate(unit) && at > start && isHighSurrogate(text.charCodeAt(at - 1)))) count += 1;
  }
  return count;
}

const isClusterTooLong = (text: string, start: number, end: number) =>
  end - start > MAX_CLUSTER_CODE_POINTS && codePointLength(text, start, end) > MAX_CLUSTER_CODE_POINTS;

/** Length as a person counts it: an emoji ZWJ sequence, a flag or a letter with combining marks is one. */
export function countGraphemes(text: string): number {
  let count = 0;
  forEachCluster(text, () => {
    count += 1;
    return true;
  });
  return count;
}

type Measure = { count: number; clusterTooLong: boolean };

/** Counts clusters up to `stopAfter` (then stops: the text is too long already) and notes a cluster over the bound. */
function measure(text: string, stopAfter: number): Measure {
  const result: Measure = { count: 0, clusterTooLong: false };
  forEachCluster(
    text,
    (start, end) => {
      result.count += 1;
      if (isClusterTooLong(text, start, end)) result.clusterTooLong = true;
      return !result.clusterTooLong && result.count <= stopAfter;
    },
    false,
  );
  return result;
}

/**
 * The rule of a text field (schemas/text.ts graphemeString applies it to the server's payloads): U+0000 is
 * validation.invalidFormat (PostgreSQL text cannot store it); an empty string where `min >= 1` is validation.required,
 * which reads better on a form than "too short"; a field over max × 64 UTF-16 units is validation.tooLong and a run of
 * combining marks past the cluster bound validation.clusterTooLong, both found before any segmenting; then the
 * grapheme length and, while counting (at most max + 1 clusters), any other cluster over the bound (ZWJ chains).
 * Trim first where the field trims.
 */
export function textProblem(text: string, { min, max }: LengthLimits): TextProblem | null {
  if (text.includes('\u0000')) return { code: 'validation.invalidFormat' };
  if (text === '' && min !== undefined && min >= 1) return { code: 'validation.required' };
  if (max !== undefined && text.length > max * UTF16_UNITS_PER_GRAPHEME) return { code: 'validation.tooLong', params: { count: max } };
  if (hasLongExtenderRun(text)) return { code: 'validation.clusterTooLong' };
  const { count, clusterTooLong } = measure(text, max ?? Number.POSITIVE_INFINITY);
  if (clusterTooLong) return { code: 'validation.clusterTooLong' };
  if (min !== undefined && count < min) return { code: 'validation.tooShort', params: { count: min } };
  if (max !== undefined && count > max) return { code: 'validation.tooLong', params: { count: max } };
  return null;
}

/**
 * `text` with every cluster over the bound cut to its first MAX_CLUSTER_CODE_POINTS code points: what the data
 * migration stores and what the front ends show of old data, so no single cluster can stall a browser's layout.
 * Answers the same string (no copy) when there is nothing to cut, which is cheap to find for most text.
 */
export function truncateLongClusters(text: string): string {
  if (!mayHoldLongCluster(text)) return text;
  let result = '';
  let kept = 0;
  forEachCluster(text, (start, end) => {
    if (!isClusterTooLong(text, start, end)) return true;
    result += text.slice(kept, start) + cutToCodePoints(text.slice(start, end), MAX_CLUSTER_CODE_POINTS);
    kept = end;
    return true;
  });
  return kept === 0 ? text : result + text.slice(kept);
}

function cutToCodePoints(cluster: string, count: number): string {
  let end = 0;
  for (let taken = 0; taken < count && end < cluster.length; taken += 1) {
    end += isHighSurrogate(cluster.charCodeAt(end)) && end + 1 < cluster.length ? 2 : 1;
  }
  return cluster.slice(0, end);
}

// A cluster of 33 code points has 32 that do not start it; each of those is one of these (a mark, a joiner, a format
// or tag character, a pictograph, a regional indicator, Hangul jamo or syllable, an Indic letter joined by a virama,
// Thai and Lao AM, a line feed after CR) or follows a Prepend character (Cf or one of these Lo). Fewer than 16 of
// them in the whole text (half, as a Prepend may vouch for the next one): no cluster can be over the bound.
const MAY_CONTINUE_CLUSTER =
  /[\p{M}\p{Cf}\p{Sk}\p{Extended_Pictographic}\p{Regional_Indicator}\n\u0900-\u0DFF\u0E33\u0EB3\u1100-\u11FF\uA960-\uA97F\uAC00-\uD7FF\u{111C2}\u{111C3}\u{1193F}\u{11941}\u{11A3A}\u{11A84}-\u{11A89}\u{11D46}\u{11F02}\u{E0000}-\u{E0FFF}]/gu;

function mayHoldLongCluster(text: string): boolean {
  if (text.length <= MAX_CLUSTER_CODE_POINTS) return false;
  let found = 0;
  MAY_CONTINUE_CLUSTER.lastIndex = 0;
  while (MAY_CONTINUE_CLUSTER.exec(text) !== null) {
    found += 1;
    if (found >= MAX_CLUSTER_CODE_POINTS / 2) return true;
  }
  return false;
}
