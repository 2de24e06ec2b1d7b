// The part of each measured request that is SQLite's own work: the same statements as RZ runs,
// on the benchmark's database, with better-sqlite3 directly. Timed alone (no HTTP, no framework)
// they give the best ratio an endpoint could reach on this machine if everything else cost
// nothing: ceiling = hello / (hello + SQLite alone). Served by a bare Fastify route (`bench/server.ts
// bare`: no auth, no request counter, no RZ code) they give what the stack itself reaches.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { newId } from '../src/lib/ids.ts';
import { registerSqliteFunctions } from '../src/db/database.ts';

export interface Floor { name: string; micros: number }

export interface FloorWork {
  detail(): unknown;
  list(): unknown;
  create(): unknown;
  close(): void;
}

export function floorWork(dataDir: string, contactId: string): FloorWork {
  const db = new SQLite(path.join(dataDir, 'rz.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // rz serve checkpoints in a thread of its own, so the request path pays no checkpoint.
  db.pragma('wal_autocheckpoint = 0');
  db.pragma('busy_timeout = 5000');
  // The search index's triggers (migration 012) run on the bare stack's inserts as on RZ's.
  registerSqliteFunctions(db);
  const { team_id: teamId, owner_id: ownerId } = db.prepare('select team_id, owner_id from contacts where id = ?').get(contactId) as { team_id: string; owner_id: string };
  const contact = db.prepare('select * from contacts where team_id = ? and id = ?');
  const nested = ['deals', 'tasks'].map((t) => db.prepare(`select * from ${t} where team_id = ? and contact_id = ? order by id desc limit 100`));
  const timeline = db.prepare('select * from activities where team_id = ? and contact_id = ? order by occurred_at desc, id desc limit 100');
  // Rows as arrays: the cheapest form better-sqlite3 gives, so the ceiling errs on the generous side.
  const page = db.prepare('select * from contacts where team_id = ? order by id desc limit 51').raw(true);
  const begin = db.prepare('begin immediate');
  const commit = db.prepare('commit');
  const insertContact = db.prepare('insert into contacts (id, team_id, email, first_name, last_name, phone, job_title, company_id, owner_id, created_at, updated_at) values (?, ?, ?, ?, null, null, null, null, ?, ?, ?) on conflict do nothing');
  const insertEvent = db.prepare("insert into events (id, team_id, event, entity_type, entity_id, data, changed_fields, dispatched, created_at) values (?, ?, 'contact.created', 'contact', ?, ?, null, 0, ?)");
  const count = db.prepare("insert into usage_counters (scope_id, period, kind, count) values (?, 'all', 'contacts', 1) on conflict (scope_id, period, kind) do update set count = usage_counters.count + 1");
  let seq = 0;
  return {
    detail: () => {
      const row = contact.get(teamId, contactId) as Record<string, unknown>;
      const [deals, tasks] = nested.map((s) => s.all(teamId, contactId));
      return { ...row, deals, tasks, timeline: timeline.all(teamId, contactId) };
    },
    list: () => ({ items: page.all(teamId).slice(0, 50), next_cursor: null }),
    create: () => {
      const id = newId('contact');
      const now = new Date().toISOString();
      const row = { id, team_id: teamId, email: `floor${process.pid}-${seq++}@bench.example`, first_name: 'New', owner_id: ownerId, created_at: now, updated_at: now };
      begin.run();
      try {
        insertContact.run(id, teamId, row.email, row.first_name, ownerId, now, now);
        insertEvent.run(newId('event'), teamId, id, '{}', now);
        count.run(teamId);
        commit.run();
      } catch (err) {
        db.exec('rollback');
        throw err;
      }
      return row;
    },
    close: () => db.close(),
  };
}

function time(runs: number, fn: () => void): number {
  for (let i = 0; i < Math.min(1000, runs); i++) fn();
  const t = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) fn();
  return Number(process.hrtime.bigint() - t) / 1000 / runs;
}

export function sqliteFloors(dataDir: string, contactId: string): Floor[] {
  const work = floorWork(dataDir, contactId);
  try {
    return [
      { name: 'GET /contacts/{id}: 4 reads', micros: time(20_000, work.detail) },
      { name: 'GET /contacts?limit=50: 51 rows', micros: time(5_000, work.list) },
      { name: 'POST /contacts: 3 writes + COMMIT', micros: time(3_000, work.create) },
    ];
  } finally {
    work.close();
  }
}
