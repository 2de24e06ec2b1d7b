// CSV import figures for `npm run bench`: `rz import contacts` (the compiled CLI, as an operator
// runs it) of BENCH_IMPORT_ROWS (default 100,000) new contacts with 1,000 companies named in
// them, into an empty SQLite database; then the same file again (every row found, nothing
// created). Target: 100,000 rows in under a minute. Alone: node --import tsx bench/import.ts
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Figure } from './background.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);

function rz(dataDir: string, args: string[]): Promise<{ out: any; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [path.join(ROOT, 'bin/rz.js'), ...args], { cwd: ROOT, env: { ...process.env, RZ_DATA_DIR: dataDir, RZ_DATABASE_URL: '' }, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`rz ${args.join(' ')} failed: ${stderr}`));
      else resolve({ out: JSON.parse(stdout), ms: performance.now() - t0 });
    });
  });
}

export async function importFigures(): Promise<Figure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rz-bench-import-'));
  try {
    const csv = path.join(dataDir, 'contacts.csv');
    const lines = ['Email,First Name,Last Name,Phone,Job Title,Company'];
    for (let i = 0; i < ROWS; i++) lines.push(`person${i}@import.example,First${i},Last${i},+49 30 ${1000000 + i},Buyer,Company ${i % 1000}`);
    fs.writeFileSync(csv, `${lines.join('\n')}\n`);
    const team = (await rz(dataDir, ['team', 'create', '--name', 'Import', '--owner-email', 'owner@import.example'])).out;
    const args = ['import', 'contacts', '--team', team.team_id, '--user', team.owner_id, csv];
    const first = await rz(dataDir, args);
    if (first.out.created !== ROWS) throw new Error(`bench import: created ${first.out.created} of ${ROWS}`);
    const second = await rz(dataDir, args);
    if (second.out.created !== 0) throw new Error(`bench import: the second run created ${second.out.created}`);
    const k = ROWS / 1000;
    return [
      { name: `rz import contacts: ${k}k new rows (SQLite)`, value: first.ms / 1000, unit: 's', target: { op: '<', value: 60 * (ROWS / 100_000) } },
      { name: 'rz import contacts: rate, new rows', value: ROWS / (first.ms / 1000), unit: 'rows/s' },
      { name: `rz import contacts: the same ${k}k rows again (all found)`, value: second.ms / 1000, unit: 's' },
    ];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const f of await importFigures()) console.log(`${f.name}: ${f.value.toFixed(f.value < 10 ? 2 : 0)} ${f.unit}${f.target ? ` (target ${f.target.op} ${f.target.value})` : ''}`);
}
