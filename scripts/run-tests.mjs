#!/usr/bin/env node
// Runs every test/**/*.test.ts with node's test runner (Node 20 has no glob support in --test).
// Usage: node scripts/run-tests.mjs [path-filter ...]   RZ_TEST_DATABASE=sqlite|postgres selects the database.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function collect(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return collect(p);
    return e.name.endsWith('.test.ts') ? [p] : [];
  });
}

const filters = process.argv.slice(2);
const files = collect('test').sort().filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)));
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
const db = process.env.RZ_TEST_DATABASE ?? 'sqlite';
console.log(`# RZ tests on ${db}: ${files.length} files`);
// Fixture passwords at scrypt N = 2^10 instead of 2^17 (128 MiB, seconds per sign-in on a busy
// machine): password.test.ts and the concurrent throttle test opt out and use the real cost.
const env = { RZ_TEST_SCRYPT_N: String(2 ** 10), ...process.env };
// The time limit applies to each test and to each file as a whole: it only says when to give up
// on a hung one, so it is generous (a file of CLI processes takes minutes on a busy machine).
const res = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-timeout=900000', ...files], { stdio: 'inherit', env });
process.exit(res.status ?? 1);
