// Every list page says how exact its total is (decisions.md): `total_relation: "eq"` for an
// exact count, and only a `q` search with more than 10,000 matches answers `total: 10000` with
// `total_relation: "gte"`. Lists without `q` count exactly at any size.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TestServer } from '../helpers/server.ts';
import { serverWithTwoTeams, type TeamFixture } from '../helpers/fixtures.ts';
import { newId } from '../../src/lib/ids.ts';
import { incrementCounter } from '../../src/limits/usage-counter.repository.ts';

const NOW = '2026-11-22T09:15:03.120Z';

/** Inserts rows straight into the database in batches (the API would take minutes for 10,000). */
async function insertMany(s: TestServer, table: 'contacts' | 'companies' | 'deals', rows: any[]): Promise<void> {
  await s.services.handle.db.transaction().execute(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) await tx.insertInto(table).values(rows.slice(i, i + 500)).execute();
  });
}

describe('list totals', () => {
  let s: TestServer;
  let a: TeamFixture;
  let b: TeamFixture;
  before(async () => {
    ({ s, a, b } = await serverWithTwoTeams());
  });
  after(() => s.stop());

  it('every list endpoint answers items, next_cursor, total and total_relation "eq"', async () => {
    const contact = (await a.owner.client.post('/contacts', { email: 'eq@totals.test', first_name: 'Eq' })).body;
    await a.owner.client.post('/deals', { contact_id: contact.id, title: 'Eq deal' });
    await a.owner.client.post('/tasks', { title: 'Eq task', contact_id: contact.id });
    await a.owner.client.post('/activities', { kind: 'note', body: 'Eq note', contact_id: contact.id });
    const hook = await a.owner.client.post('/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['*'] });
    assert.equal(hook.status, 201);
    const lists = ['/contacts', '/contacts?q=eq', '/companies', '/companies?q=zz', '/deals', '/deals?q=eq&status=all', '/tasks', '/activities', '/calls', '/events', '/webhooks', `/webhooks/${hook.body.id}/deliveries`];
    for (const path of lists) {
      const r = await a.owner.client.get(path);
      assert.equal(r.status, 200, path);
      assert.deepEqual(Object.keys(r.body).sort(), ['items', 'next_cursor', 'total', 'total_relation'], path);
      assert.equal(r.body.total_relation, 'eq', path);
      assert.ok(Number.isInteger(r.body.total) && r.body.total >= r.body.items.length, path);
    }
  });

  it('a search with more than 10,000 matches answers total 10000 and "gte"; without q the total stays exact', async () => {
    const contacts = Array.from({ length: 10_002 }, (_, i) => ({
      id: newId('contact'), team_id: b.teamId, email: `bulk${i}@many.test`, first_name: 'Bulk', last_name: `Many${i}`,
      phone: null, job_title: null, company_id: null, owner_id: b.owner.userId, created_at: NOW, updated_at: NOW,
    }));
    await insertMany(s, 'contacts', contacts);
    await incrementCounter(s.services.handle.db, b.teamId, 'all', 'contacts', contacts.length);
    const companies = Array.from({ length: 10_001 }, (_, i) => ({
      id: newId('company'), team_id: b.teamId, name: `Bulkco ${i}`, name_key: `bulkco ${i}`, domain: null, owner_id: b.owner.userId, created_at: NOW, updated_at: NOW,
    }));
    await insertMany(s, 'companies', companies);
    const deals = Array.from({ length: 10_001 }, (_, i) => ({
      id: newId('deal'), team_id: b.teamId, title: `Bulk deal ${i}`, value_cents: null, currency: 'EUR', stage: 'lead', status: 'open',
      contact_id: null, company_id: null, owner_id: b.owner.userId, next_step: null, next_step_at: null, closed_at: null, created_at: NOW, updated_at: NOW,
    }));
    await insertMany(s, 'deals', deals);

    const page = async (path: string) => {
      const r = await b.owner.client.get(path);
      assert.equal(r.status, 200, path);
      return { total: r.body.total, relation: r.body.total_relation, items: r.body.items.length, next: r.body.next_cursor };
    };
    for (const path of ['/contacts?q=bulk', '/companies?q=BULKCO', '/deals?q=bulk%20deal']) {
      const p = await page(path);
      assert.deepEqual([p.total, p.relation, p.items], [10_000, 'gte', 25], path);
      assert.ok(p.next, `${path} pages on past the first page`);
    }
    // Without q: exact, also above 10,000.
    assert.deepEqual((await page('/contacts')).total, 10_002);
    assert.equal((await page('/contacts')).relation, 'eq');
    assert.deepEqual([(await page('/companies')).total, (await page('/companies')).relation], [10_001, 'eq']);
    assert.deepEqual([(await page('/deals')).total, (await page('/deals')).relation], [10_001, 'eq']);
    // Below the cap a search counts exactly: Many1, Many10..19, Many100..199, Many1000..1999, Many10000..10001.
    const below = await page('/contacts?q=many1');
    assert.deepEqual([below.total, below.relation], [1 + 10 + 100 + 1000 + 2, 'eq']);
    // The cap counts only rows the key can see: the other team sees none of them.
    const other = await a.owner.client.get('/contacts?q=bulk');
    assert.deepEqual([other.body.total, other.body.total_relation], [0, 'eq']);
  });
});
