// Webhook delivery end to end: real API, real background worker, real HTTP receiver on loopback.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { makeTeam, type Person, type TeamFixture, serverWithTwoTeams } from '../helpers/fixtures.ts';
import { verifyWebhook } from '../../src/verify-webhook.ts';
import { startReceiver, sleep, type Receiver, type Received } from './receiver.ts';
import { transcript } from '../calls/call-fixtures.ts';

const RFC3339_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

async function register(who: Person, url: string, events: unknown = ['*']): Promise<{ id: string; secret: string }> {
  const r = await who.client.post('/webhooks', { url, events });
  assert.equal(r.status, 201, r.text);
  return r.body;
}

async function deliveriesOf(who: Person, webhookId: string): Promise<any[]> {
  const r = await who.client.get(`/webhooks/${webhookId}/deliveries?limit=100`);
  assert.equal(r.status, 200, r.text);
  return r.body.items;
}

/** Polls the delivery log until `pred` holds (attempts are recorded right after the answer). */
async function waitForDeliveries(who: Person, webhookId: string, pred: (items: any[]) => boolean, ms = 180_000): Promise<any[]> {
  const until = Date.now() + ms;
  for (;;) {
    const items = await deliveriesOf(who, webhookId);
    if (pred(items)) return items;
    if (Date.now() > until) throw new Error(`delivery log did not reach the expected state: ${JSON.stringify(items, null, 1)}`);
    await sleep(25);
  }
}

describe('webhook delivery', () => {
  let s: TestServer;
  let a: TeamFixture;
  let b: TeamFixture;
  const receivers: Receiver[] = [];
  const receiver = async () => {
    const r = await startReceiver();
    receivers.push(r);
    return r;
  };

  before(async () => {
    ({ s, a, b } = await serverWithTwoTeams({ env: { RZ_WEBHOOK_RETRY_SCHEDULE: '1,1,1,1', RZ_WEBHOOK_TIMEOUT_MS: '3000' }, background: true }));
  });
  after(async () => {
    for (const r of receivers) await r.close();
    await s.stop();
  });

  it('signs every delivery: X-RZ-Signature, Standard Webhooks headers, verifyWebhook; body {id, event, created_at, data}', async () => {
    const rx = await receiver();
    const hook = await register(a.manager, rx.url, ['contact.created']);
    const created = await a.member.client.post('/contacts', { email: 'signed@alpha.test', first_name: 'Sig' });
    assert.equal(created.status, 201);
    const [got] = await rx.waitFor((all) => all.length >= 1, undefined, 'contact.created');

    // Headers of the contract.
    assert.equal(got.path, '/hook');
    assert.equal(got.headers['content-type'], 'application/json');
    assert.equal(got.headers['x-rz-event'], 'contact.created');
    assert.match(got.delivery, /^dv_[0-9A-Z]{26}$/);
    assert.equal(got.headers['user-agent'], 'RZ-Webhooks/1');
    assert.equal(got.headers['x-rz-attempt'], '1');

    // Own HMAC over the raw bytes, independent of the service's code.
    const expected = 'sha256=' + createHmac('sha256', hook.secret).update(got.raw).digest('hex');
    assert.equal(got.headers['x-rz-signature'], expected);
    assert.equal(verifyWebhook(got.raw, got.headers['x-rz-signature'] as string, hook.secret), true);
    assert.equal(verifyWebhook(got.raw + ' ', got.headers['x-rz-signature'] as string, hook.secret), false);
    assert.equal(verifyWebhook(got.raw, got.headers['x-rz-signature'] as string, 'whsec_' + 'A'.repeat(44)), false);

    // Standard Webhooks: the official library verifies it (and refuses a tampered body).
    const std = new Webhook(hook.secret);
    const stdHeaders = {
      'webhook-id': got.headers['webhook-id'] as string,
      'webhook-timestamp': got.headers['webhook-timestamp'] as string,
      'webhook-signature': got.headers['webhook-signature'] as string,
    };
    assert.equal(stdHeaders['webhook-id'], got.delivery);
    assert.ok(Math.abs(Number(stdHeaders['webhook-timestamp']) - Date.now() / 1000) < 30);
    assert.deepEqual(std.verify(got.raw, stdHeaders), got.body);
    assert.throws(() => std.verify(got.raw.replace('signed@', 'forged@'), stdHeaders));

    // Body: the event id, the name, the time and the row exactly as the API returned it.
    assert.deepEqual(Object.keys(got.body).sort(), ['created_at', 'data', 'event', 'id']);
    assert.match(got.body.id, /^ev_[0-9A-Z]{26}$/);
    assert.equal(got.body.event, 'contact.created');
    assert.match(got.body.created_at, RFC3339_MS);
    assert.deepEqual(got.body.data, created.body);

    // The log shows the delivery with its one successful attempt.
    const [d] = await waitForDeliveries(a.manager, hook.id, (items) => items[0]?.status === 'succeeded');
    assert.equal(d.id, got.delivery);
    assert.equal(d.event_id, got.body.id);
    assert.equal(d.attempt_count, 1);
    assert.equal(d.attempts.length, 1);
    assert.equal(d.attempts[0].status_code, 200);
    assert.equal(d.attempts[0].error, null);
    assert.equal(d.attempts[0].response_snippet, 'answer 200');
    assert.ok(d.attempts[0].duration_ms >= 0);
    assert.match(d.completed_at, RFC3339_MS);
  });

  it('shows in the delivery log the exact body that was sent: the same bytes, and their HMAC is X-RZ-Signature', async () => {
    const rx = await receiver();
    rx.respond = () => ({ status: 200, body: 'ok' });
    const hook = await register(a.manager, rx.url, ['contact.created']);
    // Characters JSON escapes or UTF-8 encodes in several bytes: a re-serialised body would differ.
    const created = await a.member.client.post('/contacts', {
      email: 'bytes@alpha.test', first_name: 'Jürgen "J" \\ 😀', last_name: '</script><b>Ünal</b>', job_title: 'Tab\there / ünd',
    });
    assert.equal(created.status, 201, created.text);
    const [got] = await rx.waitFor((all) => all.length >= 1, undefined, 'contact.created');
    const [d] = await waitForDeliveries(a.manager, hook.id, (items) => items[0]?.status === 'succeeded');
    assert.equal(d.id, got.delivery);

    assert.equal(typeof d.body, 'string');
    assert.ok(Buffer.from(d.body, 'utf8').equals(Buffer.from(got.raw, 'utf8')), `log body ${d.body}\nsent body ${got.raw}`);
    assert.equal(d.body, got.raw);
    assert.deepEqual(JSON.parse(d.body).data, created.body);
    // Anyone holding the secret can re-verify the signature from the log alone.
    const signature = 'sha256=' + createHmac('sha256', hook.secret).update(d.body, 'utf8').digest('hex');
    assert.equal(signature, got.headers['x-rz-signature']);
    assert.equal(verifyWebhook(d.body, got.headers['x-rz-signature'] as string, hook.secret), true);
    // Re-serialising the parsed body changes the bytes here, so the log must not do that.
    assert.notEqual(JSON.stringify(JSON.parse(d.body), null, 1), d.body);

    // The field is in the OpenAPI document (the response schema also decides what is serialised).
    const doc: any = await (await fetch(`${s.api}/openapi.json`)).json();
    const schema = doc.components.schemas.WebhookDelivery;
    assert.equal(schema.properties.body.type, 'string');
    assert.ok(schema.required.includes('body'));
    assert.match(schema.properties.body.description, /X-RZ-Signature/);
  });

  it('sends every event name, triggered by its operation, and only the subscribed ones', async () => {
    const rx = await receiver();
    await register(a.owner, rx.url, 'all');
    const onlyClosed = await receiver();
    await register(a.owner, onlyClosed.url, ['deal.closed']);

    const contact = (await a.member.client.post('/activities', { kind: 'note', body: 'Met at the fair', contact_email: 'every@event.test' })).body;
    const deal = (await a.member.client.post('/deals', { title: 'Every event', company: 'Every Event GmbH', value_eur: '12k' })).body;
    await a.member.client.patch(`/deals/${deal.id}`, { next_step: 'Send offer' });
    await a.member.client.patch(`/deals/${deal.id}`, { stage: 'proposal' });
    await a.manager.client.patch(`/deals/${deal.id}`, { owner_id: a.member2.userId });
    await a.manager.client.patch(`/deals/${deal.id}`, { status: 'won' });
    assert.equal((await a.manager.client.post(`/deals/${deal.id}/reopen`)).status, 200);
    // The deal is member2's now: they follow it up.
    const task = (await a.member2.client.post('/tasks', { title: 'Follow up', deal_id: deal.id })).body;
    assert.equal((await a.member2.client.post(`/tasks/${task.id}/done`)).status, 200);
    await s.services.identity.updateUser(a.member.userId, { paid: true, consent: true });
    const call = await a.member.client.post('/calls', { transcript: transcript('every event'), contact_email: 'caller@event.test' });
    assert.equal(call.status, 202, call.text);

    const expected = [
      'contact.created', 'activity.created', 'company.created', 'deal.created', 'deal.updated', 'deal.stage_changed',
      'deal.reassigned', 'deal.closed', 'deal.reopened', 'task.done', 'call_analysis.done',
    ];
    await rx.waitFor((all) => expected.every((e) => all.some((r) => r.event === e)) && all.filter((r) => r.event === 'deal.updated').length >= 4, undefined, 'every event');
    for (const e of expected) assert.ok(rx.of(e).length >= 1, `${e} was not delivered`);

    assert.deepEqual(rx.of('activity.created')[0].body.data.contact_id, contact.contact_id);
    assert.equal(rx.of('deal.created')[0].body.data.id, deal.id);
    assert.equal(rx.of('deal.created')[0].body.data.value_cents, 1_200_000);
    const updates = rx.of('deal.updated').map((r) => r.body);
    assert.ok(updates.some((u) => u.data.next_step !== null), JSON.stringify(updates.map((u) => u.data.next_step)));
    // The body is exactly {id, event, created_at, data} (public-api.md), for every event.
    for (const r of rx.received) assert.deepEqual(Object.keys(r.body).sort(), ['created_at', 'data', 'event', 'id'], r.event);
    assert.equal(rx.of('deal.stage_changed')[0].body.data.stage, 'proposal');
    assert.equal(rx.of('deal.reassigned')[0].body.data.owner_id, a.member2.userId);
    assert.equal(rx.of('deal.closed')[0].body.data.status, 'won');
    assert.equal(rx.of('deal.reopened')[0].body.data.status, 'open');
    assert.equal(rx.of('task.done')[0].body.data.done, true);
    const analysed = rx.of('call_analysis.done')[0].body.data;
    assert.equal(analysed.id, call.body.id);
    assert.equal(analysed.status, 'done');
    assert.equal(analysed.result.moments.length, 3);
    // The same row, key for key in the same order as the API writes it.
    assert.equal(JSON.stringify(analysed), (await a.member.client.get(`/calls/${call.body.id}`)).text);
    // The analysis adds an activity of kind call to the timeline: activity.created as well.
    assert.ok(rx.of('activity.created').some((r) => r.body.data.kind === 'call' && r.body.data.call_id === call.body.id));
    for (const r of rx.received) {
      assert.equal(r.headers['x-rz-event'], r.body.event);
      assert.equal(r.headers['x-rz-signature'], 'sha256=' + createHmac('sha256', (await hookSecretFor(r)) ?? '').update(r.raw).digest('hex'));
    }

    await onlyClosed.waitFor((all) => all.length >= 1, 180_000, 'deal.closed');
    // Every event of the test is dispatched by now (each was received above): the filtered webhook got one delivery.
    const onlyClosedDeliveries = await s.services.handle.db.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', await hookIdOf(onlyClosed.received[0])).execute();
    assert.equal(onlyClosedDeliveries.length, 1);
    assert.deepEqual(onlyClosed.received.map((r) => r.event), ['deal.closed']);
  });

  // The secret of the webhook a request was sent for, read from the database (the API never shows it again).
  async function hookSecretFor(r: Received): Promise<string | undefined> {
    const d = await s.services.handle.db.selectFrom('webhook_deliveries as d').innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
      .select('w.secret').where('d.id', '=', r.delivery).executeTakeFirst();
    return d?.secret;
  }

  it('retries a failed delivery with the same X-RZ-Delivery and the same bytes until it succeeds', async () => {
    const rx = await receiver();
    rx.respond = (_r, nth) => (nth <= 2 ? { status: 500, body: 'temporarily broken' } : 204);
    const hook = await register(a.manager, rx.url, ['company.created']);
    await a.member.client.post('/companies', { name: 'Retry Ltd' });
    await rx.waitFor((all) => all.length >= 3, undefined, 'three attempts');
    const ids = new Set(rx.received.map((r) => r.delivery));
    assert.equal(ids.size, 1);
    assert.equal(new Set(rx.received.map((r) => r.raw)).size, 1, 'every attempt sends the same bytes');
    assert.deepEqual(rx.received.map((r) => r.headers['x-rz-attempt']), ['1', '2', '3']);
    // Retries wait for the schedule (1 s here).
    assert.ok(rx.received[1].at - rx.received[0].at >= 900, `${rx.received[1].at - rx.received[0].at} ms between attempts`);
    const [d] = await waitForDeliveries(a.manager, hook.id, (items) => items[0]?.status === 'succeeded');
    assert.equal(d.attempt_count, 3);
    assert.deepEqual(d.attempts.map((x: any) => x.status_code), [500, 500, 204]);
    assert.deepEqual(d.attempts.map((x: any) => x.attempt), [1, 2, 3]);
    assert.equal(d.attempts[0].error, 'HTTP status 500');
    assert.equal(d.attempts[0].response_snippet, 'temporarily broken');
    assert.equal(d.attempts[2].error, null);
    assert.equal(d.last_status_code, 204);
    assert.equal(d.next_attempt_at, null, 'nothing scheduled after success');
    assert.equal(rx.received.length, 3, 'nothing after success');
  });

  it('makes exactly 5 attempts on permanent failure (a redirect is a failure too), then gives up', async () => {
    const rx = await receiver();
    rx.respond = (_r, nth) => (nth === 1 ? { status: 302, headers: { location: 'http://127.0.0.1:1/elsewhere' } } : 503);
    const hook = await register(a.manager, rx.url, ['company.created']);
    await a.member.client.post('/companies', { name: 'Always Down Inc' });
    const [d] = await waitForDeliveries(a.manager, hook.id, (items) => items[0]?.status === 'failed', 30_000);
    assert.equal(d.attempt_count, 5);
    assert.deepEqual(d.attempts.map((x: any) => x.status_code), [302, 503, 503, 503, 503]);
    assert.equal(d.attempts[0].error, 'redirect not followed');
    assert.equal(d.next_attempt_at, null);
    assert.equal(rx.received.length, 5);
    assert.equal(new Set(rx.received.map((r) => r.delivery)).size, 1);
  });

  it('shows each delivery consistent with its attempts while the sender works (one snapshot per read)', async () => {
    // Two clients read as fast as they can until the sender gives up: on a quiet machine that is
    // more than the team's 5,000 requests a day, which is not what this test is about.
    await s.services.identity.updateTeam(a.teamId, { request_limit: 1_000_000 });
    const rx = await receiver();
    rx.respond = () => 503;
    const hook = await register(a.manager, rx.url, ['contact.created']);
    for (let i = 0; i < 8; i++) await a.member.client.post('/contacts', { email: `snapshot${i}@alpha.test` });
    const seen: string[] = [];
    let reads = 0;
    const check = (d: any) => {
      const last = d.attempts.at(-1);
      // The sender counts an attempt when it leases the delivery, so one may be in flight.
      if (d.attempts.length > d.attempt_count || d.attempts.length < d.attempt_count - 1) seen.push(`${d.id}: ${d.attempts.length} attempts listed, attempt_count ${d.attempt_count}`);
      if (d.status === 'pending' && last && d.attempts.length === d.attempt_count && !(Date.parse(d.next_attempt_at) > Date.parse(last.attempted_at))) {
        seen.push(`${d.id}: pending, next_attempt_at ${d.next_attempt_at} not after the last attempt ${last.attempted_at}`);
      }
      if (d.status === 'failed' && d.attempts.length !== 5) seen.push(`${d.id}: failed with ${d.attempts.length} attempts listed`);
    };
    const poll = async () => {
      for (;;) {
        const items = await deliveriesOf(a.manager, hook.id);
        reads++;
        items.forEach(check);
        if (items.length === 8 && items.every((d) => d.status === 'failed')) return;
        if (reads > 20_000) throw new Error('deliveries did not all fail');
      }
    };
    await Promise.all([poll(), poll()]);
    assert.deepEqual(seen, [], `${seen.length} inconsistent rows in ${reads} reads`);
    assert.equal(rx.received.length, 40);
  });

  it('redelivers a delivery as a new delivery with the same body; pings on demand', async () => {
    const rx = await receiver();
    rx.respond = () => 500;
    const hook = await register(a.manager, rx.url, ['company.created']);
    await a.member.client.post('/companies', { name: 'Redeliver AG' });
    const [failed] = await waitForDeliveries(a.manager, hook.id, (items) => items[0]?.status === 'failed', 30_000);
    rx.respond = () => 200;
    const before = rx.received.length;

    const redo = await a.manager.client.post(`/webhooks/${hook.id}/deliveries/${failed.id}/redeliver`);
    assert.equal(redo.status, 202, redo.text);
    assert.notEqual(redo.body.id, failed.id);
    assert.equal(redo.body.event_id, failed.event_id);
    assert.equal(redo.body.status, 'pending');
    await rx.waitFor((all) => all.length > before, undefined, 'redelivery');
    const again = rx.received[before];
    assert.equal(again.delivery, redo.body.id);
    assert.equal(again.raw, rx.received[0].raw, 'same body bytes, same event id');
    assert.equal(failed.body, rx.received[0].raw, 'the log shows the bytes that were sent');
    assert.equal(redo.body.body, failed.body, 'the redelivery carries the same body');
    assert.equal(again.headers['x-rz-signature'], rx.received[0].headers['x-rz-signature']);
    const items = await waitForDeliveries(a.manager, hook.id, (list) => list.find((x) => x.id === redo.body.id)?.status === 'succeeded');
    assert.equal(items.find((x) => x.id === failed.id).status, 'failed', 'the original keeps its history');

    const ping = await a.manager.client.post(`/webhooks/${hook.id}/ping`);
    assert.equal(ping.status, 202, ping.text);
    assert.equal(ping.body.event, 'ping');
    const [p] = (await rx.waitFor((all) => all.some((r) => r.event === 'ping'), undefined, 'ping')).filter((r) => r.event === 'ping');
    assert.equal(p.delivery, ping.body.id);
    assert.equal(p.raw, ping.body.body, 'the queued ping shows the body it then sends');
    assert.equal(p.body.event, 'ping');
    assert.equal(p.body.data.id, hook.id);
    assert.equal(p.body.data.url, rx.url);
    assert.equal('secret' in p.body.data, false);
    assert.equal(verifyWebhook(p.raw, p.headers['x-rz-signature'] as string, hook.secret), true);

    // Someone else's delivery or webhook: 404.
    assert.equal((await b.manager.client.post(`/webhooks/${hook.id}/ping`)).status, 404);
    assert.equal((await b.manager.client.post(`/webhooks/${hook.id}/deliveries/${failed.id}/redeliver`)).status, 404);
    assert.equal((await a.manager.client.post(`/webhooks/${hook.id}/deliveries/dv_01ARZ3NDEKTSV4RRFFQ69G5FAV/redeliver`)).status, 404);
    assert.equal((await a.member.client.post(`/webhooks/${hook.id}/ping`)).status, 403);
  });

  it('times out a hanging receiver without holding up another webhook', async () => {
    const hanging = await receiver();
    hanging.respond = () => 'hang';
    const fast = await receiver();
    const slowHook = await register(a.manager, hanging.url, ['company.created']);
    await register(a.manager, fast.url, ['company.created']);
    // Several events, so the hanging webhook has more deliveries than it may have in flight.
    await Promise.all(Array.from({ length: 6 }, (_, i) => a.member.client.post('/companies', { name: `Hang ${i} SE` })));
    await fast.waitFor((all) => all.length >= 6, 180_000, 'the fast receiver');
    await hanging.waitFor((all) => all.length >= 1, 180_000, 'the hanging receiver');
    // Every fast delivery arrived while the hanging ones were still waiting for an answer.
    const hangingSince = Math.min(...hanging.received.map((r) => r.at));
    const fastLast = Math.max(...fast.received.map((r) => r.at));
    assert.ok(fastLast < hangingSince + 3000, `the fast receiver was served ${fastLast - hangingSince} ms after the first hanging request, not before its timeout`);
    const items = await waitForDeliveries(a.manager, slowHook.id, (list) => list.length === 6 && list.every((d) => d.attempts.length >= 1));
    for (const d of items) {
      assert.equal(d.attempts[0].error, 'timeout after 3000 ms');
      assert.equal(d.attempts[0].status_code, null);
      // The configured 3 s, not the default 10 s (a late timer on a busy machine adds a little).
      assert.ok(d.attempts[0].duration_ms >= 2950 && d.attempts[0].duration_ms < 10_000, String(d.attempts[0].duration_ms));
    }
    await a.manager.client.delete(`/webhooks/${slowHook.id}`);
  });

  it('pausing stops new deliveries; deleting cancels pending ones', async () => {
    const rx = await receiver();
    rx.respond = () => 500;
    const hook = await register(a.manager, rx.url, ['company.created']);
    await a.member.client.post('/companies', { name: 'Pending Corp' });
    await rx.waitFor((all) => all.length >= 1, 180_000);
    assert.equal((await a.manager.client.delete(`/webhooks/${hook.id}`)).status, 204);
    const [row] = await s.services.handle.db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', hook.id).execute();
    assert.equal(row.status, 'failed');
    assert.equal(row.last_error, 'webhook deleted');
    assert.equal(row.next_attempt_at, null, 'nothing scheduled after deletion');
    assert.equal(rx.received.length, 1, 'nothing more after deletion');

    const rx2 = await receiver();
    const paused = await register(a.manager, rx2.url, ['company.created']);
    assert.equal((await a.manager.client.patch(`/webhooks/${paused.id}`, { paused: true })).body.paused, true);
    await a.member.client.post('/companies', { name: 'While Paused' });
    // Wait until the dispatcher has decided about that event (paused: no delivery).
    for (const until = Date.now() + 180_000; Date.now() < until;) {
      const left = await s.services.handle.db.selectFrom('events').select('id').where('dispatched', '=', 0).execute();
      if (left.length === 0) break;
      await sleep(25);
    }
    assert.equal(rx2.received.length, 0);
    assert.deepEqual(await s.services.handle.db.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', paused.id).execute(), []);
    await a.manager.client.patch(`/webhooks/${paused.id}`, { paused: false });
    await a.member.client.post('/companies', { name: 'After Pause' });
    await rx2.waitFor((all) => all.length >= 1, 180_000);
    assert.deepEqual(rx2.received.map((r) => r.body.data.name), ['After Pause']);
  });

  it("sends only rows the creator can see now: a demoted manager's webhook, a deactivated creator's webhook", async () => {
    const t = await makeTeam(s.services, s.api, 'Vis');
    const rx = await receiver();
    await register(t.manager, rx.url, ['deal.created', 'contact.created']);
    const gone = await receiver();
    await register(t.owner, gone.url, ['contact.created']);
    const extraOwner = (await s.services.identity.addUser({ teamId: t.teamId, email: `extra.${Date.now()}@vis.test`, role: 'owner' })).user_id;
    const extraKey = await s.services.identity.createKey({ userId: extraOwner });
    const { ApiClient } = await import('../helpers/client.ts');
    const extra = new ApiClient(s.api, extraKey.key);
    const extraRx = await receiver();
    assert.equal((await extra.post('/webhooks', { url: extraRx.url, events: ['contact.created'] })).status, 201);

    // As manager: every deal of the team.
    const before = (await t.member2.client.post('/deals', { title: 'Seen while manager' })).body;
    await rx.waitFor((all) => all.some((r) => r.body.data.id === before.id));

    await s.services.identity.updateUser(t.manager.userId, { role: 'member' });
    await s.services.identity.updateUser(extraOwner, { active: false });
    const othersDeal = (await t.member2.client.post('/deals', { title: 'Not visible now' })).body;
    const mine = (await t.manager.client.post('/deals', { title: 'Own deal after demotion' })).body;
    const contact = (await t.member2.client.post('/contacts', { email: 'everyone.sees@vis.test' })).body;

    await rx.waitFor((all) => all.some((r) => r.body.data.id === mine.id) && all.some((r) => r.body.data.id === contact.id));
    await gone.waitFor((all) => all.some((r) => r.body.data.id === contact.id));
    // Decided, not just slow: every event of the team is dispatched, and those two got no delivery.
    const db = s.services.handle.db;
    const undispatched = await db.selectFrom('events').select('id').where('team_id', '=', t.teamId).where('dispatched', '=', 0).execute();
    assert.deepEqual(undispatched, []);
    const toDemoted = await db.selectFrom('webhook_deliveries').select('body').where('webhook_id', '=', await hookIdOf(rx.received[0])).execute();
    assert.equal(toDemoted.some((d) => d.body.includes(othersDeal.id)), false, 'a member creator does not get deals of others');
    assert.ok(toDemoted.some((d) => d.body.includes(mine.id)));
    const toDeactivated = await db.selectFrom('webhook_deliveries as d').innerJoin('webhooks as w', 'w.id', 'd.webhook_id').select('d.id').where('w.created_by', '=', extraOwner).execute();
    assert.deepEqual(toDeactivated, [], 'a deactivated creator gets nothing');
    assert.equal(rx.received.some((r) => r.body.data.id === othersDeal.id), false);
    assert.equal(extraRx.received.length, 0);
  });

  async function hookIdOf(r: Received): Promise<string> {
    const row = await s.services.handle.db.selectFrom('webhook_deliveries').select('webhook_id').where('id', '=', r.delivery).executeTakeFirstOrThrow();
    return row.webhook_id;
  }
});

describe('webhook latency', () => {
  let s: TestServer;
  let a: TeamFixture;
  let rx: Receiver;
  before(async () => {
    // Polling every 10 minutes: only the commit signal can explain a delivery within minutes.
    s = await startTestServer({ env: { RZ_WORKER_POLL_MS: '600000' }, background: true });
    a = await makeTeam(s.services, s.api, 'Latency');
    rx = await startReceiver();
  });
  after(async () => {
    await rx.close();
    await s.stop();
  });

  it('delivers right after the commit, without waiting for the poll', async () => {
    await register(a.manager, rx.url, ['contact.created']);
    // Without the signal, each contact would wait for the next poll, ten minutes
    // on, past the receiver's three-minute deadline. (Latency itself, a few milliseconds on an idle
    // machine, is measured by npm run bench; a test asserts no speed.)
    for (let i = 0; i < 5; i++) {
      const r = await a.member.client.post('/contacts', { email: `fast${i}@latency.test` });
      await rx.waitFor((all) => all.some((x) => x.body?.data?.id === r.body.id), 180_000, `contact ${i}`);
    }
  });
});
