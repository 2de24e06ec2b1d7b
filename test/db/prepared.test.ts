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
import { writeTransaction } from '../../src/idempotency/idempotency-scope.ts';

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

  it('in a write transaction, prepared statements and built queries see each other in order, and roll back or commit together', async () => {
    const services = createServices(loadConfig({ RZ_DATA_DIR: tdb.dataDir }), handle);
    const { team_id: teamId, owner_id: ownerId } = await services.identity.createTeam({ name: 'W', ownerEmail: 'owner@write.test' });
    const now = new Date().toISOString();
    for (const outcome of ['rollback', 'commit'] as const) {
      const contact = { id: newId('contact'), team_id: teamId, email: `${outcome}@write.test`, first_name: 'Ada', last_name: null, phone: null, job_title: null, company_id: null, owner_id: ownerId, created_at: now, updated_at: now };
      const out = await writeTransaction(handle.db, async (tx) => {
        const repo = new ContactRepository(tx);
        assert.equal(await repo.insertIfAbsent(contact), true); // prepared
        const built = await tx.selectFrom('contacts').select('first_name').where('id', '=', contact.id).executeTakeFirst();
        assert.equal(built?.first_name, 'Ada');
        await repo.update(teamId, contact.id, { first_name: 'Grace' }); // built
        assert.equal((await repo.byId(teamId, contact.id))?.first_name, 'Grace'); // prepared
        if (outcome === 'rollback') throw new Error('roll back');
        return contact;
      }).catch((err: Error) => err.message);
      assert.equal(out, outcome === 'rollback' ? 'roll back' : contact);
      const after = await new ContactRepository(handle.db).byId(teamId, contact.id);
      assert.equal(after?.first_name, outcome === 'rollback' ? undefined : 'Grace');
      // The team's contact counter moved with the insert, or not at all.
      assert.equal(await new ContactRepository(handle.db).count(teamId), outcome === 'rollback' ? 0 : 1);
    }
  });
});
