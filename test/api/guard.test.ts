// Authentication, current role, request limit, licence, scopes, idempotency and the error
// body of every failure: what every /api/v1 request goes through.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import zlib from 'node:zlib';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { ApiClient } from '../helpers/client.ts';
import { eventNamesSince, eventsSince, lastEventId, makeTeam, type TeamFixture } from '../helpers/fixtures.ts';
import { bodyHash, PENDING_LEASE_MS } from '../../src/idempotency/idempotency.service.ts';
import { spawnRz } from '../helpers/process.ts';
import { buildApp } from '../../src/http/app.ts';

/** Writes raw bytes to the server and reads everything it answers until it closes the connection. */
function rawRequest(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let text = '';
    socket.on('data', (d) => { text += d; });
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('API guard', () => {
  let s: TestServer;
  let a: TeamFixture;
  before(async () => {
    s = await startTestServer();
    a = await makeTeam(s.services, s.api, 'Guard');
  });
  after(() => s.stop());

  it('GET /me answers team, role, user, key scopes and the default pipeline stages', async () => {
    const r = await a.member.client.get('/me');
    assert.equal(r.status, 200);
    assert.equal(r.body.team.id, a.teamId);
    assert.equal(r.body.role, 'member');
    assert.equal(r.body.user.id, a.member.userId);
    assert.deepEqual(r.body.key, { id: a.member.keyId, scopes: ['read', 'write'] });
    assert.deepEqual(r.body.pipeline_stages.map((p: any) => p.key), ['lead', 'qualified', 'proposal', 'negotiation']);
    assert.deepEqual(r.body.pipeline_stages.map((p: any) => p.position), [1, 2, 3, 4]);
    assert.deepEqual((await a.readOnly.get('/me')).body.key.scopes, ['read']);
  });

  it('answers 401 invalid_key for a missing, malformed, unknown or revoked key, and for a deactivated user', async () => {
    const cases: Array<[ApiClient, string]> = [
      [new ApiClient(s.api, null), 'no header'],
      [new ApiClient(s.api, 'rz_unknownunknownunknownunknownunknownunknown'), 'unknown'],
      [new ApiClient(s.api, 'not-a-key'), 'malformed'],
    ];
    for (const [c, why] of cases) {
      const r = await c.get('/me');
      assert.equal(r.status, 401, why);
      assert.equal(r.body.detail.error, 'invalid_key', why);
      assert.equal(typeof r.body.detail.message, 'string');
    }
    const t = await makeTeam(s.services, s.api, 'Revoke');
    assert.equal((await t.member.client.get('/me')).status, 200);
    await s.services.identity.revokeKey(t.member.keyId);
    assert.equal((await t.member.client.get('/me')).status, 401);
    assert.equal((await t.member2.client.get('/me')).status, 200);
    await s.services.identity.updateUser(t.member2.userId, { active: false });
    assert.equal((await t.member2.client.get('/me')).status, 401);
  });

  it('acts with the key owner\'s current role', async () => {
    const t = await makeTeam(s.services, s.api, 'Promote');
    assert.equal((await t.member.client.get('/me')).body.role, 'member');
    await s.services.identity.updateUser(t.member.userId, { role: 'manager' });
    assert.equal((await t.member.client.get('/me')).body.role, 'manager');
  });

  it('counts every authenticated request per team and UTC day, with headers, then 429 rate_limited with Retry-After', async () => {
    const t = await makeTeam(s.services, s.api, 'Limit');
    await s.services.identity.updateTeam(t.teamId, { request_limit: 4 });
    const seen: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await (i % 2 ? t.member : t.owner).client.get(i === 2 ? '/contacts/ct_01ARZ3NDEKTSV4RRFFQ69G5FAV' : '/me');
      seen.push(Number(r.headers.get('x-ratelimit-remaining')));
      assert.equal(r.headers.get('x-ratelimit-limit'), '4');
      const reset = Number(r.headers.get('x-ratelimit-reset'));
      const midnight = new Date();
      midnight.setUTCHours(24, 0, 0, 0);
      assert.equal(reset, midnight.getTime() / 1000);
    }
    assert.deepEqual(seen, [3, 2, 1]);
    // An unknown route is answered 404, and with a valid key it is counted like any request.
    const unknown = await t.owner.client.get('/no-such-route');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.detail.error, 'not_found');
    assert.equal(unknown.headers.get('x-ratelimit-remaining'), '0');
    assert.equal(unknown.headers.get('x-ratelimit-limit'), '4');
    await s.services.identity.updateTeam(t.teamId, { request_limit: 5 });
    assert.equal((await t.member.client.get('/me')).status, 200);
    const over = await t.member.client.get('/me');
    assert.equal(over.status, 429);
    assert.equal(over.body.detail.error, 'rate_limited');
    assert.equal(over.headers.get('x-ratelimit-remaining'), '0');
    const retry = Number(over.headers.get('retry-after'));
    assert.ok(retry >= 1 && retry <= 86400, `Retry-After ${retry}`);
    // Another team is not affected.
    assert.equal((await a.member.client.get('/me')).status, 200);
  });

  it('counts a request to another version or spelling of the API path as an unknown API route, with the limit headers', async () => {
    const t = await makeTeam(s.services, s.api, 'Versions');
    await s.services.identity.updateTeam(t.teamId, { request_limit: 10 });
    const seen: number[] = [];
    for (const path of ['/api/v2/me', '/API/V1/me', '/api', '/Api/v1/contacts?limit=5']) {
      const r = await fetch(s.baseUrl + path, { headers: { authorization: `Bearer ${t.owner.key}` } });
      assert.equal(r.status, 404, path);
      assert.equal((await r.json()).detail.error, 'not_found', path);
      assert.equal(r.headers.get('x-ratelimit-limit'), '10', path);
      seen.push(Number(r.headers.get('x-ratelimit-remaining')));
    }
    assert.deepEqual(seen, [9, 8, 7, 6]);
    assert.equal((await t.owner.client.get('/me')).headers.get('x-ratelimit-remaining'), '5');
    // Without a key (or with an unknown one) nothing is counted and no limit headers are sent.
    for (const headers of [{}, { authorization: 'Bearer rz_unknown' }] as Array<Record<string, string>>) {
      const r = await fetch(`${s.baseUrl}/api/v2/me`, { headers });
      assert.equal(r.status, 404);
      assert.equal(r.headers.get('x-ratelimit-limit'), null);
    }
    assert.equal((await t.owner.client.get('/me')).headers.get('x-ratelimit-remaining'), '4');
  });

  it('believes no X-Forwarded-Proto without RZ_TRUST_PROXY: no Strict-Transport-Security over plain http; nosniff always', async () => {
    const r = await fetch(`${s.api}/me`, { headers: { authorization: `Bearer ${a.member.key}`, 'x-forwarded-proto': 'https' } });
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(r.headers.get('strict-transport-security'), null);
  });

  it('holds the request limit exactly under concurrency across two server processes on one database', async () => {
    const t = await makeTeam(s.services, s.api, 'Concurrent');
    await s.services.identity.updateTeam(t.teamId, { request_limit: 50 });
    const child = await spawnRz('serve', s.database);
    try {
      const viaChild = new ApiClient(child.api, t.member.key);
      const requests = Array.from({ length: 120 }, (_, i) => (i % 2 ? viaChild : t.member.client).get('/me'));
      const answers = await Promise.all(requests);
      const ok = answers.filter((r) => r.status === 200).length;
      const limited = answers.filter((r) => r.status === 429).length;
      assert.equal(ok, 50);
      assert.equal(limited, 70);
      const remaining = answers.filter((r) => r.status === 200).map((r) => Number(r.headers.get('x-ratelimit-remaining'))).sort((x, y) => x - y);
      assert.deepEqual(remaining, Array.from({ length: 50 }, (_, i) => i));
    } finally {
      await child.kill();
    }
  });

  it('with the licence inactive: owner and manager keys read, nothing is written; member keys get 402 on reads too', async () => {
    const t = await makeTeam(s.services, s.api, 'Licence');
    await s.services.identity.updateTeam(t.teamId, { licence: 'inactive' });
    const mark = await lastEventId(s.services, t.teamId);
    for (const p of [t.owner, t.manager]) {
      assert.equal((await p.client.get('/contacts')).status, 200);
      const w = await p.client.post('/contacts', { email: 'no@licence.test' });
      assert.equal(w.status, 402);
      assert.equal(w.body.detail.error, 'licence_inactive');
    }
    const m = await t.member.client.get('/contacts');
    assert.equal(m.status, 402);
    assert.equal(m.body.detail.error, 'licence_inactive');
    assert.match(m.body.detail.message, /neither read nor write/);
    assert.deepEqual(await eventsSince(s.services, t.teamId, mark), []);
    await s.services.identity.updateTeam(t.teamId, { licence: 'active' });
    assert.equal((await t.member.client.post('/contacts', { email: 'yes@licence.test' })).status, 201);
  });

  it('Idempotency-Key replays the first answer, creates nothing new, and refuses the key with another body', async () => {
    const t = await makeTeam(s.services, s.api, 'Idem');
    const mark = await lastEventId(s.services, t.teamId);
    const h = { 'idempotency-key': 'order-4711' };
    const first = await t.member.client.post('/companies', { name: 'Idem Corp' }, h);
    assert.equal(first.status, 201);
    const again = await t.member.client.post('/companies', { name: 'Idem Corp' }, h);
    assert.equal(again.status, 201);
    assert.equal(again.text, first.text);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    const other = await t.member.client.post('/companies', { name: 'Other Corp' }, h);
    assert.equal(other.status, 422);
    assert.equal(other.body.detail.field, 'Idempotency-Key');
    // The body is compared as JSON: the same fields in another order are the same request.
    const h2 = { 'idempotency-key': 'order-4712' };
    const ordered = await t.member.client.post('/companies', '{"name":"Order Corp","domain":"order.example"}', h2);
    const reordered = await t.member.client.post('/companies', '{ "domain": "order.example", "name": "Order Corp" }', h2);
    assert.equal(ordered.status, 201);
    assert.equal(reordered.status, 201);
    assert.equal(reordered.headers.get('idempotent-replayed'), 'true');
    const empty = await t.member.client.post('/companies', { name: 'Empty Key Corp' }, { 'idempotency-key': '' });
    assert.equal(empty.status, 422);
    assert.equal(empty.body.detail.field, 'Idempotency-Key');
    assert.equal((await t.member.client.get('/companies?q=empty+key')).body.total, 0);
    // Concurrent retries of one request create one row.
    const burst = await Promise.all(Array.from({ length: 8 }, () => t.member.client.post('/contacts', { email: 'burst@idem.test' }, { 'idempotency-key': 'burst-1' })));
    assert.ok(burst.every((r) => r.status === 201), burst.map((r) => r.status).join(','));
    assert.equal(new Set(burst.map((r) => r.body.id)).size, 1);
    // Keys belong to one API key: another key with the same Idempotency-Key is a new request.
    const byOwner = await t.owner.client.post('/companies', { name: 'Owner Corp' }, h);
    assert.equal(byOwner.status, 201);
    const events = await eventsSince(s.services, t.teamId, mark);
    assert.deepEqual(events.map((e) => e.event), ['company.created', 'company.created', 'contact.created', 'company.created']);
  });

  it('an Idempotency-Key whose first request died (a crashed process) is taken over by the retry after the lease', async () => {
    const t = await makeTeam(s.services, s.api, 'IdemCrash');
    const body = { email: 'crashed@idem.test', first_name: 'Retry' };
    // What a process that died mid-request leaves behind: the key pending, nothing created.
    const pending = (key: string, ageMs: number) => s.services.handle.db.insertInto('idempotency_keys').values({
      key_id: t.member.keyId, idem_key: key, team_id: t.teamId, method: 'POST', path: '/api/v1/contacts', body_hash: bodyHash('POST', '/api/v1/contacts', body),
      state: 'pending', status_code: null, response_body: null, result_id: null, created_at: new Date(Date.now() - ageMs).toISOString(),
    }).execute();
    await pending('crash-1', PENDING_LEASE_MS + 5_000);
    const mark = await lastEventId(s.services, t.teamId);
    const retried = await Promise.all([1, 2, 3].map(() => t.member.client.post('/contacts', body, { 'idempotency-key': 'crash-1' })));
    assert.deepEqual(retried.map((r) => r.status).sort(), [201, 201, 201]);
    assert.equal(new Set(retried.map((r) => r.body.id)).size, 1, 'one contact for three concurrent retries');
    assert.equal(retried.filter((r) => r.headers.get('idempotent-replayed') === 'true').length, 2);
    // Still within its lease for 3 s, far more than the next request takes on a busy machine: the retry waits, then takes over.
    await pending('crash-2', PENDING_LEASE_MS - 3_000);
    const late = await t.member.client.post('/contacts', { ...body, email: 'late@idem.test' }, { 'idempotency-key': 'crash-2' });
    assert.equal(late.status, 422, 'another body under a pending key is still refused');
    const waited = await t.member.client.post('/contacts', body, { 'idempotency-key': 'crash-2' });
    assert.equal(waited.status, 200, 'the contact exists by now: find-or-create answers 200');
    assert.equal(waited.body.id, retried[0].body.id);
    assert.deepEqual(await eventNamesSince(s.services, t.teamId, mark), ['contact.created']);
  });

  it('a first request held up past the lease while a retry takes its key over rolls back: one change, the retry\'s answer kept', async () => {
    const t = await makeTeam(s.services, s.api, 'IdemSlow');
    const body = { title: 'Held up behind a lock' };
    const tasks = s.services.tasks;
    const create = tasks.create;
    const gates = [0, 1].map(() => { let open!: () => void; const p = new Promise<void>((r) => { open = r; }); return { p, open }; });
    let calls = 0;
    // Both requests stall before their write (a lock wait, a paused process), so both are running
    // when the first one goes on.
    tasks.create = async function (this: typeof tasks, ...args: Parameters<typeof create>) {
      await gates[calls++]?.p;
      return create.apply(this, args);
    };
    const until = async (n: number) => { while (calls < n) await new Promise((r) => setTimeout(r, 10)); };
    try {
      const first = t.member.client.post('/tasks', body, { 'idempotency-key': 'slow-1' });
      await until(1);
      // Its lease has run out: the retry takes the key over.
      await s.services.handle.db.updateTable('idempotency_keys').set({ created_at: new Date(Date.now() - PENDING_LEASE_MS - 1000).toISOString() })
        .where('idem_key', '=', 'slow-1').execute();
      const retrying = t.member.client.post('/tasks', body, { 'idempotency-key': 'slow-1' });
      await until(2);
      gates[0].open();
      const late = await first;
      assert.equal(late.status, 409, late.text);
      assert.equal(late.body.detail.error, 'request_in_progress');
      gates[1].open();
      const retry = await retrying;
      assert.equal(retry.status, 201);
      const again = await t.member.client.post('/tasks', body, { 'idempotency-key': 'slow-1' });
      assert.deepEqual([again.status, again.body.id, again.headers.get('idempotent-replayed')], [201, retry.body.id, 'true']);
      const made = (await t.member.client.get('/tasks?limit=100')).body.items.filter((k: any) => k.title === body.title);
      assert.deepEqual(made.map((k: any) => k.id), [retry.body.id], 'one task, not two');
    } finally {
      tasks.create = create;
      for (const g of gates) g.open();
    }
  });

  it('never runs again a request whose change committed but whose answer was lost (409 duplicate naming the row)', async () => {
    const t = await makeTeam(s.services, s.api, 'IdemLost');
    const body = { title: 'Committed before the crash' };
    // The process "dies" between the commit and storing the answer: the answer is never stored.
    const idem = s.services.idempotency;
    const finish = idem.finish;
    idem.finish = async () => {};
    let made;
    try {
      made = await t.member.client.post('/tasks', body, { 'idempotency-key': 'lost-1' });
    } finally {
      idem.finish = finish;
    }
    assert.equal(made.status, 201);
    const row = await s.services.handle.db.selectFrom('idempotency_keys').select(['state']).where('idem_key', '=', 'lost-1').executeTakeFirstOrThrow();
    assert.equal(row.state, 'committed', 'the mark commits with the change');
    await s.services.handle.db.updateTable('idempotency_keys').set({ created_at: new Date(Date.now() - PENDING_LEASE_MS - 1000).toISOString() })
      .where('idem_key', '=', 'lost-1').execute();
    const retried = await t.member.client.post('/tasks', body, { 'idempotency-key': 'lost-1' });
    assert.equal(retried.status, 409);
    assert.equal(retried.body.detail.error, 'duplicate');
    assert.equal(retried.body.detail.existing_id, made.body.id, 'the retry is told which task its first attempt made');
    const tasks = (await t.member.client.get('/tasks?limit=100')).body.items.filter((k: any) => k.title === body.title);
    assert.deepEqual(tasks.map((k: any) => k.id), [made.body.id], 'one task, not two');

    // A 5xx answer after the change committed is not stored either, yet the key stays marked.
    idem.finish = (keyId, idemKey, claimedAt, _status, answer) => finish.call(idem, keyId, idemKey, claimedAt, 500, answer);
    try {
      assert.equal((await t.member.client.post('/tasks', { title: 'Committed, then 500' }, { 'idempotency-key': 'lost-2' })).status, 201);
    } finally {
      idem.finish = finish;
    }
    const kept = await s.services.handle.db.selectFrom('idempotency_keys').select(['state']).where('idem_key', '=', 'lost-2').executeTakeFirst();
    assert.equal(kept?.state, 'committed');

    // A find-or-create names its row too.
    idem.finish = async () => {};
    let contact;
    try {
      contact = await t.member.client.post('/contacts', { email: 'lost@idem.test' }, { 'idempotency-key': 'lost-3' });
    } finally {
      idem.finish = finish;
    }
    await s.services.handle.db.updateTable('idempotency_keys').set({ created_at: new Date(Date.now() - PENDING_LEASE_MS - 1000).toISOString() })
      .where('idem_key', '=', 'lost-3').execute();
    const again = await t.member.client.post('/contacts', { email: 'lost@idem.test' }, { 'idempotency-key': 'lost-3' });
    assert.deepEqual([again.status, again.body.detail.error, again.body.detail.existing_id], [409, 'duplicate', contact.body.id]);
  });

  it('names a query parameter given twice, and ignores a __proto__ key in a body like any unknown field', async () => {
    const twice = await a.member.client.get('/contacts?limit=1&limit=2');
    assert.equal(twice.status, 422);
    assert.equal(twice.body.detail.field, 'limit');
    const proto = await a.member.client.post('/contacts', '{"email":"proto@guard.test","__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}');
    assert.equal(proto.status, 201);
    assert.equal(proto.body.email, 'proto@guard.test');
  });

  it('reads a JSON body whatever its Content-Type says, or without one (fetch sends text/plain, curl -d a form type)', async () => {
    const raw = (headers: Record<string, string>, body: string) => fetch(`${s.api}/contacts`, { method: 'POST', headers: { authorization: `Bearer ${a.owner.key}`, ...headers }, body });
    const cases: Array<[string, Record<string, string>]> = [
      ['text-plain', { 'content-type': 'text/plain;charset=UTF-8' }],
      ['form', { 'content-type': 'application/x-www-form-urlencoded' }],
      ['vendor', { 'content-type': 'application/vnd.api+json' }],
      ['none', {}],
    ];
    for (const [name, headers] of cases) {
      const r = await raw(headers, JSON.stringify({ email: `${name}@content-type.test`, first_name: 'Ärger' }));
      assert.equal(r.status, 201, name);
      const row = await r.json();
      assert.equal(row.email, `${name}@content-type.test`);
      assert.equal(row.first_name, 'Ärger');
    }
    // Fetch's own default for a string body: no header given at all.
    const bare = await fetch(`${s.api}/contacts`, { method: 'POST', headers: { authorization: `Bearer ${a.owner.key}` }, body: JSON.stringify({ email: 'bare@content-type.test' }) });
    assert.equal(bare.status, 201);
    // Still refused: compressed bodies and other charsets (415), and what is not JSON (422 list).
    assert.equal((await raw({ 'content-type': 'text/plain; charset=latin1' }, '{"email":"l@content-type.test"}')).status, 415);
    const notJson = await raw({ 'content-type': 'text/plain' }, 'email=x@content-type.test');
    assert.equal(notJson.status, 422);
    assert.deepEqual((await notJson.json()).detail[0].loc, ['body']);
    assert.equal((await a.owner.client.get('/contacts?q=content-type.test')).body.total, 5);
  });

  it('treats an empty body sent with Content-Type application/json as no body', async () => {
    const task = await a.member.client.post('/tasks', { title: 'Call back' });
    assert.equal(task.status, 201);
    const done = await a.member.client.request('POST', `/tasks/${task.body.id}/done`, undefined, { 'content-type': 'application/json' });
    assert.equal(done.status, 200);
    assert.equal(done.body.done, true);
    const noBody = await a.member.client.request('POST', '/contacts', undefined, { 'content-type': 'application/json' });
    assert.equal(noBody.status, 422);
    assert.deepEqual(noBody.body.detail[0].loc, ['body']);
  });

  it('answers a path with a trailing slash as the path without it', async () => {
    const api = a.owner.client;
    const contact = (await api.post('/contacts/', { email: 'slash@alpha.test' })).body;
    assert.match(contact.id, /^ct_/);
    const list = await api.get('/contacts/?q=slash@alpha');
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(list.body.items.map((c: any) => c.id), [contact.id]);
    assert.equal((await api.get(`/contacts/${contact.id}/`)).body.id, contact.id);
    assert.equal((await api.get('/me/')).status, 200);
  });

  it('answers unknown routes and bad requests in the one error shape, never with a stack trace', async () => {
    const answers = [
      await a.owner.client.get('/no-such-thing'),
      await new ApiClient(s.api, null).get('/no-such-thing'),
      await a.owner.client.request('DELETE', '/contacts'),
      await a.owner.client.post('/contacts', '{"email":', {}),
      await a.owner.client.post('/contacts', 'email=a@b.c', { 'content-type': 'application/x-www-form-urlencoded' }),
      await a.owner.client.post('/contacts', JSON.stringify({ email: 'x'.repeat(3 * 1024 * 1024) })),
      await a.owner.client.request('POST', '/contacts', undefined, { 'content-type': 'application/json' }),
      await a.owner.client.get('/contacts/%E0%A4%A'),
    ];
    const statuses = answers.map((r) => r.status);
    // A form body is not JSON: the 422 list form, as for malformed JSON.
    assert.deepEqual(statuses, [404, 404, 404, 422, 422, 413, 422, 404]);
    assert.deepEqual(answers[4].body.detail[0].loc, ['body']);
    const plain = await a.owner.client.post('/contacts', 'email=a@b.c', { 'content-type': 'text/plain' });
    assert.equal(plain.status, 422);
    assert.ok(Array.isArray(plain.body.detail));
    // A union of string types names the type once.
    const deal = await a.owner.client.post('/deals', { title: 'Typed' });
    const wrong = await a.owner.client.patch(`/deals/${deal.body.id}`, { status: 5 });
    assert.equal(wrong.status, 422);
    assert.deepEqual(wrong.body.detail.map((d: any) => [d.loc, d.msg]), [[['body', 'status'], 'must be string']]);
    for (const r of answers) {
      assert.ok(r.body && typeof r.body === 'object' && 'detail' in r.body, r.text);
      assert.doesNotMatch(r.text, /\bat .+\.(ts|js):\d+/);
      if (!Array.isArray(r.body.detail)) {
        assert.equal(typeof r.body.detail.error, 'string');
        assert.equal(typeof r.body.detail.message, 'string');
      }
    }
    assert.equal(answers[0].body.detail.error, 'not_found');
  });

  it('names the field of a text over its maximum length (object form), not a wrong type', async () => {
    const cases: Array<[string, object, string]> = [
      ['/contacts', { email: 'long@limits.test', first_name: 'x'.repeat(201) }, 'first_name'],
      ['/deals', { title: 'x'.repeat(501) }, 'title'],
      ['/deals', { company: 'x'.repeat(201) }, 'company'],
      ['/companies', { name: 'x'.repeat(201) }, 'name'],
      ['/companies', { name: 'Long Domain Ltd', domain: 'x'.repeat(300) }, 'domain'],
    ];
    for (const [path, body, field] of cases) {
      const r = await a.owner.client.post(path, body);
      assert.equal(r.status, 422, `${path} ${field}`);
      assert.equal(r.body.detail.error, 'validation_error', `${path} ${field}: ${r.text}`);
      assert.equal(r.body.detail.field, field, `${path} ${field}`);
      assert.doesNotMatch(r.body.detail.message, /null/);
    }
    assert.equal((await a.owner.client.get('/companies?q=long%20domain')).body.total, 0);
  });

  it('answers a request the HTTP parser refuses in the one error shape, and an over-long id with 404', async () => {
    const raw = (head: string) => rawRequest(Number(new URL(s.baseUrl).port), head);
    const umlaut = await raw(`GET /api/v1/companies?q=M\u00dcLL HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${a.owner.key}\r\n\r\n`);
    assert.match(umlaut, /^HTTP\/1\.1 400 /);
    assert.equal(JSON.parse(umlaut.slice(umlaut.indexOf('\r\n\r\n') + 4)).detail.error, 'bad_request');
    const huge = await raw(`GET /api/v1/me HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(20_000)}\r\n\r\n`);
    assert.match(huge, /^HTTP\/1\.1 431 /);
    assert.equal(JSON.parse(huge.slice(huge.indexOf('\r\n\r\n') + 4)).detail.error, 'headers_too_large');
    for (const path of [`/deals/dl_${'A'.repeat(120)}`, `/contacts/${'A'.repeat(300)}`]) {
      const r = await a.owner.client.get(path);
      assert.equal(r.status, 404, path);
      assert.equal(r.body.detail.error, 'not_found');
    }
    const done = await a.owner.client.post(`/tasks/tk_${'A'.repeat(120)}/done`, {});
    assert.equal(done.status, 404);
  });

  it('refuses text no database can keep (NUL, a lone surrogate) alike on both databases, and stores nothing', async () => {
    const c = a.owner.client;
    const deal = (await c.post('/deals', { title: 'Text guard deal' })).body;
    const contact = (await c.post('/contacts', { email: 'text.guard@guard.test' })).body;
    const before = (await c.get('/deals?status=all')).body.total;
    const bodies: Array<[string, string, object, string]> = [
      ['POST', '/deals', { title: 'A\u0000B' }, 'title'],
      ['POST', '/deals', { title: 'A\ud800B' }, 'title'],
      ['POST', '/deals', { title: 'ok', contact_id: `${contact.id}\u0000` }, 'contact_id'],
      ['POST', '/contacts', { email: 'nul@guard.test', first_name: 'x\udc00' }, 'first_name'],
      ['POST', '/companies', { name: 'Nul\u0000 GmbH' }, 'name'],
      ['POST', '/activities', { kind: 'note', body: 'b\u0000', contact_id: contact.id }, 'body'],
      ['POST', '/tasks', { title: 't\u0000' }, 'title'],
      ['POST', '/webhooks', { url: 'https://example.com/hook', events: ['deal.created', 'deal.\u0000'] }, 'events.1'],
      ['PATCH', `/deals/${deal.id}`, { next_step: 'x\u0000' }, 'next_step'],
    ];
    for (const [method, path, body, field] of bodies) {
      const r = await c.request(method, path, body);
      assert.equal(r.status, 422, `${method} ${path} ${field}: ${r.text}`);
      assert.equal(r.body.detail.error, 'validation_error');
      assert.equal(r.body.detail.field, field);
    }
    for (const path of ['/contacts?q=a%00b', '/deals?q=%00', '/companies?q=%00x']) {
      const r = await c.get(path);
      assert.equal(r.status, 422, path);
      assert.equal(r.body.detail.field, 'q', path);
    }
    for (const path of ['/deals/%00', `/contacts/${contact.id}%00`, '/tasks/%00', '/calls/%00']) {
      assert.equal((await c.get(path)).status, 404, path);
    }
    assert.equal((await c.get('/deals?status=all')).body.total, before);
    assert.equal((await c.get(`/deals/${deal.id}`)).body.next_step, null);
    assert.equal((await c.get('/companies?q=nul')).body.total, 0);
    // Surrogate pairs (emoji) are ordinary text and come back as sent.
    const emoji = await c.post('/deals', { title: 'Deal 🚀 Ü' });
    assert.equal(emoji.status, 201);
    assert.equal((await c.get(`/deals/${emoji.body.id}`)).body.title, 'Deal 🚀 Ü');
  });

  it('refuses a body it cannot read as sent: nested too deep, not UTF-8, compressed or in another charset; nothing is stored', async () => {
    const c = a.owner.client;
    const before = (await c.get('/companies')).body.total;
    const deep = await c.post('/companies', `${'['.repeat(5000)}${']'.repeat(5000)}`);
    assert.equal(deep.status, 422);
    assert.deepEqual(deep.body.detail, [{ loc: ['body'], msg: 'The body is nested more than 64 levels deep.', type: 'json_invalid' }]);
    const deepObject = await c.post('/deals', `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`);
    assert.equal(deepObject.status, 422, deepObject.text);
    // 64 levels are read (and then refused for what they are: not a company).
    const nested64 = await c.post('/companies', JSON.stringify({ name: 'Nested Ltd', domain: JSON.parse(`${'['.repeat(63)}${']'.repeat(63)}`) }));
    assert.equal(nested64.status, 422);
    assert.deepEqual(nested64.body.detail.map((d: any) => d.loc), [['body', 'domain']]);
    const port = Number(new URL(s.baseUrl).port);
    const rawPost = (headers: string, body: Buffer) => new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(`POST /api/v1/companies HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer ${a.owner.key}\r\n${headers}Content-Length: ${body.length}\r\n\r\n`);
        socket.write(body);
      });
      let text = '';
      socket.on('data', (d) => { text += d; });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    const notUtf8 = await rawPost('Content-Type: application/json\r\n', Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]));
    assert.match(notUtf8, /^HTTP\/1\.1 422 /);
    assert.deepEqual(bodyOf(notUtf8).detail, [{ loc: ['body'], msg: 'The body is not valid UTF-8.', type: 'json_invalid' }]);
    const gzip = await rawPost('Content-Type: application/json\r\nContent-Encoding: gzip\r\n', zlib.gzipSync('{"name":"Gzip Ltd"}'));
    assert.match(gzip, /^HTTP\/1\.1 415 /);
    assert.equal(bodyOf(gzip).detail.error, 'unsupported_media_type');
    const utf16 = await c.post('/companies', JSON.stringify({ name: 'Charset Ltd' }), { 'content-type': 'application/json; charset=utf-16' });
    assert.equal(utf16.status, 415);
    const utf8 = await c.post('/companies', JSON.stringify({ name: 'Charset Ltd' }), { 'content-type': 'application/json; charset=UTF-8' });
    assert.equal(utf8.status, 201);
    assert.equal((await c.get('/companies')).body.total, before + 1);
  });

  it('answers a good request first when stray bytes follow it on the connection, then refuses the bytes', async () => {
    const body = JSON.stringify({ name: 'Pipelined Space Co' });
    const answer = await rawRequest(Number(new URL(s.baseUrl).port),
      `POST /api/v1/companies HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${a.owner.key}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body} GARBAGE`);
    assert.match(answer, /^HTTP\/1\.1 201 /, 'the change that was made is answered');
    assert.match(answer, /\r\n\r\n\{[^\n]*"name":"Pipelined Space Co"[^\n]*HTTP\/1\.1 400 Bad Request/s);
    assert.equal((await a.owner.client.get('/companies?q=pipelined%20space')).body.total, 1);
  });

  it('answers without Host, with an unknown Expect, an undecodable path and an id of any length in the one error shape, counted', async () => {
    const port = Number(new URL(s.baseUrl).port);
    const noHost = await rawRequest(port, `GET /api/v1/me HTTP/1.1\r\nConnection: close\r\nAuthorization: Bearer ${a.owner.key}\r\n\r\n`);
    assert.match(noHost, /^HTTP\/1\.1 400 /);
    assert.equal(JSON.parse(noHost.slice(noHost.indexOf('\r\n\r\n') + 4)).detail.error, 'bad_request');
    const expect = await rawRequest(port, `GET /api/v1/me HTTP/1.1\r\nHost: x\r\nConnection: close\r\nExpect: bogus\r\nAuthorization: Bearer ${a.owner.key}\r\n\r\n`);
    assert.match(expect, /^HTTP\/1\.1 200 /);
    // Two credentials are none, whichever comes first.
    const other = await makeTeam(s.services, s.api, 'Second credential');
    for (const [first, second] of [[a.owner.key, other.owner.key], [other.owner.key, a.owner.key]]) {
      const two = await rawRequest(port, `GET /api/v1/me HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer ${first}\r\nauthorization: Bearer ${second}\r\n\r\n`);
      assert.match(two, /^HTTP\/1\.1 401 /);
      assert.equal(JSON.parse(two.slice(two.indexOf('\r\n\r\n') + 4)).detail.error, 'invalid_key');
    }
    for (const path of ['/contacts/%ZZ', '/contacts/%ED%A0%80', `/contacts/${'a'.repeat(5000)}`, `/deals/${'b'.repeat(2000)}/reopen`]) {
      const method = path.endsWith('/reopen') ? 'POST' : 'GET';
      const first = await a.owner.client.request(method, path);
      const second = await a.owner.client.request(method, path);
      assert.equal(first.status, 404, path);
      assert.equal(first.body.detail.error, 'not_found', path);
      assert.equal(Number(second.headers.get('x-ratelimit-remaining')), Number(first.headers.get('x-ratelimit-remaining')) - 1, `${path} is counted`);
      // Without a key: an undecodable path is no route (404 whatever the key); a long id is a route, so the key comes first.
      assert.equal((await new ApiClient(s.api, null).request(method, path)).status, path.includes('%') ? 404 : 401, path);
    }
  });

  it('while the server stops, a request already on an open connection gets its real answer, then the connection closes', async () => {
    const app = await buildApp(s.services);
    // The first request is held in the middle, so its connection is busy when the server starts to stop.
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    let holding = 0;
    app.addHook('onRequest', async (request) => {
      if (request.headers['x-hold']) {
        holding++;
        await held;
      }
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    // Requests the server has read (pipelined ones too, while the connection is busy).
    let arrived = 0;
    app.server.on('request', () => { arrived++; });
    const until = async (what: string, ok: () => boolean) => {
      for (const end = Date.now() + 180_000; !ok();) {
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    const port = (app.server.address() as net.AddressInfo).port;
    const head = (extra = '') => `GET /api/v1/me HTTP/1.1\r\nHost: x\r\n${extra}Authorization: Bearer ${a.owner.key}\r\n\r\n`;
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise((r) => socket.once('connect', r));
    let text = '';
    socket.on('data', (d) => { text += d; });
    const ended = new Promise((r) => socket.once('close', r));
    // A second connection, busy in the same way, asks for /healthz once the stop has begun.
    const second = net.connect(port, '127.0.0.1');
    second.on('error', () => {});
    let secondText = '';
    second.on('data', (d) => { secondText += d; });
    const secondEnded = new Promise((r) => second.once('close', r));
    const health = 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n';
    second.write(health);
    await until('the first health check', () => secondText.includes('"status":"ok"'));
    socket.write(head('X-Hold: 1\r\n'));
    second.write(head('X-Hold: 1\r\n'));
    await until('both held requests', () => holding === 2);
    const closing = app.close();
    socket.write(head());
    second.write(health);
    await until('the requests sent after the stop began', () => arrived === 5);
    release();
    await closing;
    await Promise.all([ended, secondEnded]);
    const answers = text.split(/(?=HTTP\/1\.1 )/);
    assert.equal(answers.length, 2, text);
    for (const answer of answers) {
      assert.match(answer, /^HTTP\/1\.1 200 /, answer.slice(0, 300));
      assert.match(answer, /"pipeline_stages"/);
    }
    // Ready before the stop, the held request answered, and 503 for the health check once the stop began.
    const checks = secondText.split(/(?=HTTP\/1\.1 )/);
    assert.equal(checks.length, 3, secondText);
    assert.match(checks[0], /^HTTP\/1\.1 200 [^]*\{"status":"ok"\}$/);
    assert.match(checks[1], /^HTTP\/1\.1 200 [^]*"pipeline_stages"/);
    assert.match(checks[2], /^HTTP\/1\.1 503 [^]*\{"status":"stopping"\}$/);
  });

  it('answers a client whose headers never finish with 408 request_timeout in the one error shape', async () => {
    // Node's own timeouts (60 s for headers, checked every 30 s) shortened on a second app over the same services.
    const app = await buildApp(s.services);
    // As served: headers and the whole body within 60 s each (a trickled body must not hold a connection for ever).
    assert.deepEqual([app.server.headersTimeout, app.server.requestTimeout], [60_000, 60_000]);
    Object.assign(app.server, { headersTimeout: 300, requestTimeout: 400, connectionsCheckingInterval: 100 });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const port = (app.server.address() as net.AddressInfo).port;
      const answer = await rawRequest(port, `GET /api/v1/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${a.owner.key}\r\n`);
      assert.match(answer, /^HTTP\/1\.1 408 /);
      assert.doesNotMatch(answer, /X-RateLimit/i);
      // Its request_id is the X-Request-Id of this answer (the parser's refusals get one of their own).
      const requestId = /\r\nX-Request-Id: ([^\r]+)\r\n/i.exec(answer)?.[1];
      assert.ok(requestId);
      assert.deepEqual(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)), {
        detail: { error: 'request_timeout', message: 'The request took too long to arrive.', request_id: requestId },
      });
      // A body that stops coming after the headers: the same 408.
      const trickled = await rawRequest(port, `POST /api/v1/companies HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${a.owner.key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":"Tri`);
      assert.match(trickled, /^HTTP\/1\.1 408 /);
      assert.equal((await a.owner.client.get('/companies?q=tri')).body.total, 0);
    } finally {
      await app.close();
    }
  });
});
