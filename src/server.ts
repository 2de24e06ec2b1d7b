// Process lifecycle for `rz serve` and `rz worker`: open the database, migrate, build services,
// start HTTP and/or background work, stop cleanly on SIGINT/SIGTERM.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { loadConfig, type Config } from './config.ts';
import { migrate, openDatabase } from './db/database.ts';
import { createServices, type Services } from './services.ts';
import { buildApp } from './http/app.ts';
import { startBackground, type Background } from './worker/background.ts';

/** Read threads of `rz serve` on SQLite: two searches at once off the event loop. */
const SEARCH_READ_THREADS = 2;

export interface Running {
  services: Services;
  app: FastifyInstance | null;
  background: Background | null;
  stop(): Promise<void>;
}

export async function start(mode: 'serve' | 'worker', config: Config = loadConfig()): Promise<Running> {
  // Searches run in read threads on SQLite, so a long one never holds up other requests (read-threads.ts).
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, backgroundCheckpoints: true, readThreads: mode === 'serve' ? SEARCH_READ_THREADS : 0 });
  await migrate(handle.db);
  const services = createServices(config, handle);
  const logger = { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] };
  let app: FastifyInstance | null = null;
  let log: FastifyBaseLogger;
  if (mode === 'serve') {
    app = await buildApp(services, { logger });
    log = app.log;
  } else {
    log = pino(logger);
  }
  if (config.webhookAllowPrivate) {
    log.warn('RZ_WEBHOOK_ALLOW_PRIVATE=1: webhooks may target http and private addresses. For local development and tests only — never in production.');
  }
  const withLimit = config.llm ? await handle.db.selectFrom('teams').select('id').where('spend_limit_cents', 'is not', null).limit(1).execute() : [];
  const priceWarning = llmPriceWarning(config, withLimit.length > 0);
  if (priceWarning) log.warn(priceWarning);
  if (app) {
    await app.listen({ host: config.host, port: config.port });
    const teams = await services.identity.repo.countTeams();
    if (teams === 0) printFirstStart(config);
  }
  const background = startBackground(services, { log });
  let stopped = false;
  return {
    services, app, background,
    async stop() {
      if (stopped) return;
      stopped = true;
      // HTTP stops taking connections while running background work finishes (both bounded),
      // then the database closes.
      await Promise.all([background.stop(), app?.close()]);
      await handle.close();
    },
  };
}

/** An LLM without prices costs 0 per call, so a team's daily spend limit would never hold. */
export function llmPriceWarning(config: Pick<Config, 'llm'>, someTeamHasSpendLimit: boolean): string | null {
  if (!config.llm || !someTeamHasSpendLimit) return null;
  if (config.llm.inputCentsPerMTok > 0 || config.llm.outputCentsPerMTok > 0) return null;
  return 'RZ_ANALYZER=llm without prices (RZ_LLM_PRICE_INPUT_CENTS_PER_MTOK, RZ_LLM_PRICE_OUTPUT_CENTS_PER_MTOK are 0): LLM analyses cost nothing, so the daily spend limits set on teams never hold.';
}

function printFirstStart(config: Config): void {
  const base = `http://${config.host}:${config.port}`;
  process.stderr.write(`
RZ is running at ${base} on ${config.databaseUrl ? 'PostgreSQL' : `SQLite under ${config.dataDir}`}, and no team exists yet.
Open ${base}/ to set up the team in the browser, or create the first team and an API key in
another terminal (same directory and RZ_* settings):

  npx rz team create --name "My team" --owner-email you@example.com --owner-password 'choose-a-password'
  npx rz key create --user <owner_id from the line above> --scopes read,write

Then try:  curl -H "Authorization: Bearer <key>" ${base}/api/v1/me
API reference: ${base}/docs
`);
}
