// The part of each measured request that is SQLite's own work, timed with better-sqlite3 directly
// on the benchmark's database (same statements, no HTTP, no framework). With hello-world's time
// per request it gives the best ratio an endpoint could reach on this machine if everything else
// cost nothing: ceiling = hello / (hello + SQLite alone).
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { newId } from '../src/lib/ids.ts';

export interface Floor { name: string; micros: number }

function time(runs: number, fn: () => void): number {
  for (let i = 0; i < Math.min(1000, runs); i++) fn();
  const t = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) fn();
  return Number(process.hrtime.bigint() - t) / 1000 / runs;
}

export function sqliteFloors(dataDir: string, contactId: string): Floor[] {
  const db = new SQLite(path.join(dataDir, 'rz.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // rz serve checkpoints in a thread of its own, so the request path pays no checkpoint.
  db.pragma('wal_autocheckpoint = 0');
  try {
    const { team_id: teamId, owner_id: ownerId } = db.prepare('select team_id, owner_id from contacts where id = ?').get(contactId) as { team_id: string; owner_id: string };
    const contact = db.prepare('select * from contacts where team_id = ? and id = ?');
    const nested = ['deals', 'tasks'].map((t) => db.prepare(`select * from ${t} where team_id = ? and contact_id = ? order by id desc limit 100`));
    const timeline = db.prepare('select * from activities where team_id = ? and contact_id = ? order by occurred_at desc, id desc limit 100');
    const page = db.prepare('select * from contacts where team_id = ? order by id desc limit 51').raw(true);
    const begin = db.prepare('begin immediate');
    const commit = db.prepare('commit');
    const insertContact = db.prepare('insert into contacts (id, team_id, email, first_name, last_name, phone, job_title, company_id, owner_id, created_at, updated_at) values (?, ?, ?, ?, null, null, null, null, ?, ?, ?) on conflict do nothing');
    const insertEvent = db.prepare("insert into events (id, team_id, event, entity_type, entity_id, data, changed_fields, dispatched, created_at) values (?, ?, 'contact.created', 'contact', ?, ?, null, 0, ?)");
    const count = db.prepare("insert into usage_counters (scope_id, period, kind, count) values (?, 'all', 'contacts', 1) on conflict (scope_id, period, kind) do update set count = usage_counters.count + 1");
    let seq = 0;
    const now = new Date().toISOString();
    return [
      { name: 'GET /contacts/{id}: 4 reads', micros: time(20_000, () => { contact.get(teamId, contactId); for (const s of nested) s.all(teamId, contactId); timeline.all(teamId, contactId); }) },
      { name: 'GET /contacts?limit=50: 51 rows', micros: time(5_000, () => page.all(teamId)) },
      {
        name: 'POST /contacts: 3 writes + COMMIT',
        micros: time(3_000, () => {
          const id = newId('contact');
          begin.run();
          insertContact.run(id, teamId, `floor${process.pid}-${seq++}@bench.example`, 'New', ownerId, now, now);
          insertEvent.run(newId('event'), teamId, id, '{}', now);
          count.run(teamId);
          commit.run();
        }),
      },
    ];
  } finally {
    db.close();
  }
}
