// Pure arithmetic of the coaching page: ISO weeks (UTC), weekly averages with empty weeks kept as
// gaps, the spread of scores (quartiles and the count of each score 1..5), and recurring misses.
import { SCORE_DIMENSIONS, type ScoreDimension, type Scores } from './analyzer/types.ts';

const DAY = 86_400_000;
const WEEK = 7 * DAY;

export interface IsoWeek {
  /** The ISO week-numbering year: 29 Dec 2025 lies in week 1 of 2026. */
  year: number;
  week: number;
  /** Monday 00:00 UTC, as an ISO timestamp. */
  start: string;
}

/** The ISO week (Monday to Sunday, UTC) that holds this moment. */
export function isoWeekOf(at: Date | string): IsoWeek {
  const t = typeof at === 'string' ? Date.parse(at) : at.getTime();
  const day = Math.floor(t / DAY) * DAY;
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const monday = day - weekday * DAY;
  // The week belongs to the year of its Thursday.
  const thursday = new Date(monday + 3 * DAY);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / WEEK) + 1;
  return { year, week, start: new Date(monday).toISOString() };
}

/** The `count` ISO weeks that end with the week of `now`, oldest first, none left out. */
export function weekWindow(now: Date, count: number): IsoWeek[] {
  const last = Date.parse(isoWeekOf(now).start);
  return Array.from({ length: count }, (_, i) => isoWeekOf(new Date(last - (count - 1 - i) * WEEK)));
}

export interface ScoredCall {
  id: string;
  ownerId: string;
  /** When the call was analysed (ISO timestamp). */
  at: string;
  scores: Scores;
  /** The method key of the biggest miss, null when the analysis named none. */
  missMethod: string | null;
}

export interface WeekPoint extends IsoWeek {
  calls: number;
  /** The week's average per dimension; null for a week without calls (a gap, not a zero). */
  means: Record<ScoreDimension, number | null>;
}

/** Weekly averages over the given weeks; calls outside them are left out. */
export function bucketByWeek(calls: Array<Pick<ScoredCall, 'at' | 'scores'>>, weeks: IsoWeek[]): WeekPoint[] {
  const byStart = new Map(weeks.map((w) => [w.start, [] as Scores[]]));
  for (const c of calls) byStart.get(isoWeekOf(c.at).start)?.push(c.scores);
  return weeks.map((w) => {
    const xs = byStart.get(w.start)!;
    const means = Object.fromEntries(SCORE_DIMENSIONS.map((d) => [d, xs.length ? xs.reduce((a, s) => a + s[d], 0) / xs.length : null]));
    return { ...w, calls: xs.length, means: means as WeekPoint['means'] };
  });
}

export interface Spread {
  n: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  /** How many calls scored 1, 2, 3, 4 and 5 (index 0 is score 1). */
  counts: [number, number, number, number, number];
}

/** The value at quantile p of sorted values, interpolated between neighbours (as spreadsheets do). */
function quantile(sorted: number[], p: number): number {
  const pos = (sorted.length - 1) * p;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/** Min, quartiles, median, max and the count of each score; null without values. */
export function spreadOf(values: number[]): Spread | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const counts: Spread['counts'] = [0, 0, 0, 0, 0];
  for (const v of sorted) if (Number.isInteger(v) && v >= 1 && v <= 5) counts[v - 1]++;
  return {
    n: sorted.length, min: sorted[0], q1: quantile(sorted, 0.25), median: quantile(sorted, 0.5),
    q3: quantile(sorted, 0.75), max: sorted[sorted.length - 1], counts,
  };
}

export interface RecurringMiss {
  /** The method key; null gathers the misses for which the analysis named no method. */
  method: string | null;
  count: number;
  /** The calls, newest first. */
  calls: Array<{ id: string; at: string }>;
}

/** The biggest misses grouped by method: most frequent first (ties by method key), "no method" last. */
export function recurringMisses(calls: Array<Pick<ScoredCall, 'id' | 'at' | 'missMethod'>>): RecurringMiss[] {
  const groups = new Map<string | null, RecurringMiss>();
  for (const c of calls) {
    const g = groups.get(c.missMethod) ?? { method: c.missMethod, count: 0, calls: [] };
    g.count++;
    g.calls.push({ id: c.id, at: c.at });
    groups.set(c.missMethod, g);
  }
  for (const g of groups.values()) g.calls.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return [...groups.values()].sort((a, b) => {
    if ((a.method === null) !== (b.method === null)) return a.method === null ? 1 : -1;
    return b.count - a.count || String(a.method).localeCompare(String(b.method));
  });
}
