#!/usr/bin/env node
// The `rz` command runs the compiled build (dist/, made by `npm run build`; `npm install` and
// `npm ci` run it through `prepare`). Development and tests run the sources: node --import tsx src/cli.ts.
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(compiled)) {
  process.stderr.write('rz: the compiled build (dist/cli.js) is missing; run `npm run build` in the RZ directory (npm install does it).\n');
  process.exit(1);
}
await import(compiled.href);
