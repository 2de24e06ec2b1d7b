// `engines` tells the truth: every package the lockfile installs accepts the Node versions RZ
// claims (the lowest of each major in package.json's range, and the newest tested), so `npm ci`
// warns about no engine on any of them. CI installs and runs the SQLite suite on Node 24 too (.ci/run).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const ROOT = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
const CLAIMED = ['20.19.0', '22.13.0', '24.0.0', '24.21.0'];

describe('Node versions', () => {
  it('package.json claims Node 20, 22 and 24 and nothing older than what the dependencies need', () => {
    for (const v of CLAIMED) assert.ok(semver.satisfies(v, pkg.engines.node), `engines ${pkg.engines.node} includes ${v}`);
    for (const v of ['18.20.0', '20.18.0', '21.7.0', '23.11.0']) assert.ok(!semver.satisfies(v, pkg.engines.node), `engines ${pkg.engines.node} excludes ${v}`);
  });

  it('every locked package accepts every claimed version', () => {
    const refusals: string[] = [];
    for (const [where, entry] of Object.entries(lock.packages as Record<string, { version?: string; engines?: { node?: string } | string[] }>)) {
      const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
      if (!where || !range) continue;
      for (const v of CLAIMED) if (!semver.satisfies(v, range)) refusals.push(`${where}@${entry.version} wants node ${range}, not ${v}`);
    }
    assert.deepEqual(refusals, []);
  });
});
