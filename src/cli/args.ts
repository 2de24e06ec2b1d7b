// Minimal `--flag value` parser for the operator CLI: unknown flags are errors, not ignored.
export class UsageError extends Error {}

/** A command that failed for a reason it has put in words (no usage line): rz restore refusing, an import with bad rows. */
export class CliFailure extends Error {}

/** `switches`: flags that take no value (present: "yes"). */
export function parseFlags(argv: string[], allowed: string[], positional = 0, switches: string[] = []): { flags: Record<string, string>; args: string[] } {
  const flags: Record<string, string> = {};
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
      if (switches.includes(name) && eq < 0) {
        flags[name] = 'yes';
        continue;
      }
      if (!allowed.includes(name)) throw new UsageError(`unknown option --${name}`);
      const value: string | undefined = eq > 0 ? a.slice(eq + 1) : argv[i + 1];
      if (eq < 0) {
        if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
        i++;
      }
      flags[name] = value;
    } else {
      args.push(a);
    }
  }
  if (args.length !== positional) throw new UsageError(positional ? `expected ${positional} argument(s), got ${args.length}` : `unexpected argument ${args[0]}`);
  return { flags, args };
}

export function requireFlag(flags: Record<string, string>, name: string): string {
  const v = flags[name];
  if (v === undefined || v === '') throw new UsageError(`--${name} is required`);
  return v;
}

export function intFlag(value: string, name: string, opts: { allowNone?: boolean } = {}): number | null {
  if (opts.allowNone && value === 'none') return null;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a non-negative integer${opts.allowNone ? ' or none' : ''}`);
  return Number(value);
}

export function yesNo(value: string, name: string): boolean {
  if (value !== 'yes' && value !== 'no') throw new UsageError(`--${name} must be yes or no`);
  return value === 'yes';
}
