// Round trips to PostgreSQL per API request (issue 25: at most 3 for a detail read, at most 6 for
// a create), over real HTTP with an API key as an integration sends it. Every statement a pg
// client sends to the server's database is counted: BEGIN and COMMIT, the key lookup, the request
// counter, the row and its nested lists. Counting statements is deterministic: no timing here.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { testDialect } from '../helpers/database.ts';
import { ApiClient } from '../helpers/client.ts';
import { makeTeam, type TeamFixture } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import type { Actor } from '../../src/common/actor.ts';

const onSqlite = testDialect() !== 'postgres';
const DETAIL_CEILING = 3;
const CREATE_CEILING = 6;

describe('PostgreSQL round trips per request', { skip: onSqlite && 'counts the statements sent to PostgreSQL: run with RZ_TEST_DATABASE=postgres' }, () => {
  let s: TestServer;
  let a: TeamFixture;
  let database = '';
  const sent: string[] = [];
  let restore = () => {};
  const r: Record<string, any> = {};

  before(async () => {
    s = await startTestServer();
    database = new URL(s.database.databaseUrl!).pathname.slice(1);
    a = await makeTeam(s.services, s.api, 'Alpha');
    // Rows for the nested lists: a member's and the owner's deal on one contact and company, tasks, a timeline, a stage change.
    r.contact = (await a.owner.client.post('/contacts', { email: 'ada@alpha.test', first_name: 'Ada', company: 'Analytical Engines' })).body;
    r.memberDeal = (await a.member.client.post('/deals', { title: 'Member deal', contact_id: r.contact.id, value_eur: '1.250,50' })).body;
    r.ownerDeal = (await a.owner.client.post('/deals', { title: 'Owner deal', contact_id: r.contact.id })).body;
    await a.member.client.patch(`/deals/${r.memberDeal.id}`, { stage: 'qualified' });
    await a.member.client.post('/tasks', { title: 'Member task', deal_id: r.memberDeal.id });
    await a.owner.client.post('/tasks', { title: 'Owner task', contact_id: r.contact.id });
    await a.member.client.post('/activities', { kind: 'note', body: 'Grüße 👋 "quoted"\n', contact_id: r.contact.id, occurred_at: '2026-01-01T00:00:00Z' });
    await a.owner.client.post('/activities', { kind: 'call', deal_id: r.ownerDeal.id, occurred_at: '2026-01-01T00:00:00Z' });
    await a.manager.client.post('/activities', { kind: 'email', deal_id: r.memberDeal.id });

    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      if (this.database === database) {
        const q = args[0] as string | { text: string };
        sent.push(typeof q === 'string' ? q : q.text);
      }
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    restore = () => { pg.Client.prototype.query = query; };
  });
  after(async () => {
    restore();
    await s.stop();
  });

  /** The statements one request sent, including any that follow its answer (an idle pause on either side). */
  async function statementsOf(call: () => Promise<{ status: number; text: string }>, status: number): Promise<string[]> {
    await new Promise((resolve) => setTimeout(resolve, 50));
    sent.length = 0;
    const answer = await call();
    assert.equal(answer.status, status, answer.text);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return [...sent];
  }

  function within(what: string, statements: string[], ceiling: number, t: { diagnostic(m: string): void }) {
    t.diagnostic(`${what}: ${statements.length} round trips`);
    assert.ok(statements.length <= ceiling, `${what}: ${statements.length} round trips, at most ${ceiling}:\n${statements.join('\n')}`);
  }

  it(`a detail read takes at most ${DETAIL_CEILING} round trips (the key's first use of the minute included)`, async (t) => {
    // A new key: its last_used_at is written on this first request.
    const fresh = await s.services.identity.createKey({ userId: a.member.userId, scopes: ['read'] });
    const client = new ApiClient(s.api, fresh.key);
    within('GET /contacts/{id}, first use of a key', await statementsOf(() => client.get(`/contacts/${r.contact.id}`), 200), DETAIL_CEILING, t);
    for (const [who, c] of [['member', a.member.client], ['owner', a.owner.client]] as const) {
      within(`GET /contacts/{id} (${who})`, await statementsOf(() => c.get(`/contacts/${r.contact.id}`), 200), DETAIL_CEILING, t);
      within(`GET /deals/{id} (${who})`, await statementsOf(() => c.get(`/deals/${r.memberDeal.id}`), 200), DETAIL_CEILING, t);
      within(`GET /companies/{id} (${who})`, await statementsOf(() => c.get(`/companies/${r.contact.company_id}`), 200), DETAIL_CEILING, t);
    }
    within('GET /deals/{id} of a deal the member cannot see (404)', await statementsOf(() => a.member.client.get(`/deals/${r.ownerDeal.id}`), 404), DETAIL_CEILING, t);
  });

  it(`a create takes at most ${CREATE_CEILING} round trips`, async (t) => {
    const c = a.member.client;
    within('POST /contacts', await statementsOf(() => c.post('/contacts', { email: 'new@alpha.test', first_name: 'New' }), 201), CREATE_CEILING, t);
    within('POST /deals', await statementsOf(() => c.post('/deals', { contact_id: r.contact.id, value_eur: '2.000', stage: 'qualified' }), 201), CREATE_CEILING, t);
    within('POST /activities', await statementsOf(() => c.post('/activities', { kind: 'note', body: 'hello', contact_id: r.contact.id }), 201), CREATE_CEILING, t);
    within('POST /contacts with a new company', await statementsOf(() => c.post('/contacts', { email: 'newco@alpha.test', company: 'New Company' }), 201), CREATE_CEILING, t);
    within('POST /companies', await statementsOf(() => c.post('/companies', { name: 'Another Company', domain: 'another.test' }), 201), CREATE_CEILING, t);
    within('POST /tasks', await statementsOf(() => c.post('/tasks', { title: 'Call back', contact_id: r.contact.id }), 201), CREATE_CEILING, t);
  });

  it('reports the round trips of creates beyond the ceiling\'s scope', async (t) => {
    const c = a.member.client;
    // Three rows created, each with its event: a round trip more than the ceiling of one create.
    const compound = await statementsOf(() => c.post('/deals', { contact_email: 'deal@alpha.test', company: 'Deal Company' }), 201);
    t.diagnostic(`POST /deals creating its contact and company: ${compound.length} round trips`);
    assert.ok(compound.length <= CREATE_CEILING + 1, compound.join('\n'));
    // The key's claim commits before the change and the answer is stored after it (idempotency.service.ts): two round trips more.
    const keyed = await statementsOf(() => c.post('/contacts', { email: 'keyed@alpha.test' }, { 'idempotency-key': 'pg-roundtrips-1' }), 201);
    t.diagnostic(`POST /contacts with an Idempotency-Key: ${keyed.length} round trips`);
    assert.ok(keyed.length <= CREATE_CEILING + 1, keyed.join('\n'));
  });

  it('a detail read in one statement reads the same rows, of the same types, in the same order, as the separate statements', async () => {
    // The answers are built field by field from these rows (toContactRow, toDealRow, ...), so equal rows make equal answers, byte for byte.
    const services = s.services as any;
    for (const p of [a.owner, a.member]) {
      const actor: Actor = { teamId: a.teamId, userId: p.userId, role: p === a.owner ? 'owner' : 'member', name: '', email: '', keyId: null, scopes: new Set() };
      for (const [service, id] of [[services.contacts, r.contact.id], [services.deals, r.memberDeal.id], [services.companies, r.contact.company_id]]) {
        const one = await service.detailRowsInOne(actor, id);
        assert.deepStrictEqual(one, await service.detailRows(actor, id), `${actor.role}: ${id}`);
        assert.ok(Object.values(one).some((v) => Array.isArray(v) && v.length > 0));
      }
    }
  });
});
