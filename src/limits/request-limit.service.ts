import type { Db } from '../db/database.ts';
import { nextUtcMidnight, utcDay } from '../lib/time.ts';
import { incrementCounter, readCounter } from './usage-counter.repository.ts';

export interface RequestLimitState {
  limit: number;
  remaining: number;
  reset: number; // unix seconds of the next UTC midnight
  exceeded: boolean;
  retryAfter: number;
}

/** Requests per team and UTC day: one atomic increment per authenticated request. */
export class RequestLimitService {
  constructor(private readonly db: Db) {}

  async hit(teamId: string, limit: number, now = new Date()): Promise<RequestLimitState> {
    const count = await incrementCounter(this.db, teamId, utcDay(now), 'requests');
    const reset = nextUtcMidnight(now);
    return {
      limit,
      remaining: Math.max(0, limit - count),
      reset,
      exceeded: count > limit,
      retryAfter: Math.max(1, reset - Math.floor(now.getTime() / 1000)),
    };
  }

  today(teamId: string): Promise<number> {
    return readCounter(this.db, teamId, utcDay(), 'requests');
  }
}
