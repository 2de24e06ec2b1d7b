#!/usr/bin/env node
// npm run build (and `prepare`, so `npm install` / `npm ci` builds): compiles src/ to dist/ with
// tsc (emit only; `npm run typecheck` checks the types) and puts the files the compiled code
// reads at run time next to it, at the same relative paths: JSON models, the application's
// static files, worker-thread entries. Two dependencies made of hundreds of small ES modules
// (Kysely, TypeBox) are bundled into one file each under dist/vendor/: Node loads ES modules one
// by one, and loading those two took most of a CLI command's time. Then the SDK (sdk/) to sdk/dist/.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { buildSync } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');
const SRC = path.join(ROOT, 'src');
// --out DIR: build elsewhere (the build test builds into a scratch directory inside the project).
const outAt = process.argv.indexOf('--out');
const DIST = outAt > 0 ? path.resolve(process.argv[outAt + 1]) : path.join(ROOT, 'dist');
const VENDORED = ['kysely', 'typebox'];

function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : [p];
  });
}

// A thread entry in src/ loads its TypeScript module through tsx's scoped import (worker threads
// do not share the main thread's loader); in dist/ it imports the compiled module directly, so
// the build needs no tsx at run time.
function compiledThreadEntry(file, text) {
  const out = text
    .replace(/^import \{ tsImport \} from 'tsx\/esm\/api';\n/m, '')
    .replace(/await tsImport\('(\.{1,2}\/[^']+)\.ts', import\.meta\.url\)/g, "await import('$1.js')");
  if (/tsx|\.ts['"]/.test(out.replace(/^\s*\/\/.*$/gm, ''))) {
    throw new Error(`build: ${path.relative(ROOT, file)} still loads TypeScript after the rewrite; teach scripts/build.mjs its import`);
  }
  return `// Built by scripts/build.mjs from ${path.relative(ROOT, file)}: imports the compiled module instead of the TypeScript one.\n${out}`;
}

fs.rmSync(DIST, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const res = spawnSync(process.execPath, [tsc, '-p', path.join(ROOT, 'tsconfig.build.json'), '--outDir', DIST], { stdio: 'inherit' });
if (res.status !== 0) process.exit(res.status ?? 1);

// Only our own code imports these (checked: the Fastify type provider imports TypeBox for types
// only), so each is loaded once, from its bundle.
for (const pkg of VENDORED) {
  buildSync({ entryPoints: [pkg], bundle: true, format: 'esm', platform: 'node', target: 'node20', outfile: path.join(DIST, 'vendor', `${pkg}.js`), logLevel: 'error', absWorkingDir: ROOT });
}
const bare = new RegExp(`(\\bfrom\\s*|\\bimport\\s*\\(\\s*)(['"])(${VENDORED.join('|')})\\2`, 'g');
for (const file of filesUnder(DIST).filter((f) => f.endsWith('.js') && !f.startsWith(path.join(DIST, 'vendor')))) {
  const text = fs.readFileSync(file, 'utf8');
  const rewritten = text.replace(bare, (_m, lead, quote, pkg) => {
    const rel = path.relative(path.dirname(file), path.join(DIST, 'vendor', `${pkg}.js`)).split(path.sep).join('/');
    return `${lead}${quote}${rel.startsWith('.') ? rel : `./${rel}`}${quote}`;
  });
  if (rewritten !== text) fs.writeFileSync(file, rewritten);
}

let copied = 0;
for (const file of filesUnder(SRC)) {
  if (file.endsWith('.ts')) continue;
  const target = path.join(DIST, path.relative(SRC, file));
  fs.mkdirSync(path.dirname(target), { recursive: true });
  if (file.endsWith('.mjs')) fs.writeFileSync(target, compiledThreadEntry(file, fs.readFileSync(file, 'utf8')));
  else fs.copyFileSync(file, target);
  copied++;
}
process.stderr.write(`build: src/ compiled to ${path.relative(ROOT, DIST)}/ (${copied} other files copied)\n`);

// The SDK (sdk/, its own package) to sdk/dist, so `npm install ./sdk` works right after RZ's install.
if (outAt < 0) {
  const sdk = spawnSync(process.execPath, [tsc, '-p', path.join(ROOT, 'sdk', 'tsconfig.json')], { stdio: 'inherit' });
  if (sdk.status !== 0) process.exit(sdk.status ?? 1);
  process.stderr.write('build: sdk/src compiled to sdk/dist/\n');
}
