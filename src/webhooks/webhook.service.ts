// Webhook registration and the delivery log, for owners and managers: used by the API, the CLI
// and the application's Team page alike.
import { readSnapshot, type Db } from '../db/database.ts';
import type { WebhookDeliveryTable, WebhookTable } from '../db/schema.ts';
import type { Config } from '../config.ts';
import { type Actor, seesAll } from '../common/actor.ts';
import { cursorKey, decodeCursor, parseLimit, toPage, type Page, keysetPage } from '../common/pagination.ts';
import { MAX_LENGTH, cleanText } from '../common/text.ts';
import { forbidden, notFound, validation } from '../errors/app-error.ts';
import { newId } from '../lib/ids.ts';
import { writeTransaction } from '../idempotency/idempotency-scope.ts';
import { nowIso } from '../lib/time.ts';
import { EVENT_NAMES, lockReceiversOfTeam, notifyEventsCommitted } from '../events/event.repository.ts';
import { checkWebhookUrl, UrlRejectedError } from './url-guard.ts';
import { generateWebhookSecret } from './signature.ts';
import { WebhookRepository } from './webhook.repository.ts';
import { ALL_EVENTS, toWebhookDeliveryRow, toWebhookRow, type WebhookDeliveryRow, type WebhookRow } from './webhook.row.ts';


export interface WebhookInput {
  url?: unknown;
  events?: unknown;
  description?: string | null;
  paused?: boolean;
}

/** `["*"]`, `"all"`, `["all"]` or a list of known event names (not both) → the stored subscription. */
export function parseEvents(raw: unknown): string[] {
  if (raw === 'all' || raw === ALL_EVENTS) return [ALL_EVENTS];
  if (!Array.isArray(raw) || raw.length === 0) {
    throw validation('events', 'events must be a non-empty array of event names, or ["*"] for all events.');
  }
  const names = [...new Set(raw.map((e) => (typeof e === 'string' ? e.trim() : e)))];
  const all = (n: unknown) => n === ALL_EVENTS || n === 'all';
  // An unknown name is refused even next to "*": it is a typo the caller should hear about.
  const unknown = names.filter((n) => !all(n) && (typeof n !== 'string' || !(EVENT_NAMES as readonly string[]).includes(n)));
  if (unknown.length > 0) {
    throw validation('events', `Unknown event name(s): ${unknown.map(String).join(', ')}. Known: ${EVENT_NAMES.join(', ')}, or "*".`);
  }
  // All events next to single ones is refused rather than guessed (the application's form, the
  // API and `rz webhook create --events deal.created,all` alike): which did the caller mean?
  if (names.some(all)) {
    if (names.length > 1) throw validation('events', 'Choose either all events ("*") or single events, not both.');
    return [ALL_EVENTS];
  }
  return EVENT_NAMES.filter((n) => names.includes(n));
}

/** The body of a ping: the webhook row itself, so a receiver sees what it was registered as. */
export function pingBody(webhook: WebhookTable, at: string): string {
  return JSON.stringify({ id: newId('event'), event: 'ping', created_at: at, data: toWebhookRow(webhook) });
}

const cleanDescription = (raw: string | null | undefined) => cleanText(raw, 'description', MAX_LENGTH.webhook_description);

export class WebhookService {
  constructor(private readonly db: Db, private readonly config: Config) {}

  private repo(): WebhookRepository {
    return new WebhookRepository(this.db);
  }

  private authorize(actor: Actor): void {
    if (!seesAll(actor)) throw forbidden('Only owners and managers manage webhooks.');
  }

  /** Registration never contacts the URL; resolving its host name is all it does. */
  private async checkUrl(raw: unknown): Promise<string> {
    if (typeof raw !== 'string' || !raw.trim()) throw validation('url', 'url is required.');
    if (raw.length > MAX_LENGTH.webhook_url) throw validation('url', `url is longer than ${MAX_LENGTH.webhook_url} characters.`);
    try {
      return (await checkWebhookUrl(raw, { allowPrivate: this.config.webhookAllowPrivate })).url.href;
    } catch (err) {
      if (err instanceof UrlRejectedError) throw validation('url', err.reason);
      throw err;
    }
  }

  private async get(actor: Actor, id: string): Promise<WebhookTable> {
    this.authorize(actor);
    const row = await this.repo().byId(actor.teamId, id);
    if (!row) throw notFound('Webhook');
    return row;
  }

  async create(actor: Actor, input: WebhookInput): Promise<WebhookRow & { secret: string }> {
    this.authorize(actor);
    const url = await this.checkUrl(input.url);
    const events = parseEvents(input.events);
    const now = nowIso();
    const row: WebhookTable = {
      id: newId('webhook'), team_id: actor.teamId, created_by: actor.userId, url, events: JSON.stringify(events),
      secret: generateWebhookSecret(), paused: input.paused ? 1 : 0, description: cleanDescription(input.description) ?? null,
      created_at: now, updated_at: now, deleted_at: null,
    };
    await writeTransaction(this.db, async (tx) => {
      await new WebhookRepository(tx).insert(row);
      // After the insert, which holds the team row's key-share lock: a write that locked the team
      // row first (POST /calls) is waited for before this lock is taken, so the two never wait on each other.
      await lockReceiversOfTeam(tx, actor.teamId);
      return row;
    });
    return { ...toWebhookRow(row), secret: row.secret };
  }

  async list(actor: Actor, query: { cursor?: string; limit?: string }): Promise<Page<WebhookRow>> {
    this.authorize(actor);
    const repo = this.repo();
    return keysetPage(cursorKey('webhooks', actor.teamId), query, (page) => repo.list(actor.teamId, page), () => repo.count(actor.teamId), toWebhookRow);
  }

  async detail(actor: Actor, id: string): Promise<WebhookRow> {
    return toWebhookRow(await this.get(actor, id));
  }

  async update(actor: Actor, id: string, input: WebhookInput): Promise<WebhookRow> {
    const row = await this.get(actor, id);
    const set: Partial<WebhookTable> = {};
    if (input.url !== undefined) set.url = await this.checkUrl(input.url);
    if (input.events !== undefined) set.events = JSON.stringify(parseEvents(input.events));
    if (input.paused !== undefined) set.paused = input.paused ? 1 : 0;
    const description = cleanDescription(input.description);
    if (description !== undefined) set.description = description;
    if (Object.keys(set).length === 0) return toWebhookRow(row);
    set.updated_at = nowIso();
    await writeTransaction(this.db, async (tx) => {
      await new WebhookRepository(tx).update(actor.teamId, id, set);
      // Unpaused or subscribed anew: events recorded from its commit on must not be skipped (recordEvents).
      if (set.paused === 0 || set.events !== undefined) await lockReceiversOfTeam(tx, actor.teamId);
    });
    return toWebhookRow({ ...row, ...set });
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.get(actor, id);
    const at = nowIso();
    await writeTransaction(this.db, async (tx) => {
      const repo = new WebhookRepository(tx);
      await repo.update(actor.teamId, id, { deleted_at: at, updated_at: at });
      await repo.cancelPending(actor.teamId, id, at);
    });
  }

  async deliveries(actor: Actor, id: string, query: { cursor?: string; limit?: string; status?: string }): Promise<Page<WebhookDeliveryRow>> {
    await this.get(actor, id);
    const limit = parseLimit(query.limit);
    const key = cursorKey('deliveries', actor.teamId, { webhook: id, status: query.status });
    const before = decodeCursor(key, query.cursor);
    const status = query.status || undefined; // one of DELIVERY_STATUSES (route schema)
    // One snapshot: a sender committing between these reads would otherwise show a new attempt
    // next to the delivery's old status and next_attempt_at.
    const { rows, total, attempts } = await readSnapshot(this.db, async (tx) => {
      const repo = new WebhookRepository(tx);
      const rows = await repo.deliveries(actor.teamId, id, { before, limit, status });
      const total = await repo.countDeliveries(actor.teamId, id, status);
      return { rows, total, attempts: await repo.attemptsOf(rows.slice(0, limit).map((r) => r.id)) };
    });
    return toPage(key, rows, limit, total, (r) => toWebhookDeliveryRow(r, attempts.filter((a) => a.delivery_id === r.id)));
  }

  /**
   * Sends a delivery again as a NEW delivery (new X-RZ-Delivery, its own 5 attempts) with the
   * same body bytes, so the event id in the body is unchanged (as GitHub and Stripe do).
   */
  async redeliver(actor: Actor, id: string, deliveryId: string): Promise<WebhookDeliveryRow> {
    await this.get(actor, id);
    const original = await this.repo().delivery(actor.teamId, id, deliveryId);
    if (!original) throw notFound('Delivery');
    return this.enqueue(original.team_id, id, original.event, original.event_id, original.body);
  }

  /** Queues a `ping` delivery for now, whatever the webhook subscribed to (also when paused). */
  async ping(actor: Actor, id: string): Promise<WebhookDeliveryRow> {
    const webhook = await this.get(actor, id);
    return this.enqueue(webhook.team_id, id, 'ping', null, pingBody(webhook, nowIso()));
  }

  private async enqueue(teamId: string, webhookId: string, event: string, eventId: string | null, body: string): Promise<WebhookDeliveryRow> {
    const now = nowIso();
    const row: WebhookDeliveryTable = {
      id: newId('delivery'), team_id: teamId, webhook_id: webhookId, event_id: eventId, event, body, status: 'pending',
      attempts: 0, next_attempt_at: now, locked_by: null, locked_until: null, last_status_code: null, last_error: null,
      created_at: now, updated_at: now, completed_at: null,
    };
    await writeTransaction(this.db, async (tx) => { await new WebhookRepository(tx).insertDeliveries([row]); return row; });
    // Wakes this process's sender at once (it listens to the outbox signal); others poll.
    notifyEventsCommitted();
    return toWebhookDeliveryRow(row, []);
  }
}
