// Coaching over time in the browser: a manager reads each rep's weekly averages (a week without
// calls a gap), the team's spread and a rep's recurring biggest misses, with the numbers in
// tables; a member reads only their own.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { makeTeam, type TeamFixture } from '../helpers/fixtures.ts';
import { mainText, openBrowser, signIn, type Browser } from './browser.ts';
import { emailOf, PASSWORD, setPasswords, waitFor, WebClient } from './helpers.ts';
import { newId } from '../../src/lib/ids.ts';
import { isoWeekOf } from '../../src/calls/coaching-stats.ts';

const TRANSCRIPT = (tag: string) => [
  '[00:00:01] Sam: Hi Dana, this is Sam from Northwind Routing. Is now still a good time?',
  '[00:00:05] Dana: Yes, I have fifteen minutes.',
  '[00:00:08] Sam: How do you plan your delivery routes today, and what does that cost your team each week?',
  '[00:00:15] Dana: Honestly it is a mess. We lose about ten hours a week in spreadsheets.',
  '[00:00:27] Dana: Late deliveries. But honestly, this is probably too expensive for us.',
  '[00:00:36] Sam: Our tool is the best on the market, it has forty features and a great dashboard.',
  `[00:00:48] Sam: Sure, I will send you a brochure. Reference ${tag}.`,
].join('\n');

const WEEK = 7 * 86_400_000;

describe('coaching over time in the browser', () => {
  let s: TestServer;
  let t: TeamFixture;
  let manager: Browser;
  /** Monday 00:00 UTC of this week, and of the weeks before it. */
  const monday = (weeksAgo: number) => new Date(Date.parse(isoWeekOf(new Date()).start) - weeksAgo * WEEK);
  const at = (weeksAgo: number, hours: number, seconds = 0) => new Date(monday(weeksAgo).getTime() + hours * 3_600_000 + seconds * 1000).toISOString();
  const ids: Record<string, string> = {};

  /** Pushes a call as `who`, waits for its analysis, and returns the stored row. */
  async function analysed(who: TeamFixture['member'], tag: string) {
    const pushed = await who.client.post('/calls', { transcript: TRANSCRIPT(tag), language: 'en' });
    assert.equal(pushed.status, 202, JSON.stringify(pushed.body));
    await waitFor('the analysis', async () => ['done', 'failed'].includes((await who.client.get(`/calls/${pushed.body.id}`)).body.status));
    const row = await s.services.handle.db.selectFrom('calls').selectAll().where('id', '=', pushed.body.id).executeTakeFirstOrThrow();
    assert.equal(row.status, 'done', row.error ?? '');
    return row;
  }

  /** A copy of a real analysed call with its own time, scores (discovery, the rest) and biggest miss method. */
  async function variant(row: Awaited<ReturnType<typeof analysed>>, name: string, when: string, discovery: number, rest: number, method: string | null, original = false) {
    const result = JSON.parse(row.result!);
    result.scores = { discovery, listening: rest, value: rest, objection_handling: rest, next_step: rest };
    if (method) result.biggest_miss.method = method;
    else delete result.biggest_miss.method;
    delete result.biggest_miss.method_label;
    const values = { result: JSON.stringify(result), analysed_at: when };
    if (original) await s.services.handle.db.updateTable('calls').set(values).where('id', '=', row.id).execute();
    else await s.services.handle.db.insertInto('calls').values({ ...row, ...values, id: newId('call'), transcript_hash: `copy-${name}`, external_id: null }).execute();
    ids[name] = original ? row.id : (await s.services.handle.db.selectFrom('calls').select('id').where('transcript_hash', '=', `copy-${name}`).executeTakeFirstOrThrow()).id;
  }

  before(async () => {
    s = await startTestServer({ background: true });
    t = await makeTeam(s.services, s.api, 'Trend');
    await setPasswords(s.services, [t.manager.userId, t.member.userId]);
    for (const p of [t.member, t.manager]) await s.services.identity.updateUser(p.userId, { paid: true, consent: true });
    const maxCall = await analysed(t.member, 'max');
    const miaCall = await analysed(t.manager, 'mia');
    // max: two calls in the same minute three weeks ago, one two weeks ago, none last week, one this week.
    await variant(maxCall, 'max-a', at(3, 33), 2, 3, 'trial_close', true);
    await variant(maxCall, 'max-b', at(3, 33, 30), 4, 3, 'trial_close');
    await variant(maxCall, 'max-c', at(2, 60), 5, 4, 'spin_implication');
    await variant(maxCall, 'max-d', at(0, 1), 1, 2, 'trial_close');
    // Long before the period: not counted.
    await variant(maxCall, 'max-old', at(30, 10), 5, 5, 'bant');
    await variant(miaCall, 'mia-a', at(1, 10), 3, 3, null, true);
    manager = await openBrowser();
    await signIn(manager.page, s.baseUrl, await emailOf(s.services, t.manager.userId), PASSWORD);
  });
  after(async () => {
    await manager?.close();
    await s.stop();
  });

  const rowCells = (page: Browser['page'], section: string, row: string) =>
    page.locator(`section[data-rep="${section}"] table.weekly tr[data-row="${row}"] td`).allInnerTexts();

  it('shows a manager each rep\'s weekly averages with gaps, the team\'s spread and the recurring misses, with the numbers', async () => {
    const { page } = manager;
    await page.goto(`${s.baseUrl}/coaching`);
    await page.getByLabel('Period').selectOption({ label: 'Last 4 weeks' });
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/weeks=4/);
    const max = t.member.userId;
    // Four ISO weeks, oldest first: 3.0 (two calls of one minute), 5.0, a gap, 1.0.
    assert.deepEqual(await rowCells(page, max, 'calls'), ['2', '1', '0', '1']);
    assert.deepEqual(await rowCells(page, max, 'discovery'), ['3.0', '5.0', '—', '1.0']);
    assert.deepEqual(await rowCells(page, max, 'next_step'), ['3.0', '4.0', '—', '2.0']);
    assert.deepEqual(await rowCells(page, t.manager.userId, 'calls'), ['0', '0', '1', '0']);
    const heads = await page.locator(`section[data-rep="${max}"] table.weekly thead th`).allInnerTexts();
    assert.deepEqual(heads.slice(1).map((h) => h.split('\n')[0]), [3, 2, 1, 0].map((n) => `W${isoWeekOf(monday(n)).week}`));

    // The chart: per dimension one line over the two weeks in a row, the lone week a marker only.
    const chart = page.locator(`section[data-rep="${max}"] figure.chart svg[role="img"]`);
    for (const d of ['discovery', 'listening', 'value', 'objection_handling', 'next_step']) {
      assert.equal(await chart.locator(`g.series[data-series="${d}"] polyline`).count(), 1, d);
      assert.equal(await chart.locator(`g.series[data-series="${d}"] > :not(polyline)`).count(), 3, d);
    }
    assert.deepEqual((await chart.locator('text.xlabel tspan:first-child').allTextContents()), heads.slice(1).map((h) => h.split('\n')[0]));
    assert.match((await chart.locator('desc').textContent())!, /Discovery: W\d+ 3\.0, W\d+ 5\.0, W\d+ 1\.0/);

    // Recurring misses: trial close in 3 of max's 4 calls, each linked to its biggest miss.
    const section = page.locator(`section[data-rep="${max}"]`);
    assert.match(await section.locator('p.top-miss').innerText(), /Comes up most: Trial close, in 3 of 4 calls\./);
    const trial = section.locator('table.misses tr[data-method="trial_close"]');
    assert.equal(await trial.locator('td.num').innerText(), '3');
    const hrefs = await trial.getByRole('link').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    assert.deepEqual(hrefs, [ids['max-d'], ids['max-b'], ids['max-a']].map((id) => `/calls/${id}#biggest-miss`));
    assert.equal(await section.locator('table.misses tr[data-method="spin_implication"] td.num').innerText(), '1');
    assert.equal(await section.locator('table.misses tr[data-method="bant"]').count(), 0, 'a call before the period');
    await trial.getByRole('link').first().click();
    await page.waitForURL((u) => u.pathname === `/calls/${ids['max-d']}`);
    assert.match(await mainText(page), /Biggest miss/);

    // The team's spread: discovery scored 1, 2, 3, 4, 5 once each over five calls.
    await page.goto(`${s.baseUrl}/coaching?weeks=4`);
    const spread = await page.locator('#team-spread tr[data-dimension="discovery"] td').allInnerTexts();
    assert.deepEqual(spread, ['5', '1', '1', '1', '1', '1', '1', '2', '3', '4', '5']);
    assert.equal(await page.locator('#team-spread g.dist[data-dimension="discovery"] rect').count(), 5);
    assert.match(await page.locator('#analysed').innerText(), /^5$/);
  });

  it('shows a member only their own weeks and misses, never a colleague\'s or the team\'s spread', async () => {
    const member = await openBrowser();
    try {
      await signIn(member.page, s.baseUrl, await emailOf(s.services, t.member.userId), PASSWORD);
      await member.page.goto(`${s.baseUrl}/coaching?weeks=4&rep=${t.manager.userId}`);
      const text = await mainText(member.page);
      assert.match(text, /My coaching/);
      assert.doesNotMatch(text, /mia Trend/);
      assert.equal(await member.page.locator('#team-spread').count(), 0);
      assert.equal(await member.page.getByLabel('Rep').count(), 0);
      assert.deepEqual(await member.page.locator('section.rep-trend').evaluateAll((els) => els.map((e) => e.getAttribute('data-rep'))), [t.member.userId]);
      assert.deepEqual(await rowCells(member.page, t.member.userId, 'discovery'), ['3.0', '5.0', '—', '1.0']);
      assert.match(await member.page.locator('p.top-miss').innerText(), /Trial close, in 3 of 4 calls/);
      assert.match(await member.page.locator('#analysed').innerText(), /^4$/);
    } finally {
      await member.close();
    }
  });

  it('narrows to one rep, refuses an unknown period with a message, and speaks German', async () => {
    const web = new WebClient(s.baseUrl);
    const anonymous = await web.get('/coaching?weeks=4');
    assert.equal(anonymous.status, 303);
    assert.match(anonymous.location ?? '', /^\/signin/);
    await web.signIn(await emailOf(s.services, t.manager.userId));
    const one = (await web.get(`/coaching?weeks=4&rep=${t.manager.userId}`)).text;
    assert.equal([...one.matchAll(/class="card rep-trend"/g)].length, 1);
    assert.match(one, new RegExp(`data-rep="${t.manager.userId}"`));
    const bad = await web.get('/coaching?weeks=7');
    assert.equal(bad.status, 200);
    assert.match(bad.text, /There is no period “7”; showing the last 12 weeks\./);
    assert.equal([...bad.text.matchAll(/<tr data-row="calls">/g)].length, 2);
    assert.equal([...bad.text.split('<tr data-row="calls">')[1].split('</tr>')[0].matchAll(/<td/g)].length, 12);
    await web.post('/language', { locale: 'de', next: '/' });
    const de = (await web.get('/coaching?weeks=4')).text;
    assert.match(de, /Wiederkehrende größte verpasste Chancen/);
    assert.match(de, /Am häufigsten: Testabschluss \(Trial Close\), in 3 von 4 Gesprächen\./);
    assert.match(de, new RegExp(`KW ${isoWeekOf(monday(3)).week}<`));
    assert.match(de, /<td class="num">3,0<\/td>/);
    assert.match(de, /<option value="4" selected>Letzte 4 Wochen<\/option>/);
  });
});
