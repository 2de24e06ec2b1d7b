// In the browser: analysing a call without a dialer. A pasted transcript (or a .vtt file read in
// the browser) goes through the same service as POST /api/v1/calls; the page follows the
// analysis and opens the coaching. Refusals show on the form, filled in as sent, and save nothing.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { makeTeam, type TeamFixture } from '../helpers/fixtures.ts';
import { startBackground, type Background } from '../../src/worker/background.ts';
import { mainText, openBrowser, signIn, type Browser } from './browser.ts';
import { emailOf, PASSWORD, setPasswords, waitFor, WebClient } from './helpers.ts';

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

const VTT = [
  'WEBVTT', '',
  '00:00:01.000 --> 00:00:04.000', '<v Sam>Guten Tag Frau Berg, hier ist Sam von Northwind. Passt es gerade?', '',
  '00:00:05.000 --> 00:00:07.000', '<v Dana Berg>Ja, ich habe zehn Minuten.', '',
  '00:00:08.000 --> 00:00:13.000', '<v Sam>Wie planen Sie heute Ihre Touren, und was kostet Sie das jede Woche?', '',
  '00:00:14.000 --> 00:00:20.000', '<v Dana Berg>Ehrlich gesagt ist das ein Chaos. Wir verlieren zehn Stunden pro Woche.', '',
  '00:00:21.000 --> 00:00:26.000', '<v Sam>Sollen wir nächsten Dienstag um zehn Uhr eine Demo mit Ihrem Team machen?', '',
  '00:00:27.000 --> 00:00:29.000', '<v Dana Berg>Ja, Dienstag passt.', '',
].join('\n');

describe('analysing a call in the application', () => {
  let s: TestServer;
  let t: TeamFixture;
  let other: TeamFixture;
  let worker: Background | null = null;
  let member: Browser;
  let contactId: string;

  const callCount = async () => Number((await s.services.handle.db.selectFrom('calls').select((eb) => eb.fn.countAll().as('n')).where('team_id', '=', t.teamId).executeTakeFirstOrThrow()).n);

  before(async () => {
    // No worker yet: the first call stays queued until the test has seen its progress.
    s = await startTestServer();
    t = await makeTeam(s.services, s.api, 'Analyse');
    other = await makeTeam(s.services, s.api, 'Elsewhere');
    await setPasswords(s.services, [t.manager.userId, t.member.userId, t.member2.userId]);
    await s.services.identity.updateUser(t.member.userId, { paid: true, consent: true });
    const contact = await t.member.client.post('/contacts', { email: 'dana@northwind.test', first_name: 'Dana', last_name: 'Berg' });
    assert.equal(contact.status, 201);
    contactId = contact.body.id;
    member = await openBrowser();
    await signIn(member.page, s.baseUrl, await emailOf(s.services, t.member.userId), PASSWORD);
  });
  after(async () => {
    await member?.close();
    await worker?.stop();
    await s?.stop();
  });

  it('pastes a call, shows its progress while queued, and opens the coaching when the analysis is done', async () => {
    const { page } = member;
    await page.goto(`${s.baseUrl}/calls`);
    await page.getByRole('link', { name: 'Analyse a call' }).click();
    await page.getByLabel('Transcript', { exact: true }).fill(TRANSCRIPT('pasted'));
    await page.getByLabel('Language of the coaching').selectOption('en');
    await page.getByLabel('Contact').selectOption({ label: 'Dana Berg (dana@northwind.test)' });
    await page.getByRole('button', { name: 'Analyse the call' }).click();
    await page.waitForURL(/\/calls\/[^/]+\/progress$/);
    const id = page.url().split('/').at(-2)!;
    assert.equal(await page.getByRole('status').filter({ hasText: 'Waiting for its turn' }).count(), 1);
    const row = await s.services.handle.db.selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    assert.deepEqual([row.status, row.language, row.contact_id, row.owner_id], ['queued', 'en', contactId, t.member.userId]);
    // Stored as pasted: the CRLF a browser sends for a textarea's line breaks is not the call's.
    assert.equal(row.transcript, TRANSCRIPT('pasted'));

    // The worker picks it up; the page asks for the status and opens the call once it is analysed.
    worker = startBackground(s.services);
    await page.waitForURL(`${s.baseUrl}/calls/${id}`);
    const call = (await t.member.client.get(`/calls/${id}`)).body;
    assert.equal(call.status, 'done', call.error);
    const text = await mainText(page);
    assert.ok(text.includes(call.result.commitment.replace(/\s+/g, ' ')), 'the commitment is shown');
    assert.match(text, /Strongest moment.*Biggest miss/);
    assert.match(text, /Call with Dana Berg/);
  });

  it('reads a chosen .vtt file into the form and analyses it in German', async () => {
    const { page } = member;
    await page.goto(`${s.baseUrl}/calls/new`);
    await page.getByLabel('Or choose a file (.txt, .vtt, .srt)').setInputFiles({ name: 'berg-demo.vtt', mimeType: 'text/vtt', buffer: Buffer.from(VTT, 'utf8') });
    await waitFor('the file in the transcript field', async () => (await page.getByLabel('Transcript', { exact: true }).inputValue()).startsWith('WEBVTT'));
    assert.equal(await page.getByLabel('Name of the call (file name)').inputValue(), 'berg-demo.vtt');
    await page.getByLabel('Language of the coaching').selectOption('de');
    await page.getByRole('button', { name: 'Analyse the call' }).click();
    await page.waitForURL(/\/calls\/[^/]+$/);
    const id = page.url().split('/').at(-1)!;
    const call = (await t.member.client.get(`/calls/${id}`)).body;
    assert.deepEqual([call.status, call.filename, call.language], ['done', 'berg-demo.vtt', 'de']);
    assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'berg-demo.vtt');
    // The subtitles' voices are the speakers; the coaching is written in German.
    const text = await mainText(page);
    assert.ok(text.includes(call.result.commitment.replace(/\s+/g, ' ')));
    assert.match(text, /Sam Salesperson \d+ % .* Dana Berg \d+ %/);
    assert.match(call.result.commitment, /Gespräch/);
  });

  it('shows a bad input on the form, filled in as sent, and saves nothing', async () => {
    const { page } = member;
    const calls = await callCount();
    const contacts = (await t.member.client.get('/contacts')).body.total;
    const alert = page.locator('#form-error');

    // An empty transcript.
    await page.goto(`${s.baseUrl}/calls/new`);
    await page.getByLabel('Name of the call (file name)').fill('empty.txt');
    await page.getByLabel("Salesperson's name in the transcript (optional)").fill('Sam');
    await page.getByRole('button', { name: 'Analyse the call' }).click();
    assert.equal(await alert.innerText(), 'The transcript is empty: paste the text of the call or choose a file.');
    assert.equal(await page.getByLabel('Name of the call (file name)').inputValue(), 'empty.txt');
    assert.equal(await page.getByLabel("Salesperson's name in the transcript (optional)").inputValue(), 'Sam');
    assert.equal(await page.getByLabel('Transcript', { exact: true }).getAttribute('aria-invalid'), 'true');

    // A contact of another team, sent by an altered form.
    const foreign = await other.member.client.post('/contacts', { email: 'someone@elsewhere.test' });
    const pasted = TRANSCRIPT('refused');
    await page.getByLabel('Transcript', { exact: true }).fill(pasted);
    await page.getByLabel('Contact').evaluate((sel, value) => {
      const o = document.createElement('option');
      o.value = value; o.textContent = 'Someone elsewhere';
      (sel as HTMLSelectElement).append(o);
      (sel as HTMLSelectElement).value = value;
    }, foreign.body.id);
    await page.getByRole('button', { name: 'Analyse the call' }).click();
    assert.equal(await alert.innerText(), 'This contact does not exist (any more) in your team; choose another one.');
    assert.equal(await page.getByLabel('Transcript', { exact: true }).inputValue(), pasted);
    assert.equal(await page.getByLabel('Contact').inputValue(), foreign.body.id);

    // A deal of a colleague, which a member cannot see.
    const theirs = await t.manager.client.post('/deals', { title: 'Manager only' });
    await page.getByLabel('Contact').selectOption('');
    await page.getByLabel('Deal').evaluate((sel, value) => {
      const o = document.createElement('option');
      o.value = value; o.textContent = 'Not mine';
      (sel as HTMLSelectElement).append(o);
      (sel as HTMLSelectElement).value = value;
    }, theirs.body.id);
    await page.getByRole('button', { name: 'Analyse the call' }).click();
    assert.equal(await alert.innerText(), 'This deal does not exist or you cannot see it; choose another one.');

    // A salesperson who is not in the transcript.
    await page.getByLabel('Deal').selectOption('');
    await page.getByLabel("Salesperson's name in the transcript (optional)").fill('Bob');
    await page.getByRole('button', { name: 'Analyse the call' }).click();
    assert.equal(await alert.innerText(), '"Bob" is not a speaker of the transcript; its speakers are "Sam", "Dana".');

    // The transcript of the first test again: a duplicate, with the way to the earlier call.
    await page.getByLabel("Salesperson's name in the transcript (optional)").fill('');
    await page.getByLabel('Transcript', { exact: true }).fill(TRANSCRIPT('pasted'));
    await page.getByRole('button', { name: 'Analyse the call' }).click();
    assert.match(await alert.innerText(), /^The same transcript was analysed within the last 30 days\. Nothing was saved\. Open that call$/);
    assert.match(await alert.getByRole('link', { name: 'Open that call' }).getAttribute('href') ?? '', /^\/calls\/[^/]+$/);

    assert.equal(await callCount(), calls);
    assert.equal((await t.member.client.get('/contacts')).body.total, contacts);
  });

  it('refuses members without the paid product, and anyone without consent, as the API does (402, 428), in their language', async () => {
    // mona: consent given, no paid product.
    await s.services.identity.updateUser(t.member2.userId, { consent: true });
    const calls = await callCount();
    const unpaid = await openBrowser();
    try {
      await signIn(unpaid.page, s.baseUrl, await emailOf(s.services, t.member2.userId), PASSWORD);
      const { page } = unpaid;
      await page.goto(`${s.baseUrl}/calls/new`);
      assert.match(await page.locator('#needs-paid').innerText(), /paid product/);
      await page.getByLabel('Transcript', { exact: true }).fill(TRANSCRIPT('unpaid'));
      const answer = page.waitForResponse((r) => r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Analyse the call' }).click();
      assert.equal((await answer).status(), 402);
      assert.equal(await page.locator('#form-error').innerText(),
        'You may not use call analysis: it is a paid product, and your team owner has not switched it on for you (Team → Members). Nothing was saved.');
      assert.equal(await page.getByLabel('Transcript', { exact: true }).inputValue(), TRANSCRIPT('unpaid'));
    } finally {
      await unpaid.close();
    }

    // mia, a manager who has the paid product but has not accepted the privacy notice, reads German.
    await s.services.identity.updateUser(t.manager.userId, { paid: true });
    const web = new WebClient(s.baseUrl);
    await web.signIn(await emailOf(s.services, t.manager.userId));
    await web.post('/language', { locale: 'de', next: '/' });
    const form = (await web.get('/calls/new')).text;
    assert.match(form, /<h1>Gespräch analysieren<\/h1>/);
    assert.match(form, /id="needs-consent">Sie haben den Datenschutzhinweis noch nicht angenommen/);
    const r = await web.post('/calls/new', { transcript: TRANSCRIPT('no consent'), language: 'de', contact_id: '', deal_id: '' }, { referer: '/calls/new' });
    assert.equal(r.status, 428);
    assert.match(r.text, /<p class="flash flash-error form-error" role="alert" id="form-error">Sie haben den Datenschutzhinweis nicht angenommen; .*<a href="\/privacy">Datenschutzhinweis lesen und annehmen<\/a><\/p>/);
    assert.match(r.text, /Reference no consent\.<\/textarea>/);
    assert.equal(await callCount(), calls);
  });

  it('works without JavaScript: the post opens the progress page, which reloads itself until the call is analysed', async () => {
    const web = new WebClient(s.baseUrl);
    await web.signIn(await emailOf(s.services, t.member.userId));
    const r = await web.post('/calls/new', { transcript: TRANSCRIPT('plain'), language: 'en', contact_id: contactId, deal_id: '', filename: 'plain.txt', rep_speaker: 'Sam' });
    assert.equal(r.status, 303);
    const id = /^\/calls\/([^/]+)\/progress$/.exec(r.location ?? '')?.[1];
    assert.ok(id, `redirect to ${r.location}`);
    const progress = await web.get(`/calls/${id}/progress`);
    if (progress.status === 200) assert.match(progress.text, /<noscript><meta http-equiv="refresh" content="3"><\/noscript>/);
    else assert.equal(progress.location, `/calls/${id}`);
    await waitFor('the progress page to hand over to the call', async () => (await web.get(`/calls/${id}/progress`)).location === `/calls/${id}`);
    const status = await web.get(`/calls/${id}/status`);
    assert.deepEqual(JSON.parse(status.text), { id, status: 'done' });
    // Another member cannot follow someone else's call.
    const colleague = new WebClient(s.baseUrl);
    await colleague.signIn(await emailOf(s.services, t.member2.userId));
    assert.equal((await colleague.get(`/calls/${id}/status`)).status, 404);
    assert.equal((await colleague.get(`/calls/${id}/progress`)).status, 404);
  });

  it("says when the team's daily call limit is reached, as POST /calls answers 429", async () => {
    const calls = await callCount();
    await s.services.handle.db.updateTable('teams').set({ call_limit: calls }).where('id', '=', t.teamId).execute();
    try {
      const web = new WebClient(s.baseUrl);
      await web.signIn(await emailOf(s.services, t.member.userId));
      const r = await web.post('/calls/new', { transcript: TRANSCRIPT('over the limit'), language: 'en' });
      assert.equal(r.status, 429);
      assert.ok(r.text.includes(`Your team has analysed ${calls} calls today, its daily limit; it resets at 00:00 UTC. Nothing was saved.`));
      assert.equal(await callCount(), calls);
    } finally {
      await s.services.handle.db.updateTable('teams').set({ call_limit: 50 }).where('id', '=', t.teamId).execute();
    }
  });

  it('refuses a transcript over 500,000 characters with its message, keeping what was sent', async () => {
    const calls = await callCount();
    const web = new WebClient(s.baseUrl);
    await web.signIn(await emailOf(s.services, t.member.userId));
    // Umlauts take 6 bytes each url-encoded: the post is about 3 MB, well over the forms' usual 1 MiB.
    const long = `Sam: ${'ä'.repeat(500_000)}`;
    const r = await web.post('/calls/new', { transcript: long, language: 'en' });
    assert.equal(r.status, 422);
    assert.match(r.text, /The transcript is longer than 500,000 characters; analyse a shorter part of the call\./);
    assert.ok(r.text.includes(`>${long}</textarea>`), 'the transcript is kept');
    assert.equal(await callCount(), calls);
  });
});
