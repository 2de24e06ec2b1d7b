// The dispatcher: turns each recorded event into one delivery per subscribed webhook whose
// creator can see the row now. Claiming the events, creating the deliveries and marking the
// events dispatched happen in one transaction: a crash loses nothing and duplicates nothing.
import { directTransaction, type DatabaseHandle } from '../db/database.ts';
import type { EventTable, WebhookDeliveryTable } from '../db/schema.ts';
import { type Actor, seesAll } from '../common/actor.ts';
import { newId } from '../lib/ids.ts';
import { nowIso } from '../lib/time.ts';
import { claimUndispatched, markDispatched, visibleEventIds } from '../events/event.repository.ts';
import { toEventRow } from '../events/event.row.ts';
import { WebhookRepository, type SubscribedWebhook } from './webhook.repository.ts';
import { ALL_EVENTS, parseSubscribedEvents } from './webhook.row.ts';

export const DISPATCH_BATCH = 200;

/** The delivery body: exactly these bytes are signed and sent on every attempt. */
export function eventBody(e: EventTable): string {
  return JSON.stringify(toEventRow(e));
}

function creatorActor(h: SubscribedWebhook): Actor {
  return {
    teamId: h.team_id, userId: h.created_by, role: h.creator_role, name: h.creator_name, email: h.creator_email,
    keyId: null, scopes: new Set(['read']),
  };
}

/** One batch; `events` = how many were claimed (a full batch means: call again). */
export async function dispatchEvents(handle: DatabaseHandle, batch = DISPATCH_BATCH): Promise<{ events: number; deliveries: number }> {
  return directTransaction(handle.db, async (tx) => {
    const events = await claimUndispatched(tx, batch);
    if (events.length === 0) return { events: 0, deliveries: 0 };
    const repo = new WebhookRepository(tx);
    const hooks = await repo.subscribed([...new Set(events.map((e) => e.team_id))]);
    const now = nowIso();
    const bodies = new Map<string, string>();
    // A member creator's visibility is one query per batch, shared by all their webhooks.
    const visibleFor = new Map<string, Set<string>>();
    const rows: WebhookDeliveryTable[] = [];
    for (const hook of hooks) {
      // A deactivated creator sees nothing any more, so their webhooks get nothing.
      if (hook.creator_active !== 1) continue;
      const subscribed = parseSubscribedEvents(hook.events);
      const all = subscribed.includes(ALL_EVENTS);
      let candidates = events.filter((e) => e.team_id === hook.team_id && (all || subscribed.includes(e.event)));
      if (candidates.length === 0) continue;
      const actor = creatorActor(hook);
      if (!seesAll(actor)) {
        let visible = visibleFor.get(hook.created_by);
        if (!visible) {
          visible = await visibleEventIds(tx, actor, events.filter((e) => e.team_id === hook.team_id).map((e) => e.id));
          visibleFor.set(hook.created_by, visible);
        }
        candidates = candidates.filter((e) => visible.has(e.id));
      }
      for (const e of candidates) {
        let body = bodies.get(e.id);
        if (body === undefined) bodies.set(e.id, (body = eventBody(e)));
        rows.push({
          id: newId('delivery'), team_id: e.team_id, webhook_id: hook.id, event_id: e.id, event: e.event, body,
          status: 'pending', attempts: 0, next_attempt_at: now, locked_by: null, locked_until: null,
          last_status_code: null, last_error: null, created_at: now, updated_at: now, completed_at: null,
        });
      }
    }
    await repo.insertDeliveries(rows);
    await markDispatched(tx, events.map((e) => e.id));
    return { events: events.length, deliveries: rows.length };
  });
}
