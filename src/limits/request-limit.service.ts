import type { Db } from '../db/database.ts';
import { nextUtcMidnight, utcDay } from '../lib/time.ts';
import { incrementCounter, readCounter } from './usage-counter.repository.ts';
import { TurnBatcher } from '../lib/turn-batcher.ts';
import { fewerRoundTrips } from '../db/round-trips.ts';
import type { AuthenticatedKey, IdentityService } from '../identity/identity.service.ts';

const REQUESTS = 'requests';

export interface RequestLimitState {
  limit: number;
  remaining: number;
  reset: number; // unix seconds of the next UTC midnight
  exceeded: boolean;
  retryAfter: number;
}

function requestLimitState(limit: number, count: number, now: Date): RequestLimitState {
  const reset = nextUtcMidnight(now);
  return {
    limit,
    remaining: Math.max(0, limit - count),
    reset,
    exceeded: count > limit,
    retryAfter: Math.max(1, reset - Math.floor(now.getTime() / 1000)),
  };
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
      const total = await incrementCounter(this.db, teamId, day, REQUESTS, calls);
      return Array.from({ length: calls }, (_, i) => total - calls + 1 + i);
    },
  );

  constructor(private readonly db: Db) {}

  async hit(teamId: string, limit: number, now = new Date()): Promise<RequestLimitState> {
    return requestLimitState(limit, await this.counts.call({ teamId, day: utcDay(now) }), now);
  }

  /**
   * Authenticates an API key and counts the request against its team's daily limit. On
   * PostgreSQL both are one statement (a round trip saved on every request); elsewhere the
   * lookup and the counter are their own statements. Null for a key that does not authenticate.
   */
  async authenticateAndHit(identity: IdentityService, secret: string, now = new Date()): Promise<{ auth: AuthenticatedKey; limit: RequestLimitState } | null> {
    if (fewerRoundTrips(this.db)) {
      const counted = await identity.authenticateCounting(secret, { period: utcDay(now), kind: REQUESTS });
      return counted && { auth: counted.auth, limit: requestLimitState(counted.auth.requestLimit, counted.count, now) };
    }
    const auth = await identity.authenticate(secret);
    return auth && { auth, limit: await this.hit(auth.actor.teamId, auth.requestLimit, now) };
  }

  today(teamId: string): Promise<number> {
    return readCounter(this.db, teamId, utcDay(), REQUESTS);
  }
}
