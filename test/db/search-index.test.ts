// Search through the trigram indexes (migration 012) finds exactly what the plain `q` predicate
// finds: the same rows in the same order with the same totals, for contacts, companies and deals,
// for rows that existed before the migration (built by it) and rows written after (kept in step
// by every write, including a company renamed under its deals), for short searches (no trigram:
// a scan), umlauts, ß, accents composed or not, %, _, quotes and backslashes. Both databases.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql, type Kysely } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { migrate, openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import type { Database } from '../../src/db/schema.ts';
import { loadConfig } from '../../src/config.ts';
import { createServices, type Services } from '../../src/services.ts';
import { containsCi } from '../../src/common/pagination.ts';
import { CompanyRepository } from '../../src/companies/company.repository.ts';
import { newId } from '../../src/lib/ids.ts';
import type { Actor } from '../../src/common/actor.ts';

const NAMES: Array<[string | null, string | null]> = [
  ['Ada', 'Lovelace'], ['Jürgen', 'Müller'], ['JÜRGEN', 'MÜLLER'], ['Zoé', 'Durand'], ['Äse', 'Öztürk'], ['Hans', 'Straße'],
  ['Gerd', 'GROß'], ['İlkay', 'Yıldız'], ['Σοφία', 'ΟΔΥΣΣΕΑΣ'], ['Seán', "O'Brien"], ['Quinn', 'the "Quote"'], ['Per', '100% Sure'],
  ['Under', 'score_name'], ['Back', 'slash\\name'], ['Kelvin', 'Temp\u212a'], ['Emoji', '😀 Smile'], [null, 'Nofirst'], ['Nolast', null],
  ['Mary Ann', 'Lee-Smith'], ['ǅemal', 'Digraph'], ['Ꭰhero', 'Cherokee'], ['Ada', 'Byron'], ['ada', 'lovelace'], ['Ḿaria', 'Acute'],
];

// Written straight into the database as other systems or older versions may have: decomposed accents, odd spacing.
const RAW_NAMES: Array<[string, string]> = [['Zoe\u0301', 'Decomposed'], ['Mu\u0308ller', 'Zerlegt'], ['cafe\u0301', 'Cafe\u0301'], ['  Spaced  ', 'Out\tTab']];

const QUERIES = [
  'a', 'ad', 'ada', 'ADA', 'ada lov', 'a l', 'lovelace', 'müller', 'MÜLLER', 'mü', 'ller', 'muller', 'mu\u0308ller', 'zoé', 'zoe\u0301', 'zoe', 'é',
  'e\u0301', 'straße', 'STRASSE', 'ss', 'groß', 'GROSS', 'ß', 'ilkay', 'İlkay', 'i̇lk', 'yıldız', 'ΣΟΦ', 'σοφία', 'οδυσσεας', 'ς', 'σ', "o'b", "'",
  '"quote"', '"', '100%', '%', '%%', '_', 'score_', 'e_n', '\\', 'h\\n', 'temp', 'tempk', 'k', '😀', '😀 s', '@', '.test', 'example',
  '+49', '30 12', 'corp', 'acme', 'acme corp', 'ACME.io', 'initech', 'deal', 'renewal', 'cafe', 'café', 'spaced', 'out\tt', 'nothing-matches',
  'ǆemal', 'ǅem', 'ꭰhero', 'Ꭰhe', 'ḿar',
];

describe('search through the trigram indexes', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let services: Services;
  let db: Kysely<Database>;
  let owner: Actor;
  let member: Actor;
  let otherTeam: string;

  const actorOf = (teamId: string, userId: string, role: 'owner' | 'member'): Actor => ({ teamId, userId, role, name: role, email: `${role}@x.test`, keyId: null, scopes: new Set(['read', 'write']) });

  async function writeData(tag: string, beforeMigration: boolean): Promise<void> {
    for (const [i, [first, last]] of NAMES.entries()) {
      const company = i % 4 === 0 ? `${tag} Acme Corp ${i % 3}` : i % 4 === 1 ? `Initech ${last ?? ''} ${tag}` : null;
      const { row } = await services.contacts.upsert(i % 2 ? owner : member, { email: `p${i}.${tag}@example.test`, first_name: first, last_name: last, phone: i % 3 ? `+49 30 12${i}` : null, company });
      if (i % 3 === 0) await services.deals.create(i % 2 ? owner : member, { contact_id: row.id, title: i % 2 ? `Renewal ${first ?? ''} ${tag}` : null });
      if (i % 5 === 0) await services.deals.create(owner, { company: `${last ?? 'x'} Holding`, title: `Deal 100% ${i}_x "${tag}"` });
    }
    await services.companies.upsert(owner, { name: `Domain Co ${tag}`, domain: 'acme.io' });
    const at = new Date().toISOString();
    for (const [i, [first, last]] of RAW_NAMES.entries()) {
      await db.insertInto('contacts').values({ id: newId('contact'), team_id: owner.teamId, email: `raw${i}.${tag}@example.test`, first_name: first, last_name: last, phone: null, job_title: null, company_id: null, owner_id: owner.userId, created_at: at, updated_at: at }).execute();
      await db.insertInto('contacts').values({ id: newId('contact'), team_id: otherTeam, email: `raw${i}.${tag}@example.test`, first_name: first, last_name: last, phone: null, job_title: null, company_id: null, owner_id: owner.userId, created_at: at, updated_at: at }).execute();
    }
    if (!beforeMigration) {
      // Changes after the migration: a renamed contact, a changed email, a deal title, a company renamed under its deals.
      const ada = (await db.selectFrom('contacts').select('id').where('team_id', '=', owner.teamId).where('email', '=', `p0.${tag}@example.test`).executeTakeFirstOrThrow()).id;
      await services.contacts.upsert(owner, { email: `p0.${tag}@example.test`, first_name: 'Adelheid', last_name: 'Großmann' });
      await db.updateTable('contacts').set({ email: `renamed.${tag}@example.test` }).where('id', '=', ada).execute();
      const company = await db.selectFrom('companies').select('id').where('team_id', '=', owner.teamId).where('name', 'like', `${tag} Acme Corp 0`).executeTakeFirstOrThrow();
      await new CompanyRepository(db).update(owner.teamId, company.id, { name: `${tag} Renamed Café`, name_key: `${tag} renamed café` });
      const deal = await db.selectFrom('deals').select('id').where('team_id', '=', owner.teamId).orderBy('id').executeTakeFirstOrThrow();
      await services.deals.update(owner, deal.id, { title: 'Straßenbahn Renewal' });
    }
  }

  before(async () => {
    database = await createTestDatabase();
    handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    db = handle.db;
    await migrate(db, { to: '011_search_composed_unicode' });
    services = createServices(loadConfig({ RZ_DATA_DIR: database.dataDir }), handle);
    const team = await services.identity.createTeam({ name: 'Search', ownerEmail: 'owner@search.test' });
    const m = await services.identity.addUser({ teamId: team.team_id, email: 'member@search.test', role: 'member', name: 'Member' });
    owner = actorOf(team.team_id, team.owner_id, 'owner');
    member = actorOf(team.team_id, m.user_id, 'member');
    otherTeam = (await services.identity.createTeam({ name: 'Other', ownerEmail: 'owner@other.test' })).team_id;
    await writeData('old', true);
    await migrate(db);
    await writeData('new', false);
  });
  after(async () => {
    await handle.close();
    if (database.dialect === 'postgres') await new Promise((resolve) => setTimeout(resolve, 250));
    await database.drop();
  });

  /** The plain predicate, as before the indexes: ids newest first. */
  const plain = {
    contacts: (actor: Actor, q: string) => db.selectFrom('contacts').select('id').where('team_id', '=', actor.teamId).where((eb) => eb.or([
      containsCi('first_name', q), containsCi('last_name', q), containsCi('email', q), containsCi('phone', q),
      containsCi(sql`coalesce(first_name, '') || ' ' || coalesce(last_name, '')`, q),
    ])).orderBy('id', 'desc').execute(),
    companies: (actor: Actor, q: string) => db.selectFrom('companies').select('id').where('team_id', '=', actor.teamId)
      .where((eb) => eb.or([containsCi('name', q), containsCi('domain', q)])).orderBy('id', 'desc').execute(),
    deals: (actor: Actor, q: string) => {
      let qb = db.selectFrom('deals').select('deals.id').where('deals.team_id', '=', actor.teamId);
      if (actor.role === 'member') qb = qb.where('deals.owner_id', '=', actor.userId);
      return qb.where((eb) => eb.or([
        containsCi('deals.title', q),
        eb('deals.contact_id', 'in', eb.selectFrom('contacts').select('contacts.id').where('contacts.team_id', '=', actor.teamId).where((cb) => cb.or([
          containsCi('contacts.first_name', q), containsCi('contacts.last_name', q),
          containsCi(sql`coalesce(contacts.first_name, '') || ' ' || coalesce(contacts.last_name, '')`, q),
        ]))),
        eb('deals.company_id', 'in', eb.selectFrom('companies').select('companies.id').where('companies.team_id', '=', actor.teamId).where(containsCi('companies.name', q))),
      ])).orderBy('deals.id', 'desc').execute();
    },
  };

  /** Every page of a search through the service (the indexes), with the totals each page gave. */
  async function indexed(kind: 'contacts' | 'companies' | 'deals', actor: Actor, q: string): Promise<{ ids: string[]; totals: number[] }> {
    const ids: string[] = [];
    const totals: number[] = [];
    let cursor: string | undefined;
    do {
      const query = { q, cursor, limit: '7' };
      const page = kind === 'deals' ? await services.deals.list(actor, { ...query, status: 'all' }) : await services[kind].list(actor, query);
      assert.equal(page.total_relation, 'eq');
      ids.push(...page.items.map((r) => r.id));
      totals.push(page.total);
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    return { ids, totals };
  }

  it('finds the same rows in the same order with the same totals as the plain predicate', async () => {
    let found = 0;
    for (const actor of [owner, member]) {
      for (const kind of ['contacts', 'companies', 'deals'] as const) {
        for (const q of QUERIES) {
          const want = (await plain[kind](actor, q.trim())).map((r) => r.id);
          const got = await indexed(kind, actor, q);
          const label = `${kind} ${actor.role} q=${JSON.stringify(q)}`;
          assert.deepEqual(got.ids, want, label);
          assert.ok(got.totals.every((t) => t === want.length), `${label}: totals ${got.totals} for ${want.length}`);
          found += want.length;
        }
      }
    }
    assert.ok(found > 500, `the data set gives the searches something to find (${found})`);
  });

  it('gives the same answers with searches in read threads (rz serve on SQLite), and sees the latest commit', async () => {
    const threaded = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir, readThreads: 2 });
    try {
      const other = createServices(loadConfig({ RZ_DATA_DIR: database.dataDir }), threaded);
      const sample = ['ada', 'müller', 'zoé', 'a', '%', 'acme corp', '"quote"', 'nothing-matches'];
      const all = (p: { items: Array<{ id: string }>; total: number; total_relation: string; next_cursor: string | null }) => [p.items.map((r) => r.id), p.total, p.total_relation, p.next_cursor];
      for (const q of sample) {
        assert.deepEqual(all(await other.contacts.list(owner, { q })), all(await services.contacts.list(owner, { q })), `contacts ${q}`);
        assert.deepEqual(all(await other.companies.list(owner, { q })), all(await services.companies.list(owner, { q })), `companies ${q}`);
        assert.deepEqual(all(await other.deals.list(member, { q, status: 'all' })), all(await services.deals.list(member, { q, status: 'all' })), `deals ${q}`);
      }
      const searches = await Promise.all(sample.map((q) => other.contacts.list(owner, { q })));
      assert.equal(searches.length, sample.length);
      const { row } = await services.contacts.upsert(owner, { email: 'fresh@threads.test', first_name: 'Threadbare' });
      assert.deepEqual((await other.contacts.list(owner, { q: 'threadbare' })).items.map((r) => r.id), [row.id]);
    } finally {
      await threaded.close();
    }
  });

  it('follows every write: new names, changed emails and titles, a company renamed under its deals', async () => {
    const search = async (kind: 'contacts' | 'companies' | 'deals', q: string) => (await indexed(kind, owner, q)).ids.length;
    assert.equal(await search('contacts', 'Adelheid Großmann'), 1);
    assert.equal(await search('contacts', 'renamed.new@'), 1);
    assert.equal(await search('contacts', 'p0.new@'), 0);
    assert.equal(await search('companies', 'new Renamed Café'), 1);
    assert.equal(await search('companies', 'new Acme Corp 0'), 0);
    const renamed = await db.selectFrom('companies').select('id').where('team_id', '=', owner.teamId).where('name', '=', 'new Renamed Café').executeTakeFirstOrThrow();
    const under = await db.selectFrom('deals').select(['id', 'title']).where('company_id', '=', renamed.id).orderBy('id', 'desc').execute();
    assert.ok(under.length > 0);
    assert.deepEqual((await indexed('deals', owner, 'new renamed café')).ids, under.map((d) => d.id), 'its deals are found by the company\'s new name');
    // By the old name only where the deal's own title carries it (a default title is the company's name at creation).
    for (const id of (await indexed('deals', owner, 'new acme corp 0')).ids) assert.match(under.find((d) => d.id === id)?.title ?? '', /new Acme Corp 0/i);
    assert.equal(await search('deals', 'straßenbahn'), 1);
    // Rows that existed before the migration are found through what it built.
    assert.ok(await search('contacts', 'p5.old@example') > 0);
    assert.ok(await search('deals', 'renewal jürgen old') + await search('deals', 'holding') > 0);
  });
});
