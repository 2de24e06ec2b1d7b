// Webhooks, their deliveries and attempts. Every query of the API side is scoped by team; the
// sender side (claim/finish) works across teams, as the background worker serves them all.
import { sql, type Kysely } from 'kysely';
import { newId } from '../lib/ids.ts';
import { forUpdate, type DialectName } from '../db/database.ts';
import { prepareQuery } from '../db/prepared.ts';
import type { Database, Role, WebhookAttemptTable, WebhookDeliveryTable, WebhookTable } from '../db/schema.ts';

const INSERT_CHUNK = 200;
const INTERRUPTED = 'interrupted: the sending process stopped during this attempt';

export interface SubscribedWebhook {
  id: string;
  team_id: string;
  events: string;
  created_by: string;
  creator_role: Role;
  creator_active: number;
  creator_name: string;
  creator_email: string;
}

/** The active webhooks whose events a dispatch round turns into deliveries, with their creators. */
function subscribedQuery(db: Kysely<Database>) {
  return db.selectFrom('webhooks as w').innerJoin('users as u', (j) => j.onRef('u.id', '=', 'w.created_by').onRef('u.team_id', '=', 'w.team_id'))
    .select(['w.id', 'w.team_id', 'w.events', 'w.created_by', 'u.role as creator_role', 'u.active as creator_active', 'u.name as creator_name', 'u.email as creator_email'])
    .where('w.deleted_at', 'is', null).where('w.paused', '=', 0);
}
const subscribedOfTeam = prepareQuery(1, (db, teamId: string) => subscribedQuery(db).where('w.team_id', '=', teamId).orderBy('w.id'));

export class WebhookRepository {
  constructor(private readonly db: Kysely<Database>) {}

  insert(row: WebhookTable): Promise<unknown> {
    return this.db.insertInto('webhooks').values(row).execute();
  }

  /** A live (not deleted) webhook of the team. */
  byId(teamId: string, id: string): Promise<WebhookTable | undefined> {
    return this.db.selectFrom('webhooks').selectAll().where('team_id', '=', teamId).where('id', '=', id)
      .where('deleted_at', 'is', null).executeTakeFirst();
  }

  update(teamId: string, id: string, set: Partial<WebhookTable>): Promise<unknown> {
    return this.db.updateTable('webhooks').set(set).where('team_id', '=', teamId).where('id', '=', id).execute();
  }

  list(teamId: string, opts: { before: string | null; limit: number }): Promise<WebhookTable[]> {
    let qb = this.db.selectFrom('webhooks').selectAll().where('team_id', '=', teamId).where('deleted_at', 'is', null);
    if (opts.before) qb = qb.where('id', '<', opts.before);
    return qb.orderBy('id', 'desc').limit(opts.limit + 1).execute();
  }

  async count(teamId: string): Promise<number> {
    const r = await this.db.selectFrom('webhooks').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', teamId).where('deleted_at', 'is', null).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Live, unpaused webhooks of these teams with their creator's current role (dispatcher). */
  subscribed(teamIds: string[]): Promise<SubscribedWebhook[]> {
    if (teamIds.length === 0) return Promise.resolve([]);
    // A dispatch round after a write usually holds one team's events: that statement is compiled once.
    if (teamIds.length === 1) return subscribedOfTeam(this.db, teamIds[0]);
    return subscribedQuery(this.db).where('w.team_id', 'in', teamIds).orderBy('w.id').execute();
  }

  /** Webhooks by id whatever their team (sender); deleted ones included so the sender can tell. */
  byIds(ids: string[]): Promise<WebhookTable[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('webhooks').selectAll().where('id', 'in', ids).execute();
  }

  // -- deliveries ------------------------------------------------------------------------

  async insertDeliveries(rows: WebhookDeliveryTable[]): Promise<void> {
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await this.db.insertInto('webhook_deliveries').values(rows.slice(i, i + INSERT_CHUNK)).execute();
    }
  }

  delivery(teamId: string, webhookId: string, id: string): Promise<WebhookDeliveryTable | undefined> {
    return this.db.selectFrom('webhook_deliveries').selectAll().where('team_id', '=', teamId)
      .where('webhook_id', '=', webhookId).where('id', '=', id).executeTakeFirst();
  }

  deliveries(teamId: string, webhookId: string, opts: { before: string | null; limit: number; status?: string }): Promise<WebhookDeliveryTable[]> {
    let qb = this.db.selectFrom('webhook_deliveries').selectAll().where('team_id', '=', teamId).where('webhook_id', '=', webhookId);
    if (opts.status) qb = qb.where('status', '=', opts.status as WebhookDeliveryTable['status']);
    if (opts.before) qb = qb.where('id', '<', opts.before);
    return qb.orderBy('id', 'desc').limit(opts.limit + 1).execute();
  }

  async countDeliveries(teamId: string, webhookId: string, status?: string): Promise<number> {
    let qb = this.db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', teamId).where('webhook_id', '=', webhookId);
    if (status) qb = qb.where('status', '=', status as WebhookDeliveryTable['status']);
    return Number((await qb.executeTakeFirstOrThrow()).n);
  }

  attemptsOf(deliveryIds: string[]): Promise<WebhookAttemptTable[]> {
    if (deliveryIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', deliveryIds).orderBy('attempt').execute();
  }

  /** Deleting a webhook ends its pending deliveries: nothing is sent to it any more. */
  cancelPending(teamId: string, webhookId: string, at: string): Promise<unknown> {
    return this.db.updateTable('webhook_deliveries')
      .set({ status: 'failed', last_error: 'webhook deleted', next_attempt_at: null, completed_at: at, updated_at: at })
      .where('team_id', '=', teamId).where('webhook_id', '=', webhookId).where('status', '=', 'pending').execute();
  }

  // -- sender ----------------------------------------------------------------------------

  /**
   * Leases due deliveries to `workerId`: pending, due, and not leased by a live worker; at
   * most `limit`, and per webhook no more than `room(webhookId)`. SKIP LOCKED on PostgreSQL
   * lets several senders claim side by side; the UPDATE re-checks the lease, so two senders
   * never both win a row. A crashed sender's lease simply runs out.
   * (Two statements, not `UPDATE ... WHERE id IN (SELECT ... LIMIT n FOR UPDATE SKIP LOCKED)`:
   * PostgreSQL may run that subquery once per candidate row and lease more than n.)
   */
  async claimDue(dialect: DialectName, opts: {
    workerId: string; now: string; leaseUntil: string; limit: number; maxAttempts: number; excludeWebhooks: string[]; room: (webhookId: string) => number;
  }): Promise<WebhookDeliveryTable[]> {
    const { now } = opts;
    return this.db.transaction().execute(async (tx) => {
      let due = tx.selectFrom('webhook_deliveries').selectAll()
        .where('status', '=', 'pending').where('next_attempt_at', '<=', now)
        .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<', now)]));
      if (opts.excludeWebhooks.length > 0) due = due.where('webhook_id', 'not in', opts.excludeWebhooks);
      // Read a few more than needed: some may belong to a webhook without room left.
      const rows = await forUpdate(dialect, due.orderBy('next_attempt_at').orderBy('id').limit(Math.min(4 * opts.limit, 200)), { skipLocked: true }).execute();
      const taken = new Map<string, number>();
      const picked: string[] = [];
      const leaseMs = Date.parse(opts.leaseUntil) - Date.parse(now);
      for (const r of rows) {
        if (picked.length >= opts.limit) break;
        const n = taken.get(r.webhook_id) ?? 0;
        if (n >= opts.room(r.webhook_id)) continue;
        // A lease that ran out on a pending delivery: the process sending it stopped during the
        // attempt (a graceful stop waits for attempts in flight). The receiver may have got that
        // request, so it is logged, and it counts towards the attempts in all.
        if (r.locked_until !== null) {
          await tx.insertInto('webhook_attempts').values({
            id: newId('attempt'), delivery_id: r.id, webhook_id: r.webhook_id, team_id: r.team_id, attempt: r.attempts,
            attempted_at: new Date(Date.parse(r.locked_until) - leaseMs).toISOString(), status_code: null, duration_ms: 0,
            error: INTERRUPTED, response_snippet: null,
          }).execute();
          if (r.attempts >= opts.maxAttempts) {
            await tx.updateTable('webhook_deliveries').set({
              status: 'failed', next_attempt_at: null, locked_by: null, locked_until: null, last_status_code: null,
              last_error: INTERRUPTED, updated_at: now, completed_at: now,
            }).where('id', '=', r.id).execute();
            continue;
          }
        }
        taken.set(r.webhook_id, n + 1);
        picked.push(r.id);
      }
      if (picked.length === 0) return [];
      // The attempt about to start is counted now, so a crash during it still counts it.
      return tx.updateTable('webhook_deliveries').set({ locked_by: opts.workerId, locked_until: opts.leaseUntil, attempts: sql`attempts + 1` })
        .where('id', 'in', picked).where('status', '=', 'pending')
        .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<', now)]))
        .returningAll()
        .execute();
    });
  }

  /**
   * Records one attempt and moves the delivery on, if `workerId` still holds the lease (a
   * sender whose lease ran out must not overwrite the next sender's work): false otherwise.
   * A delivery cancelled meanwhile (webhook deleted) gets the attempt logged and stays failed.
   */
  async finishAttempt(workerId: string, attempt: WebhookAttemptTable, set: Pick<WebhookDeliveryTable, 'status' | 'next_attempt_at' | 'last_status_code' | 'last_error' | 'completed_at' | 'updated_at'>): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const held = await tx.updateTable('webhook_deliveries')
        .set({ attempts: attempt.attempt, updated_at: set.updated_at, locked_by: null, locked_until: null })
        .where('id', '=', attempt.delivery_id).where('locked_by', '=', workerId)
        .executeTakeFirst();
      if (Number(held.numUpdatedRows) === 0) return false;
      await tx.updateTable('webhook_deliveries').set(set).where('id', '=', attempt.delivery_id).where('status', '=', 'pending').execute();
      await tx.insertInto('webhook_attempts').values(attempt).execute();
      return true;
    });
  }
}
