// In the browser: accepting the privacy notice (then POST /calls is no longer refused with 428), a call pushed
// through the API read as coaching, and the manager's scores over time.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { makeTeam, type TeamFixture } from '../helpers/fixtures.ts';
import { mainText, openBrowser, signIn, type Browser } from './browser.ts';
import { emailOf, PASSWORD, setPasswords, waitFor } from './helpers.ts';

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
  });

  it('shows managers each rep\'s scores over time and the team\'s weakest dimension; a member sees only their own calls', async () => {
    const { page } = manager;
    await page.goto(`${s.baseUrl}/coaching`);
    const text = await mainText(page);
    assert.match(text, /The team's weakest dimension/);
    assert.match(text, /max Coach/);
    assert.ok((await page.locator('figure.chart svg polyline').count()) >= 5);
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
});
