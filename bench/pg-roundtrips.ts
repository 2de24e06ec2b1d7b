// PostgreSQL round trips per API request (issue 25: at most 3 for a detail read, 6 for a create),
// printed by `npm run bench` when RZ_BENCH_PG_URL names a PostgreSQL server (an admin URL: a
// database is created for the run and dropped after). Every statement a pg client sends to that
// database during one request over HTTP is counted, as test/db/pg-roundtrips.test.ts counts them.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { migrate, openDatabase } from '../src/db/database.ts';
import { createServices } from '../src/services.ts';
import { buildApp } from '../src/http/app.ts';
import { ApiClient } from '../test/helpers/client.ts';

export interface RoundTrips { name: string; count: number; ceiling: number }

async function admin(url: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

export async function pgRoundTrips(adminUrl: string): Promise<RoundTrips[]> {
  const name = `rz_bench_${randomBytes(6).toString('hex')}`;
  await admin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: url.toString(), dataDir: '.' });
  const query = pg.Client.prototype.query;
  try {
    await migrate(handle.db);
    const services = createServices(loadConfig({ RZ_DATABASE_URL: url.toString(), RZ_LOG_LEVEL: 'warn' }), handle);
    const app = await buildApp(services);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;
    const { owner_id } = await services.identity.createTeam({ name: 'Round trips', ownerEmail: 'bench@example.com' });
    const client = new ApiClient(`http://127.0.0.1:${port}/api/v1`, (await services.identity.createKey({ userId: owner_id })).key);
    const contact = (await client.post('/contacts', { email: 'ada@example.com', company: 'Analytical Engines' })).body;
    const deal = (await client.post('/deals', { contact_id: contact.id })).body;
    let sent = 0;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      if (this.database === name) sent++;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    const count = async (call: () => Promise<unknown>) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      sent = 0;
      await call();
      await new Promise((resolve) => setTimeout(resolve, 50));
      return sent;
    };
    const rows: RoundTrips[] = [
      { name: 'GET /contacts/{id}', count: await count(() => client.get(`/contacts/${contact.id}`)), ceiling: 3 },
      { name: 'GET /deals/{id}', count: await count(() => client.get(`/deals/${deal.id}`)), ceiling: 3 },
      { name: 'GET /companies/{id}', count: await count(() => client.get(`/companies/${contact.company_id}`)), ceiling: 3 },
      { name: 'POST /contacts, new e-mail', count: await count(() => client.post('/contacts', { email: 'new@example.com' })), ceiling: 6 },
      { name: 'POST /deals', count: await count(() => client.post('/deals', { contact_id: contact.id })), ceiling: 6 },
      { name: 'POST /activities', count: await count(() => client.post('/activities', { kind: 'note', contact_id: contact.id })), ceiling: 6 },
      { name: 'POST /contacts with an Idempotency-Key', count: await count(() => client.post('/contacts', { email: 'idem@example.com' }, { 'idempotency-key': 'k1' })), ceiling: 0 },
    ];
    pg.Client.prototype.query = query;
    await app.close();
    return rows;
  } finally {
    pg.Client.prototype.query = query;
    await handle.close();
    await new Promise((resolve) => setTimeout(resolve, 250));
    await admin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
