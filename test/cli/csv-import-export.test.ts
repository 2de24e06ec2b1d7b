// rz import and rz export as an operator runs them, against the database a running server uses:
// rows find or create as POST does (a second run changes nothing), column names match
// case-insensitively, a file with bad rows imports nothing and names their lines (unless
// --skip-bad-rows), and export writes what the user may see.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { dbEnv, RZ_CLI } from '../helpers/process.ts';
import { makeTeam, type TeamFixture } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Run { code: number; stdout: string; stderr: string }

describe('rz import and rz export', () => {
  let s: TestServer;
  let t: TeamFixture;
  let n = 0;
  const file = (text: string) => {
    const f = path.join(s.database.dataDir, `in-${++n}.csv`);
    fs.writeFileSync(f, text);
    return f;
  };
  const rz = (...args: string[]) => new Promise<Run>((resolve) => {
    execFile(process.execPath, [...RZ_CLI, ...args], { cwd: ROOT, env: { ...process.env, ...dbEnv(s.database) } }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
  const asUser = (userId: string) => ['--team', t.teamId, '--user', userId];
  const importOk = async (kind: string, userId: string, f: string, ...more: string[]) => {
    const r = await rz('import', kind, ...asUser(userId), ...more, f);
    assert.equal(r.code, 0, `rz import failed: ${r.stderr}`);
    return JSON.parse(r.stdout);
  };
  const exported = async (kind: string, userId: string) => {
    const r = await rz('export', kind, ...asUser(userId));
    assert.equal(r.code, 0, r.stderr);
    return parse(r.stdout, { columns: true }) as Array<Record<string, string>>;
  };
  const contactCount = async () => (await t.owner.client.get('/contacts')).body.total as number;

  before(async () => {
    s = await startTestServer();
    t = await makeTeam(s.services, s.api, 'Csv');
  });
  after(() => s?.stop());

  it('imports contacts with columns in any case, and a second run of the file changes nothing', async () => {
    const f = file('EMAIL,First Name,last-name,Company,PHONE\nAda@Import.test,Ada,Lovelace,Analytical Engines,+44 20 1\ngrace@import.test,Grace,,,\n');
    const first = await importOk('contacts', t.manager.userId, f);
    assert.deepEqual([first.rows, first.created, first.found, first.skipped], [2, 2, 0, 0]);
    const ada = (await t.owner.client.get('/contacts?q=ada@import.test')).body.items[0];
    assert.deepEqual([ada.email, ada.first_name, ada.last_name, ada.phone, ada.owner_id], ['ada@import.test', 'Ada', 'Lovelace', '+44 20 1', t.manager.userId]);
    const company = (await t.owner.client.get(`/companies/${ada.company_id}`)).body;
    assert.equal(company.name, 'Analytical Engines', 'the company found or created by name, as POST /contacts does');

    const events = (await t.owner.client.get('/events?limit=100')).body.items.length;
    const before = await exported('contacts', t.owner.userId);
    const second = await importOk('contacts', t.manager.userId, f);
    assert.deepEqual([second.created, second.found], [0, 2]);
    assert.deepEqual(await exported('contacts', t.owner.userId), before, 'no row changed, not even updated_at');
    assert.equal((await t.owner.client.get('/events?limit=100')).body.items.length, events, 'no new events');
  });

  it('names the bad rows by line and imports none of the file; --skip-bad-rows imports the others', async () => {
    const count = await contactCount();
    const f = file('email,first_name\ngood1@import.test,One\nnot-an-email,Two\ngood2@import.test,Three\n,Four\n');
    const r = await rz('import', 'contacts', ...asUser(t.owner.userId), f);
    assert.notEqual(r.code, 0);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /line 3 \(email\): email is not a valid email address/);
    assert.match(r.stderr, /line 5 \(email\): email is required/);
    assert.match(r.stderr, /nothing was imported/);
    assert.doesNotMatch(r.stderr, /at .*\.ts:\d+/, 'no stack trace');
    assert.equal(await contactCount(), count, 'not even the good rows');

    const skipped = await importOk('contacts', t.owner.userId, f, '--skip-bad-rows');
    assert.deepEqual([skipped.created, skipped.skipped], [2, 2]);
    assert.deepEqual(skipped.bad_rows.map((b: any) => [b.line, b.field]), [[3, 'email'], [5, 'email']]);
    assert.equal(await contactCount(), count + 2);

    const header = await rz('import', 'companies', ...asUser(t.owner.userId), file('Name,Emial\nAcme,x\n'));
    assert.notEqual(header.code, 0);
    assert.match(header.stderr, /line 1 \(Emial\): unknown column "Emial"/);
  });

  it('imports deals once, as the importing user, and exports what each user may see', async () => {
    const f = file('Title,Value EUR,Stage,Contact Email,Company\nRollout,12.500,qualified,ada@import.test,Analytical Engines\nPilot,2k,,pilot@import.test,\nBad,12,nope,,\n');
    const bad = await rz('import', 'deals', ...asUser(t.member.userId), f);
    assert.match(bad.stderr, /line 4 \(stage\): stage must be a pipeline stage key/);
    const first = await importOk('deals', t.member.userId, f, '--skip-bad-rows');
    assert.deepEqual([first.created, first.skipped], [2, 1]);
    const again = await importOk('deals', t.member.userId, f, '--skip-bad-rows');
    assert.deepEqual([again.created, again.found], [0, 2]);

    const mine = await exported('deals', t.member.userId);
    assert.deepEqual(mine.map((d) => [d.title, d.value_cents, d.stage, d.owner_id]).sort(), [['Pilot', '200000', 'lead', t.member.userId], ['Rollout', '1250000', 'qualified', t.member.userId]]);
    assert.deepEqual(await exported('deals', t.member2.userId), [], "a member does not see another member's deals");
    assert.equal((await exported('deals', t.owner.userId)).length, 2);
    // Re-importing an export (both value columns, ids) finds every deal.
    const back = await importOk('deals', t.owner.userId, file(`${Object.keys(mine[0]).join(',')}\n${mine.map((d) => Object.values(d).join(',')).join('\n')}\n`));
    assert.deepEqual([back.created, back.found], [0, 2]);
  });

  it('exports a cell a spreadsheet would run as a formula with an apostrophe, and import takes it off', async () => {
    await importOk('companies', t.owner.userId, file('name,domain\n"=HYPERLINK(""http://evil.example"")",\n'));
    const rows = await exported('companies', t.owner.userId);
    const evil = rows.find((r) => r.name.includes('HYPERLINK'))!;
    assert.equal(evil.name, '\'=HYPERLINK("http://evil.example")');
    const again = await importOk('companies', t.owner.userId, file(`name\n"${evil.name.replace(/"/g, '""')}"\n`));
    assert.deepEqual([again.created, again.found], [0, 1], 'the same company');
  });

  it('refuses a user of another team and an unknown kind, changing nothing', async () => {
    const other = await s.services.identity.createTeam({ name: 'Other', ownerEmail: 'other@import.test' });
    const r = await rz('export', 'contacts', '--team', t.teamId, '--user', other.owner_id);
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /not a user of team/);
    const kind = await rz('import', 'tasks', ...asUser(t.owner.userId), file('title\nx\n'));
    assert.match(kind.stderr, /contacts, companies or deals/);
  });
});
