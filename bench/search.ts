// Search figures for `npm run bench` (issue 25): `q` at 1,000,000 contacts on SQLite, a rare term
// (one match), a medium one (a few thousand) and a common one (more than 10,000: total "gte"), in
// ms per search (page and total, as GET /contacts?q= runs them), through the trigram index and,
// as the baseline of the same run, the plain predicate scanning the team's rows as before the
// index (page and an uncapped count). Then a detail read's latency while one client searches,
// against the same server idle. Alone: `node --import tsx bench/search.ts` (BENCH_SEARCH_CONTACTS).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.ts';
import { migrate, openDatabase, sqliteConnectionOf, type DatabaseHandle } from '../src/db/database.ts';
import { createServices, type Services } from '../src/services.ts';
import { newId } from '../src/lib/ids.ts';
import { containsCi } from '../src/common/pagination.ts';
import type { Actor } from '../src/common/actor.ts';
import type { Figure } from './background.ts';
import { startServer } from './cpu.ts';

const CONTACTS = Number(process.env.BENCH_SEARCH_CONTACTS ?? 1_000_000);
const FIRST = ['Anna', 'Ben', 'Clara', 'David', 'Emma', 'Felix', 'Greta', 'Hannah', 'Jonas', 'Lena', 'Lukas', 'Marie', 'Noah', 'Paul', 'Sophie', 'Tim', 'Jürgen', 'Zoé', 'Ömer', 'Łukasz'];
const LAST = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Koch', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Braun', 'Zimmermann', 'Krüger'];
// The rare term: one contact; the medium one: every 400th contact (2,500 at 1,000,000).
const RARE = 'Quokkaberg';
const MEDIUM = 'Tannhof';

export const SEARCH_TERMS = { rare: RARE.toLowerCase(), medium: MEDIUM.toLowerCase(), common: 'anna' };

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
function p99(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.99))];
}

let indexBuild = 0;

async function seed(dataDir: string): Promise<{ handle: DatabaseHandle; services: Services; actor: Actor; key: string; contactId: string }> {
  const handle = openDatabase({ databaseUrl: null, dataDir });
  // Rows first, then migration 012 builds the index over them (as on an upgrade), which also
  // measures that; inserting a million rows one by one through the triggers takes far longer.
  await migrate(handle.db, { to: '011_search_composed_unicode' });
  const services = createServices(loadConfig({ RZ_DATA_DIR: dataDir }), handle);
  const { team_id, owner_id } = await services.identity.createTeam({ name: 'Search bench', ownerEmail: 'bench@example.com' });
  await services.identity.updateTeam(team_id, { request_limit: 100_000_000 });
  const { key } = await services.identity.createKey({ userId: owner_id });
  const sqlite = sqliteConnectionOf(handle.db)!;
  const insert = sqlite.prepare('insert into contacts (id, team_id, email, first_name, last_name, phone, job_title, company_id, owner_id, created_at, updated_at) values (?, ?, ?, ?, ?, ?, null, null, ?, ?, ?)');
  const now = new Date().toISOString();
  const batch = sqlite.transaction((start: number, end: number) => {
    for (let i = start; i < end; i++) {
      const first = FIRST[i % FIRST.length];
      const last = i === Math.floor(CONTACTS / 2) ? RARE : i % 400 === 7 ? MEDIUM : `${LAST[(i >> 3) % LAST.length]}`;
      insert.run(newId('contact'), team_id, `${first.toLowerCase()}.${last.toLowerCase()}${i}@firma${i % 97}.example`, first, last, `+49 30 ${1000000 + i}`, owner_id, now, now);
    }
  });
  for (let start = 0; start < CONTACTS; start += 10_000) batch(start, Math.min(CONTACTS, start + 10_000));
  await handle.db.insertInto('usage_counters').values({ scope_id: team_id, period: 'all', kind: 'contacts', count: CONTACTS }).execute();
  const t0 = performance.now();
  await migrate(handle.db);
  indexBuild = (performance.now() - t0) / 1000;
  const some = await handle.db.selectFrom('contacts').select('id').where('team_id', '=', team_id).orderBy('id').offset(Math.floor(CONTACTS / 3)).limit(1).executeTakeFirstOrThrow();
  const actor: Actor = { teamId: team_id, userId: owner_id, role: 'owner', name: 'Bench', email: 'bench@example.com', keyId: null, scopes: new Set(['read', 'write']) };
  return { handle, services, actor, key, contactId: some.id };
}

/**
 * ms per call, medians of `runs` after one warm-up: wall time, and this process's CPU time (SQLite
 * runs in it), which a loaded machine inflates far less than wall time.
 */
async function time(runs: number, fn: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  await fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    await fn();
    wall.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

/** The plain predicate of GET /contacts?q= as before the index: the page and an uncapped count. */
async function scanSearch(handle: DatabaseHandle, teamId: string, q: string): Promise<void> {
  const filtered = () => handle.db.selectFrom('contacts').where('team_id', '=', teamId).where((eb) => eb.or([
    containsCi('first_name', q), containsCi('last_name', q), containsCi('email', q), containsCi('phone', q),
    containsCi(sql`coalesce(first_name, '') || ' ' || coalesce(last_name, '')`, q),
  ]));
  await filtered().selectAll().orderBy('id', 'desc').limit(26).execute();
  await filtered().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
}

async function startRz(dataDir: string, readThreads: number): Promise<{ stop(): void; url: string }> {
  const server = await startServer('rz', dataDir, [], { RZ_LOG_LEVEL: 'warn', BENCH_READ_THREADS: String(readThreads) });
  return { stop: server.stop, url: `${server.url}/api/v1` };
}

/** Latencies (ms) of `n` detail reads one after another. */
async function detailReads(url: string, headers: Record<string, string>, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const r = await fetch(url, { headers });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`detail read answered ${r.status}`);
    out.push(performance.now() - t);
  }
  return out;
}

/** A detail read's latency, idle and while one client searches, with searches on the event loop (0 threads) or in read threads (as rz serve). */
async function concurrentFigures(dataDir: string, key: string, contactId: string, readThreads: number): Promise<Figure[]> {
  const rz = await startRz(dataDir, readThreads);
  const headers = { authorization: `Bearer ${key}` };
  const how = readThreads ? `searches in ${readThreads} read threads (rz serve)` : 'searches on the event loop';
  try {
    const detail = `${rz.url}/contacts/${contactId}`;
    await detailReads(detail, headers, 200);
    const idle = await detailReads(detail, headers, 1000);
    let stop = false;
    let searches = 0;
    const terms = Object.values(SEARCH_TERMS);
    const searcher = (async () => {
      while (!stop) {
        const r = await fetch(`${rz.url}/contacts?q=${encodeURIComponent(terms[searches++ % terms.length])}`, { headers });
        await r.arrayBuffer();
      }
    })();
    const busy = await detailReads(detail, headers, 1000);
    stop = true;
    await searcher;
    return [
      { name: `detail read, idle (median), ${how}`, value: median(idle), unit: 'ms' },
      { name: `detail read, one client searching (median), ${how}`, value: median(busy), unit: 'ms', ...(readThreads ? { target: { op: '<' as const, value: 2 } } : {}) },
      { name: `detail read, one client searching (p99), ${how}`, value: p99(busy), unit: 'ms' },
      { name: `searches run meanwhile (rare, medium, common in turn)`, value: searches, unit: '' },
    ];
  } finally {
    rz.stop();
  }
}

export async function searchFigures(): Promise<Figure[]> {
  if (CONTACTS <= 0) return [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rz-bench-search-'));
  try {
    process.stderr.write(`seeding ${CONTACTS} contacts for search...\n`);
    const t0 = performance.now();
    const { handle, services, actor, key, contactId } = await seed(dataDir);
    const seeded = (performance.now() - t0) / 1000;
    const figures: Figure[] = [
      { name: `seeding ${CONTACTS} contacts, index included`, value: seeded, unit: 's' },
      { name: 'of which migration 012 building the index', value: indexBuild, unit: 's' },
    ];
    const targets: Record<string, number | undefined> = { rare: 5, medium: undefined, common: 50 };
    for (const [name, q] of Object.entries(SEARCH_TERMS)) {
      const page = await services.contacts.list(actor, { q });
      const via = await time(20, () => services.contacts.list(actor, { q }));
      const scan = await time(3, () => scanSearch(handle, actor.teamId, q));
      const total = `${page.total_relation === 'gte' ? '>=' : ''}${page.total}`;
      const target = targets[name] ? { target: { op: '<' as const, value: targets[name]! } } : {};
      figures.push({ name: `search "${q}" (total ${total}), index: CPU`, value: via.cpu, unit: 'ms', ...target });
      figures.push({ name: `search "${q}", index: wall`, value: via.wall, unit: 'ms', ...target });
      figures.push({ name: `search "${q}", plain scan as before (baseline): CPU`, value: scan.cpu, unit: 'ms' });
      figures.push({ name: `search "${q}", plain scan as before (baseline): wall`, value: scan.wall, unit: 'ms' });
    }
    await handle.close();
    figures.push(...(await concurrentFigures(dataDir, key, contactId, 0)));
    figures.push(...(await concurrentFigures(dataDir, key, contactId, 2)));
    return figures;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const f of await searchFigures()) {
    const ok = !f.target || (f.target.op === '<' ? f.value < f.target.value : f.value >= f.target.value);
    console.log(`${f.name.padEnd(62)}${`${f.value.toFixed(f.value < 10 ? 2 : 0)} ${f.unit}`.padEnd(14)}${f.target ? `${f.target.op} ${f.target.value} ${f.unit} ${ok ? 'ok' : 'missed'}` : '-'}`);
  }
}
