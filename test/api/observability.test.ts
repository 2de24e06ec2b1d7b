// What operators' load balancers, proxies and monitoring rely on: /healthz and /readyz look at
// the database (and its migrations), every answer carries an X-Request-Id that is also in the
// log line, and /metrics (off unless configured, optionally behind a token) counts requests by
// route template, the job queue and the analyses.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config.ts';
import { migrate, openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { createServices } from '../../src/services.ts';
import { buildApp } from '../../src/http/app.ts';
import { startBackground } from '../../src/worker/background.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { makeTeam } from '../helpers/fixtures.ts';
import { enableCalls, transcript, waitFor } from '../calls/call-fixtures.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** An app over its own handle (which the test may close or leave unmigrated), listening on loopback. */
async function appOver(database: TestDatabase, opts: { migrated: boolean; logs?: string[] }): Promise<{ url: string; app: FastifyInstance; handle: DatabaseHandle }> {
  const handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  if (opts.migrated) await migrate(handle.db);
  const config = loadConfig({ RZ_DATA_DIR: database.dataDir, ...(database.databaseUrl ? { RZ_DATABASE_URL: database.databaseUrl } : {}) });
  const stream = new Writable({ write(chunk, _enc, done) { opts.logs?.push(String(chunk)); done(); } });
  const app = await buildApp(createServices(config, handle), { logger: opts.logs ? { level: 'info', stream } : false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, app, handle };
}

const json = async (r: Response) => ({ status: r.status, type: r.headers.get('content-type'), body: await r.json() });

describe('health and readiness', () => {
  it('answer 200 while the database answers and every migration is applied', async () => {
    const s = await startTestServer();
    try {
      assert.deepEqual(await json(await fetch(`${s.baseUrl}/healthz`)), { status: 200, type: 'application/json; charset=utf-8', body: { status: 'ok' } });
      assert.deepEqual((await json(await fetch(`${s.baseUrl}/readyz`))).body, { status: 'ready', database: 'ok' });
    } finally {
      await s.stop();
    }
  });

  it('answer 503 with a JSON body when the database cannot be reached', async () => {
    const database = await createTestDatabase();
    const { url, app, handle } = await appOver(database, { migrated: true });
    try {
      assert.equal((await fetch(`${url}/healthz`)).status, 200);
      await handle.close(); // from here on every query fails, as with a database that went away
      for (const path of ['/healthz', '/readyz']) {
        const r = await json(await fetch(`${url}${path}`));
        assert.equal(r.status, 503, path);
        assert.equal(r.type, 'application/json; charset=utf-8');
        assert.equal(r.body.database, 'unreachable', path);
      }
    } finally {
      await app.close();
      await database.drop();
    }
  });

  it('/readyz names the pending migrations until the database is migrated; /healthz is already 200', async () => {
    const database = await createTestDatabase();
    const { url, app, handle } = await appOver(database, { migrated: false });
    try {
      assert.equal((await fetch(`${url}/healthz`)).status, 200);
      const pending = await json(await fetch(`${url}/readyz`));
      assert.equal(pending.status, 503);
      assert.equal(pending.body.status, 'not_ready');
      assert.equal(pending.body.database, 'ok');
      assert.ok(pending.body.pending_migrations.includes('001_initial'));
      await migrate(handle.db);
      assert.deepEqual(await json(await fetch(`${url}/readyz`)), { status: 200, type: 'application/json; charset=utf-8', body: { status: 'ready', database: 'ok' } });
    } finally {
      await app.close();
      await handle.close();
      await database.drop();
    }
  });
});

describe('request ids', () => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof appOver>>;
  const logs: string[] = [];
  before(async () => {
    database = await createTestDatabase();
    server = await appOver(database, { migrated: true, logs });
  });
  after(async () => {
    await server?.app.close();
    await server?.handle.close();
    await database?.drop();
  });

  it('a sane X-Request-Id from the client or proxy comes back and is in the log lines of its request', async () => {
    const r = await fetch(`${server.url}/api/v1/me`, { headers: { 'x-request-id': 'lb-7f3a.42:edge_1', authorization: 'Bearer rz_not-a-real-key' } });
    assert.equal(r.status, 401);
    assert.equal(r.headers.get('x-request-id'), 'lb-7f3a.42:edge_1');
    await waitFor('the log line of the answer', () => logs.some((l) => l.includes('"request_id":"lb-7f3a.42:edge_1"') && l.includes('request completed')));
    // One line per request, holding the request (method, url), its status and its duration.
    const lines = logs.filter((l) => l.includes('"request_id":"lb-7f3a.42:edge_1"')).map((l) => JSON.parse(l));
    assert.equal(lines.length, 1);
    assert.equal(lines[0].req.method, 'GET');
    assert.equal(lines[0].req.url, '/api/v1/me');
    assert.equal(lines[0].res.statusCode, 401);
    assert.equal(typeof lines[0].responseTime, 'number');
    assert.ok(logs.every((l) => !l.includes('rz_not-a-real-key')), 'the key is never logged');
  });

  it('any other value is replaced by a new id; every answer (API, errors, application, health) carries one', async () => {
    for (const given of ['x'.repeat(129), 'two words', 'quote"d', '']) {
      const r = await fetch(`${server.url}/api/v1/nope`, { headers: { 'x-request-id': given } });
      assert.equal(r.status, 404);
      assert.match(r.headers.get('x-request-id') ?? '', UUID, JSON.stringify(given));
    }
    const ids = new Set<string>();
    for (const path of ['/healthz', '/readyz', '/signin', '/api/v1/me', '/api/v1/openapi.json', '/no-such-page']) {
      const id = (await fetch(`${server.url}${path}`)).headers.get('x-request-id');
      assert.match(id ?? '', UUID, path);
      ids.add(id!);
    }
    assert.equal(ids.size, 6, 'a new id per request');
  });
});

/** The value of one sample of the exposition text, matching a metric name and its labels (any order). */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const line = text.split('\n').find((l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('metrics', () => {
  let s: TestServer;
  before(async () => { s = await startTestServer({ env: { RZ_METRICS: '1' } }); });
  after(() => s?.stop());
  const scrape = async () => {
    const r = await fetch(`${s.baseUrl}/metrics`);
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type') ?? '', /^text\/plain/);
    return r.text();
  };

  it('are off unless configured', async () => {
    const plain = await startTestServer();
    try {
      assert.equal((await fetch(`${plain.baseUrl}/metrics`)).status, 404);
    } finally {
      await plain.stop();
    }
  });

  it('count requests by route template, method and status, with durations', async () => {
    const team = await makeTeam(s.services, s.api, 'Metrics');
    for (let i = 0; i < 3; i++) assert.equal((await team.owner.client.get(`/contacts/ct_missing${i}`)).status, 404);
    assert.equal((await team.owner.client.get('/me')).status, 200);
    await fetch(`${s.baseUrl}/api/v1/no/such/route`);
    const text = await scrape();
    assert.equal(sample(text, 'rz_http_request_duration_seconds_count', { route: '/api/v1/contacts/:id', method: 'GET', status_code: '404' }), 3);
    assert.equal(sample(text, 'rz_http_request_duration_seconds_count', { route: '/api/v1/me', method: 'GET', status_code: '200' }), 1);
    assert.ok(sample(text, 'rz_http_request_duration_seconds_bucket', { route: '/api/v1/me', le: '+Inf' }) === 1);
    assert.ok((sample(text, 'rz_http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' }) ?? 0) >= 1);
    assert.doesNotMatch(text, /ct_missing/, 'no raw paths as labels');
    assert.match(text, /^process_resident_memory_bytes /m);
  });

  it('show the job queue from the database and the analyses this process settled', async () => {
    const team = await makeTeam(s.services, s.api, 'Queue');
    await enableCalls(s.services, team.owner.userId);
    assert.equal(sample(await scrape(), 'rz_call_analyses_total', { outcome: 'done' }), 0);
    const pushed = await team.owner.client.post('/calls', { transcript: transcript('metrics'), language: 'de' });
    assert.equal(pushed.status, 202);
    const queued = await scrape();
    assert.equal(sample(queued, 'rz_jobs', { kind: 'call.analyze', state: 'due' }), 1);
    assert.ok((sample(queued, 'rz_jobs_oldest_due_age_seconds', {}) ?? -1) >= 0);
    const background = startBackground(s.services);
    try {
      await waitFor('the analysis to be counted', async () => sample(await scrape(), 'rz_call_analyses_total', { outcome: 'done' }) === 1, 120_000);
    } finally {
      await background.stop();
    }
    assert.equal(sample(await scrape(), 'rz_jobs', { kind: 'call.analyze', state: 'due' }), undefined, 'the queue is empty');
  });

  it('with RZ_METRICS_TOKEN, need that token as a bearer token', async () => {
    const guarded = await startTestServer({ env: { RZ_METRICS_TOKEN: 'scrape-secret-1' } });
    try {
      const none = await fetch(`${guarded.baseUrl}/metrics`);
      assert.equal(none.status, 401);
      assert.equal((await none.json()).detail.error, 'unauthenticated');
      assert.equal((await fetch(`${guarded.baseUrl}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status, 401);
      const ok = await fetch(`${guarded.baseUrl}/metrics`, { headers: { authorization: 'Bearer scrape-secret-1' } });
      assert.equal(ok.status, 200);
      assert.match(await ok.text(), /rz_http_request_duration_seconds/);
    } finally {
      await guarded.stop();
    }
  });
});
