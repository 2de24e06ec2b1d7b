// Prepared hot-path queries on the database itself never see another request's open
// transaction: on SQLite they share one connection, so a read while a transaction is open must
// wait for it (and see nothing if it rolls back) instead of running at once. Both databases.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { DatabaseHandle } from '../../src/db/database.ts';
import { openTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { ContactRepository } from '../../src/contacts/contact.repository.ts';
import { newId } from '../../src/lib/ids.ts';
import { loadConfig } from '../../src/config.ts';
import { createServices } from '../../src/services.ts';

describe('prepared queries and open transactions', () => {
  let tdb: TestDatabase;
  let handle: DatabaseHandle;
  let close: () => Promise<void>;
  before(async () => {
    ({ database: tdb, handle, close } = await openTestDatabase());
  });
  after(() => close());

  it('a read during a transaction that rolls back does not see its row; a read after a commit does', async () => {
    const services = createServices(loadConfig({ RZ_DATA_DIR: tdb.dataDir }), handle);
    const { team_id: teamId, owner_id: ownerId } = await services.identity.createTeam({ name: 'T', ownerEmail: 'owner@example.com' });
    const repo = new ContactRepository(handle.db);
    const now = new Date().toISOString();
    const row = (email: string) => ({ id: newId('contact'), team_id: teamId, email, first_name: 'Ada', last_name: null, phone: null, job_title: null, company_id: null, owner_id: ownerId, created_at: now, updated_at: now });

    for (const outcome of ['rollback', 'commit'] as const) {
      const contact = row(`${outcome}@example.com`);
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let inserted!: () => void;
      const insertedP = new Promise<void>((r) => (inserted = r));
      const tx = handle.db.transaction().execute(async (t) => {
        assert.equal(await new ContactRepository(t).insertIfAbsent(contact), true);
        inserted();
        await held;
        if (outcome === 'rollback') throw new Error('roll back');
      }).catch((err: Error) => err.message);
      await insertedP;
      const read = repo.byId(teamId, contact.id);
      release();
      const seen = await read;
      assert.equal(await tx, outcome === 'rollback' ? 'roll back' : undefined);
      // Read during a commit: before it (PostgreSQL's snapshot) or after it (SQLite waits), never half of it.
      if (outcome === 'rollback') assert.equal(seen, undefined, 'the rolled-back row was read');
      else assert.ok(seen === undefined || seen.email === contact.email);
      assert.equal((await repo.byId(teamId, contact.id))?.email, outcome === 'rollback' ? undefined : contact.email);
    }
  });
});
