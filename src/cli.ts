// The operator CLI `rz` (contract: decisions.md). Every command prints one JSON object on
// stdout and exits 0, or prints an error on stderr and exits non-zero.
// Modules load when a command needs them: `rz --version` and `rz --help` load none of the
// service, and no command loads the HTTP server but `serve` (start-up time, see bench/startup.ts).
import fs from 'node:fs';
import type { Services } from './services.ts';
import { AppError } from './errors/app-error.ts';
import { CliFailure, intFlag, parseFlags, requireFlag, UsageError, yesNo } from './cli/args.ts';
import type { TeamUpdate, UserUpdate } from './identity/identity.service.ts';
import type { Role } from './db/schema.ts';
import { WROTE_STDOUT, type Command } from './cli/command.ts';
import { DATA_COMMANDS } from './cli/data-commands.ts';

const COMMANDS: Record<string, Command> = {
  serve: {
    usage: 'rz serve',
    describe: 'API, application and background worker in one process (RZ_HOST, RZ_PORT).',
    run: async (argv) => {
      parseFlags(argv, []);
      const { start } = await import('./server.ts');
      const running = await start('serve');
      holdUntilSignal(running.stop);
      return undefined;
    },
  },
  worker: {
    usage: 'rz worker',
    describe: 'Background work only (call analysis, webhook delivery); run several on PostgreSQL.',
    run: async (argv) => {
      parseFlags(argv, []);
      const { start } = await import('./server.ts');
      const running = await start('worker');
      process.stderr.write('rz worker running; Ctrl-C to stop.\n');
      holdUntilSignal(running.stop);
      return undefined;
    },
  },
  migrate: {
    usage: 'rz migrate',
    describe: 'Apply database migrations (also done on every start).',
    run: async (argv) => {
      parseFlags(argv, []);
      const [{ loadConfig }, { migrate, openDatabase }] = await Promise.all([import('./config.ts'), import('./db/database.ts')]);
      const config = loadConfig();
      const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      try {
        const applied = await migrate(handle.db);
        return { migrated: true, applied, database: handle.dialect };
      } finally {
        await handle.close();
      }
    },
  },
  'team create': {
    usage: 'rz team create --name NAME --owner-email EMAIL [--owner-name N] [--owner-password P]',
    describe: 'Create a team and its owner. Prints {"team_id", "owner_id"}.',
    run: async (argv, services) => {
      const { flags } = parseFlags(argv, ['name', 'owner-email', 'owner-name', 'owner-password']);
      const s = await services();
      return s.identity.createTeam({ name: requireFlag(flags, 'name'), ownerEmail: requireFlag(flags, 'owner-email'), ownerName: flags['owner-name'], ownerPassword: flags['owner-password'] });
    },
  },
  'team list': {
    usage: 'rz team list',
    describe: 'Every team, oldest first. Prints {"teams": [...]}.',
    run: async (argv, services) => {
      parseFlags(argv, []);
      return (await services()).identity.listTeams();
    },
  },
  'team update': {
    usage: 'rz team update TEAM_ID [--licence active|inactive] [--request-limit N] [--call-limit N] [--team-cap N|none] [--spend-limit-cents N|none] [--name NAME]',
    describe: "Change a team's licence, limits and allowances. Prints the team.",
    run: async (argv, services) => {
      const { flags, args } = parseFlags(argv, ['licence', 'request-limit', 'call-limit', 'team-cap', 'spend-limit-cents', 'name'], 1);
      const patch: TeamUpdate = {};
      if (flags.licence !== undefined) {
        if (flags.licence !== 'active' && flags.licence !== 'inactive') throw new UsageError('--licence must be active or inactive');
        patch.licence = flags.licence;
      }
      if (flags['request-limit'] !== undefined) patch.request_limit = intFlag(flags['request-limit'], 'request-limit')!;
      if (flags['call-limit'] !== undefined) patch.call_limit = intFlag(flags['call-limit'], 'call-limit')!;
      if (flags['team-cap'] !== undefined) patch.team_cap = intFlag(flags['team-cap'], 'team-cap', { allowNone: true });
      if (flags['spend-limit-cents'] !== undefined) patch.spend_limit_cents = intFlag(flags['spend-limit-cents'], 'spend-limit-cents', { allowNone: true });
      if (flags.name !== undefined) patch.name = flags.name;
      return (await services()).identity.updateTeam(args[0], patch);
    },
  },
  'user add': {
    usage: 'rz user add --team TEAM_ID --email EMAIL --role owner|manager|member [--name N] [--password P]',
    describe: 'Add a user to a team. Prints {"user_id"}.',
    run: async (argv, services) => {
      const { flags } = parseFlags(argv, ['team', 'email', 'role', 'name', 'password']);
      const s = await services();
      return s.identity.addUser({ teamId: requireFlag(flags, 'team'), email: requireFlag(flags, 'email'), role: requireFlag(flags, 'role'), name: flags.name, password: flags.password });
    },
  },
  'user list': {
    usage: 'rz user list --team TEAM_ID',
    describe: 'The users of a team, oldest first (no password hashes). Prints {"users": [...]}.',
    run: async (argv, services) => {
      const { flags } = parseFlags(argv, ['team']);
      return (await services()).identity.listUsers(requireFlag(flags, 'team'));
    },
  },
  'user update': {
    usage: 'rz user update USER_ID [--role R] [--consent yes|no] [--paid yes|no] [--personal-pool N|none] [--credits N] [--active yes|no] [--password P] [--name N]',
    describe: "Change a user's role, consent, paid product, personal pool, credits, name or password. Prints the user. --active no revokes the user's API keys for good (--active yes does not bring them back); --password signs the user out of the application everywhere.",
    run: async (argv, services) => {
      const { flags, args } = parseFlags(argv, ['role', 'consent', 'paid', 'personal-pool', 'credits', 'active', 'password', 'name'], 1);
      const patch: UserUpdate = {};
      if (flags.role !== undefined) {
        const { ROLES } = await import('./identity/identity.service.ts');
        if (!ROLES.includes(flags.role as Role)) throw new UsageError('--role must be owner, manager or member');
        patch.role = flags.role as Role;
      }
      if (flags.consent !== undefined) patch.consent = yesNo(flags.consent, 'consent');
      if (flags.paid !== undefined) patch.paid = yesNo(flags.paid, 'paid');
      if (flags.active !== undefined) patch.active = yesNo(flags.active, 'active');
      if (flags['personal-pool'] !== undefined) patch.personal_pool = intFlag(flags['personal-pool'], 'personal-pool', { allowNone: true });
      if (flags.credits !== undefined) patch.credits = intFlag(flags.credits, 'credits')!;
      if (flags.password !== undefined) patch.password = flags.password;
      if (flags.name !== undefined) patch.name = flags.name;
      const s = await services();
      const user = await s.identity.updateUser(args[0], patch);
      // A password set by the operator (a lost or leaked one) signs the user out everywhere, as on the Team page.
      if (patch.password !== undefined) await s.sessions.endSessionsOf(args[0]);
      return user;
    },
  },
  'key create': {
    usage: 'rz key create --user USER_ID [--scopes read,write] [--name N]',
    describe: 'Create an API key acting as the user. Prints {"key_id", "key", "scopes"}; the key is shown only now.',
    run: async (argv, services) => {
      const { flags } = parseFlags(argv, ['user', 'scopes', 'name']);
      const s = await services();
      return s.identity.createKey({ userId: requireFlag(flags, 'user'), scopes: flags.scopes?.split(','), name: flags.name });
    },
  },
  'key list': {
    usage: 'rz key list --user USER_ID',
    describe: 'The API keys of a user, revoked ones included: id, prefix, name, scopes, when created, last used and revoked. Never the key itself. Prints {"keys": [...]}.',
    run: async (argv, services) => {
      const { flags } = parseFlags(argv, ['user']);
      return (await services()).identity.listKeys(requireFlag(flags, 'user'));
    },
  },
  'key revoke': {
    usage: 'rz key revoke --key KEY_ID',
    describe: 'Revoke an API key (it answers 401 from now on). Prints {"key_id", "revoked": true}.',
    run: async (argv, services) => {
      const { flags } = parseFlags(argv, ['key']);
      return (await services()).identity.revokeKey(requireFlag(flags, 'key'));
    },
  },
  'webhook create': {
    usage: 'rz webhook create --user USER_ID --url URL --events e1,e2|all',
    describe: 'Register a webhook as an owner or manager. Prints {"webhook_id", "secret"}; the secret is shown only now.',
    run: async (argv, services) => {
      const { flags } = parseFlags(argv, ['user', 'url', 'events']);
      const s = await services();
      const { createWebhookFromCli } = await import('./webhooks/webhook.cli.ts');
      return createWebhookFromCli(s, { userId: requireFlag(flags, 'user'), url: requireFlag(flags, 'url'), events: requireFlag(flags, 'events') });
    },
  },
  ...DATA_COMMANDS,
};

function holdUntilSignal(stop: () => Promise<void>): void {
  const onSignal = () => {
    stop().then(() => process.exit(0), (err) => {
      process.stderr.write(`error while stopping: ${err}\n`);
      process.exit(1);
    });
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
}

/** package.json sits one level above both src/cli.ts and the compiled dist/cli.js. */
function version(): string {
  return (JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

function help(group?: string): string {
  const commands = Object.entries(COMMANDS).filter(([name]) => !group || name.split(' ')[0] === group).map(([, c]) => c);
  const versionLine = group ? [] : ['  rz --version\n      The installed version. Prints {"version"}.'];
  return [`rz ${version()} — RZ operator CLI`, '', 'Commands:', ...versionLine, ...commands.map((c) => `  ${c.usage}\n      ${c.describe}`), '',
    'Database: RZ_DATABASE_URL (postgres://...), else SQLite under RZ_DATA_DIR (default ./data).',
    'Every command prints one JSON object on stdout; errors go to stderr with a non-zero exit.', 'Run `rz <command> --help` for one command.'].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  if (argv.length === 0) {
    process.stderr.write(`${help()}\n`);
    return 2;
  }
  if (argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    process.stdout.write(`${help()}\n`);
    return 0;
  }
  if (argv[0] === '--version' || argv[0] === '-v') {
    if (argv.length > 1) {
      process.stderr.write(`rz --version: unexpected argument ${argv[1]}\n`);
      return 2;
    }
    process.stdout.write(`${JSON.stringify({ version: version() })}\n`);
    return 0;
  }
  const name = COMMANDS[`${argv[0]} ${argv[1]}`] ? `${argv[0]} ${argv[1]}` : argv[0];
  const command = COMMANDS[name];
  // `rz team --help`: the commands of that group.
  if (!command && (argv[1] === '--help' || argv[1] === '-h') && Object.keys(COMMANDS).some((n) => n.startsWith(`${argv[0]} `))) {
    process.stdout.write(`${help(argv[0])}\n`);
    return 0;
  }
  if (!command) {
    process.stderr.write(`rz: unknown command "${argv.slice(0, 2).join(' ')}"\n\n${help()}\n`);
    return 2;
  }
  const rest = argv.slice(name.split(' ').length);
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`usage: ${command.usage}\n\n${command.describe}\n`);
    return 0;
  }
  let services: Services | null = null;
  const getServices = async () => {
    const [{ loadConfig }, { migrate, openDatabase }, { createServices }] = await Promise.all([import('./config.ts'), import('./db/database.ts'), import('./services.ts')]);
    const config = loadConfig();
    const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
    await migrate(handle.db);
    services = createServices(config, handle);
    return services;
  };
  try {
    const out = await command.run(rest, getServices);
    if (out === undefined) return -1; // long-running: serve / worker
    if (out === WROTE_STDOUT) return 0; // rz export: CSV, not JSON
    process.stdout.write(`${JSON.stringify(out)}\n`);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) process.stderr.write(`rz ${name}: ${err.message}\nusage: ${command.usage}\n`);
    else if (err instanceof CliFailure) process.stderr.write(`rz ${name}: ${err.message}\n`);
    else if (err instanceof AppError) process.stderr.write(`rz ${name}: ${err.message} (${err.code})\n`);
    else process.stderr.write(`rz ${name}: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  } finally {
    const s = services as Services | null;
    if (s) await s.handle.close();
  }
}

const code = await main(process.argv.slice(2));
if (code >= 0) process.exit(code);
