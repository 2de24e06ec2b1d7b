// Webhook registration: who may, what URLs and events are accepted, the secret shown once,
// team isolation, and the CLI contract `rz webhook create`.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { walkPages } from '../helpers/client.ts';
import { makeTeam, type TeamFixture, serverWithTwoTeams } from '../helpers/fixtures.ts';
import { dbEnv, RZ_CLI } from '../helpers/process.ts';
import { startReceiver, sleep, type Receiver } from './receiver.ts';
import { WebClient, emailOf, setPasswords } from '../e2e/helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('webhook registration (RZ_WEBHOOK_ALLOW_PRIVATE=1, as in development)', () => {
  let s: TestServer;
  let a: TeamFixture;
  let b: TeamFixture;
  let rx: Receiver;
  before(async () => {
    ({ s, a, b } = await serverWithTwoTeams({ background: true }));
    rx = await startReceiver();
  });
  after(async () => {
    await rx.close();
    await s.stop();
  });

  it('lets owners and managers register; the secret is shown once; registration never contacts the URL', async () => {
    for (const who of [a.owner, a.manager]) {
      const r = await who.client.post('/webhooks', { url: rx.url, events: ['deal.created', 'deal.closed'], description: ' CRM sync ' });
      assert.equal(r.status, 201, r.text);
      assert.match(r.body.id, /^wh_[0-9A-Z]{26}$/);
      assert.match(r.body.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
      assert.ok(Buffer.from(r.body.secret.slice(6), 'base64').length >= 32);
      assert.deepEqual(r.body.events, ['deal.created', 'deal.closed']);
      assert.equal(r.body.url, rx.url);
      assert.equal(r.body.paused, false);
      assert.equal(r.body.description, 'CRM sync');
      assert.equal(r.body.created_by, who.userId);
      const got = await who.client.get(`/webhooks/${r.body.id}`);
      assert.equal(got.status, 200);
      assert.equal('secret' in got.body, false, 'the secret is never shown again');
      const { secret: _secret, ...row } = r.body;
      assert.deepEqual(got.body, row);
      const list = await who.client.get('/webhooks');
      assert.equal(list.text.includes(r.body.secret), false);
    }
    await sleep(300);
    assert.equal(rx.received.length, 0, 'nothing was sent to the URL');
  });

  it('refuses members (403 forbidden) and keys without the needed scope', async () => {
    const m = await a.member.client.post('/webhooks', { url: rx.url, events: ['*'] });
    assert.equal(m.status, 403);
    assert.equal(m.body.detail.error, 'forbidden');
    assert.equal((await a.member.client.get('/webhooks')).status, 403);
    const hook = (await a.manager.client.post('/webhooks', { url: rx.url, events: ['*'] })).body;
    for (const [method, p] of [['GET', `/webhooks/${hook.id}`], ['PATCH', `/webhooks/${hook.id}`], ['DELETE', `/webhooks/${hook.id}`], ['GET', `/webhooks/${hook.id}/deliveries`]]) {
      const r = await a.member.client.request(method, p, method === 'PATCH' ? { paused: true } : undefined);
      assert.equal(r.status, 403, `${method} ${p}`);
    }
    const ro = await a.readOnly.post('/webhooks', { url: rx.url, events: ['*'] });
    assert.equal(ro.status, 403);
    assert.equal(ro.body.detail.error, 'missing_scope');
    assert.equal((await a.readOnly.get('/webhooks')).status, 200);
    assert.equal((await a.writeOnly.get('/webhooks')).status, 403);
  });

  it('validates events: names of the eleven, or all', async () => {
    const all1 = await a.owner.client.post('/webhooks', { url: rx.url, events: 'all' });
    assert.deepEqual(all1.body.events, ['*']);
    const all2 = await a.owner.client.post('/webhooks', { url: rx.url, events: ['*'] });
    assert.deepEqual(all2.body.events, ['*']);
    const every = ['deal.created', 'deal.updated', 'deal.stage_changed', 'deal.closed', 'deal.reopened', 'deal.reassigned', 'contact.created', 'company.created', 'task.done', 'activity.created', 'call_analysis.done'];
    const named = await a.owner.client.post('/webhooks', { url: rx.url, events: [...every].reverse() });
    assert.equal(named.status, 201);
    assert.deepEqual(named.body.events, every);
    // All events next to single ones is refused rather than guessed, as the application's form does.
    for (const events of [['deal.deleted'], [], 'some', ['contact.created', 'ping'], ['*', 'bogus'], ['all', 'deal.nope'], ['*', 'deal.created'], ['deal.created', 'all']]) {
      const r = await a.owner.client.post('/webhooks', { url: rx.url, events });
      assert.equal(r.status, 422, JSON.stringify(events));
      assert.equal(r.body.detail.error, 'validation_error');
      assert.equal(r.body.detail.field, 'events');
    }
    const missing = await a.owner.client.post('/webhooks', { url: rx.url });
    assert.equal(missing.status, 422);
    assert.equal(missing.body.detail.field, 'events');
    const wrongType = await a.owner.client.post('/webhooks', { url: 42, events: ['*'] });
    assert.equal(wrongType.status, 422);
    assert.ok(Array.isArray(wrongType.body.detail));
    // One entry per problem: the list of events is a list; its second element is not a string.
    const wrongItem = await a.owner.client.post('/webhooks', { url: rx.url, events: ['deal.created', 1] });
    assert.equal(wrongItem.status, 422);
    assert.deepEqual(wrongItem.body.detail.map((d: any) => d.loc), [['body', 'events', 1]]);
    const neither = await a.owner.client.post('/webhooks', { url: rx.url, events: 7 });
    assert.deepEqual(neither.body.detail.map((d: any) => [d.loc, d.msg]), [[['body', 'events'], 'must be array or string']]);
  });

  it('validates the URL (even when private targets are allowed)', async () => {
    for (const url of ['not a url', 'ftp://127.0.0.1/x', 'http://user:pass@127.0.0.1/x', 'https://no-such-host.invalid/hook', '']) {
      const r = await a.owner.client.post('/webhooks', { url, events: ['*'] });
      assert.equal(r.status, 422, url);
      assert.equal(r.body.detail.error, 'validation_error');
      assert.equal(r.body.detail.field, 'url');
      assert.ok(r.body.detail.message.length > 5);
    }
  });

  it('updates url, events, paused and description; re-checks the url; deletes', async () => {
    const hook = (await a.manager.client.post('/webhooks', { url: rx.url, events: ['*'] })).body;
    const p = await a.manager.client.patch(`/webhooks/${hook.id}`, { events: ['task.done'], paused: true, description: 'x', url: `${rx.url}?v=2` });
    assert.equal(p.status, 200, p.text);
    assert.deepEqual(p.body.events, ['task.done']);
    assert.equal(p.body.paused, true);
    assert.equal(p.body.description, 'x');
    assert.equal(p.body.url, `${rx.url}?v=2`);
    assert.ok(p.body.updated_at >= hook.updated_at);
    assert.deepEqual((await a.manager.client.get(`/webhooks/${hook.id}`)).body, p.body);
    const bad = await a.manager.client.patch(`/webhooks/${hook.id}`, { url: 'ftp://example.com/' });
    assert.equal(bad.status, 422);
    assert.equal(bad.body.detail.field, 'url');
    const badEvents = await a.manager.client.patch(`/webhooks/${hook.id}`, { events: ['nope'] });
    assert.equal(badEvents.body.detail.field, 'events');
    assert.equal((await a.manager.client.get(`/webhooks/${hook.id}`)).body.url, `${rx.url}?v=2`, 'a refused change changes nothing');

    assert.equal((await a.owner.client.delete(`/webhooks/${hook.id}`)).status, 204);
    assert.equal((await a.owner.client.get(`/webhooks/${hook.id}`)).status, 404);
    assert.equal((await a.owner.client.delete(`/webhooks/${hook.id}`)).status, 404);
    assert.equal((await a.owner.client.patch(`/webhooks/${hook.id}`, { paused: false })).status, 404);
    const list = await a.owner.client.get('/webhooks?limit=100');
    assert.equal(list.body.items.some((w: any) => w.id === hook.id), false);
  });

  it("never shows another team's webhook (404) and lists only the own team's, newest first with a cursor", async () => {
    const mine = (await a.owner.client.post('/webhooks', { url: rx.url, events: ['*'] })).body;
    for (const [method, p] of [['GET', `/webhooks/${mine.id}`], ['PATCH', `/webhooks/${mine.id}`], ['DELETE', `/webhooks/${mine.id}`], ['GET', `/webhooks/${mine.id}/deliveries`], ['POST', `/webhooks/${mine.id}/ping`]]) {
      const r = await b.owner.client.request(method, p, method === 'PATCH' ? { paused: true } : method === 'POST' ? {} : undefined);
      assert.equal(r.status, 404, `${method} ${p}`);
      assert.equal(r.body.detail.error, 'not_found');
    }
    assert.equal((await a.owner.client.get(`/webhooks/${mine.id}`)).body.paused, false);

    const t = await makeTeam(s.services, s.api, 'Pager');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await t.manager.client.post('/webhooks', { url: `${rx.url}?n=${i}`, events: ['*'] })).body.id);
    const walk = await walkPages(t.owner.client, '/webhooks?limit=2');
    assert.deepEqual(walk.totals, [5, 5, 5]);
    assert.deepEqual(walk.items.map((w) => w.id), [...ids].reverse());
    assert.equal((await t.owner.client.get('/webhooks?cursor=bogus!')).body.detail.field, 'cursor');
    assert.equal((await t.owner.client.get('/webhooks?limit=500')).body.detail.field, 'limit');
    const weird = await t.owner.client.get(`/webhooks/${ids[0]}/deliveries?status=weird`);
    assert.equal(weird.body.detail.field, 'status');
    assert.equal(weird.body.detail.message, 'status must be one of: pending, succeeded, failed.');
  });

  it('is described in the OpenAPI document with shared Webhook, WebhookDelivery and Event schemas', async () => {
    const doc: any = await (await fetch(`${s.api}/openapi.json`)).json();
    for (const name of ['Webhook', 'WebhookDelivery', 'WebhookAttempt', 'Event']) assert.ok(doc.components.schemas[name], name);
    for (const p of ['/webhooks', '/webhooks/{id}', '/webhooks/{id}/deliveries', '/webhooks/{id}/deliveries/{delivery_id}/redeliver', '/webhooks/{id}/ping', '/events']) {
      assert.ok(doc.paths[p], p);
    }
    assert.ok(doc.components.schemas.Webhook.properties.secret === undefined);
  });

  describe('rz webhook create', () => {
    const rz = (...args: string[]) => new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [...RZ_CLI, ...args], { cwd: ROOT, env: { ...process.env, ...dbEnv(s.database), RZ_WEBHOOK_ALLOW_PRIVATE: '1' } }, (err, stdout, stderr) => {
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
      });
    });

    it('prints {"webhook_id", "secret"} for a manager; the webhook is the same as one made through the API', async () => {
      const r = await rz('webhook', 'create', '--user', a.manager.userId, '--url', rx.url, '--events', 'deal.created,deal.closed');
      assert.equal(r.code, 0, r.stderr);
      const out = JSON.parse(r.stdout);
      assert.deepEqual(Object.keys(out).sort(), ['secret', 'webhook_id']);
      assert.match(out.secret, /^whsec_/);
      const got = await a.owner.client.get(`/webhooks/${out.webhook_id}`);
      assert.equal(got.status, 200);
      assert.deepEqual(got.body.events, ['deal.created', 'deal.closed']);
      assert.equal(got.body.created_by, a.manager.userId);
      const all = await rz('webhook', 'create', '--user', a.owner.userId, '--url', rx.url, '--events', 'all');
      assert.equal(all.code, 0, all.stderr);
      assert.deepEqual((await a.owner.client.get(`/webhooks/${JSON.parse(all.stdout).webhook_id}`)).body.events, ['*']);
    });

    it('fails with a non-zero exit for a member, an unknown user, a bad URL or bad events', async () => {
      const before = (await a.owner.client.get('/webhooks')).body.total;
      for (const args of [
        ['--user', a.member.userId, '--url', rx.url, '--events', 'all'],
        ['--user', 'us_01ARZ3NDEKTSV4RRFFQ69G5FAV', '--url', rx.url, '--events', 'all'],
        ['--user', a.owner.userId, '--url', 'ftp://example.com/', '--events', 'all'],
        ['--user', a.owner.userId, '--url', rx.url, '--events', 'deal.created,nope'],
        ['--user', a.owner.userId, '--url', rx.url],
      ]) {
        const r = await rz('webhook', 'create', ...args);
        assert.notEqual(r.code, 0, args.join(' '));
        assert.equal(r.stdout, '');
        assert.ok(r.stderr.length > 0);
      }
      const member = await rz('webhook', 'create', '--user', a.member.userId, '--url', rx.url, '--events', 'all');
      assert.match(member.stderr, /forbidden/);
      const mixed = await rz('webhook', 'create', '--user', a.owner.userId, '--url', rx.url, '--events', 'deal.created,all');
      assert.notEqual(mixed.code, 0);
      assert.equal(mixed.stdout, '');
      assert.match(mixed.stderr, /either all events .* or single events, not both\. \(validation_error\)/);
      assert.equal((await a.owner.client.get('/webhooks')).body.total, before);
    });
  });
});

describe('webhook registration (production rules: RZ_WEBHOOK_ALLOW_PRIVATE=0)', () => {
  let s: TestServer;
  let a: TeamFixture;
  let rx: Receiver;
  before(async () => {
    s = await startTestServer({ env: { RZ_WEBHOOK_ALLOW_PRIVATE: '0', RZ_WEBHOOK_RETRY_SCHEDULE: '1,1,1,1' }, background: true });
    a = await makeTeam(s.services, s.api, 'Prod');
    rx = await startReceiver();
  });
  after(async () => {
    await rx.close();
    await s.stop();
  });

  it('says so on the Team page: only https to public addresses', async () => {
    await setPasswords(s.services, [a.owner.userId]);
    const web = new WebClient(s.baseUrl);
    await web.signIn(await emailOf(s.services, a.owner.userId));
    const hint = /<p id="wh-url-hint" class="hint">([^<]+)<\/p>/.exec((await web.get('/team/webhooks')).text)![1];
    assert.match(hint, /^Only https addresses that resolve to public networks are accepted\./);
  });

  it('accepts only https URLs to public addresses', async () => {
    const refused: Array<[string, RegExp]> = [
      [rx.url, /Only https/],
      ['https://127.0.0.1/hook', /loopback/],
      ['https://localhost/hook', /loopback/],
      ['https://10.1.2.3/hook', /private/],
      ['https://192.168.1.1/hook', /private/],
      ['https://169.254.169.254/latest/meta-data', /metadata/],
      ['https://[::1]/hook', /loopback/],
      ['https://[::ffff:127.0.0.1]/hook', /127\.0\.0\.1/],
      ['https://2130706433/hook', /loopback/],
      ['https://0x7f.0.0.1/hook', /loopback/],
      ['https://100.64.0.1/hook', /carrier-grade NAT/],
      ['https://user@93.184.215.14/hook', /user name/],
    ];
    for (const [url, reason] of refused) {
      const r = await a.owner.client.post('/webhooks', { url, events: ['*'] });
      assert.equal(r.status, 422, url);
      assert.equal(r.body.detail.field, 'url', url);
      assert.match(r.body.detail.message, reason, url);
    }
    const ok = await a.owner.client.post('/webhooks', { url: 'https://93.184.215.14/hook', events: ['*'] });
    assert.equal(ok.status, 201, ok.text);
    const patched = await a.owner.client.patch(`/webhooks/${ok.body.id}`, { url: 'https://127.0.0.1/hook' });
    assert.equal(patched.status, 422);
    assert.equal(patched.body.detail.field, 'url');
    // Nothing may ever be sent to that public address from a test.
    assert.equal((await a.owner.client.delete(`/webhooks/${ok.body.id}`)).status, 204);
  });

  it('checks the URL again before every delivery: a now-forbidden target is a failed attempt and gets nothing', async () => {
    // A webhook that was stored when the address was allowed (say, DNS changed since): written directly.
    const now = new Date().toISOString();
    await s.services.handle.db.insertInto('webhooks').values({
      id: 'wh_01ARZ3NDEKTSV4RRFFQ69G5FAV', team_id: a.teamId, created_by: a.owner.userId, url: rx.url, events: '["*"]',
      secret: 'whsec_' + Buffer.alloc(32, 7).toString('base64'), paused: 0, description: null, created_at: now, updated_at: now, deleted_at: null,
    }).execute();
    await a.member.client.post('/companies', { name: 'Rebound Ltd' });
    let items: any[] = [];
    for (let i = 0; i < 200; i++) {
      items = (await a.owner.client.get('/webhooks/wh_01ARZ3NDEKTSV4RRFFQ69G5FAV/deliveries')).body.items;
      if (items[0]?.attempts.length >= 2) break;
      await sleep(25);
    }
    assert.ok(items[0]?.attempts.length >= 2, JSON.stringify(items));
    assert.match(items[0].attempts[0].error, /^URL refused: Only https/);
    assert.equal(items[0].attempts[0].status_code, null);
    assert.equal(rx.received.length, 0);
  });
});
