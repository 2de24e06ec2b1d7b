// A server process for the benchmark: `hello` (plain Fastify hello-world), `bare` (Fastify routes
// running RZ's SQLite statements directly, see sqlite-floor.ts) or `rz` (`rz serve` itself, or with BENCH_READ_THREADS the API alone with that many read threads; as
// src/server.ts starts it: logging, background workers, checkpoint thread). Started with an IPC
// channel: it sends `{ port }` when listening and answers every message with its own CPU time
// and memory, so the bench measures this process alone (bench/cpu.ts).
import Fastify from 'fastify';
import { floorWork } from './sqlite-floor.ts';

async function listen(mode: string): Promise<number> {
  if (mode === 'hello') {
    const app = Fastify();
    app.get('/hello', async () => ({ hello: 'world' }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    return (app.server.address() as { port: number }).port;
  }
  if (mode === 'bare') {
    const work = floorWork(process.env.RZ_DATA_DIR!, process.argv[3], { checkpoints: true });
    const app = Fastify();
    app.addHook('onRequest', async (req, reply) => {
      const auth = work.guard(String(req.headers.authorization ?? '').slice('Bearer '.length));
      if (!auth) return reply.code(401).send({ error: 'invalid_key' });
      reply.header('x-ratelimit-remaining', String(100_000_000 - auth.count));
    });
    app.get('/detail', async () => work.detail());
    app.get('/contacts', async () => work.list());
    app.get('/companies', async () => work.companies());
    app.get('/deals', async () => work.deals());
    app.post('/contacts', async (req, reply) => {
      const key = req.headers['idempotency-key'];
      return reply.code(201).send(typeof key === 'string' ? work.createIdempotent(key, JSON.stringify(req.body)) : work.create());
    });
    app.patch('/deals/:id', async (req) => work.patchDeal((req.params as { id: string }).id, (req.body as { next_step: string }).next_step));
    app.post('/activities', async (req, reply) => {
      const body = req.body as { contact_id: string; body: string };
      return reply.code(201).send(work.activity(body.contact_id, body.body));
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    return (app.server.address() as { port: number }).port;
  }
  const { loadConfig } = await import('../src/config.ts');
  if (process.env.BENCH_READ_THREADS !== undefined) {
    // The API alone, with this many read threads (bench/search.ts: 0 runs searches on the event loop).
    const { migrate, openDatabase } = await import('../src/db/database.ts');
    const { createServices } = await import('../src/services.ts');
    const { buildApp } = await import('../src/http/app.ts');
    const config = loadConfig();
    const handle = openDatabase({ databaseUrl: null, dataDir: config.dataDir, backgroundCheckpoints: true, readThreads: Number(process.env.BENCH_READ_THREADS) });
    await migrate(handle.db);
    const app = await buildApp(createServices(config, handle));
    await app.listen({ host: '127.0.0.1', port: 0 });
    return (app.server.address() as { port: number }).port;
  }
  const { start } = await import('../src/server.ts');
  const running = await start('serve', loadConfig({ ...process.env, RZ_HOST: '127.0.0.1', RZ_PORT: '0' }));
  return (running.app!.server.address() as { port: number }).port;
}

const port = await listen(process.argv[2]);
process.on('message', () => {
  const cpu = process.cpuUsage();
  process.send!({ cpuMicros: cpu.user + cpu.system, rss: process.memoryUsage.rss(), maxRss: process.resourceUsage().maxRSS * 1024 });
});
process.send!({ port });
process.on('SIGINT', () => process.exit(0));
process.on('disconnect', () => process.exit(0));
