import type { Db } from '../db/database.ts';
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

  recordAttempt(row: { id: string; email: string; ip: string; attempted_at: string; success: number }): Promise<unknown> {
    return this.db.insertInto('login_attempts').values(row).execute();
  }

  async failuresSince(by: 'email' | 'ip', value: string, since: string): Promise<number> {
    const r = await this.db.selectFrom('login_attempts').select((eb) => eb.fn.countAll<number>().as('n'))
      .where(by, '=', value).where('success', '=', 0).where('attempted_at', '>', since).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** A successful sign-in clears the email's failures so a user who finally remembers is not locked. */
  clearFailures(email: string): Promise<unknown> {
    return this.db.deleteFrom('login_attempts').where('email', '=', email).where('success', '=', 0).execute();
  }

  purgeAttempts(before: string): Promise<unknown> {
    return this.db.deleteFrom('login_attempts').where('attempted_at', '<', before).execute();
  }
}
