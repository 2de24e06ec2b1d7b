import type { Db } from '../db/database.ts';
import type { SessionHandoffTable } from '../db/schema.ts';

export class HandoffRepository {
  constructor(private readonly db: Db) {}

  insert(row: SessionHandoffTable): Promise<unknown> {
    return this.db.insertInto('session_handoffs').values(row).execute();
  }

  /** Removes and returns a session's live hand-overs in one statement, so each is read once. */
  take(sessionId: string, now: string): Promise<SessionHandoffTable[]> {
    return this.db.deleteFrom('session_handoffs').where('session_id', '=', sessionId).returningAll().execute()
      .then((rows) => rows.filter((r) => r.expires_at > now));
  }

  deleteExpired(now: string): Promise<unknown> {
    return this.db.deleteFrom('session_handoffs').where('expires_at', '<=', now).execute();
  }
}
