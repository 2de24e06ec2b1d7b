// The sender: leases due deliveries, re-checks the URL, POSTs the stored body to the checked
// address, logs the attempt and schedules the next one. Several deliveries are in flight at
// once, at most a few per webhook, so one slow receiver never holds up the others.
import { promises as dns } from 'node:dns';
import type { DatabaseHandle } from '../db/database.ts';
import type { WebhookDeliveryTable, WebhookTable } from '../db/schema.ts';
import type { Config } from '../config.ts';
import { newId } from '../lib/ids.ts';
import { nowIso } from '../lib/time.ts';
import { checkWebhookUrl, UrlRejectedError, type HostLookup } from './url-guard.ts';
import { sendWebhook, type DeliveryOutcome } from './http-delivery.ts';
import { signRzSignature, standardWebhookHeaders } from './signature.ts';
import { WebhookRepository } from './webhook.repository.ts';

export const MAX_ATTEMPTS = 5;
export const MAX_IN_FLIGHT = 16;
export const MAX_IN_FLIGHT_PER_WEBHOOK = 4;
export const USER_AGENT = 'RZ-Webhooks/1';

/**
 * Seconds to wait after failed attempt `attempt` (1-based). A schedule shorter than the
 * attempts repeats its last interval; the number of attempts stays 5.
 */
export function retryDelaySeconds(schedule: number[], attempt: number): number {
  return schedule[Math.min(attempt, schedule.length) - 1] ?? 60;
}

/**
 * A lease outlives one attempt: the DNS check and the request are each bounded by the
 * timeout, plus headroom for the database write. Only a crashed sender's lease runs out.
 */
export function leaseMs(timeoutMs: number): number {
  return 2 * timeoutMs + 5000;
}

/** dns.lookup has no timeout of its own; a hanging resolver must not outlive the lease. */
function lookupWithin(ms: number): HostLookup {
  return (host) => new Promise<string[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('DNS lookup timed out')), ms);
    dns.lookup(host, { all: true, verbatim: true }).then(
      (answers) => resolve(answers.map((a) => a.address)),
      reject,
    ).finally(() => clearTimeout(timer));
  });
}

export function deliveryHeaders(d: Pick<WebhookDeliveryTable, 'id' | 'event' | 'body'>, secret: string, attempt: number, at: Date): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'User-Agent': USER_AGENT,
    'X-RZ-Event': d.event,
    'X-RZ-Delivery': d.id,
    'X-RZ-Attempt': String(attempt),
    'X-RZ-Signature': signRzSignature(secret, d.body),
    ...standardWebhookHeaders({ id: d.id, timestamp: at, body: d.body, secret }),
  };
}

interface Log {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

export class DeliverySender {
  private readonly perWebhook = new Map<string, number>();
  private readonly running = new Set<Promise<void>>();
  private stopped = false;
  /** Called whenever a slot frees up, so the owner can claim more. */
  onSlotFree: () => void = () => {};

  constructor(
    private readonly handle: DatabaseHandle,
    private readonly config: Config,
    private readonly workerId: string,
    private readonly log?: Log,
  ) {}

  get inFlight(): number {
    return this.running.size;
  }

  /** Claims and starts due deliveries while slots are free; returns how many it started. */
  async fill(): Promise<number> {
    const repo = new WebhookRepository(this.handle.db);
    let started = 0;
    while (!this.stopped && this.running.size < MAX_IN_FLIGHT) {
      const saturated = [...this.perWebhook].filter(([, n]) => n >= MAX_IN_FLIGHT_PER_WEBHOOK).map(([id]) => id);
      const now = new Date();
      const batch = await repo.claimDue(this.handle.dialect, {
        workerId: this.workerId, now: now.toISOString(), excludeWebhooks: saturated,
        leaseUntil: new Date(now.getTime() + leaseMs(this.config.webhookTimeoutMs)).toISOString(),
        limit: MAX_IN_FLIGHT - this.running.size, maxAttempts: MAX_ATTEMPTS,
        room: (id) => MAX_IN_FLIGHT_PER_WEBHOOK - (this.perWebhook.get(id) ?? 0),
      });
      if (batch.length === 0) break;
      for (const d of batch) this.start(d);
      started += batch.length;
    }
    return started;
  }

  private start(d: WebhookDeliveryTable): void {
    this.perWebhook.set(d.webhook_id, (this.perWebhook.get(d.webhook_id) ?? 0) + 1);
    const task: Promise<void> = this.deliver(d)
      .catch((err) => this.log?.error({ err, delivery: d.id }, 'webhook delivery failed unexpectedly'))
      .finally(() => {
        const n = (this.perWebhook.get(d.webhook_id) ?? 1) - 1;
        if (n <= 0) this.perWebhook.delete(d.webhook_id);
        else this.perWebhook.set(d.webhook_id, n);
        this.running.delete(task);
        if (!this.stopped) this.onSlotFree();
      });
    this.running.add(task);
  }

  private async deliver(d: WebhookDeliveryTable): Promise<void> {
    const repo = new WebhookRepository(this.handle.db);
    const [hook] = await repo.byIds([d.webhook_id]);
    const attempt = d.attempts; // counted when the delivery was claimed
    const attemptedAt = nowIso();
    const gone = !hook || hook.deleted_at !== null;
    const outcome: DeliveryOutcome = gone
      ? { ok: false, status: null, durationMs: 0, error: 'webhook deleted', responseSnippet: null }
      : await this.attempt(d, hook, attempt);
    const done = nowIso();
    const final = outcome.ok || gone || attempt >= MAX_ATTEMPTS;
    const recorded = await repo.finishAttempt(this.workerId, {
      id: newId('attempt'), delivery_id: d.id, webhook_id: d.webhook_id, team_id: d.team_id, attempt,
      attempted_at: attemptedAt, status_code: outcome.status, duration_ms: outcome.durationMs, error: outcome.error,
      response_snippet: outcome.responseSnippet,
    }, {
      status: outcome.ok ? 'succeeded' : final ? 'failed' : 'pending',
      next_attempt_at: final ? null : new Date(Date.now() + retryDelaySeconds(this.config.webhookRetrySchedule, attempt) * 1000).toISOString(),
      last_status_code: outcome.status,
      last_error: outcome.error,
      updated_at: done,
      completed_at: final ? done : null,
    });
    if (!recorded) this.log?.warn({ delivery: d.id, attempt }, 'webhook delivery lease lost before the attempt was recorded');
  }

  /** URL re-checked before every attempt; the request goes to the address that was checked. */
  private async attempt(d: WebhookDeliveryTable, hook: WebhookTable, attempt: number): Promise<DeliveryOutcome> {
    const timeoutMs = this.config.webhookTimeoutMs;
    let target;
    try {
      target = await checkWebhookUrl(hook.url, { allowPrivate: this.config.webhookAllowPrivate, lookup: lookupWithin(timeoutMs) });
    } catch (err) {
      const reason = err instanceof UrlRejectedError ? err.reason : err instanceof Error ? err.message : String(err);
      return { ok: false, status: null, durationMs: 0, error: `URL refused: ${reason}`, responseSnippet: null };
    }
    return sendWebhook({
      url: target.url, address: target.addresses[0], body: d.body, timeoutMs,
      headers: deliveryHeaders(d, hook.secret, attempt, new Date()),
    });
  }

  /** Stops claiming and waits for the attempts in flight (each bounded by the timeout). */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled([...this.running]);
  }
}
