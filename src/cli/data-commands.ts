// The operator's data commands: rz backup, rz restore (SQLite), rz import, rz export (CSV).
import fs from 'node:fs';
import type { Actor } from '../common/actor.ts';
import type { Services } from '../services.ts';
import type { Resource } from '../imports/csv-columns.ts';
import { CliFailure, parseFlags, requireFlag, UsageError } from './args.ts';
import { WROTE_STDOUT, type Command } from './command.ts';
import { progressBar } from './progress.ts';

const PG_BACKUP = 'RZ_DATABASE_URL points at PostgreSQL: back it up with pg_dump (e.g. pg_dump -Fc "$RZ_DATABASE_URL" > rz.dump) and restore with pg_restore; rz backup and rz restore handle the SQLite database only';

async function sqliteConfig() {
  const { loadConfig } = await import('../config.ts');
  const config = loadConfig();
  if (config.databaseUrl) throw new CliFailure(PG_BACKUP);
  return config;
}

const RESOURCE_NAMES = ['contacts', 'companies', 'deals'];

function resourceArg(arg: string): Resource {
  if (!RESOURCE_NAMES.includes(arg)) throw new UsageError(`the first argument must be contacts, companies or deals, not "${arg}"`);
  return arg as Resource;
}

/** The user the import or export acts as: an active user of the team, with that user's role (and so what the user may see). */
async function actorFor(services: Services, teamId: string, userId: string): Promise<Actor> {
  const { IdentityRepository } = await import('../identity/identity.repository.ts');
  const user = await new IdentityRepository(services.handle.db).user(userId);
  if (!user || user.team_id !== teamId) throw new CliFailure(`user ${userId} is not a user of team ${teamId}`);
  if (user.active !== 1) throw new CliFailure(`user ${userId} is deactivated`);
  return { teamId, userId, role: user.role, name: user.name, email: user.email, keyId: null, scopes: new Set(['read', 'write']) };
}

/** Bad rows on stderr, one a line: line number, field, message (the first 100, then how many more). */
function reportBadRows(rows: Array<{ line: number; field: string | null; message: string }>): void {
  const shown = rows.slice(0, 100).map((r) => `  line ${r.line}${r.field ? ` (${r.field})` : ''}: ${r.message}`);
  if (rows.length > 100) shown.push(`  ... and ${rows.length - 100} more`);
  if (shown.length) process.stderr.write(`${shown.join('\n')}\n`);
}

export const DATA_COMMANDS: Record<string, Command> = {
  backup: {
    usage: 'rz backup --to FILE',
    describe: 'Copy the SQLite database to FILE (a new file), safely while rz serve runs and writes. Prints {"backup", "bytes", "pages"}. On PostgreSQL: use pg_dump.',
    run: async (argv) => {
      const { flags } = parseFlags(argv, ['to']);
      const to = requireFlag(flags, 'to');
      const config = await sqliteConfig();
      const [{ openDatabase }, { backupSqlite, BackupError }] = await Promise.all([import('../db/database.ts'), import('../db/backup.ts')]);
      const handle = openDatabase({ databaseUrl: null, dataDir: config.dataDir });
      try {
        const out = await backupSqlite(handle, to);
        return { backup: out.file, bytes: out.bytes, pages: out.pages };
      } catch (err) {
        throw err instanceof BackupError ? new CliFailure(err.message) : err;
      } finally {
        await handle.close();
      }
    },
  },
  restore: {
    usage: 'rz restore --from FILE',
    describe: 'Replace the SQLite database in RZ_DATA_DIR with a backup, while nothing uses it (refused while rz serve, rz worker or another rz command has it open). The file is checked first (SQLite integrity check, RZ migrations); the previous database is kept as rz.sqlite.before-restore-<time>. Prints {"restored", "previous", "migrations"}.',
    run: async (argv) => {
      const { flags } = parseFlags(argv, ['from']);
      const from = requireFlag(flags, 'from');
      const config = await sqliteConfig();
      const [{ restoreSqlite, BackupError }, { DataDirInUse }] = await Promise.all([import('../db/backup.ts'), import('../db/data-dir-lock.ts')]);
      try {
        return restoreSqlite(config.dataDir, from);
      } catch (err) {
        throw err instanceof BackupError || err instanceof DataDirInUse ? new CliFailure(err.message) : err;
      }
    },
  },
  import: {
    usage: 'rz import contacts|companies|deals --team TEAM_ID --user USER_ID [--skip-bad-rows] FILE.csv',
    describe: 'Import a CSV file as the user: each row finds or creates as POST does (a second run creates nothing). Columns match case-insensitively (README: the columns per kind). A file with bad rows imports nothing and lists them by line; --skip-bad-rows imports the others. Prints {"resource", "rows", "created", "found", "skipped", "bad_rows"}.',
    run: async (argv, services) => {
      const { flags, args } = parseFlags(argv, ['team', 'user'], 2, ['skip-bad-rows']);
      const resource = resourceArg(args[0]);
      const skipBadRows = flags['skip-bad-rows'] === 'yes';
      const team = requireFlag(flags, 'team');
      const user = requireFlag(flags, 'user');
      let text: string;
      try {
        text = fs.readFileSync(args[1], 'utf8');
      } catch (err) {
        throw new CliFailure(`cannot read ${args[1]}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
      }
      const s = await services();
      const actor = await actorFor(s, team, user);
      const { CsvImportService, ImportRefused } = await import('../imports/csv-import.service.ts');
      const bar = progressBar(`importing ${resource}`);
      try {
        const result = await new CsvImportService(s).import(actor, resource, text, { skipBadRows, onProgress: bar.update });
        bar.end();
        reportBadRows(result.bad_rows);
        return result;
      } catch (err) {
        bar.end();
        if (!(err instanceof ImportRefused)) throw err;
        reportBadRows(err.badRows);
        throw new CliFailure(err.message);
      }
    },
  },
  export: {
    usage: 'rz export contacts|companies|deals --team TEAM_ID --user USER_ID > FILE.csv',
    describe: 'Write every row of that kind the user may see (a member: their own deals) as CSV on stdout, with the API\'s fields as columns.',
    run: async (argv, services) => {
      const { flags, args } = parseFlags(argv, ['team', 'user'], 1);
      const resource = resourceArg(args[0]);
      const s = await services();
      const actor = await actorFor(s, requireFlag(flags, 'team'), requireFlag(flags, 'user'));
      const { CsvExportService } = await import('../imports/csv-export.service.ts');
      for await (const chunk of new CsvExportService(s).csv(actor, resource)) {
        if (!process.stdout.write(chunk)) await new Promise((resolve) => process.stdout.once('drain', resolve));
      }
      return WROTE_STDOUT;
    },
  },
};
