// Limits reach the SQL as literals (a bound LIMIT makes SQLite compile the statement anew on
// every run), and the lists that use them still return exactly the rows asked for, on both databases.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { DatabaseHandle } from '../../src/db/database.ts';
import { openTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { ContactRepository } from '../../src/contacts/contact.repository.ts';
import { newId } from '../../src/lib/ids.ts';
import { loadConfig } from '../../src/config.ts';
import { createServices } from '../../src/services.ts';

describe('literal limits', () => {
  let tdb: TestDatabase;
  let handle: DatabaseHandle;
  let close: () => Promise<void>;
  before(async () => {
    ({ database: tdb, handle, close } = await openTestDatabase());
  });
  after(() => close());

  it('compiles LIMIT and OFFSET as literals, the other values as parameters', () => {
    const q = handle.db.selectFrom('contacts').select('id').where('team_id', '=', 'tm_x').limit(7).offset(3).compile();
    assert.match(q.sql, /limit 7 offset 3$/);
    assert.deepEqual(q.parameters, ['tm_x']);
  });

  it('refuses a limit that is not an integer', () => {
    const q = handle.db.selectFrom('contacts').select('id').limit(2.5 as number).compile();
    assert.deepEqual(q.parameters, [2.5], 'a non-integer stays a parameter, never text in the SQL');
  });

  it('a prepared list page honours each limit, before and after a cursor', async () => {
    const services = createServices(loadConfig({ RZ_DATA_DIR: tdb.dataDir }), handle);
    const { team_id: teamId, owner_id: ownerId } = await services.identity.createTeam({ name: 'T', ownerEmail: 'owner@example.com' });
    const now = new Date().toISOString();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const id = newId('contact');
      ids.push(id);
      await handle.db.insertInto('contacts').values({ id, team_id: teamId, email: `c${i}@example.com`, first_name: null, last_name: null, phone: null, job_title: null, company_id: null, owner_id: ownerId, created_at: now, updated_at: now }).execute();
    }
    const newest = [...ids].sort().reverse();
    const repo = new ContactRepository(handle.db);
    for (const limit of [1, 5, 11, 12]) {
      const first = await repo.list(teamId, { limit });
      assert.deepEqual(first.map((r) => r.id), newest.slice(0, limit + 1));
      const next = await repo.list(teamId, { limit, before: newest[2] });
      assert.deepEqual(next.map((r) => r.id), newest.slice(3, 3 + limit + 1));
    }
  });
});
