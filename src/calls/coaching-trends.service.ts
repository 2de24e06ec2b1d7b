// Coaching over time: each rep's weekly averages per dimension, the team's spread per dimension
// and each rep's recurring biggest misses, over the last few ISO weeks. Members get their own
// calls only (the calls' visibility rule); the team's spread is for owners and managers.
import type { Db, DialectName } from '../db/database.ts';
import { seesAll, type Actor } from '../common/actor.ts';
import { SCORE_DIMENSIONS, type ScoreDimension } from './analyzer/types.ts';
import { CoachingRepository } from './coaching.repository.ts';
import { bucketByWeek, recurringMisses, spreadOf, weekWindow, type IsoWeek, type RecurringMiss, type ScoredCall, type Spread, type WeekPoint } from './coaching-stats.ts';

/** The periods the page offers, in weeks. */
export const COACHING_PERIODS = [4, 12, 26, 52] as const;
export type CoachingPeriod = (typeof COACHING_PERIODS)[number];
export const DEFAULT_PERIOD: CoachingPeriod = 12;

export function isCoachingPeriod(v: number): v is CoachingPeriod {
  return (COACHING_PERIODS as readonly number[]).includes(v);
}

export interface RepTrend {
  ownerId: string;
  calls: number;
  weeks: WeekPoint[];
  misses: RecurringMiss[];
}

export interface CoachingTrends {
  weeks: IsoWeek[];
  /** Analysed calls in the period (of the chosen rep, when one is chosen). */
  calls: number;
  /** The average per dimension over those calls; null without calls. */
  means: Record<ScoreDimension, number | null>;
  /** One entry per rep with calls in the period. */
  reps: RepTrend[];
  /** The team's spread per dimension over the period; null for members, who see only their own calls. */
  spread: Record<ScoreDimension, Spread | null> | null;
}

export class CoachingTrendsService {
  private readonly repo: CoachingRepository;

  constructor(db: Db, dialect: DialectName) {
    this.repo = new CoachingRepository(db, dialect);
  }

  /** `rep` narrows the reps (owners and managers only; ignored for members). */
  async trends(actor: Actor, opts: { weeks: CoachingPeriod; rep?: string }, now = new Date()): Promise<CoachingTrends> {
    const weeks = weekWindow(now, opts.weeks);
    const team = await this.repo.scoredSince(actor, weeks[0].start);
    const manager = seesAll(actor);
    const mine = manager && opts.rep ? team.filter((c) => c.ownerId === opts.rep) : team;
    const byRep = new Map<string, ScoredCall[]>();
    for (const c of mine) byRep.set(c.ownerId, [...(byRep.get(c.ownerId) ?? []), c]);
    const dimensionValues = (calls: ScoredCall[], d: ScoreDimension) => calls.map((c) => c.scores[d]);
    return {
      weeks,
      calls: mine.length,
      means: Object.fromEntries(SCORE_DIMENSIONS.map((d) => {
        const xs = dimensionValues(mine, d);
        return [d, xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null];
      })) as CoachingTrends['means'],
      reps: [...byRep].map(([ownerId, calls]) => ({ ownerId, calls: calls.length, weeks: bucketByWeek(calls, weeks), misses: recurringMisses(calls) })),
      spread: manager ? Object.fromEntries(SCORE_DIMENSIONS.map((d) => [d, spreadOf(dimensionValues(team, d))])) as CoachingTrends['spread'] : null,
    };
  }
}
