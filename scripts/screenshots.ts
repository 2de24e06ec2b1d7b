// npm run screenshots: starts RZ on a fresh temporary SQLite database, fills it through the
// application and the API as a team would, and saves screenshots of the main pages to
// docs/screenshots/ with Debian's chromium (RZ_CHROMIUM overrides the path).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startTestServer } from '../test/helpers/server.ts';
import { ApiClient } from '../test/helpers/client.ts';
import { openBrowser, signIn } from '../test/e2e/browser.ts';

const OUT = path.resolve('docs/screenshots');
const PASSWORD = 'screenshot-password';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const CALL = [
  '[00:00:01] Sam: Hi Dana, this is Sam from Northwind Routing. Is now still a good time?',
  '[00:00:05] Dana: Yes, I have fifteen minutes.',
  '[00:00:08] Sam: How do you plan your delivery routes today, and what does that cost your team each week?',
  '[00:00:15] Dana: Honestly it is a mess. We lose about ten hours a week in spreadsheets.',
  '[00:00:22] Sam: What does that mean for your drivers and your customers?',
  '[00:00:27] Dana: Late deliveries. Two customers complained last month. But honestly, this is probably too expensive for us.',
  '[00:00:36] Sam: I hear you. If we cut those ten hours in half, it pays for itself in three months. Shall we walk your dispatcher through it on Tuesday at 10?',
  '[00:00:48] Dana: Tuesday at 10 works.',
];

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  // A local receiver so the webhook page shows real deliveries (the test server allows private targets).
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(req.url === '/flaky' ? 503 : 204).end());
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const hookBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const s = await startTestServer({ background: true, env: { RZ_WEBHOOK_RETRY_SCHEDULE: '1,1,1,1' } });
  const browser = await openBrowser({ width: 1280, height: 860 });
  const { page } = browser;
  const shot = async (name: string, url: string, opts: { fullPage?: boolean } = {}) => {
    await page.goto(`${s.baseUrl}${url}`);
    // Transcript turns off screen are not rendered (content-visibility: auto); a full-page picture shows them all.
    if (opts.fullPage ?? true) await page.evaluate(() => document.querySelectorAll<HTMLElement>('.turn').forEach((e) => { e.style.contentVisibility = 'visible'; }));
    await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: opts.fullPage ?? true });
    process.stdout.write(`docs/screenshots/${name}.png\n`);
  };
  try {
    await shot('setup', '/');
    await page.getByLabel('Team name').fill('Northwind Sales');
    await page.getByLabel('Your name').fill('Olivia Owner');
    await page.getByLabel('Email').fill('olivia@northwind.example');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create team' }).click();
    await page.waitForURL(/\/team$/);

    const owner = (await s.services.identity.repo.userByEmail('olivia@northwind.example'))!;
    const teamId = owner.team_id;
    const people: Record<string, string> = {};
    for (const [name, role] of [['Mia Manager', 'manager'], ['Sam Seller', 'member'], ['Rita Rep', 'member']] as const) {
      const email = `${name.split(' ')[0].toLowerCase()}@northwind.example`;
      people[name] = (await s.services.identity.addUser({ teamId, email, role, name, password: PASSWORD })).user_id;
      await s.services.identity.updateUser(people[name], { paid: true, consent: true });
    }
    const client = async (userId: string) => new ApiClient(s.api, (await s.services.identity.createKey({ userId, name: 'Dialer', scopes: ['read', 'write'] })).key);
    const mia = await client(people['Mia Manager']);
    const sam = await client(people['Sam Seller']);
    const rita = await client(people['Rita Rep']);

    const deals: Array<[ApiClient, string, string, string, string]> = [
      [sam, 'Initech rollout', '12.5k', 'lead', 'bill@initech.example'],
      [sam, 'Globex pilot', '8.000', 'qualified', 'hank@globex.example'],
      [rita, 'Umbrella renewal', '42k', 'proposal', 'alice@umbrella.example'],
      [mia, 'Stark logistics', '95k', 'negotiation', 'pepper@stark.example'],
      [rita, 'Wayne freight', '23.400', 'qualified', 'lucius@wayne.example'],
      [sam, 'Acme depots', '5k', 'lead', 'wile@acme.example'],
    ];
    const company = (email: string) => email.split('@')[1].split('.')[0].replace(/^./, (c) => c.toUpperCase());
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    for (const [i, [c, title, value, stage, email]] of deals.entries()) {
      await c.post('/contacts', { email, first_name: email.split('@')[0].replace(/^./, (x) => x.toUpperCase()), company: company(email), job_title: 'Head of Operations' });
      const made = await c.post('/deals', { title, value_eur: value, stage, contact_email: email, next_step: 'Demo with the dispatcher', next_step_at: day(i * 2 - 1) });
      // Some days in their stage, as a board in use shows them.
      await s.services.handle.db.updateTable('deals').set({ created_at: new Date(Date.now() - (i * 3 + 1) * 86_400_000).toISOString() }).where('id', '=', made.body.id).execute();
    }
    const alice = (await rita.get('/contacts?q=alice')).body.items[0];
    await rita.post('/activities', { kind: 'note', body: 'Budget confirmed for Q1; procurement needs the security questionnaire.', contact_id: alice.id });
    await rita.post('/tasks', { title: 'Send the security questionnaire', due_at: '2026-12-01', contact_id: alice.id });
    await rita.post('/activities', { kind: 'meeting', body: 'Kick-off with Alice and the IT lead.', contact_id: alice.id });

    const pushed: string[] = [];
    for (const [c, n] of [[sam, 3], [rita, 3]] as const) {
      for (let i = 0; i < n; i++) {
        // Each transcript differs (a reference line), so none is refused as a duplicate.
        const base = i === 0 ? CALL : CALL.slice(0, 6 + (i % 2)).concat(['[00:00:50] Dana: Send me something.']);
        const lines = base.concat([`[00:00:55] Dana: Our reference is ${c === sam ? 'S' : 'R'}-${i}.`]);
        const r = await c.post('/calls', { transcript: lines.join('\n'), language: 'en', filename: `northwind-call-${pushed.length + 1}.txt`, contact_email: 'dana@northwind-customer.example' });
        pushed.push(r.body.id);
      }
    }
    for (const id of pushed) {
      for (let i = 0; i < 200; i++) {
        const r = await mia.get(`/calls/${id}`);
        if (r.body.status === 'done' || r.body.status === 'failed') break;
        await sleep(50);
      }
    }
    // Coaching over time reads weeks: the calls as if analysed over the last weeks (one week left empty).
    const weeksAgo = [5, 4, 1, 3, 2, 0];
    for (const [i, id] of pushed.entries()) {
      const at = new Date(Date.now() - weeksAgo[i % weeksAgo.length] * 7 * 86_400_000).toISOString();
      await s.services.handle.db.updateTable('calls').set({ analysed_at: at }).where('id', '=', id).execute();
    }

    const { actorOf } = await import('../src/web/session.service.ts');
    const ownerActor = actorOf((await s.services.identity.repo.user(owner.id))!);
    const hook = await s.services.webhooks.create(ownerActor, { url: `${hookBase}/rz-hook`, events: ['deal.created', 'deal.stage_changed', 'call_analysis.done'], description: 'CRM sync' });
    await s.services.webhooks.create(ownerActor, { url: `${hookBase}/flaky`, events: ['*'], description: 'Staging receiver (down)' });
    await s.services.webhooks.ping(ownerActor, hook.id);
    await sam.post('/deals', { title: 'Hooli fleet', value_eur: '18k', contact_email: 'gavin@hooli.example' });
    await sleep(2500);

    await shot('team', '/team');
    await shot('team-webhooks', '/team/webhooks');
    await shot('webhook-log', `/team/webhooks/${hook.id}`);
    await page.goto(`${s.baseUrl}/team/keys`);
    await page.getByLabel('Name').fill('CRM sync');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.screenshot({ path: path.join(OUT, 'team-keys.png'), fullPage: true });
    process.stdout.write('docs/screenshots/team-keys.png\n');
    await shot('team-usage', '/team/usage');
    await shot('pipeline', '/pipeline');
    await shot('contact', `/contacts/${alice.id}`);
    await shot('contacts', '/contacts?sort=name');
    await shot('search', '/search?q=wayne');
    await shot('call-coaching', `/calls/${pushed[0]}`);
    // The transcript as the biggest miss's link opens it: the place highlighted, in view.
    await shot('call-transcript', `/calls/${pushed[0]}#at-miss`, { fullPage: false });

    await browser.context.clearCookies();
    await signIn(page, s.baseUrl, 'mia@northwind.example', PASSWORD);
    await shot('manager-dashboard', '/coaching?weeks=12');
    // Analyse a call without a dialer: the form with a pasted transcript and a contact chosen.
    await page.goto(`${s.baseUrl}/calls/new`);
    await page.getByLabel('Transcript', { exact: true }).fill(CALL.join('\n'));
    await page.getByLabel('Name of the call (file name)').fill('dana-tuesday.txt');
    await page.getByLabel('Contact').selectOption({ index: 1 });
    await page.locator('h1').click();
    await page.screenshot({ path: path.join(OUT, 'analyse-call.png'), fullPage: true });
    process.stdout.write('docs/screenshots/analyse-call.png\n');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('pipeline-phone', '/pipeline');
  } finally {
    await browser.close();
    await s.stop();
    receiver.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
