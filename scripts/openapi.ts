// Prints the OpenAPI document as `rz serve` serves it at /api/v1/openapi.json, built in process on
// a scratch SQLite database (nothing listens): `node --import tsx scripts/openapi.ts > openapi.json`.
// npm run sdk:generate feeds it to openapi-typescript for sdk/src/openapi.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { migrate, openDatabase } from '../src/db/database.ts';
import { createServices } from '../src/services.ts';
import { buildApp } from '../src/http/app.ts';

export async function openapiDocument(): Promise<Record<string, unknown>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rz-openapi-'));
  const config = loadConfig({ RZ_DATA_DIR: dataDir, RZ_LOG_LEVEL: 'error' });
  const handle = openDatabase({ databaseUrl: null, dataDir });
  try {
    await migrate(handle.db);
    const app = await buildApp(createServices(config, handle));
    try {
      const answer = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
      return answer.json();
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${JSON.stringify(await openapiDocument(), null, 2)}\n`);
}
