// A server process for the benchmark: `hello` (plain Fastify hello-world, the baseline), `bare`
// (Fastify routes running RZ's SQLite statements directly, see sqlite-floor.ts) or `rz` (the real
// service on the seeded SQLite database). Prints its port on stdout.
import Fastify from 'fastify';
import { loadConfig } from '../src/config.ts';
import { migrate, openDatabase } from '../src/db/database.ts';
import { createServices } from '../src/services.ts';
import { buildApp } from '../src/http/app.ts';
import { floorWork } from './sqlite-floor.ts';

const mode = process.argv[2];
if (mode === 'hello') {
  const app = Fastify();
  app.get('/hello', async () => ({ hello: 'world' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.stdout.write(`${(app.server.address() as any).port}\n`);
} else if (mode === 'bare') {
  // The stack without RZ: Fastify routes that run the same SQLite statements as RZ and send the rows.
  const work = floorWork(process.env.RZ_DATA_DIR!, process.argv[3]);
  const app = Fastify();
  app.get('/detail', async () => work.detail());
  app.get('/list', async () => work.list());
  app.post('/create', async (_req, reply) => reply.code(201).send(work.create()));
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.stdout.write(`${(app.server.address() as any).port}\n`);
} else {
  const config = loadConfig();
  // As rz serve opens it (src/server.ts); BENCH_READ_THREADS=0 runs searches on the event loop.
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, backgroundCheckpoints: true, readThreads: Number(process.env.BENCH_READ_THREADS ?? 2) });
  await migrate(handle.db);
  const app = await buildApp(createServices(config, handle));
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.stdout.write(`${(app.server.address() as any).port}\n`);
}
process.on('SIGINT', () => process.exit(0));
