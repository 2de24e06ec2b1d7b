// One `rz` command: its usage line, its help text, and what it does.
import type { Services } from '../services.ts';

/** Returned by a command that wrote its own output (rz export writes CSV, not a JSON object). */
export const WROTE_STDOUT = Symbol('wrote stdout');

export interface Command {
  usage: string;
  describe: string;
  /** Resolves to the JSON object to print, undefined for a long-running command, or WROTE_STDOUT. */
  run(argv: string[], services: () => Promise<Services>): Promise<unknown>;
}
