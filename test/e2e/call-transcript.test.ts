// The call page as a coach reads it: the transcript speaker by speaker, the salesperson marked,
// the moments and objections highlighted where they were said and linked both ways, talk time,
// escaping of a hostile transcript, and who may see it. Real HTTP, real analysis, real database.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { makeTeam, type TeamFixture } from '../helpers/fixtures.ts';
import { openBrowser, signIn } from './browser.ts';
import { emailOf, PASSWORD, setPasswords, waitFor, WebClient } from './helpers.ts';
import type { ApiClient } from '../helpers/client.ts';
import { newId } from '../../src/lib/ids.ts';
import { analyzeTranscript } from '../../src/calls/analyzer/coach/index.ts';
import { buildLongTranscript } from '../../eval/long-transcript.ts';
import fs from 'node:fs';
import path from 'node:path';

const TRANSCRIPT = (tag: string) => [
  '[00:00:01] Sam: Hi Dana, this is Sam from Northwind Routing. Is now still a good time?',
  '[00:00:05] Dana: Yes, I have fifteen minutes.',
  '[00:00:08] Sam: How do you plan your delivery routes today, and what does that cost your team each week?',
  '[00:00:15] Dana: Honestly it is a mess. We lose about ten hours a week in spreadsheets.',
  '[00:00:22] Sam: What does that mean for your drivers and your customers?',
  '[00:00:27] Dana: Late deliveries. Two customers complained last month. But honestly, this is probably too expensive for us.',
  '[00:00:36] Sam: I hear you, budget matters. What would those late deliveries cost you if nothing changes? Our routing cuts planning time by half, which pays for itself within two months for teams like yours. Does that fit?',
  '[00:00:44] Dana: Hm. Send me something.',
  `[00:00:48] Sam: Sure, I will send you a brochure. Reference ${tag}.`,
].join('\n');

// Markup in speaker names and words. The parser drops complete tags (subtitle markup), as the
// analysis does; what survives it (a "<" without its ">", entities, quotes) must show as text.
const HOSTILE = [
  "Sam O'Brien (Acme & Co): Hi, I am calling about your routes <img src=x onerror=alert(1) . How do you plan them today?",
  'Dana: We use "spreadsheets" & it is &lt;b&gt;slow&lt;/b&gt; <script src=//evil.example/x.js. Too expensive anyway.',
  'Sam O\'Brien (Acme & Co): What does that cost you each week? "><svg onload=alert(2) </div> done?',
  'Dana: About ten hours.',
].join('\n');

async function pushAndWait(client: ApiClient, transcript: string, extra: Record<string, unknown> = {}): Promise<any> {
  const pushed = await client.post('/calls', { transcript, language: 'en', ...extra });
  assert.equal(pushed.status, 202, pushed.text);
  const call = await waitFor('the analysis', async () => {
    const r = await client.get(`/calls/${pushed.body.id}`);
    return r.body.status === 'done' || r.body.status === 'failed' ? r.body : undefined;
  }, 60_000);
  assert.equal(call.status, 'done', call.error);
  return call;
}

/** The ids a page's links point to, and the ids it defines. */
function anchors(page: string): { hrefs: string[]; ids: Set<string> } {
  return {
    hrefs: [...page.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]),
    ids: new Set([...page.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1])),
  };
}

/** Questions marked in the transcript (a question split by a highlight counts once: its anchor). */
function questionMarks(page: string): number {
  return [...page.slice(page.indexOf('<div class="turns"')).matchAll(/id="u-\d+"/g)].length;
}

describe('the call page as a coach reads it', () => {
  let s: TestServer;
  let t: TeamFixture;
  let other: TeamFixture;
  let call: any;
  let manager: WebClient;

  before(async () => {
    s = await startTestServer({ background: true });
    t = await makeTeam(s.services, s.api, 'Transcript');
    other = await makeTeam(s.services, s.api, 'Elsewhere');
    await setPasswords(s.services, [t.manager.userId, t.member.userId, t.member2.userId, other.manager.userId]);
    for (const u of [t.member.userId, t.member2.userId, other.manager.userId]) await s.services.identity.updateUser(u, { paid: true, consent: true });
    call = await pushAndWait(t.member.client, TRANSCRIPT('page'), { filename: 'dana.txt' });
    manager = new WebClient(s.baseUrl);
    await manager.signIn(await emailOf(s.services, t.manager.userId));
  });
  after(async () => {
    await s?.stop();
  });

  it('shows the transcript speaker by speaker with its timestamps and the salesperson marked', async () => {
    const page = (await manager.get(`/calls/${call.id}`)).text;
    const transcript = page.slice(page.indexOf('id="transcript"'));
    const turns = [...transcript.matchAll(/<div class="(turn[^"]*)" id="turn-(\d+)"><div class="who"><span class="speaker">([^<]+)<\/span>(.*?)<\/div>/g)];
    assert.equal(turns.length, 9);
    assert.deepEqual(turns.map((m) => m[3]), ['Sam', 'Dana', 'Sam', 'Dana', 'Sam', 'Dana', 'Sam', 'Dana', 'Sam']);
    assert.equal(call.result.rep_speaker, 'Sam');
    for (const m of turns) {
      assert.equal(m[1].includes('rep'), m[3] === 'Sam', `turn ${m[2]} ${m[1]}`);
      assert.equal(m[4].includes('Salesperson'), m[3] === 'Sam');
    }
    assert.match(turns[2][4], /<span class="ts">0:08<\/span>/);
    assert.match(turns[8][4], /<span class="ts">0:48<\/span>/);
    assert.match(transcript, /Reference page\./);
  });

  it('highlights the strongest moment, the biggest miss and the three moments where they were said, linked there and back', async () => {
    const page = (await manager.get(`/calls/${call.id}`)).text;
    const { hrefs, ids } = anchors(page);
    const r = call.result;
    for (const [key, m] of [['strong', r.strongest_moment], ['miss', r.biggest_miss], ['m1', r.moments[0]], ['m2', r.moments[1]], ['m3', r.moments[2]]] as const) {
      assert.ok(hrefs.includes(`at-${key}`), `the panel links to ${key}`);
      assert.ok(ids.has(`at-${key}`) && ids.has(`moment-${key}`), `both ends of ${key}`);
      assert.ok(hrefs.includes(`moment-${key}`), `the transcript links back to ${key}`);
      // The highlighted place holds the quote, word for word (escaped as the page writes text).
      const at = new RegExp(`id="at-${key}"[^>]*>([^<]*)<`).exec(page);
      assert.ok(at, `the place of ${key}`);
      assert.ok(m.quote.replace(/&/g, '&amp;').startsWith(at[1]) && at[1].length > 0, `${key}: ${at[1]} of ${m.quote}`);
    }
    assert.match(page, /<mark class="hl hl-miss[^"]*" id="at-miss">Sure, I will send you a brochure\.<\/mark><a class="back" href="#moment-miss"/);
    // Every in-page link lands somewhere.
    for (const h of hrefs) assert.ok(ids.has(h), `#${h} exists`);
  });

  it('shows talk time per speaker by the timestamps, the longest monologue and the questions', async () => {
    const page = (await manager.get(`/calls/${call.id}`)).text;
    const talk = page.slice(page.indexOf('id="talk-time"'), page.indexOf('</section>', page.indexOf('id="talk-time"')));
    assert.match(talk, /Share of the speaking time/);
    const shares = [...talk.matchAll(/<strong>(\d+) %<\/strong>/g)].map((m) => Number(m[1]));
    assert.equal(shares.length, 2);
    assert.ok(Math.abs(shares[0] + shares[1] - 100) <= 1, String(shares));
    assert.ok(shares[0] > shares[1], 'Sam spoke longer');
    const m = call.result.metrics;
    assert.equal(m.question_utterances.length, m.questions);
    assert.match(talk, new RegExp(`id="question-count">${m.questions} `));
    assert.equal(questionMarks(page), m.questions);
    const seconds = String(m.longest_monologue_seconds).padStart(2, '0');
    assert.match(talk, new RegExp(`Longest monologue</dt><dd><a href="#turn-6">0:${seconds} \\(${m.longest_monologue_words} words\\)`));
    assert.match(page, /<div class="turn rep monologue" id="turn-6">/);
  });

  it('lists the objections with how each was answered, linked to where they were said', async () => {
    const page = (await manager.get(`/calls/${call.id}`)).text;
    const panel = page.slice(page.indexOf('id="objections"'), page.indexOf('id="transcript"'));
    const objections = call.result.metrics.objections;
    assert.deepEqual(objections.map((o: any) => o.type), ['price', 'send_material']);
    assert.match(panel, /Objection 1: price<\/strong> <span class="badge ok">handled/);
    assert.match(panel, /“But honestly, this is probably too expensive for us\.”/);
    assert.match(panel, /href="#at-obj-1-answer" lang="en">“I hear you, budget matters\.”/);
    assert.match(panel, /✓ acknowledged/);
    assert.match(panel, /Objection 2: &quot;send me something&quot;<\/strong> <span class="badge err">not handled/);
    assert.match(page, /<mark class="hl hl-obj" id="at-obj-1">But honestly, this is probably too expensive for us\.<\/mark><a class="back" href="#objection-1"/);
  });

  it('shows an analysis stored before the places were recorded: objections without places, questions by their question mark', async () => {
    const db = s.services.handle.db;
    const row = await db.selectFrom('calls').selectAll().where('id', '=', call.id).executeTakeFirstOrThrow();
    const result = typeof row.result === 'string' ? JSON.parse(row.result) : row.result;
    const { question_utterances: _q, ...metrics } = result.metrics;
    const old = { ...result, metrics: { ...metrics, objections: metrics.objections.map((o: any) => ({ type: o.type, handled: o.handled })) } };
    const id = newId('call');
    await db.insertInto('calls').values({ ...row, id, transcript_hash: `old-${id}`, external_id: null, result: typeof row.result === 'string' ? JSON.stringify(old) : old }).execute();
    const page = (await manager.get(`/calls/${id}`)).text;
    assert.match(page, /Objection 1: price<\/strong>/);
    assert.match(page, /does not record where each objection was said/);
    assert.doesNotMatch(page, /id="at-obj-1"/);
    // Sam's sentences that end in "?": the same five the analysis counted.
    assert.equal(questionMarks(page), 5);
    assert.match(page, /id="at-miss"/);
  });

  it('writes a hostile transcript as text: no markup from speaker names or words', async () => {
    const hostile = await pushAndWait(t.member.client, HOSTILE);
    const page = (await manager.get(`/calls/${hostile.id}`)).text;
    const main = page.slice(page.indexOf('<main'));
    for (const bad of ['<img', '<script', '<svg onload', '<b>slow', '</div> done', "O'Brien"]) assert.ok(!main.includes(bad), `unescaped ${bad}`);
    for (const shown of ['Sam O&#39;Brien (Acme &amp; Co)</span>', '&lt;img src=x onerror=alert(1)', '&amp;lt;b&amp;gt;slow&amp;lt;/b&amp;gt;', '&lt;script src=//evil.example/x.js', '&quot;&gt;&lt;svg onload=alert(2)']) {
      assert.ok(main.includes(shown), `shown as text: ${shown}`);
    }
    // The structure stays whole: every turn opened is closed before the next.
    const transcript = main.slice(main.indexOf('<div class="turns"'));
    assert.equal([...transcript.matchAll(/<div class="turn[^"]*" id="turn-\d+">/g)].length, 4);
  });

  it('is visible only to those who may see the call: the member who pushed it, owners and managers; 404 for others', async () => {
    const member = new WebClient(s.baseUrl);
    await member.signIn(await emailOf(s.services, t.member.userId));
    assert.equal((await member.get(`/calls/${call.id}`)).status, 200);
    const colleague = new WebClient(s.baseUrl);
    await colleague.signIn(await emailOf(s.services, t.member2.userId));
    const theirs = await colleague.get(`/calls/${call.id}`);
    assert.equal(theirs.status, 404);
    assert.ok(!theirs.text.includes('spreadsheets'), 'no word of the transcript');
    const outsider = new WebClient(s.baseUrl);
    await outsider.signIn(await emailOf(s.services, other.manager.userId));
    const foreign = await outsider.get(`/calls/${call.id}`);
    assert.equal(foreign.status, 404);
    assert.ok(!foreign.text.includes('spreadsheets'));
  });

  it('speaks German: transcript, talk time and objections', async () => {
    const web = new WebClient(s.baseUrl);
    await web.signIn(await emailOf(s.services, t.manager.userId));
    await web.post('/language', { locale: 'de', next: '/' });
    try {
      const page = (await web.get(`/calls/${call.id}`)).text;
      for (const text of ['<h2 id="tr-h">Transkript</h2>', 'Redeanteil', 'Einwand 1: Preis', 'Im Transkript zeigen', 'Längster Monolog', 'Beantwortet mit', 'Vertrieb</span>']) {
        assert.ok(page.includes(text), text);
      }
    } finally {
      await web.post('/language', { locale: 'en', next: '/' });
    }
  });

  it('a 500,000-character call: the page opens in the browser, turns off screen skip rendering, a link near the end lands on its place', async () => {
    const corpus = path.resolve(import.meta.dirname, '../../eval/corpus');
    const sources = fs.readdirSync(corpus).filter((f) => f.startsWith('en_') && f.endsWith('.txt')).slice(0, 8).map((f) => fs.readFileSync(path.join(corpus, f), 'utf8'));
    const long = buildLongTranscript(sources, 90_000).slice(0, 500_000);
    const transcript = long.slice(0, long.lastIndexOf('\n') + 1);
    const result = analyzeTranscript({ transcript, language: 'en' });
    const objections = result.metrics.objections;
    assert.ok(objections.length > 10, 'a long call has many objections');
    const row = await s.services.handle.db.selectFrom('calls').selectAll().where('id', '=', call.id).executeTakeFirstOrThrow();
    const id = newId('call');
    await s.services.handle.db.insertInto('calls').values({ ...row, id, transcript, transcript_hash: `long-${id}`, external_id: null, result: JSON.stringify(result) }).execute();
    const b = await openBrowser({ width: 1280, height: 800 });
    try {
      await signIn(b.page, s.baseUrl, await emailOf(s.services, t.manager.userId), PASSWORD);
      await b.page.goto(`${s.baseUrl}/calls/${id}`, { timeout: 120_000 });
      const turns = b.page.locator('.turn');
      assert.ok((await turns.count()) > 1000);
      assert.equal(await turns.last().evaluate((el) => getComputedStyle(el).contentVisibility), 'auto');
      const n = objections.length;
      await b.page.locator(`#objection-${n}`).getByRole('link', { name: 'Show in the transcript' }).click({ timeout: 60_000 });
      await b.page.waitForURL((u) => u.hash === `#at-obj-${n}`, { timeout: 60_000 });
      const place = b.page.locator(`#at-obj-${n}`);
      await place.waitFor({ state: 'visible', timeout: 60_000 });
      assert.equal(await place.textContent(), objections[n - 1].quote);
      const inView = await place.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return el.matches(':target') && r.top >= 0 && r.bottom <= innerHeight;
      });
      assert.ok(inView, 'the last objection is in view and targeted');
    } finally {
      await b.close();
    }
  });

  it('in the browser: a moment\'s link scrolls to its highlighted place, and the place links back', async () => {
    const b = await openBrowser({ width: 1280, height: 700 });
    try {
      await signIn(b.page, s.baseUrl, await emailOf(s.services, t.manager.userId), PASSWORD);
      await b.page.goto(`${s.baseUrl}/calls/${call.id}`);
      await b.page.locator('#moment-miss').getByRole('link', { name: 'Show in the transcript' }).click();
      await b.page.waitForURL((u) => u.hash === '#at-miss');
      const place = b.page.locator('#at-miss');
      await place.waitFor({ state: 'visible' });
      assert.equal(await place.textContent(), call.result.biggest_miss.quote);
      assert.ok(await place.evaluate((el) => el.matches(':target') && el.tagName === 'MARK'));
      // In view, and visibly highlighted (its own background and the target's outline).
      const seen = await place.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const cs = getComputedStyle(el);
        return { inView: r.top >= 0 && r.bottom <= innerHeight, bg: cs.backgroundColor, outline: cs.outlineStyle };
      });
      assert.ok(seen.inView, 'the place is in view');
      assert.notEqual(seen.bg, 'rgba(0, 0, 0, 0)');
      assert.equal(seen.outline, 'solid');
      await b.page.locator('a.back[href="#moment-miss"]').click();
      await b.page.waitForURL((u) => u.hash === '#moment-miss');
      assert.ok(await b.page.locator('#moment-miss').evaluate((el) => el.matches(':target')));
      assert.ok(await b.page.locator('#moment-miss').isVisible());
    } finally {
      await b.close();
    }
  });
});
