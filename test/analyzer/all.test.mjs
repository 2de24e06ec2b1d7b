// Node 20's test runner only discovers *.test.js/.mjs files when given a directory, so
// `node --import tsx --test test/analyzer/` would find none of the TypeScript tests. This file
// loads them (tsx handles the .ts imports). Node 23+ discovers *.test.ts itself; then this file
// does nothing, so no test runs twice.
import { readdirSync } from 'node:fs';

const major = Number(process.versions.node.split('.')[0]);
if (major < 23) {
  const dir = new URL('.', import.meta.url);
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.test.ts')).sort()) await import(new URL(f, dir).href);
}
