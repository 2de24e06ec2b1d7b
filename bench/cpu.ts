// The server's own CPU time per request, per endpoint: for `rz serve`, for the bare stack
// (Fastify routes running the same SQLite statements, sqlite-floor.ts) and for a Fastify
// hello-world, all three up at once and measured in the same rounds. Each server process reports
// its user+system CPU time over IPC before and after a fixed number of requests (autocannon, from
// this process), so neither the load generator nor the other work on the machine is counted:
// unlike throughput, the figure barely moves when the cores are shared. Throughput and RSS are
// reported beside it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Seeded } from './seed.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const CONNECTIONS = 10;

interface Usage { cpuMicros: number; rss: number; maxRss: number }

export interface BenchServer {
  url: string;
  usage(): Promise<Usage>;
  stop(): void;
}

/** `root`: the checkout whose bench/server.ts (and so whose RZ) runs; another one for BENCH_BASELINE. */
export async function startServer(mode: 'hello' | 'bare' | 'rz' | 'rz-dist', dataDir: string, args: string[] = [], env: Record<string, string> = {}, root = ROOT): Promise<BenchServer> {
  // BENCH_CPU_PROF=<dir>: RZ's server writes a V8 CPU profile there when it stops (node --cpu-prof).
  const profile = mode === 'rz' && root === ROOT && process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // rz-dist: the compiled build without tsx's loader (about 60 MB), as installs run it.
  const entry = mode === 'rz-dist' ? [path.join(root, 'bench/server-dist.mjs')] : ['--import', 'tsx', path.join(root, 'bench/server.ts'), mode, ...args];
  const child: ChildProcess = spawn(process.execPath, [...profile, ...entry], {
    cwd: root, env: { ...process.env, RZ_DATA_DIR: dataDir, RZ_DATABASE_URL: '', ...env }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (c) => reject(new Error(`bench server ${mode} exited ${c}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    usage: () => new Promise<Usage>((resolve) => {
      child.once('message', (m) => resolve(m as Usage));
      child.send('usage');
    }),
    stop: () => { child.kill('SIGINT'); },
  };
}

export interface Endpoint {
  name: string;
  /** RZ's request, and the bare stack's doing the same work (null: hello-world only). */
  rz: (base: string) => autocannon.Options;
  bare: ((base: string) => autocannon.Options) | null;
  /** Target of RZ ÷ bare. */
  target: number | null;
}

let seq = 0;
const unique = () => `${process.pid}-${Date.now()}-${seq++}`;
const json = (make: () => object) => [{ setupRequest: (req: any) => ({ ...req, body: JSON.stringify(make()) }) }];

export function endpoints(s: Seeded): Endpoint[] {
  const get = (p: string) => (base: string) => ({ url: base + p });
  return [
    { name: 'GET /contacts/{id}', rz: get(`/api/v1/contacts/${s.contactId}`), bare: get('/detail'), target: 1.3 },
    { name: 'GET /contacts?limit=50', rz: get('/api/v1/contacts?limit=50'), bare: get('/contacts'), target: 1.3 },
    { name: 'GET /contacts?limit=50 (page at 90%)', rz: get(`/api/v1/contacts?limit=50&cursor=${s.deepCursor}`), bare: get('/contacts'), target: 1.3 },
    { name: 'GET /companies?limit=50', rz: get('/api/v1/companies?limit=50'), bare: get('/companies'), target: 1.3 },
    { name: 'GET /deals?limit=50', rz: get('/api/v1/deals?limit=50'), bare: get('/deals'), target: 1.3 },
    {
      name: 'POST /contacts (new e-mail)', target: 1.5,
      rz: (base) => ({ url: `${base}/api/v1/contacts`, method: 'POST', requests: json(() => ({ email: `new${unique()}@bench.example`, first_name: 'New' })) }),
      bare: (base) => ({ url: `${base}/contacts`, method: 'POST', requests: json(() => ({ email: `new${unique()}@bench.example`, first_name: 'New' })) }),
    },
    {
      name: 'PATCH /deals/{id}', target: 1.5,
      rz: (base) => ({ url: `${base}/api/v1/deals/${s.dealId}`, method: 'PATCH', requests: json(() => ({ next_step: `Call back ${unique()}` })) }),
      bare: (base) => ({ url: `${base}/deals/${s.dealId}`, method: 'PATCH', requests: json(() => ({ next_step: `Call back ${unique()}` })) }),
    },
    {
      name: 'POST /activities', target: 1.5,
      rz: (base) => ({ url: `${base}/api/v1/activities`, method: 'POST', requests: json(() => ({ kind: 'note', contact_id: s.noteContactId, body: `Note ${unique()}` })) }),
      bare: (base) => ({ url: `${base}/activities`, method: 'POST', requests: json(() => ({ contact_id: s.noteContactId, body: `Note ${unique()}` })) }),
    },
    {
      name: 'POST /contacts with Idempotency-Key', target: 1.8,
      rz: (base) => ({ url: `${base}/api/v1/contacts`, method: 'POST', requests: idempotent() }),
      bare: (base) => ({ url: `${base}/contacts`, method: 'POST', requests: idempotent() }),
    },
  ];
}

function idempotent() {
  return [{ setupRequest: (req: any) => ({ ...req, headers: { ...req.headers, 'idempotency-key': `k-${unique()}` }, body: JSON.stringify({ email: `idem${unique()}@bench.example`, first_name: 'New' }) }) }];
}

export interface Sample { micros: number; rps: number; non2xx: number }

/**
 * CPU µs per request of `server` over `amount` requests, after as many of the same requests as a
 * warm-up: until V8 has optimised the path, a request costs several times as much (a hello-world
 * 200 µs over its first 1,000 requests, 25 µs after 20,000).
 */
async function sample(server: BenchServer, opts: autocannon.Options, headers: Record<string, string>, amount: number): Promise<Sample> {
  await autocannon({ connections: CONNECTIONS, amount, headers, ...opts });
  const before = await server.usage();
  const result = await autocannon({ connections: CONNECTIONS, amount, headers, ...opts });
  const after = await server.usage();
  return { micros: (after.cpuMicros - before.cpuMicros) / result.requests.total, rps: result.requests.average, non2xx: result.non2xx };
}

/** `base`: RZ of the BENCH_BASELINE checkout, measured in the same rounds (empty without it). */
export interface CpuRow { name: string; target: number | null; rz: Sample[]; bare: Sample[]; base: Sample[] }

export interface CpuFigures { hello: Sample[]; rows: CpuRow[]; rssIdle: number; rssPeak: number; bareRssPeak: number; dist: { rssIdle: number; rssPeak: number } | null }

export async function cpuFigures(dataDir: string, s: Seeded, opts: { rounds: number; amount: number; log: (m: string) => void }): Promise<CpuFigures> {
  const hello = await startServer('hello', dataDir);
  const bare = await startServer('bare', dataDir, [s.contactId]);
  const rz = await startServer('rz', dataDir);
  // BENCH_BASELINE=<checkout>: that checkout's RZ on the same database, so a change is measured before and after in one run.
  const baseline = process.env.BENCH_BASELINE ? await startServer('rz', dataDir, [], {}, path.resolve(process.env.BENCH_BASELINE)) : null;
  try {
    // Idle: after start-up has settled (the analyzer's models load in the background).
    await new Promise((r) => setTimeout(r, 3000));
    const rssIdle = (await rz.usage()).rss;
    const auth = { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' };
    const list = endpoints(s);
    const rows: CpuRow[] = list.map((e) => ({ name: e.name, target: e.target, rz: [], bare: [], base: [] }));
    const helloSamples: Sample[] = [];
    for (let round = 0; round < opts.rounds; round++) {
      opts.log(`cpu round ${round + 1} of ${opts.rounds}...`);
      helloSamples.push(await sample(hello, { url: `${hello.url}/hello` }, {}, opts.amount));
      for (const [i, e] of list.entries()) {
        rows[i].rz.push(await sample(rz, e.rz(rz.url), auth, opts.amount));
        if (e.bare) rows[i].bare.push(await sample(bare, e.bare(bare.url), auth, opts.amount));
        if (baseline) rows[i].base.push(await sample(baseline, e.rz(baseline.url), auth, opts.amount));
      }
    }
    const rssPeak = (await rz.usage()).maxRss;
    const bareRssPeak = (await bare.usage()).maxRss;
    return { hello: helloSamples, rows, rssIdle, rssPeak, bareRssPeak, dist: await distRss(dataDir, list, auth, opts.amount) };
  } finally {
    hello.stop();
    bare.stop();
    rz.stop();
    baseline?.stop();
  }
}

/**
 * RSS of `rz serve` from dist/ (the compiled build, without tsx), idle and after every endpoint's
 * requests: what an installed server holds. Null when dist/ is not built (`npm run build`).
 */
async function distRss(dataDir: string, list: Endpoint[], headers: Record<string, string>, amount: number): Promise<CpuFigures['dist']> {
  if (!fs.existsSync(path.join(ROOT, 'dist/server.js'))) return null;
  const server = await startServer('rz-dist', dataDir);
  try {
    await new Promise((r) => setTimeout(r, 3000));
    const rssIdle = (await server.usage()).rss;
    for (const e of list) await autocannon({ connections: CONNECTIONS, amount, headers, ...e.rz(server.url) });
    return { rssIdle, rssPeak: (await server.usage()).maxRss };
  } finally {
    server.stop();
  }
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** The table: median CPU µs per request over the rounds, RZ ÷ bare per round and its median. */
export function printCpu(f: CpuFigures, meta: string): number {
  const pad = (x: string, n: number) => x.padEnd(n);
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
  console.log(`\nServer CPU time per request (µs, user+system of the server process; median of rounds) — ${meta}`);
  console.log(`${pad('endpoint', 40)}${pad('RZ µs', 9)}${pad('bare µs', 9)}${pad('RZ÷bare', 9)}${pad('target', 8)}${pad('result', 10)}${pad('RZ req/s', 10)}${pad('bare req/s', 12)}RZ÷bare per round`);
  const h = median(f.hello.map((x) => x.micros));
  console.log(`${pad('hello-world', 40)}${pad('', 9)}${pad(h.toFixed(1), 9)}${pad('', 27)}${pad('', 10)}${pad(median(f.hello.map((x) => x.rps)).toFixed(0), 12)}`);
  let failed = 0;
  for (const r of f.rows) {
    const rz = median(r.rz.map((x) => x.micros));
    const bare = r.bare.length ? median(r.bare.map((x) => x.micros)) : NaN;
    const ratios = r.rz.map((x, i) => x.micros / r.bare[i].micros);
    const ratio = median(ratios);
    const non2xx = [...r.rz, ...r.bare].reduce((n, x) => n + x.non2xx, 0);
    const ok = non2xx === 0 && (r.target === null || ratio <= r.target);
    if (!ok) failed++;
    console.log(`${pad(r.name, 40)}${pad(rz.toFixed(0), 9)}${pad(bare.toFixed(0), 9)}${pad(ratio.toFixed(2), 9)}${pad(r.target ? `<=${r.target}` : '-', 8)}${pad(non2xx ? `${non2xx} non-2xx` : ok ? 'ok' : 'missed', 10)}${pad(median(r.rz.map((x) => x.rps)).toFixed(0), 10)}${pad(median(r.bare.map((x) => x.rps)).toFixed(0), 12)}${ratios.map((x) => x.toFixed(2)).join(' ')}`);
  }
  const based = f.rows.filter((r) => r.base.length > 0);
  if (based.length > 0) {
    console.log(`\nBaseline (BENCH_BASELINE=${process.env.BENCH_BASELINE}), same rounds: before -> after`);
    console.log(`${pad('endpoint', 40)}${pad('base µs', 9)}${pad('RZ µs', 9)}${pad('base÷bare', 11)}${pad('RZ÷bare', 9)}RZ÷base per round`);
    for (const r of based) {
      const per = (xs: Sample[]) => xs.map((x, i) => x.micros / r.bare[i].micros);
      console.log(`${pad(r.name, 40)}${pad(median(r.base.map((x) => x.micros)).toFixed(0), 9)}${pad(median(r.rz.map((x) => x.micros)).toFixed(0), 9)}${pad(median(per(r.base)).toFixed(2), 11)}${pad(median(per(r.rz)).toFixed(2), 9)}${r.rz.map((x, i) => (x.micros / r.base[i].micros).toFixed(2)).join(' ')}`);
    }
  }
  // The targets are of the server as installed (dist/); under tsx its loader adds about 60 MB.
  const installed = f.dist ?? { rssIdle: f.rssIdle, rssPeak: f.rssPeak };
  const rssOk = installed.rssIdle < 150 * 1024 * 1024 && installed.rssPeak < 250 * 1024 * 1024;
  console.log(`RZ RSS under tsx: ${mb(f.rssIdle)} idle, ${mb(f.rssPeak)} peak under load; bare stack peak ${mb(f.bareRssPeak)}`);
  console.log(`RZ RSS ${f.dist ? 'from dist/ (as installed)' : 'under tsx (dist/ not built)'}: ${mb(installed.rssIdle)} idle (target < 150 MB), ${mb(installed.rssPeak)} peak under load (target < 250 MB) ${rssOk ? 'ok' : 'missed'}`);
  return failed + (rssOk ? 0 : 1);
}
