import type { Db } from '../db/database.ts';
import { nextUtcMidnight, utcDay } from '../lib/time.ts';
import { incrementCounter, readCounter } from './usage-counter.repository.ts';
import { TurnBatcher } from '../lib/turn-batcher.ts';

export interface RequestLimitState {
  limit: number;
  remaining: number;
  reset: number; // unix seconds of the next UTC midnight
  exceeded: boolean;
  retryAfter: number;
}

/**
 * Requests per team and UTC day. The database holds the count (exact across processes); the
 * requests of one team that arrive in the same event-loop turn share one atomic increment by
 * their number (group commit) and each gets its own position in it, so every answer still
 * carries its exact X-RateLimit-Remaining while a busy server writes once per turn, not per request.
 */
export class RequestLimitService {
  private readonly counts = new TurnBatcher<{ teamId: string; day: string }, number>(
    ({ teamId, day }) => `${teamId}\u0000${day}`,
    async ({ teamId, day }, calls) => {
      const total = await incrementCounter(this.db, teamId, day, 'requests', calls);
      return Array.from({ length: calls }, (_, i) => total - calls + 1 + i);
    },
  );

  constructor(private readonly db: Db) {}

  async hit(teamId: string, limit: number, now = new Date()): Promise<RequestLimitState> {
    const count = await this.counts.call({ teamId, day: utcDay(now) });
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
