import type { Db } from '../db/database.ts';
import type { ApiKeyTable, TeamTable, UserTable } from '../db/schema.ts';
import { prepareQuery } from '../db/prepared.ts';

const keyByHashQuery = prepareQuery(1, (db, hash: string) => db
  .selectFrom('api_keys as k')
  .innerJoin('users as u', 'u.id', 'k.user_id')
  .innerJoin('teams as t', 't.id', 'k.team_id')
  .select([
    'k.id as key_id', 'k.scopes', 'k.revoked_at', 'k.last_used_at',
    'u.id as user_id', 'u.role', 'u.active', 'u.name', 'u.email', 'u.team_id as user_team_id',
    't.id as team_id', 't.licence', 't.request_limit',
  ])
  .where('k.key_hash', '=', hash));

// GET /me and every deal write read these: compiled once (see prepared.ts).
const teamQuery = prepareQuery(1, (db, id: string) => db.selectFrom('teams').selectAll().where('id', '=', id));
const stagesQuery = prepareQuery(1, (db, teamId: string) => db
  .selectFrom('pipeline_stages').select(['key', 'label', 'position']).where('team_id', '=', teamId).orderBy('position'));

export class IdentityRepository {
  constructor(private readonly db: Db) {}

  async team(id: string): Promise<TeamTable | undefined> {
    const [row] = await teamQuery(this.db, id);
    return row;
  }

  countTeams(): Promise<number> {
    return this.db.selectFrom('teams').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow().then((r) => Number(r.n));
  }

  user(id: string): Promise<UserTable | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  userByEmail(email: string): Promise<UserTable | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  teams(): Promise<TeamTable[]> {
    return this.db.selectFrom('teams').selectAll().orderBy('id').execute();
  }

  teamUsers(teamId: string): Promise<UserTable[]> {
    return this.db.selectFrom('users').selectAll().where('team_id', '=', teamId).orderBy('id').execute();
  }

  stages(teamId: string) {
    return stagesQuery(this.db, teamId);
  }

  /** One query per request: key + its user + team, for authentication. */
  async keyByHash(hash: string) {
    const [row] = await keyByHashQuery(this.db, hash);
    return row;
  }

  teamKeys(teamId: string): Promise<ApiKeyTable[]> {
    return this.db.selectFrom('api_keys').selectAll().where('team_id', '=', teamId).orderBy('id', 'desc').execute();
  }

  userKeys(userId: string): Promise<ApiKeyTable[]> {
    return this.db.selectFrom('api_keys').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  }

  key(id: string): Promise<ApiKeyTable | undefined> {
    return this.db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
  }

  touchKey(id: string, at: string): Promise<unknown> {
    return this.db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
  }
}
