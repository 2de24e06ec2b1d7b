import { sql } from 'kysely';
import { lockNames, type Db, type DialectName } from '../db/database.ts';
import type { SessionTable, TeamTable, UserTable } from '../db/schema.ts';

export class SessionRepository {
  constructor(private readonly db: Db) {}

  insert(row: SessionTable): Promise<unknown> {
    return this.db.insertInto('sessions').values(row).execute();
  }

  /** The session with its user and the licence of the user's team (every page needs all three). */
  async withUser(id: string, now: string): Promise<{ session: SessionTable; user: UserTable; licence: TeamTable['licence']; teamName: string } | undefined> {
    const session = await this.db.selectFrom('sessions').selectAll().where('id', '=', id).where('expires_at', '>', now).executeTakeFirst();
    if (!session) return undefined;
    const row = await this.db.selectFrom('users').innerJoin('teams', 'teams.id', 'users.team_id')
      .selectAll('users').select(['teams.licence as team_licence', 'teams.name as team_name']).where('users.id', '=', session.user_id).executeTakeFirst();
    if (!row) return undefined;
    const { team_licence: licence, team_name: teamName, ...user } = row;
    return { session, user, licence, teamName };
  }

  delete(id: string): Promise<unknown> {
    return this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  deleteForUser(userId: string, exceptId?: string): Promise<unknown> {
    let qb = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (exceptId) qb = qb.where('id', '!=', exceptId);
    return qb.execute();
  }

  deleteExpired(now: string): Promise<unknown> {
    return this.db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  }

  /**
   * Records a sign-in attempt as a failure before its password is checked, only while the email
   * and the address are both under their limits; false = throttled. Counting and inserting are
   * one statement under a lock per email and address, so concurrent guesses (in any number of
   * processes) cannot all pass the count before any of them is recorded.
   */
  reserveAttempt(dialect: DialectName, row: { id: string; email: string; ip: string; attempted_at: string }, limits: { since: string; perEmail: number; perIp: number }): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      await lockNames(dialect, tx, [`signin-email:${row.email}`, `signin-ip:${row.ip}`]);
      const failures = (by: 'email' | 'ip', value: string) => sql`(select count(*) from login_attempts
        where ${sql.ref(by)} = ${value} and success = 0 and attempted_at > ${limits.since})`;
      const inserted = await sql<{ id: string }>`insert into login_attempts (id, email, ip, attempted_at, success)
        select ${row.id}, ${row.email}, ${row.ip}, ${row.attempted_at}, 0
        where ${failures('email', row.email)} < ${limits.perEmail} and ${failures('ip', row.ip)} < ${limits.perIp}
        returning id`.execute(tx);
      return inserted.rows.length === 1;
    });
  }

  /** A successful sign-in clears the email's failures so a user who finally remembers is not locked. */
  clearFailures(email: string): Promise<unknown> {
    return this.db.deleteFrom('login_attempts').where('email', '=', email).where('success', '=', 0).execute();
  }

  /** Only if the hash is still the one checked: a password changed meanwhile is not overwritten. */
  replacePasswordHash(userId: string, old: string, next: string): Promise<unknown> {
    return this.db.updateTable('users').set({ password_hash: next }).where('id', '=', userId).where('password_hash', '=', old).execute();
  }

  purgeAttempts(before: string): Promise<unknown> {
    return this.db.deleteFrom('login_attempts').where('attempted_at', '<', before).execute();
  }
}
