// The benchmark's SQLite database: one team with `contacts` contacts and a tenth as many
// companies and open deals, an API key, and the ids and cursors the measured requests use.
import { loadConfig } from '../src/config.ts';
import { migrate, openDatabase } from '../src/db/database.ts';
import { createServices } from '../src/services.ts';
import { newId } from '../src/lib/ids.ts';
import { companyNameKey } from '../src/common/text.ts';
import { cursorKey, encodeCursor } from '../src/common/pagination.ts';

/** `contactId`: the contact whose detail is read; `noteContactId`: another, that POST /activities adds to (so the detail read does not grow). */
export interface Seeded { key: string; contactId: string; noteContactId: string; deepCursor: string; dealId: string }

export async function seed(dataDir: string, contacts: number): Promise<Seeded> {
  const config = loadConfig({ RZ_DATA_DIR: dataDir });
  const handle = openDatabase({ databaseUrl: null, dataDir });
  await migrate(handle.db);
  const services = createServices(config, handle);
  const { team_id, owner_id } = await services.identity.createTeam({ name: 'Bench', ownerEmail: 'bench@example.com' });
  await services.identity.updateTeam(team_id, { request_limit: 100_000_000 });
  const { key } = await services.identity.createKey({ userId: owner_id });
  const now = new Date().toISOString();
  const db = handle.db;
  const stage = (await db.selectFrom('pipeline_stages').select('key').where('team_id', '=', team_id).orderBy('position').executeTakeFirstOrThrow()).key;
  const others = Math.ceil(contacts / 10);
  for (let start = 0; start < contacts; start += 2000) {
    await db.transaction().execute(async (tx) => {
      const rows = [];
      for (let i = start; i < Math.min(contacts, start + 2000); i++) {
        rows.push({ id: newId('contact'), team_id, email: `person${i}@bench.example`, first_name: `First${i}`, last_name: `Last${i}`, phone: null, job_title: null, company_id: null, owner_id, created_at: now, updated_at: now });
      }
      for (let i = 0; i < rows.length; i += 200) await tx.insertInto('contacts').values(rows.slice(i, i + 200)).execute();
      if (start >= others) return;
      const companies = [];
      const deals = [];
      for (let i = start; i < Math.min(others, start + 2000); i++) {
        const name = `Company ${i}`;
        companies.push({ id: newId('company'), team_id, name, name_key: companyNameKey(name), domain: null, owner_id, created_at: now, updated_at: now });
        deals.push({ id: newId('deal'), team_id, title: `Deal ${i}`, value_cents: 100 * i, currency: 'EUR', stage, status: 'open' as const, contact_id: null, company_id: null, owner_id, next_step: null, next_step_at: null, closed_at: null, created_at: now, updated_at: now });
      }
      for (let i = 0; i < companies.length; i += 200) await tx.insertInto('companies').values(companies.slice(i, i + 200)).execute();
      for (let i = 0; i < deals.length; i += 200) await tx.insertInto('deals').values(deals.slice(i, i + 200)).execute();
    });
  }
  await db.insertInto('usage_counters').values({ scope_id: team_id, period: 'all', kind: 'contacts', count: contacts }).execute();
  const deep = await db.selectFrom('contacts').select('id').where('team_id', '=', team_id).orderBy('id', 'desc').offset(Math.floor(contacts * 0.9)).limit(1).executeTakeFirstOrThrow();
  const some = await db.selectFrom('contacts').select('id').where('team_id', '=', team_id).orderBy('id').offset(Math.floor(contacts / 2)).limit(1).executeTakeFirstOrThrow();
  const other = await db.selectFrom('contacts').select('id').where('team_id', '=', team_id).orderBy('id').offset(Math.floor(contacts / 3)).limit(1).executeTakeFirstOrThrow();
  const deal = await db.selectFrom('deals').select('id').where('team_id', '=', team_id).orderBy('id').limit(1).executeTakeFirstOrThrow();
  await handle.close();
  return { key, deepCursor: encodeCursor(cursorKey('contacts', team_id), deep.id), contactId: some.id, noteContactId: other.id, dealId: deal.id };
}
