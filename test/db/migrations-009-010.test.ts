// Migrations 009 and 010. 009: company name keys stored before Unicode forms were folded are recomputed, so a
// company saved as "Mu\u0308ller" is found by "Müller" after an upgrade. Both databases.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useTestDatabase } from '../helpers/database.ts';
import { newId } from '../../src/lib/ids.ts';
import { up } from '../../src/db/migrations/009_company_name_keys.ts';
import { up as upStageHistory } from '../../src/db/migrations/010_stage_history_changes_only.ts';

describe('migration 009: company name keys', () => {
  const db = useTestDatabase();

  it('recomputes changed keys, leaves plain ones, and never makes two companies of a team share a key', async () => {
    const services = db.services();
    const { team_id, owner_id } = await services.identity.createTeam({ name: 'T', ownerEmail: 'owner@example.com' });
    const other = await services.identity.createTeam({ name: 'U', ownerEmail: 'other@example.com' });
    const oldKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
    const company = (teamId: string, name: string) => {
      const at = new Date().toISOString();
      return { id: newId('company'), team_id: teamId, name, name_key: oldKey(name), domain: null, owner_id, created_at: at, updated_at: at };
    };
    const decomposed = company(team_id, 'Mu\u0308ller GmbH');
    const plain = company(team_id, 'Initech AG');
    // Two spellings of one name, saved as two companies before the upgrade: the plain one keeps the key, the other its old one.
    const zeroWidth = company(team_id, 'Acme\u200b Corp');
    const acme = company(team_id, 'Acme Corp');
    const elsewhere = company(other.team_id, 'Mu\u0308ller GmbH');
    await db.handle.db.insertInto('companies').values([decomposed, plain, zeroWidth, acme, elsewhere]).execute();

    await up(db.handle.db);

    const keys = new Map((await db.handle.db.selectFrom('companies').select(['id', 'name_key']).execute()).map((r) => [r.id, r.name_key]));
    assert.equal(keys.get(decomposed.id), 'müller gmbh');
    assert.equal(keys.get(elsewhere.id), 'müller gmbh');
    assert.equal(keys.get(plain.id), 'initech ag');
    assert.equal(keys.get(acme.id), 'acme corp');
    assert.equal(keys.get(zeroWidth.id), zeroWidth.name_key);
    assert.equal(keys.size, 5);
  });
});

describe('migration 010: stage history holds stage changes only', () => {
  const db = useTestDatabase();

  it('removes the entry a new deal used to get and keeps every stage change', async () => {
    const services = db.services();
    const { team_id, owner_id } = await services.identity.createTeam({ name: 'T', ownerEmail: 'owner@example.com' });
    const actor = { teamId: team_id, userId: owner_id, role: 'owner' as const, name: 'O', email: 'owner@example.com', keyId: null, scopes: new Set(['read', 'write'] as const) };
    const deal = await services.deals.create(actor as never, { title: 'Old deal' });
    await services.deals.update(actor as never, deal.id, { stage: 'proposal' });
    const at = new Date().toISOString();
    await db.handle.db.insertInto('deal_stage_history').values({ id: newId('stageHistory'), team_id, deal_id: deal.id, from_stage: null as never, to_stage: 'lead', changed_at: at, changed_by: owner_id }).execute();

    await upStageHistory(db.handle.db);

    const rows = await db.handle.db.selectFrom('deal_stage_history').select(['from_stage', 'to_stage']).where('deal_id', '=', deal.id).execute();
    assert.deepEqual(rows, [{ from_stage: 'lead', to_stage: 'proposal' }]);
  });
});
