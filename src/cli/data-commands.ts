// The operator's data commands: rz backup, rz restore (SQLite), rz import, rz export (CSV).
import { CliFailure, parseFlags, requireFlag } from './args.ts';
import type { Command } from './command.ts';

const PG_BACKUP = 'RZ_DATABASE_URL points at PostgreSQL: back it up with pg_dump (e.g. pg_dump -Fc "$RZ_DATABASE_URL" > rz.dump) and restore with pg_restore; rz backup and rz restore handle the SQLite database only';

async function sqliteConfig() {
  const { loadConfig } = await import('../config.ts');
  const config = loadConfig();
  if (config.databaseUrl) throw new CliFailure(PG_BACKUP);
  return config;
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
};
