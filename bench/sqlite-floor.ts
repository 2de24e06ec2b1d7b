// The part of each measured request that is SQLite's own work: the same statements as RZ runs,
// on the benchmark's database, with better-sqlite3 directly. Timed alone (no HTTP, no framework)
// they show what SQLite costs per request. Served by bare Fastify routes (`bench/server.ts bare`)
// they are the reference of bench/cpu.ts: the stack without RZ's own code. The bare routes
// authenticate the key and count the request like RZ (one key lookup, one counter upsert per
// request), so RZ ÷ bare is what RZ's own code adds.
import path from 'node:path';
import { createHash } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { newId } from '../src/lib/ids.ts';
import { registerSqliteFunctions } from '../src/db/database.ts';
import { FALLBACK_AUTOCHECKPOINT_PAGES, startCheckpointer } from '../src/db/wal-checkpointer.ts';

export interface Floor { name: string; micros: number }

export interface FloorWork {
  /** Key lookup and request counter: what every API request costs before its own work. */
  guard(secret: string): { teamId: string; count: number } | null;
  detail(): unknown;
  list(): unknown;
  companies(): unknown;
  deals(): unknown;
  create(): unknown;
  patchDeal(dealId: string, nextStep: string): unknown;
  activity(contactId: string, body: string): unknown;
  /** POST /contacts under an Idempotency-Key: claim the key, the change with its `committed` mark, the stored answer. */
  createIdempotent(idemKey: string, body: string): unknown;
  close(): Promise<void>;
}

function hash(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}

export function floorWork(dataDir: string, contactId: string, opts: { checkpoints?: boolean } = {}): FloorWork {
  const db = new SQLite(path.join(dataDir, 'rz.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // Checkpoints as rz serve makes them: in a thread of its own, the automatic one as a far bound.
  db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  const checkpointer = opts.checkpoints ? startCheckpointer(path.join(dataDir, 'rz.sqlite')) : null;
  db.pragma('busy_timeout = 5000');
  // The search index's triggers (migration 012) run on the bare stack's inserts as on RZ's.
  registerSqliteFunctions(db);
  const { team_id: teamId, owner_id: ownerId } = db.prepare('select team_id, owner_id from contacts where id = ?').get(contactId) as { team_id: string; owner_id: string };
  const keyByHash = db.prepare('select k.id as key_id, k.scopes, k.revoked_at, u.id as user_id, u.role, u.active, t.id as team_id, t.licence, t.request_limit from api_keys k join users u on u.id = k.user_id join teams t on t.id = k.team_id where k.key_hash = ?');
  const counter = db.prepare("insert into usage_counters (scope_id, period, kind, count) values (?, ?, 'requests', 1) on conflict (scope_id, period, kind) do update set count = usage_counters.count + 1 returning count");
  const contact = db.prepare('select * from contacts where team_id = ? and id = ?');
  const nested = ['deals', 'tasks'].map((t) => db.prepare(`select * from ${t} where team_id = ? and contact_id = ? order by id desc limit 100`));
  const timeline = db.prepare('select * from activities where team_id = ? and contact_id = ? order by occurred_at desc, id desc limit 100');
  // Rows as arrays: the cheapest form better-sqlite3 gives, so the reference errs on the fast side.
  const page = db.prepare('select * from contacts where team_id = ? order by id desc limit 51').raw(true);
  const contactCount = db.prepare("select count from usage_counters where scope_id = ? and period = 'all' and kind = 'contacts'").pluck();
  const companyPage = db.prepare('select * from companies where team_id = ? order by id desc limit 51').raw(true);
  const companyCount = db.prepare('select count(*) from companies where team_id = ?').pluck();
  const dealPage = db.prepare("select * from deals where team_id = ? and status = 'open' order by id desc limit 51").raw(true);
  const dealCount = db.prepare("select count(*) from deals where team_id = ? and status = 'open'").pluck();
  const begin = db.prepare('begin immediate');
  const commit = db.prepare('commit');
  const insertContact = db.prepare('insert into contacts (id, team_id, email, first_name, last_name, phone, job_title, company_id, owner_id, created_at, updated_at) values (?, ?, ?, ?, null, null, null, null, ?, ?, ?) on conflict do nothing returning id');
  const insertEvent = db.prepare('insert into events (id, team_id, event, entity_type, entity_id, data, changed_fields, dispatched, created_at) values (?, ?, ?, ?, ?, ?, null, 0, ?)');
  const count = db.prepare("insert into usage_counters (scope_id, period, kind, count) values (?, 'all', 'contacts', 1) on conflict (scope_id, period, kind) do update set count = usage_counters.count + 1");
  const dealById = db.prepare('select * from deals where team_id = ? and id = ?');
  const updateDeal = db.prepare('update deals set next_step = ?, updated_at = ? where team_id = ? and id = ?');
  const insertActivity = db.prepare("insert into activities (id, team_id, kind, body, occurred_at, deal_id, contact_id, company_id, call_id, owner_id, created_at) values (?, ?, 'note', ?, ?, null, ?, ?, null, ?, ?)");
  const claimKey = db.prepare("insert into idempotency_keys (key_id, idem_key, team_id, method, path, body_hash, state, status_code, response_body, result_id, created_at) values (?, ?, ?, 'POST', '/api/v1/contacts', ?, 'pending', null, null, null, ?) on conflict do nothing");
  const markKey = db.prepare("update idempotency_keys set state = 'committed', result_id = ? where key_id = ? and idem_key = ? and state = 'pending' and created_at = ?");
  const storeAnswer = db.prepare("update idempotency_keys set state = 'done', status_code = 201, response_body = ? where key_id = ? and idem_key = ? and created_at = ?");
  const inTransaction = <T>(fn: () => T): T => {
    begin.run();
    try {
      const out = fn();
      commit.run();
      return out;
    } catch (err) {
      db.exec('rollback');
      throw err;
    }
  };
  let seq = 0;
  let keyId = '';
  const newContact = () => {
    const id = newId('contact');
    const now = new Date().toISOString();
    const row = { id, team_id: teamId, email: `floor${process.pid}-${seq++}@bench.example`, first_name: 'New', owner_id: ownerId, created_at: now, updated_at: now };
    if (insertContact.get(id, teamId, row.email, row.first_name, ownerId, now, now)) {
      count.run(teamId);
      insertEvent.run(newId('event'), teamId, 'contact.created', 'contact', id, JSON.stringify(row), now);
    }
    return row;
  };
  return {
    guard: (secret) => {
      const key = keyByHash.get(hash(secret)) as { key_id: string; team_id: string } | undefined;
      if (!key) return null;
      keyId = key.key_id;
      return { teamId: key.team_id, count: (counter.get(key.team_id, new Date().toISOString().slice(0, 10)) as { count: number }).count };
    },
    detail: () => {
      const row = contact.get(teamId, contactId) as Record<string, unknown>;
      const [deals, tasks] = nested.map((s) => s.all(teamId, contactId));
      return { ...row, company: null, deals, tasks, timeline: timeline.all(teamId, contactId) };
    },
    list: () => ({ items: page.all(teamId).slice(0, 50), next_cursor: null, total: contactCount.get(teamId) }),
    companies: () => ({ items: companyPage.all(teamId).slice(0, 50), next_cursor: null, total: companyCount.get(teamId) }),
    deals: () => ({ items: dealPage.all(teamId).slice(0, 50), next_cursor: null, total: dealCount.get(teamId) }),
    create: () => inTransaction(newContact),
    patchDeal: (dealId, nextStep) => inTransaction(() => {
      const deal = dealById.get(teamId, dealId) as Record<string, unknown>;
      const now = new Date().toISOString();
      updateDeal.run(nextStep, now, teamId, dealId);
      const row = { ...deal, next_step: nextStep, updated_at: now };
      insertEvent.run(newId('event'), teamId, 'deal.updated', 'deal', dealId, JSON.stringify(row), now);
      return row;
    }),
    activity: (noteContactId, body) => inTransaction(() => {
      const c = contact.get(teamId, noteContactId) as { company_id: string | null };
      const now = new Date().toISOString();
      const row = { id: newId('activity'), team_id: teamId, kind: 'note', body, occurred_at: now, contact_id: noteContactId, company_id: c.company_id, owner_id: ownerId, created_at: now };
      insertActivity.run(row.id, teamId, body, now, noteContactId, c.company_id, ownerId, now);
      insertEvent.run(newId('event'), teamId, 'activity.created', 'activity', row.id, JSON.stringify(row), now);
      return row;
    }),
    createIdempotent: (idemKey, body) => {
      const claimedAt = new Date().toISOString();
      claimKey.run(keyId, idemKey, teamId, hash(`POST /api/v1/contacts\n${body}`), claimedAt);
      const row = inTransaction(() => {
        const r = newContact();
        markKey.run(r.id, keyId, idemKey, claimedAt);
        return r;
      });
      storeAnswer.run(JSON.stringify(row), keyId, idemKey, claimedAt);
      return row;
    },
    close: async () => {
      await checkpointer?.stop();
      db.close();
    },
  };
}

function time(runs: number, fn: () => void): number {
  for (let i = 0; i < Math.min(1000, runs); i++) fn();
  const t = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) fn();
  return Number(process.hrtime.bigint() - t) / 1000 / runs;
}

export async function sqliteFloors(dataDir: string, contactId: string): Promise<Floor[]> {
  const work = floorWork(dataDir, contactId);
  try {
    return [
      { name: 'GET /contacts/{id}: 4 reads', micros: time(20_000, work.detail) },
      { name: 'GET /contacts?limit=50: 51 rows', micros: time(5_000, work.list) },
      { name: 'POST /contacts: 3 writes + COMMIT', micros: time(3_000, work.create) },
    ];
  } finally {
    await work.close();
  }
}
