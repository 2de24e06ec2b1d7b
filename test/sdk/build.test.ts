// The SDK as integrators get it: its types match the document the server serves (regenerated
// here from a live server), and it compiles to JavaScript with declarations that work on their own.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { makeTeam } from '../helpers/fixtures.ts';
import { SDK_TYPES_FILE, sdkTypes } from '../../scripts/generate-sdk-types.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

describe('SDK build', () => {
  let s: TestServer;
  let scratch: string;
  before(async () => {
    s = await startTestServer();
    // Inside the project, so the compiled files resolve node's types like the SDK does.
    fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
    scratch = fs.mkdtempSync(path.join(ROOT, '.tmp', 'sdk-build-'));
  });
  after(async () => {
    fs.rmSync(scratch, { recursive: true, force: true });
    await s.stop();
  });

  it('has the types of the document the server serves (run npm run sdk:generate after an API change)', async () => {
    const doc = await (await fetch(`${s.api}/openapi.json`)).json();
    const fresh = await sdkTypes(doc);
    assert.ok(fresh === fs.readFileSync(SDK_TYPES_FILE, 'utf8'), 'sdk/src/openapi.ts is out of date: run npm run sdk:generate and commit it');
  });

  it('compiles to JavaScript with type declarations, and the compiled client talks to a live server', async () => {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const built = spawnSync(process.execPath, [tsc, '-p', path.join(ROOT, 'sdk', 'tsconfig.json'), '--outDir', scratch], { encoding: 'utf8' });
    assert.equal(built.status, 0, built.stdout + built.stderr);
    for (const file of ['index.js', 'index.d.ts', 'client.d.ts', 'webhooks.js', 'openapi.d.ts']) assert.ok(fs.existsSync(path.join(scratch, file)), file);
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'sdk', 'package.json'), 'utf8'));
    assert.equal(pkg.exports['.'].import, './dist/index.js');
    assert.equal(pkg.exports['.'].types, './dist/index.d.ts');

    const sdk = await import(pathToFileURL(path.join(scratch, 'index.js')).href);
    const team = await makeTeam(s.services, s.api, 'Built');
    const rz = new sdk.RzClient({ baseUrl: s.baseUrl, apiKey: team.owner.key });
    assert.equal((await rz.get('/me')).team.id, team.teamId);
    await assert.rejects(rz.get('/deals/{id}', { path: { id: 'dl_nope' } }), (e: any) => e instanceof sdk.RzError && e.code === 'not_found');
  });
});
