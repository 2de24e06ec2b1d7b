// "Download CSV" in the application: owners and managers get the link on the contacts,
// companies and deals lists and a text/csv file of what they may see; members get neither the
// link nor the file (403), and a signed-out visitor is sent to sign in.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { serverWithTwoTeams, type TeamFixture } from '../helpers/fixtures.ts';
import type { TestServer } from '../helpers/server.ts';
import { emailOf, setPasswords, WebClient } from './helpers.ts';

describe('Download CSV in the application', () => {
  let s: TestServer;
  let a: TeamFixture;
  let b: TeamFixture;
  const web: Record<string, WebClient> = {};

  before(async () => {
    ({ s, a, b } = await serverWithTwoTeams());
    await setPasswords(s.services, [a.owner.userId, a.manager.userId, a.member.userId]);
    for (const [name, p] of Object.entries({ owner: a.owner, manager: a.manager, member: a.member })) {
      web[name] = new WebClient(s.baseUrl);
      await web[name].signIn(await emailOf(s.services, p.userId));
    }
    assert.equal((await a.member.client.post('/deals', { title: 'Müller rollout', value_eur: '12.500', contact_email: 'jana@download.test', company: 'Müller GmbH' })).status, 201);
    assert.equal((await b.owner.client.post('/contacts', { email: 'other-team@download.test' })).status, 201);
  });
  after(() => s?.stop());

  it('gives owners and managers a link and a CSV file of their team with a filename', async () => {
    for (const who of ['owner', 'manager']) {
      for (const [list, file] of [['/contacts', 'contacts'], ['/companies', 'companies'], ['/deals', 'deals']]) {
        const page = await web[who].get(list);
        assert.equal(page.status, 200);
        assert.match(page.text, new RegExp(`<a class="download" href="/export/${file}.csv" download>Download CSV</a>`), `${who} sees the link on ${list}`);
        const res = await web[who].get(`/export/${file}.csv`);
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('content-type'), 'text/csv; charset=utf-8');
        assert.match(res.headers.get('content-disposition')!, new RegExp(`^attachment; filename="rz-${file}-\\d{4}-\\d\\d-\\d\\d\\.csv"$`));
        const rows = parse(res.text, { columns: true, bom: true }) as Array<Record<string, string>>;
        assert.ok(rows.length >= 1, `${file} has rows`);
        assert.ok(!res.text.includes('other-team@download.test'), 'nothing of another team');
        if (file === 'deals') assert.deepEqual(rows.map((r) => [r.title, r.value_cents, r.owner_id]), [['Müller rollout', '1250000', a.member.userId]]);
        if (file === 'contacts') assert.ok(rows.some((r) => r.email === 'jana@download.test'));
      }
    }
  });

  it('gives members neither the link nor the file, and sends a signed-out visitor to sign in', async () => {
    for (const [list, file] of [['/contacts', 'contacts'], ['/companies', 'companies'], ['/deals', 'deals']]) {
      const page = await web.member.get(list);
      assert.equal(page.status, 200);
      assert.doesNotMatch(page.text, /\/export\//, `no link on ${list} for a member`);
      const res = await web.member.get(`/export/${file}.csv`);
      assert.equal(res.status, 403);
      assert.doesNotMatch(res.headers.get('content-type') ?? '', /csv/);
      const anonymous = await new WebClient(s.baseUrl).get(`/export/${file}.csv`);
      assert.ok([302, 303].includes(anonymous.status) && /\/signin/.test(anonymous.location ?? ''), `signed out: ${anonymous.status}`);
    }
  });
});
