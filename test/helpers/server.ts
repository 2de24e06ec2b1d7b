// A real RZ server on loopback for tests: fresh database, real HTTP, the same wiring as `rz serve`.
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/config.ts';
import { migrate, openDatabase } from '../../src/db/database.ts';
import { createServices, type Services } from '../../src/services.ts';
import { buildApp } from '../../src/http/app.ts';
import { startBackground, type Background } from '../../src/worker/background.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export interface TestServer {
  baseUrl: string; // http://127.0.0.1:PORT
  api: string; // baseUrl + /api/v1
  services: Services;
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  background: Background | null;
  stop(): Promise<void>;
}

export async function startTestServer(opts: { env?: Record<string, string>; background?: boolean; database?: TestDatabase } = {}): Promise<TestServer> {
  const database = opts.database ?? (await createTestDatabase());
  const config = loadConfig({
    RZ_DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { RZ_DATABASE_URL: database.databaseUrl } : {}),
    RZ_WEBHOOK_ALLOW_PRIVATE: '1',
    RZ_WORKER_POLL_MS: '50',
    ...opts.env,
  });
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(handle.db);
  const services = createServices(config, handle);
  const app = await buildApp(services);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const background = opts.background ? startBackground(services) : null;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl, api: `${baseUrl}/api/v1`, services, app, database, config, background,
    async stop() {
      await background?.stop();
      await app.close();
      await handle.close();
      if (!opts.database) await database.drop();
    },
  };
}
