// Runs a real `rz serve` (or `rz worker`) child process on a test database, for tests that
// need several processes or a crash (SIGKILL) and restart.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import type { TestDatabase } from './database.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** `rz` as tests run it: the TypeScript sources through tsx (the compiled build has its own test, test/cli/build.test.ts). */
export const RZ_CLI = ['--import', 'tsx', path.join(ROOT, 'src/cli.ts')];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface ChildServer {
  child: ChildProcess;
  baseUrl: string;
  api: string;
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export function dbEnv(database: TestDatabase): Record<string, string> {
  return { RZ_DATA_DIR: database.dataDir, ...(database.databaseUrl ? { RZ_DATABASE_URL: database.databaseUrl } : {}) };
}

/** `cli`: how to start rz (the sources by default; the build test passes its compiled launcher). */
export async function spawnRz(command: 'serve' | 'worker', database: TestDatabase, env: Record<string, string> = {}, cli: string[] = RZ_CLI): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [...cli, command], {
    cwd: ROOT,
    env: { ...process.env, ...dbEnv(database), RZ_PORT: String(port), RZ_HOST: '127.0.0.1', RZ_LOG_LEVEL: 'warn', RZ_WEBHOOK_ALLOW_PRIVATE: '1', RZ_WORKER_POLL_MS: '50', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { out += d; });
  const baseUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  if (command === 'serve') {
    // Generous: on a shared, busy machine a start from the TypeScript sources has taken over 30 s.
    const deadline = Date.now() + 300_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`rz serve exited early:\n${out}`);
      try {
        const r = await fetch(`${baseUrl}/healthz`);
        if (r.status === 200) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        await kill('SIGKILL');
        throw new Error(`rz serve did not become healthy:\n${out}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { child, baseUrl, api: `${baseUrl}/api/v1`, output: () => out, kill };
}
