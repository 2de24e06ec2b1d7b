// In the browser: accepting the privacy notice (then POST /calls is no longer refused with 428), a call pushed
// through the API read as coaching, and the manager's scores over time.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { makeTeam, type TeamFixture } from '../helpers/fixtures.ts';
import { mainText, openBrowser, signIn, type Browser } from './browser.ts';
import { emailOf, PASSWORD, setPasswords, waitFor, WebClient } from './helpers.ts';
import { isoWeekOf } from '../../src/calls/coaching-stats.ts';

const TRANSCRIPT = (tag: string) => [
  '[00:00:01] Sam: Hi Dana, this is Sam from Northwind Routing. Is now still a good time?',
  '[00:00:05] Dana: Yes, I have fifteen minutes.',
  '[00:00:08] Sam: How do you plan your delivery routes today, and what does that cost your team each week?',
  '[00:00:15] Dana: Honestly it is a mess. We lose about ten hours a week in spreadsheets.',
  '[00:00:22] Sam: What does that mean for your drivers and your customers?',
  '[00:00:27] Dana: Late deliveries. Two customers complained last month. But honestly, this is probably too expensive for us.',
  '[00:00:36] Sam: Our tool is the best on the market, it has forty features and a great dashboard.',
  '[00:00:44] Dana: Hm. Send me something.',
  `[00:00:48] Sam: Sure, I will send you a brochure. Reference ${tag}.`,
].join('\n');

describe('consent and coaching in the browser', () => {
  let s: TestServer;
  let t: TeamFixture;
  let manager: Browser;

  before(async () => {
    s = await startTestServer({ background: true });
    t = await makeTeam(s.services, s.api, 'Coach');
    await setPasswords(s.services, [t.manager.userId, t.member.userId]);
    await s.services.identity.updateUser(t.member.userId, { paid: true });
    manager = await openBrowser();
    await signIn(manager.page, s.baseUrl, await emailOf(s.services, t.manager.userId), PASSWORD);
  });
  after(async () => {
    await manager?.close();
    await s.stop();
  });

  it('refuses pushed calls with 428 until the privacy notice is accepted in the application', async () => {
    const before = await t.member.client.post('/calls', { transcript: TRANSCRIPT('consent'), language: 'en' });
    assert.equal(before.status, 428);
    assert.equal(before.body.detail.error, 'consent_required');
    const member = await openBrowser();
    try {
      await signIn(member.page, s.baseUrl, await emailOf(s.services, t.member.userId), PASSWORD);
      await member.page.goto(`${s.baseUrl}/privacy`);
      await member.page.getByRole('button', { name: 'I accept the privacy notice' }).click();
      await member.page.getByRole('status').waitFor();
    } finally {
      await member.close();
    }
    const afterAccept = await t.member.client.post('/calls', { transcript: TRANSCRIPT('consent'), language: 'en' });
    assert.equal(afterAccept.status, 202);
  });

  it('shows the coaching of a call pushed through the API: scores chart, moments, biggest miss, commitment', async () => {
    const pushed = await t.member.client.post('/calls', { transcript: TRANSCRIPT('coaching'), language: 'en', filename: 'dana-northwind.txt', contact_email: 'dana@northwind.test' });
    assert.equal(pushed.status, 202);
    const call = await waitFor('the analysis', async () => {
      const r = await t.member.client.get(`/calls/${pushed.body.id}`);
      return r.body.status === 'done' || r.body.status === 'failed' ? r.body : undefined;
    });
    assert.equal(call.status, 'done', call.error);
    const result = call.result;

    const { page } = manager;
    await page.goto(`${s.baseUrl}/calls/${call.id}`);
    const svg = page.locator('svg.scorechart');
    assert.equal(await svg.getAttribute('role'), 'img');
    const desc = await svg.locator('desc').textContent();
    for (const [dim, label] of [['discovery', 'Discovery'], ['listening', 'Listening'], ['value', 'Value'], ['objection_handling', 'Objection handling'], ['next_step', 'Next step']]) {
      assert.ok(desc!.includes(`${label}: ${result.scores[dim]}/5`), `${label} in ${desc}`);
    }
    assert.equal(await svg.locator('rect').count(), 5);
    const text = await mainText(page);
    assert.ok(text.includes(result.strongest_moment.quote.replace(/\s+/g, ' ')));
    assert.ok(text.includes(result.biggest_miss.what_to_say_instead.replace(/\s+/g, ' ')));
    assert.ok(text.includes(result.commitment.replace(/\s+/g, ' ')));
    for (const m of result.moments) assert.ok(text.includes(m.coaching.replace(/\s+/g, ' ')));
    const labelled = [result.biggest_miss, ...result.moments].filter((m: any) => m.method);
    for (const m of labelled) assert.ok(text.includes(m.method_label), `method label ${m.method_label}`);
    assert.match(text, /Biggest miss.*What to say instead/);

    await page.goto(`${s.baseUrl}/calls`);
    assert.match(await mainText(page), /dana-northwind\.txt/);
    // Each call says who it was with.
    assert.equal(await page.locator('tr', { hasText: 'dana-northwind.txt' }).getByRole('link', { name: 'dana@northwind.test' }).count(), 1);
  });

  it('shows managers each rep\'s scores over time and the team\'s weakest dimension; a member sees only their own calls', async () => {
    const { page } = manager;
    await page.goto(`${s.baseUrl}/coaching`);
    const text = await mainText(page);
    assert.match(text, /The team's weakest dimension/);
    assert.match(text, /max Coach/);
    assert.ok((await page.locator('figure.chart g.series > :not(polyline)').count()) >= 5);
    const other = await t.manager.client.post('/deals', { title: 'Manager deal' });
    assert.equal(other.status, 201);
    const member = await openBrowser();
    try {
      await signIn(member.page, s.baseUrl, await emailOf(s.services, t.member.userId), PASSWORD);
      const calls = await t.member.client.get('/calls');
      assert.ok(calls.body.total >= 1);
      await member.page.goto(`${s.baseUrl}/calls`);
      assert.match(await mainText(member.page), /dana-northwind\.txt/);
      const managerCall = await s.services.identity.updateUser(t.manager.userId, { paid: true, consent: true });
      assert.equal(managerCall.consent, true);
      const mine = await t.manager.client.post('/calls', { transcript: TRANSCRIPT('manager'), language: 'en' });
      assert.equal(mine.status, 202);
      const r = await member.page.goto(`${s.baseUrl}/calls/${mine.body.id}`);
      assert.equal(r?.status(), 404);
    } finally {
      await member.close();
    }
  });

  it('coaching: "1 call" and "2 calls", spreads equal scores apart, counts calls of one day in one week, links each rep to their calls', async () => {
    await waitFor('every call analysed', async () => (await t.manager.client.get('/calls?status=done')).body.total === 3);
    // The member's two calls, analysed in the morning and the afternoon of one day of this week.
    const theirs = (await t.member.client.get('/calls')).body.items.map((c: any) => c.id).sort();
    const monday = Date.parse(isoWeekOf(new Date()).start);
    for (const [id, at] of [[theirs[0], new Date(monday + 9.25 * 3_600_000).toISOString()], [theirs[1], new Date(monday + 14.67 * 3_600_000).toISOString()]]) {
      await s.services.handle.db.updateTable('calls').set({ analysed_at: at }).where('id', '=', id).execute();
    }
    const web = new WebClient(s.baseUrl);
    await web.signIn(await emailOf(s.services, t.manager.userId));
    const page = (await web.get('/coaching')).text;
    const section = (name: string) => page.split('<section class="card').find((x) => x.includes(`>${name} <span class="muted">`))!;
    const mine = section('mia Coach');
    const member = section('max Coach');
    assert.match(mine, /· 1 call<\/span>/);
    assert.match(member, /· 2 calls<\/span>/);
    // Two calls of one day are one week: one point, two calls in that week's column.
    const callsRow = (html: string) => [...html.split('<tr data-row="calls">')[1].split('</tr>')[0].matchAll(/<td class="num">(\d+)</g)].map((m) => m[1]);
    assert.equal(callsRow(member).at(-1), '2');
    assert.equal(callsRow(mine).at(-1), '1');

    // Each rep's chart links to that rep's calls, and the list shows only theirs.
    assert.match(mine, new RegExp(`href="/calls\\?rep=${t.manager.userId}"`));
    const repCalls = (await web.get(`/calls?rep=${t.member.userId}`)).text;
    assert.match(repCalls, /<h1>Calls of max Coach<\/h1>/);
    assert.match(repCalls, /2 in total/);
    assert.match((await web.get(`/calls?rep=${t.manager.userId}`)).text, /1 in total/);
    assert.match((await web.get('/calls')).text, /3 in total/);
    // A member cannot look at someone else's calls through the filter.
    const own = new WebClient(s.baseUrl);
    await own.signIn(await emailOf(s.services, t.member.userId));
    const memberView = (await own.get(`/calls?rep=${t.manager.userId}`)).text;
    assert.match(memberView, /<h1>Calls<\/h1>/);
    assert.match(memberView, /2 in total/);

    // In the browser: five distinguishable markers for the single call, a legend, the card's full width.
    const { page: p } = manager;
    await p.goto(`${s.baseUrl}/coaching`);
    const card = p.locator('section.card', { has: p.getByRole('heading', { name: /mia Coach/ }) });
    const boxes = await card.locator('svg[role="img"] g.series > :not(polyline)').evaluateAll((els) => els.map((e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    }));
    assert.equal(boxes.length, 5);
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) assert.ok(Math.hypot(boxes[i].x - boxes[j].x, boxes[i].y - boxes[j].y) >= 8, `markers ${i} and ${j} overlap`);
    }
    assert.equal(await card.locator('.legend li svg.swatch :not(line)').count(), 5);
    const widths = await card.evaluate((el) => ({ card: el.clientWidth - parseFloat(getComputedStyle(el).paddingLeft) - parseFloat(getComputedStyle(el).paddingRight), svg: el.querySelector('svg[role="img"]')!.getBoundingClientRect().width }));
    assert.ok(widths.svg >= widths.card * 0.98, `chart ${widths.svg}px of ${widths.card}px`);
    // The seven figures: two on top, five averages in one row.
    const tops = await p.locator('#dimension-averages .kpi').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    assert.equal(new Set(tops).size, 1);
  });

  it('writes coaching in German: call counts, and the call analysis on the timeline from its result', async () => {
    const web = new WebClient(s.baseUrl);
    await web.signIn(await emailOf(s.services, t.manager.userId));
    await web.post('/language', { locale: 'de', next: '/' });
    try {
      const page = (await web.get('/coaching')).text;
      assert.match(page, /· 1 Gespräch<\/span>/);
      assert.match(page, /· 2 Gespräche<\/span>/);
      const contact = (await t.member.client.get('/contacts?q=dana%40northwind.test')).body.items[0];
      const call = (await t.member.client.get(`/calls?contact_id=${contact.id}&status=done`)).body.items.find((c: any) => c.filename === 'dana-northwind.txt');
      const sc = call.result.scores;
      const detail = (await web.get(`/contacts/${contact.id}`)).text;
      assert.ok(detail.includes(`Gesprächsanalyse (dana-northwind.txt): Bedarfsanalyse ${sc.discovery}/5, Zuhören ${sc.listening}/5, Nutzen ${sc.value}/5, Einwandbehandlung ${sc.objection_handling}/5, Nächster Schritt ${sc.next_step}/5. Vorsatz:`), 'German summary');
      assert.ok(!detail.includes('Call analysis'));
    } finally {
      await web.post('/language', { locale: 'en', next: '/' });
    }
  });

  it('fits a 375 px phone: tables scroll in their box, figures stay on one line, the renewal note keeps its distance', async () => {
    const phone = await openBrowser({ width: 375, height: 740 });
    try {
      await signIn(phone.page, s.baseUrl, await emailOf(s.services, t.manager.userId), PASSWORD);
      for (const path of ['/team', '/team/keys', '/team/usage', '/coaching', '/calls']) {
        await phone.page.goto(`${s.baseUrl}${path}`);
        const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= 375, `${path} is ${width}px wide`);
      }
      await phone.page.goto(`${s.baseUrl}/team`);
      const table = await phone.page.locator('.tablewrap').first().evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      assert.ok(table.scroll > table.client, 'the members table scrolls inside its box');
      for (const width of [375, 1280]) {
        await phone.page.setViewportSize({ width, height: 740 });
        await phone.page.goto(`${s.baseUrl}/team/usage`);
        const lines = await phone.page.locator('.kpi .big').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).fontSize)));
        for (const l of lines) assert.ok(l < 2, `a figure wraps at ${width}px`);
        const gap = await phone.page.evaluate(() => document.querySelector('#pools-h')!.getBoundingClientRect().top - document.querySelector('#renews')!.getBoundingClientRect().bottom);
        assert.ok(gap >= 16, `renewal note ${gap}px above the next heading`);
      }
    } finally {
      await phone.close();
    }
  });
});
