// npm run bench: the server's CPU time per request for the main API paths on SQLite with
// 100,000 contacts, for `rz serve`, the bare stack (Fastify + the same SQLite statements) and a
// Fastify hello-world measured in the same run (bench/cpu.ts), with RZ ÷ bare, RSS and throughput;
// then what SQLite alone costs, background-work figures, search at 1,000,000 contacts, CSV import
// (bench/import.ts) and start-up.
// `npm run bench -- --quick` (or BENCH_QUICK=1): only the CPU table, on 20,000 contacts, one
// round of 3,000 requests per endpoint (after as many to warm up): a few minutes.
// BENCH_CONTACTS, BENCH_ROUNDS (default 3) and BENCH_REQUESTS (default 5,000) override.
// BENCH_BASELINE=<another checkout>: its RZ is measured in the same rounds (before -> after of a change).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analysisFigures, callThroughput, webhookFigures, type Figure } from './background.ts';
import { sqliteFloors } from './sqlite-floor.ts';
import { callPageFigures } from './call-page.ts';
import { searchFigures } from './search.ts';
import { startupFigures } from './startup.ts';
import { importFigures } from './import.ts';
import { seed } from './seed.ts';
import { cpuFigures, printCpu } from './cpu.ts';
import { pgRoundTrips } from './pg-roundtrips.ts';

const QUICK = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? (QUICK ? 20_000 : 100_000));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (QUICK ? 1 : 3));
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? (QUICK ? 3_000 : 5_000));
const log = (m: string) => process.stderr.write(`${m}\n`);

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rz-bench-'));
  try {
    log(`seeding ${CONTACTS} contacts...`);
    const t0 = Date.now();
    const seeded = await seed(dataDir, CONTACTS);
    log(`seeded in ${Date.now() - t0} ms`);
    const cpu = await cpuFigures(dataDir, seeded, { rounds: ROUNDS, amount: REQUESTS, log });
    const load = os.loadavg().map((x) => x.toFixed(1)).join(' ');
    let failed = printCpu(cpu, `SQLite, ${CONTACTS} contacts, ${Math.ceil(CONTACTS / 10)} companies and open deals, ${ROUNDS} round(s) of ${REQUESTS} requests per endpoint, 10 connections, ${os.cpus().length} cores, load average ${load}`);
    let checks = cpu.rows.length + 1;

    const pad = (s: string, n: number) => s.padEnd(n);
    console.log(`\n${pad('SQLite alone (better-sqlite3, no HTTP)', 40)}µs`);
    for (const f of await sqliteFloors(dataDir, seeded.contactId)) console.log(`${pad(f.name, 40)}${f.micros.toFixed(1)}`);
    if (process.env.RZ_BENCH_PG_URL) {
      console.log(`\n${pad('PostgreSQL round trips per request', 44)}${pad('count', 8)}ceiling`);
      for (const r of await pgRoundTrips(process.env.RZ_BENCH_PG_URL)) {
        const ok = r.ceiling === 0 || r.count <= r.ceiling;
        if (!ok) failed++;
        if (r.ceiling) checks++;
        console.log(`${pad(r.name, 44)}${pad(String(r.count), 8)}${r.ceiling ? `≤ ${r.ceiling} ${ok ? 'ok' : 'missed'}` : '-'}`);
      }
    }
    if (QUICK) {
      console.log(`bench (quick): ${checks - failed} passed, ${failed} failed`);
      return;
    }

    log('measuring background work...');
    const figures: Figure[] = [...analysisFigures(), ...(await callThroughput()), ...(await webhookFigures()), ...(await callPageFigures()), ...(await searchFigures()), ...(await importFigures())];
    log('measuring start-up times...');
    const startup = await startupFigures();
    console.log(`\n${pad('background work', 62)}${pad('value', 14)}target`);
    for (const f of figures) {
      const ok = !f.target || (f.target.op === '<' ? f.value < f.target.value : f.value >= f.target.value);
      if (!ok) failed++;
      console.log(`${pad(f.name, 62)}${pad(`${f.value.toFixed(f.value < 10 ? 2 : 0)} ${f.unit}`, 14)}${f.target ? `${f.target.op} ${f.target.value} ${f.unit} ${ok ? 'ok' : 'missed'}` : '-'}`);
    }
    console.log(`\n${pad('start-up (median of fresh processes)', 62)}${pad('value', 14)}target`);
    for (const f of startup) {
      const ok = !f.target || f.value < f.target.value;
      if (!ok) failed++;
      console.log(`${pad(f.name, 62)}${pad(`${f.value.toFixed(0)} ${f.unit}`, 14)}${f.target ? `< ${f.target.value} ${f.unit} ${ok ? 'ok' : 'missed'}` : '-'}`);
    }
    checks += [...figures, ...startup].filter((f) => f.target).length;
    console.log(`bench: ${checks - failed} passed, ${failed} failed`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
