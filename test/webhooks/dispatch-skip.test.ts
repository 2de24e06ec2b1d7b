// On SQLite an event no webhook of the team can receive is recorded already dispatched: it is in
// the event log, but wakes no dispatcher and costs no dispatch round. A webhook receives the events
// of every change committed after it was created (unpaused, subscribed anew), also when the two
// race. On PostgreSQL every event goes to the dispatcher (event.repository.ts says why).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config.ts';
import { createServices, type Services } from '../../src/services.ts';
import type { Actor } from '../../src/common/actor.ts';
import { onEventsCommitted, recordEvents } from '../../src/events/event.repository.ts';
import { dispatchEvents } from '../../src/webhooks/dispatcher.ts';
import { startWebhookWorker } from '../../src/webhooks/webhook.worker.ts';
import { openTestDatabase, testDialect } from '../helpers/database.ts';
import { startReceiver, type Receiver } from './receiver.ts';

const nextTurns = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('events no webhook can receive', { skip: testDialect() !== 'sqlite' && 'PostgreSQL sends every event to the dispatcher' }, () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  let services: Services;
  let rx: Receiver;
  let wakes = 0;
  let unsubscribe: () => void;
  before(async () => {
    opened = await openTestDatabase();
    const config = loadConfig({ RZ_DATA_DIR: opened.database.dataDir, RZ_WEBHOOK_ALLOW_PRIVATE: '1', RZ_WORKER_POLL_MS: '600000' });
    services = createServices(config, opened.handle);
    rx = await startReceiver();
    unsubscribe = onEventsCommitted(() => { wakes++; });
  });
  after(async () => {
    unsubscribe();
    await rx.close();
    await opened.close();
  });

  async function team(name: string): Promise<Actor> {
    const { owner_id } = await services.identity.createTeam({ name, ownerEmail: `owner@${name.toLowerCase()}.test` });
    const { key } = await services.identity.createKey({ userId: owner_id });
    return (await services.identity.authenticate(key))!.actor;
  }

  /** The team's events oldest first, with their dispatched flag. */
  async function flags(teamId: string): Promise<Array<[string, number]>> {
    const rows = await opened.handle.db.selectFrom('events').select(['event', 'dispatched']).where('team_id', '=', teamId).orderBy('id').execute();
    return rows.map((r) => [r.event, Number(r.dispatched)]);
  }

  /** Dispatches what is left (as the worker would) and sends it, then returns what the receiver got of this team. */
  async function deliverAll(teamId: string): Promise<string[]> {
    while ((await dispatchEvents(opened.handle)).events > 0);
    const pending = await opened.handle.db.selectFrom('webhook_deliveries').select('id').where('team_id', '=', teamId).where('status', '=', 'pending').execute();
    if (pending.length > 0) {
      const worker = startWebhookWorker(services);
      try {
        const n = pending.length;
        await rx.waitFor((all) => delivered(all, teamId) >= n, 15_000, `${n} deliveries`);
      } finally {
        await worker.stop();
      }
    }
    return rx.received.filter((r) => ofTeam.get(r.body?.id) === teamId).map((r) => r.event).sort();
  }

  // Event id -> team, to tell the receiver's requests apart by team.
  const ofTeam = new Map<string, string>();
  function delivered(all: Receiver['received'], teamId: string): number {
    return all.filter((r) => ofTeam.get(r.body?.id) === teamId).length;
  }
  async function learnEvents(teamId: string): Promise<void> {
    for (const r of await opened.handle.db.selectFrom('events').select('id').where('team_id', '=', teamId).execute()) ofTeam.set(r.id, teamId);
  }

  it('a team without webhooks: its events are in the log, dispatched at once, with no wake and no dispatch round', async () => {
    const actor = await team('Quiet');
    const before = wakes;
    const contact = await services.contacts.upsert(actor, { email: 'ada@quiet.test', first_name: 'Ada', company: 'Quiet GmbH' });
    const deal = await services.deals.create(actor, { title: 'Quiet deal', contact_id: contact.row.id });
    await services.deals.update(actor, deal.id, { stage: 'qualified', status: 'won' });
    await services.activities.create(actor, { kind: 'note', body: 'noted', contact_id: contact.row.id });
    await nextTurns();
    assert.equal(wakes, before, 'no wake');
    assert.deepEqual(await flags(actor.teamId), [
      ['company.created', 1], ['contact.created', 1], ['deal.created', 1],
      ['deal.stage_changed', 1], ['deal.closed', 1], ['deal.updated', 1], ['activity.created', 1],
    ]);
    const log = await services.events.list(actor, { order: 'asc' });
    assert.deepEqual(log.items.map((e) => e.event), ['company.created', 'contact.created', 'deal.created', 'deal.stage_changed', 'deal.closed', 'deal.updated', 'activity.created']);
    assert.deepEqual(await dispatchEvents(opened.handle), { events: 0, deliveries: 0 }, 'nothing left to dispatch');
  });

  it('a webhook subscribed to other events only: those are dispatched at once, its own are delivered', async () => {
    const actor = await team('Picky');
    const hook = await services.webhooks.create(actor, { url: rx.url, events: ['deal.closed'] });
    const before = wakes;
    const deal = await services.deals.create(actor, { title: 'Picky deal' });
    await nextTurns();
    assert.equal(wakes, before, 'deal.created: no receiver, no wake');
    await services.deals.update(actor, deal.id, { status: 'lost' });
    await nextTurns();
    assert.equal(wakes, before + 1, 'deal.closed: woken');
    assert.deepEqual(await flags(actor.teamId), [['deal.created', 1], ['deal.closed', 0], ['deal.updated', 1]]);
    await learnEvents(actor.teamId);
    assert.deepEqual(await deliverAll(actor.teamId), ['deal.closed']);
    const deliveries = await services.webhooks.deliveries(actor, hook.id, {});
    assert.deepEqual(deliveries.items.map((d) => d.event), ['deal.closed']);
  });

  it('a webhook created, paused, unpaused and subscribed anew receives the events of the changes committed after', async () => {
    const actor = await team('Later');
    await services.contacts.upsert(actor, { email: 'before@later.test' });
    const hook = await services.webhooks.create(actor, { url: rx.url, events: ['contact.created'] });
    await services.contacts.upsert(actor, { email: 'after@later.test' });
    await services.webhooks.update(actor, hook.id, { paused: true });
    await services.contacts.upsert(actor, { email: 'paused@later.test' });
    await services.webhooks.update(actor, hook.id, { paused: false });
    await services.contacts.upsert(actor, { email: 'unpaused@later.test' });
    await services.activities.create(actor, { kind: 'note', body: 'not subscribed yet', contact_email: 'unpaused@later.test' });
    await services.webhooks.update(actor, hook.id, { events: ['*'] });
    await services.activities.create(actor, { kind: 'note', body: 'subscribed', contact_email: 'unpaused@later.test' });
    assert.deepEqual(await flags(actor.teamId), [
      ['contact.created', 1], ['contact.created', 0], ['contact.created', 1], ['contact.created', 0], ['activity.created', 1], ['activity.created', 0],
    ]);
    await learnEvents(actor.teamId);
    const got = await deliverAll(actor.teamId);
    assert.deepEqual(got, ['activity.created', 'contact.created', 'contact.created']);
    const emails = rx.received.filter((r) => ofTeam.get(r.body?.id) === actor.teamId && r.event === 'contact.created').map((r) => r.body.data.email).sort();
    assert.deepEqual(emails, ['after@later.test', 'unpaused@later.test']);
    const notes = rx.received.filter((r) => ofTeam.get(r.body?.id) === actor.teamId && r.event === 'activity.created').map((r) => r.body.data.body);
    assert.deepEqual(notes, ['subscribed']);
  });

  it('a webhook created while a write is open commits after it; a write that starts while a webhook is being created waits for it and records for it', async () => {
    const actor = await team('Race');
    const db = opened.handle.db;
    // A write holds its check open: the webhook's creation waits until the write has committed.
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    let recorded!: () => void;
    const hasRecorded = new Promise<void>((resolve) => { recorded = resolve; });
    const order: string[] = [];
    const write = db.transaction().execute(async (tx) => {
      await recordEvents(tx, actor.teamId, [{ event: 'contact.created', entityType: 'contact', entityId: 'ct_race1', data: { id: 'ct_race1' } }]);
      recorded();
      await held;
      order.push('write');
    });
    await hasRecorded;
    const creating = services.webhooks.create(actor, { url: rx.url, events: ['contact.created'] }).then((h) => { order.push('webhook'); return h; });
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await write;
    const hook = await creating;
    assert.deepEqual(order, ['write', 'webhook'], 'the webhook committed after the write');

    // A webhook being subscribed anew (not committed): a write's check waits for its commit and sees it.
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => { commit = resolve; });
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => { locked = resolve; });
    const resubscribe = db.transaction().execute(async (tx) => {
      // SQLite: the update holds the database's write lock until this commits.
      await tx.updateTable('webhooks').set({ events: JSON.stringify(['*']) }).where('id', '=', hook.id).execute();
      locked();
      await committing;
    });
    await isLocked;
    const second = db.transaction().execute((tx) => recordEvents(tx, actor.teamId, [{ event: 'activity.created', entityType: 'activity', entityId: 'ac_race2', data: { id: 'ac_race2' } }]));
    await new Promise((resolve) => setTimeout(resolve, 200));
    commit();
    await resubscribe;
    await second;
    assert.deepEqual(await flags(actor.teamId), [['contact.created', 1], ['activity.created', 0]]);
  });
});

describe('events on PostgreSQL', { skip: testDialect() !== 'postgres' && 'SQLite skips events no webhook can receive (above)' }, () => {
  it('every event is recorded for the dispatcher, which passes over those no webhook receives', async () => {
    const opened = await openTestDatabase();
    try {
      const services = createServices(loadConfig({ RZ_DATA_DIR: opened.database.dataDir, RZ_WORKER_POLL_MS: '600000' }), opened.handle);
      const { owner_id } = await services.identity.createTeam({ name: 'Quiet', ownerEmail: 'owner@quiet.test' });
      const { key } = await services.identity.createKey({ userId: owner_id });
      const actor = (await services.identity.authenticate(key))!.actor;
      await services.contacts.upsert(actor, { email: 'ada@quiet.test' });
      const undispatched = () => opened.handle.db.selectFrom('events').select('event').where('team_id', '=', actor.teamId).where('dispatched', '=', 0).execute();
      assert.deepEqual((await undispatched()).map((r) => r.event), ['contact.created']);
      assert.deepEqual(await dispatchEvents(opened.handle), { events: 1, deliveries: 0 });
      assert.deepEqual(await undispatched(), []);
    } finally {
      await opened.close();
    }
  });
});
