// The SDK (sdk/) against a real RZ server on loopback: typed requests, RzError, Idempotency-Key,
// pagination that follows next_cursor, and verification of real webhook deliveries.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { makeTeam, type TeamFixture } from '../helpers/fixtures.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { RzClient, RzError, verifyWebhook, WebhookVerificationError, type Schemas } from '../../sdk/src/index.ts';

describe('SDK client', () => {
  let s: TestServer;
  let a: TeamFixture;
  let rz: RzClient;
  let rx: Receiver;
  let requests = 0;
  before(async () => {
    s = await startTestServer({ background: true });
    a = await makeTeam(s.services, s.api, 'Sdk');
    rx = await startReceiver();
    const counting: typeof fetch = (input, init) => {
      requests++;
      return fetch(input, init);
    };
    rz = new RzClient({ baseUrl: s.baseUrl, apiKey: a.owner.key, fetch: counting });
  });
  after(async () => {
    await rx.close();
    await s.stop();
  });

  it('sends typed requests and answers typed rows', async () => {
    const me = await rz.get('/me');
    assert.equal(me.team.id, a.teamId);
    assert.ok(me.key.scopes.includes('write'));
    const contact: Schemas['Contact'] = await rz.post('/contacts', { body: { email: 'ada@sdk.test', first_name: 'Ada', company: 'Engines Ltd' } });
    assert.equal(contact.email, 'ada@sdk.test');
    const detail = await rz.get('/contacts/{id}', { path: { id: contact.id } });
    assert.equal(detail.company?.name, 'Engines Ltd');
    const deal = await rz.post('/deals', { body: { contact_id: contact.id, value_eur: '12.500' } });
    assert.equal(deal.value_cents, 1_250_000);
    const moved = await rz.patch('/deals/{id}', { path: { id: deal.id }, body: { status: 'won' } });
    assert.equal(moved.status, 'won');
    const reopened = await rz.post('/deals/{id}/reopen', { path: { id: deal.id } });
    assert.equal(reopened.status, 'open');
  });

  it('retries a POST safely with an Idempotency-Key', async () => {
    const key = randomUUID();
    const body = { title: 'Send references', due_at: '2026-11-25T09:00:00Z' };
    const first = await rz.post('/tasks', { body, idempotencyKey: key });
    const again = await rz.post('/tasks', { body, idempotencyKey: key });
    assert.equal(again.id, first.id);
    const listed = await rz.get('/tasks', { query: { limit: 100 } });
    assert.equal(listed.items.filter((t) => t.title === 'Send references').length, 1);
    // The same key with another body is refused, naming the header.
    await assert.rejects(rz.post('/tasks', { body: { title: 'Other' }, idempotencyKey: key }), (e: unknown) => e instanceof RzError && e.status === 422 && e.field === 'Idempotency-Key');
  });

  it('follows next_cursor through every page of a list', async () => {
    for (let i = 0; i < 7; i++) await rz.post('/companies', { body: { name: `Paged ${i}` } });
    const before = requests;
    const names: string[] = [];
    for await (const company of rz.paginate('/companies', { query: { q: 'Paged', limit: 2 } })) names.push(company.name);
    assert.deepEqual(names.sort(), ['Paged 0', 'Paged 1', 'Paged 2', 'Paged 3', 'Paged 4', 'Paged 5', 'Paged 6']);
    assert.equal(requests - before, 4, 'four pages of at most two');
    let pages = 0;
    for await (const page of rz.pages('/companies', { query: { q: 'Paged', limit: 5 } })) {
      pages++;
      assert.equal(page.total, 7);
    }
    assert.equal(pages, 2);
  });

  it('throws RzError with code, status, detail and request_id', async () => {
    const missing = await rz.get('/contacts/{id}', { path: { id: 'ct_nope' } }).catch((e: unknown) => e);
    assert.ok(missing instanceof RzError);
    assert.equal(missing.code, 'not_found');
    assert.equal(missing.status, 404);
    assert.match(String(missing.requestId), /^[0-9a-f-]{36}$/);
    assert.equal((missing.detail as Record<string, unknown>).request_id, missing.requestId);

    const invalid = await rz.post('/contacts', { body: { email: '' } }).catch((e: unknown) => e);
    assert.ok(invalid instanceof RzError);
    assert.deepEqual([invalid.status, invalid.code, invalid.field], [422, 'validation_error', 'email']);

    // The list form (a field of the wrong type) is an RzError too, its field from the first entry.
    const wrongType = await rz.post('/contacts', { body: { email: 42 as unknown as string } }).catch((e: unknown) => e);
    assert.ok(wrongType instanceof RzError);
    assert.deepEqual([wrongType.status, wrongType.code, wrongType.field], [422, 'validation_error', 'email']);
    assert.ok(Array.isArray(wrongType.detail));
    assert.ok(wrongType.requestId, 'from the X-Request-Id header');

    const stranger = new RzClient({ baseUrl: `${s.baseUrl}/api/v1/`, apiKey: 'rz_not-a-real-key' });
    await assert.rejects(stranger.get('/me'), (e: unknown) => e instanceof RzError && e.status === 401 && e.code === 'invalid_key');
  });

  it('verifies real deliveries by both signatures, and refuses a changed body, another secret or a stale timestamp', async () => {
    const hook = await rz.post('/webhooks', { body: { url: rx.url, events: ['deal.created'] } });
    await rz.post('/webhooks/{id}/ping', { path: { id: hook.id } });
    const [got] = await rx.waitFor((all) => all.some((r) => r.event === 'ping'), 120_000, 'the ping').then(() => rx.of('ping'));
    const headers = got.headers as Record<string, string>;

    const event = verifyWebhook<Schemas['Webhook']>(got.raw, headers, hook.secret);
    assert.equal(event.event, 'ping');
    assert.equal(event.data.id, hook.id);
    // A fetch-style Headers object works the same.
    assert.equal(verifyWebhook(Buffer.from(got.raw), new Headers(headers), hook.secret).id, event.id);

    const refused = (fn: () => unknown, why: RegExp) => assert.throws(fn, (e: unknown) => e instanceof WebhookVerificationError && why.test(e.message));
    refused(() => verifyWebhook(got.raw.replace('ping', 'pong'), headers, hook.secret), /X-RZ-Signature/);
    refused(() => verifyWebhook(got.raw, headers, 'whsec_' + Buffer.alloc(32).toString('base64')), /X-RZ-Signature/);
    const sentAt = new Date(Number(headers['webhook-timestamp']) * 1000);
    refused(() => verifyWebhook(got.raw, headers, hook.secret, { now: new Date(sentAt.getTime() + 301_000) }), /timestamp/);
    assert.equal(verifyWebhook(got.raw, headers, hook.secret, { now: new Date(sentAt.getTime() + 3_600_000), toleranceSeconds: 7200 }).event, 'ping');
    const { 'webhook-signature': _dropped, ...withoutStandard } = headers;
    refused(() => verifyWebhook(got.raw, withoutStandard, hook.secret), /webhook-signature/);
    refused(() => verifyWebhook(got.raw, { ...headers, 'webhook-id': 'dv_other' }, hook.secret), /webhook-signature does not match/);
  });
});
