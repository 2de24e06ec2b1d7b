import type { Kysely } from 'kysely';
import type { CallTable, Database, DealTable, TeamTable, UserTable } from '../db/schema.ts';
import { forUpdate, type DialectName } from '../db/database.ts';
import type { Actor } from '../common/actor.ts';
import { callVisible } from '../common/visibility.ts';

export type CallStatus = CallTable['status'];

/** A call without its transcript (up to 500,000 characters): what rows and lists need. */
export type CallRecord = Omit<CallTable, 'transcript'>;
const RECORD_COLUMNS = [
  'id', 'team_id', 'status', 'language', 'filename', 'deal_id', 'contact_id', 'owner_id', 'error', 'result', 'transcript_hash',
  'external_id', 'rep_speaker', 'cost_cents', 'allowance', 'allowance_period', 'created_day', 'created_at', 'analysed_at', 'updated_at',
] as const satisfies ReadonlyArray<keyof CallRecord>;

export interface CallFilters {
  contactId?: string;
  dealId?: string;
  status?: CallStatus;
  ownerId?: string;
}

export class CallRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The team row, locked on PostgreSQL: every push of a team takes this lock first, so its
   * checks (limits, allowances, duplicates) and its insert serialise across processes.
   */
  lockTeam(dialect: DialectName, teamId: string): Promise<TeamTable | undefined> {
    return forUpdate(dialect, this.db.selectFrom('teams').selectAll().where('id', '=', teamId)).executeTakeFirst();
  }

  team(teamId: string): Promise<TeamTable | undefined> {
    return this.db.selectFrom('teams').selectAll().where('id', '=', teamId).executeTakeFirst();
  }

  user(teamId: string, userId: string): Promise<UserTable | undefined> {
    return this.db.selectFrom('users').selectAll().where('team_id', '=', teamId).where('id', '=', userId).executeTakeFirst();
  }

  insert(row: CallTable): Promise<unknown> {
    return this.db.insertInto('calls').values(row).execute();
  }

  /** For the background analysis, which acts for no key: scoped by team only. */
  byId(teamId: string, id: string): Promise<CallTable | undefined> {
    return this.db.selectFrom('calls').selectAll().where('team_id', '=', teamId).where('id', '=', id).executeTakeFirst();
  }

  lockById(dialect: DialectName, teamId: string, id: string): Promise<CallRecord | undefined> {
    return forUpdate(dialect, this.db.selectFrom('calls').select(RECORD_COLUMNS).where('team_id', '=', teamId).where('id', '=', id)).executeTakeFirst();
  }

  /** Calls of the team without their transcripts, whoever pushed them (what their timeline activities already show). */
  recordsByIds(teamId: string, ids: string[]): Promise<CallRecord[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('calls').select(RECORD_COLUMNS).where('team_id', '=', teamId).where('id', 'in', ids).execute();
  }

  /** Which of these calls the actor may open. */
  async visibleIds(actor: Actor, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('calls').select('id').where(callVisible(actor)).where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  }

  visibleById(actor: Actor, id: string): Promise<CallRecord | undefined> {
    return this.db.selectFrom('calls').select(RECORD_COLUMNS).where(callVisible(actor)).where('id', '=', id).executeTakeFirst();
  }

  /** The transcript of a call the actor may open (the call page reads it; lists never do). */
  async visibleTranscript(actor: Actor, id: string): Promise<string | undefined> {
    const r = await this.db.selectFrom('calls').select('transcript').where(callVisible(actor)).where('id', '=', id).executeTakeFirst();
    return r?.transcript;
  }

  /** Accepted calls of a team on a UTC day (calls_day_idx). */
  async countCreatedOn(teamId: string, day: string): Promise<number> {
    const r = await this.db.selectFrom('calls').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', teamId).where('created_day', '=', day).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /**
   * The newest call of the team with this transcript hash pushed since `since` (calls_hash_idx).
   * A failed analysis does not count: pushing its transcript again is how a client retries.
   */
  async sameTranscriptSince(teamId: string, hash: string, since: string): Promise<string | undefined> {
    const r = await this.db.selectFrom('calls').select('id').where('team_id', '=', teamId).where('transcript_hash', '=', hash)
      .where('created_at', '>=', since).where('status', '!=', 'failed').orderBy('id', 'desc').limit(1).executeTakeFirst();
    return r?.id;
  }

  async byExternalId(teamId: string, externalId: string): Promise<string | undefined> {
    const r = await this.db.selectFrom('calls').select('id').where('team_id', '=', teamId).where('external_id', '=', externalId).executeTakeFirst();
    return r?.id;
  }

  /** Moves a call on only from an unsettled status, so a re-run job never settles it twice. */
  async updateUnsettled(teamId: string, id: string, set: Partial<CallTable>): Promise<boolean> {
    const res = await this.db.updateTable('calls').set(set).where('team_id', '=', teamId).where('id', '=', id)
      .where('status', 'in', ['queued', 'running']).executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  dealById(teamId: string, id: string): Promise<DealTable | undefined> {
    return this.db.selectFrom('deals').selectAll().where('team_id', '=', teamId).where('id', '=', id).executeTakeFirst();
  }

  /** decisions.md: a call without deal_id goes on the contact's most recently updated open deal owned by the key owner. */
  openDealOfContact(teamId: string, contactId: string, ownerId: string): Promise<DealTable | undefined> {
    return this.db.selectFrom('deals').selectAll().where('team_id', '=', teamId).where('contact_id', '=', contactId)
      .where('owner_id', '=', ownerId).where('status', '=', 'open')
      .orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  }

  private filtered(actor: Actor, f: CallFilters) {
    let qb = this.db.selectFrom('calls').where(callVisible(actor));
    if (f.contactId) qb = qb.where('contact_id', '=', f.contactId);
    if (f.dealId) qb = qb.where('deal_id', '=', f.dealId);
    if (f.status) qb = qb.where('status', '=', f.status);
    if (f.ownerId) qb = qb.where('owner_id', '=', f.ownerId);
    return qb;
  }

  list(actor: Actor, f: CallFilters & { before?: string | null; limit: number }): Promise<CallRecord[]> {
    let qb = this.filtered(actor, f).select(RECORD_COLUMNS);
    if (f.before) qb = qb.where('id', '<', f.before);
    return qb.orderBy('id', 'desc').limit(f.limit + 1).execute();
  }

  async count(actor: Actor, f: CallFilters): Promise<number> {
    const r = await this.filtered(actor, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(r.n);
  }
}
