// Monthly call allowances (UTC calendar month) and the daily spend limit (UTC day).
// An accepted call takes one unit of the team cap and one unit of the key owner's personal
// pool, or, once the pool is used up, of their credits (a balance). A failed analysis gives
// both back. Counts live in usage_counters; the callers hold the team row lock (PostgreSQL)
// or the single writer (SQLite), so check-then-take is exact.
import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import type { CallTable, Database, TeamTable, UserTable } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import { nextMonthStart, nextUtcMidnight, utcDay, utcMonth } from '../lib/time.ts';
import { incrementCounter, readCounter } from './usage-counter.repository.ts';
import { countOf } from '../common/text.ts';

/** Which user-level allowance a call used (calls.allowance); the team cap is always taken too. */
export type AllowanceSource = 'pool' | 'credits';

export interface AllowancePlan {
  source: AllowanceSource;
  /** UTC month the unit belongs to (calls.allowance_period), e.g. 2026-11. */
  period: string;
}

// usage_counters kinds. Team scope: team_calls (month), spend_microcents (day; spend_cents, the
// whole-cent counter of earlier versions, still counts for the day it was written). User scope:
// pool_calls (month), credit_calls (month: units taken from credits), credits_held (month: > 0
// once the user's credit balance was set while it or the new value was positive). The last two
// answer "did the user have credits this month" for the credits/personal_pool code.
const TEAM_CALLS = 'team_calls';
const POOL_CALLS = 'pool_calls';
const CREDIT_CALLS = 'credit_calls';
const CREDITS_HELD = 'credits_held';
const SPEND = 'spend_cents';
const SPEND_MICRO = 'spend_microcents';
/** Spend is counted in millionths of a cent: an LLM call often costs a fraction of a cent. */
export const MICROCENTS_PER_CENT = 1_000_000;

/**
 * Called when an operator sets a user's credit balance: a balance that was or becomes positive
 * means the user had credits this month, even if it is set back to 0 before any call uses it.
 */
export async function noteCreditsSet(tx: Kysely<Database>, userId: string, before: number, after: number, now = new Date()): Promise<void> {
  if (before > 0 || after > 0) await incrementCounter(tx, userId, utcMonth(now), CREDITS_HELD);
}

function secondsUntil(unixSeconds: number, now: Date): number {
  return Math.max(1, unixSeconds - Math.floor(now.getTime() / 1000));
}

export class AllowanceService {
  constructor(private readonly db: Db) {}

  /** Today's spend in cents, fractions included. */
  async spentToday(teamId: string, now = new Date(), db: Kysely<Database> = this.db): Promise<number> {
    const [cents, micro] = await Promise.all([readCounter(db, teamId, utcDay(now), SPEND), readCounter(db, teamId, utcDay(now), SPEND_MICRO)]);
    return cents + micro / MICROCENTS_PER_CENT;
  }

  /** Analysis runs while today's spend is below the limit; a limit of 0 pauses it entirely. */
  async isPaused(team: Pick<TeamTable, 'id' | 'spend_limit_cents'>, now = new Date(), db: Kysely<Database> = this.db): Promise<boolean> {
    if (team.spend_limit_cents === null) return false;
    return (await this.spentToday(team.id, now, db)) >= Number(team.spend_limit_cents);
  }

  /** 503 paused with Retry-After (the spend counter starts again at the next UTC midnight). */
  async assertNotPaused(tx: Kysely<Database>, team: TeamTable, now = new Date()): Promise<void> {
    if (!(await this.isPaused(team, now, tx))) return;
    const reset = nextUtcMidnight(now);
    throw new AppError('paused', "The team's daily spend limit for call analysis is reached; try again after 00:00 UTC.", {},
      { 'Retry-After': String(secondsUntil(reset, now)) });
  }

  /** Adds `cents` (fractions of a cent kept to a millionth) to today's spend. */
  async addSpend(tx: Kysely<Database>, teamId: string, cents: number, now = new Date()): Promise<void> {
    const micro = Math.round(cents * MICROCENTS_PER_CENT);
    if (micro > 0) await incrementCounter(tx, teamId, utcDay(now), SPEND_MICRO, micro);
  }

  /**
   * Which unit an accepted call would take, or the 402 in the order team_cap, personal_pool,
   * credits. The message names the renewal day (first day of the next UTC month).
   */
  async plan(tx: Kysely<Database>, team: TeamTable, user: UserTable, now = new Date()): Promise<AllowancePlan> {
    const period = utcMonth(now);
    const renews = nextMonthStart(now);
    if (team.team_cap !== null) {
      const used = await readCounter(tx, team.id, period, TEAM_CALLS);
      if (used >= team.team_cap) {
        throw new AppError('team_cap', `The team's monthly allowance of ${countOf(team.team_cap, 'call')} is used up; it renews on ${renews}.`);
      }
    }
    if (user.personal_pool === null || (await readCounter(tx, user.id, period, POOL_CALLS)) < user.personal_pool) {
      return { source: 'pool', period };
    }
    if (user.credits > 0) return { source: 'credits', period };
    // A balance of 0 now: "credits" if the user had credits this month (decisions.md), else the pool.
    const hadCredits = (await readCounter(tx, user.id, period, CREDIT_CALLS)) > 0 || (await readCounter(tx, user.id, period, CREDITS_HELD)) > 0;
    if (hadCredits) {
      throw new AppError('credits', `Your credits are used up; your monthly allowance renews on ${renews}.`);
    }
    throw new AppError('personal_pool', `Your monthly allowance of ${countOf(user.personal_pool, 'call')} is used up; it renews on ${renews}.`);
  }

  /** Takes the planned unit inside the transaction that accepts the call. */
  async take(tx: Kysely<Database>, teamId: string, userId: string, plan: AllowancePlan): Promise<void> {
    await incrementCounter(tx, teamId, plan.period, TEAM_CALLS);
    if (plan.source === 'pool') {
      await incrementCounter(tx, userId, plan.period, POOL_CALLS);
      return;
    }
    const res = await tx.updateTable('users').set((eb) => ({ credits: eb('credits', '-', 1) }))
      .where('id', '=', userId).where('credits', '>', 0).executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) {
      throw new AppError('credits', `Your credits are used up; your monthly allowance renews on ${nextMonthStart()}.`);
    }
    await incrementCounter(tx, userId, plan.period, CREDIT_CALLS);
  }

  /** Gives a failed call's unit back (the caller changes the call's status in the same transaction). */
  async giveBack(tx: Kysely<Database>, call: Pick<CallTable, 'team_id' | 'owner_id' | 'allowance' | 'allowance_period'>): Promise<void> {
    if (!call.allowance || !call.allowance_period) return;
    await incrementCounter(tx, call.team_id, call.allowance_period, TEAM_CALLS, -1);
    if (call.allowance === 'pool') {
      await incrementCounter(tx, call.owner_id, call.allowance_period, POOL_CALLS, -1);
    } else if (call.allowance === 'credits') {
      await tx.updateTable('users').set((eb) => ({ credits: eb('credits', '+', 1) })).where('id', '=', call.owner_id).execute();
      await incrementCounter(tx, call.owner_id, call.allowance_period, CREDIT_CALLS, -1);
    }
  }

  /** This month's usage of a team and a user (for GET /me and the application). */
  async usage(teamId: string, userId: string, now = new Date()) {
    const period = utcMonth(now);
    const [teamCalls, poolCalls, creditCalls, spend] = await Promise.all([
      readCounter(this.db, teamId, period, TEAM_CALLS), readCounter(this.db, userId, period, POOL_CALLS),
      readCounter(this.db, userId, period, CREDIT_CALLS), this.spentToday(teamId, now),
    ]);
    return { period, renews_on: nextMonthStart(now), team_calls: teamCalls, pool_calls: poolCalls, credit_calls: creditCalls, spend_cents_today: spend };
  }
}
