// Start-up figures for `npm run bench`: how long short CLI commands take and how long `rz serve`
// needs to answer /healthz on an empty SQLite database, for the compiled build (what `rz` and
// `npm start` run) and, for comparison, for the TypeScript sources run through tsx.
// Each figure is the median of BENCH_STARTUP_RUNS (default 5) fresh processes.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../test/helpers/process.ts';
import type { Figure } from './background.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 5);
const LAUNCHERS = {
  compiled: [path.join(ROOT, 'bin/rz.js')],
  'tsx sources': ['--import', 'tsx', path.join(ROOT, 'src/cli.ts')],
};
type Launcher = keyof typeof LAUNCHERS;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function env(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, RZ_DATA_DIR: dataDir, RZ_DATABASE_URL: '', RZ_LOG_LEVEL: 'warn', ...extra };
}

function timeCommand(launcher: Launcher, dataDir: string, args: string[]): Promise<number> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [...LAUNCHERS[launcher], ...args], { cwd: ROOT, env: env(dataDir) }, (err, _stdout, stderr) => {
      if (err) reject(new Error(`rz ${args.join(' ')} failed: ${stderr}`));
      else resolve(performance.now() - t0);
    });
  });
}

/** From spawning `rz serve` to the first 200 from /healthz, polling every 10 ms. */
async function timeServe(launcher: Launcher): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rz-bench-start-'));
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [...LAUNCHERS[launcher], 'serve'], { cwd: ROOT, env: env(dataDir, { RZ_PORT: String(port), RZ_HOST: '127.0.0.1' }), stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error('bench: rz serve exited early');
      if (performance.now() - t0 > 60_000) throw new Error('bench: rz serve did not answer /healthz within 60 s');
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status === 200, () => false);
      if (ok) return performance.now() - t0;
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function launcherFigures(launcher: Launcher, target: boolean): Promise<Figure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rz-bench-cli-'));
  try {
    await timeCommand(launcher, dataDir, ['migrate']); // the database exists from here on
    const times: Record<string, number[]> = { version: [], migrate: [], team: [], serve: [] };
    for (let i = 0; i < RUNS; i++) {
      times.version.push(await timeCommand(launcher, dataDir, ['--version']));
      times.migrate.push(await timeCommand(launcher, dataDir, ['migrate']));
      times.team.push(await timeCommand(launcher, dataDir, ['team', 'create', '--name', `Bench ${i}`, '--owner-email', `owner${i}@bench.example`]));
      times.serve.push(await timeServe(launcher));
    }
    const ms = (name: string, xs: number[], limit: number): Figure => ({ name: `${name} (${launcher})`, value: median(xs), unit: 'ms', ...(target ? { target: { op: '<', value: limit } } : {}) });
    return [
      ms('rz --version', times.version, 500),
      ms('rz migrate (existing database)', times.migrate, 500),
      ms('rz team create', times.team, 500),
      ms('rz serve until /healthz answers (empty database)', times.serve, 2000),
    ];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The compiled build has targets; the tsx figures show what the build saves. */
export async function startupFigures(): Promise<Figure[]> {
  if (!fs.existsSync(path.join(ROOT, 'dist/cli.js'))) throw new Error('bench: no compiled build in dist/; run `npm run build` first');
  return [...(await launcherFigures('compiled', true)), ...(await launcherFigures('tsx sources', false))];
}
