// The dispatcher is woken after a commit that recorded events a webhook can receive, once per
// event-loop turn, and not by a write that recorded none; a recorded event is still delivered at once, without waiting for
// the poll.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config.ts';
import { createServices, type Services } from '../../src/services.ts';
import type { Actor } from '../../src/common/actor.ts';
import { notifyEventsCommitted, onEventsCommitted } from '../../src/events/event.repository.ts';
import { startWebhookWorker, type WebhookWorker } from '../../src/webhooks/webhook.worker.ts';
import { openTestDatabase, testDialect } from '../helpers/database.ts';
import { startReceiver, type Receiver } from './receiver.ts';

/** Lets a wake scheduled by a commit that has returned run (it is due in the next turn). */
const nextTurns = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

async function waitUntil(what: string, cond: () => boolean, ms = 15_000): Promise<void> {
  for (const end = Date.now() + ms; !cond();) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('webhook dispatcher wake-up', () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  let services: Services;
  let actor: Actor;
  let wakes = 0;
  let unsubscribe: () => void;
  before(async () => {
    opened = await openTestDatabase();
    // The poll is far beyond every deadline here: a delivery can only come from the wake.
    const config = loadConfig({ RZ_DATA_DIR: opened.database.dataDir, RZ_WEBHOOK_ALLOW_PRIVATE: '1', RZ_WORKER_POLL_MS: '600000' });
    services = createServices(config, opened.handle);
    const { owner_id } = await services.identity.createTeam({ name: 'Wake', ownerEmail: 'owner@wake.test' });
    const { key } = await services.identity.createKey({ userId: owner_id });
    actor = (await services.identity.authenticate(key))!.actor;
    unsubscribe = onEventsCommitted(() => { wakes++; });
  });
  after(async () => {
    unsubscribe();
    await opened.close();
  });

  it('wakes after a write that recorded an event for a webhook, and not after one that recorded none or none a webhook can receive', async () => {
    // No webhook yet: on SQLite the event is recorded already dispatched (dispatch-skip.test.ts),
    // nothing to wake for; PostgreSQL hands every event to the dispatcher.
    await services.contacts.upsert(actor, { email: 'nobody@wake.test' });
    await nextTurns();
    assert.equal(wakes, testDialect() === 'sqlite' ? 0 : 1);
    const rx = await startReceiver();
    try {
      await services.webhooks.create(actor, { url: rx.url, events: ['*'] });
    } finally {
      await rx.close();
    }
    const before = wakes;
    await services.contacts.upsert(actor, { email: 'ada@wake.test', first_name: 'Ada' });
    await waitUntil('the wake of contact.created', () => wakes === before + 1);

    // The same contact again, unchanged: nothing written, no event, no wake.
    await services.contacts.upsert(actor, { email: 'ada@wake.test', first_name: 'Ada' });
    const deal = await services.deals.create(actor, { title: 'Wake deal' });
    await waitUntil('the wake of deal.created', () => wakes === before + 2);
    // A PATCH that changes nothing records nothing.
    await services.deals.update(actor, deal.id, { title: 'Wake deal' });
    await nextTurns();
    assert.equal(wakes, before + 2);

    await services.deals.update(actor, deal.id, { title: 'Wake deal 2' });
    await waitUntil('the wake of deal.updated', () => wakes === before + 3);
  });

  it('wakes once for the commits of one turn', async () => {
    const before = wakes;
    notifyEventsCommitted();
    notifyEventsCommitted();
    notifyEventsCommitted();
    await nextTurns();
    assert.equal(wakes, before + 1);
  });

  it('delivers a recorded event at once, without the poll', async () => {
    let rx: Receiver | undefined;
    let worker: WebhookWorker | undefined;
    try {
      rx = await startReceiver();
      await services.webhooks.create(actor, { url: rx.url, events: ['contact.created'] });
      worker = startWebhookWorker(services);
      // Its first round (at start) has dispatched the earlier events: from here only a wake dispatches.
      const undispatched = async () => Number((await opened.handle.db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).where('dispatched', '=', 0).executeTakeFirstOrThrow()).n);
      for (const end = Date.now() + 15_000; (await undispatched()) > 0;) {
        if (Date.now() > end) throw new Error('timed out waiting for the first dispatch round');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const contact = await services.contacts.upsert(actor, { email: 'grace@wake.test' });
      const got = await rx.waitFor((all) => all.some((r) => r.body.data?.id === contact.row.id), 15_000, 'the delivery of contact.created');
      assert.equal(got.find((r) => r.body.data?.id === contact.row.id)!.body.event, 'contact.created');
    } finally {
      await worker?.stop();
      await rx?.close();
    }
  });
});
