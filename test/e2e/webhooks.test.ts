// In the browser: registering a webhook (secret shown once) and seeing a delivery with its
// attempt in the log, then a ping and pausing it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { makeTeam, type TeamFixture } from '../helpers/fixtures.ts';
import { mainText, openBrowser, signIn, type Browser } from './browser.ts';
import { emailOf, PASSWORD, setPasswords, waitFor } from './helpers.ts';

describe('webhooks on the Team page in the browser', () => {
  let s: TestServer;
  let t: TeamFixture;
  let manager: Browser;
  let receiver: http.Server;
  let hookUrl: string;
  const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];

  before(async () => {
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => { body += c; });
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/rz-hook`;
    s = await startTestServer({ background: true, env: { RZ_WEBHOOK_RETRY_SCHEDULE: '1,1,1,1' } });
    t = await makeTeam(s.services, s.api, 'Coach');
    await setPasswords(s.services, [t.manager.userId, t.member.userId]);
    manager = await openBrowser();
    await signIn(manager.page, s.baseUrl, await emailOf(s.services, t.manager.userId), PASSWORD);
  });
  after(async () => {
    await manager?.close();
    await s.stop();
    await new Promise((r) => receiver.close(r));
  });

  it('registers a webhook (secret shown once) and shows a delivery with its attempt in the log', async () => {
    const { page } = manager;
    await page.goto(`${s.baseUrl}/team/webhooks`);
    await page.getByLabel('URL').fill(hookUrl);
    // Ticking a single event unticks "All events" (which the form starts with), and back.
    const all = page.getByLabel('All events (also future ones)');
    assert.equal(await all.isChecked(), true);
    await page.getByLabel('deal.closed').check();
    assert.equal(await all.isChecked(), false);
    await all.check();
    assert.equal(await page.getByLabel('deal.closed').isChecked(), false);
    await page.getByLabel('contact.created').check();
    assert.equal(await all.isChecked(), false);
    await page.getByRole('button', { name: 'Register webhook' }).click();
    const secret = (await page.locator('#webhook-secret').innerText()).trim();
    assert.match(secret, /\S{20,}/);
    await page.getByRole('link', { name: 'Open the delivery log' }).click();
    const webhookId = new URL(page.url()).pathname.split('/').pop()!;
    assert.match(await mainText(page), /contact\.created/);
    assert.ok(!(await mainText(page)).includes(secret));

    const contact = await t.member.client.post('/contacts', { email: 'hook@example.test' });
    assert.equal(contact.status, 201);
    const got = await waitFor('the delivery', async () => received.find((r) => r.headers['x-rz-event'] === 'contact.created'));
    assert.match(String(got.headers['x-rz-signature']), /^sha256=[0-9a-f]{64}$/);
    assert.equal(JSON.parse(got.body).data.id, contact.body.id);

    await waitFor('the log to show the delivery', async () => {
      await page.goto(`${s.baseUrl}/team/webhooks/${webhookId}`);
      const log = page.locator('#delivery-log');
      return (await log.count()) > 0 && /delivered/.test(await log.innerText());
    });
    const log = await page.locator('#delivery-log').innerText();
    assert.match(log, /contact\.created/);
    assert.match(log, /HTTP 204/);
    assert.match(await page.locator('#webhook-health').innerText(), /healthy/);
    // The body sent, as the receiver got it (shown indented, so compared as JSON).
    const sent = page.locator('#delivery-log details.payload', { hasText: 'Body sent' }).first();
    await sent.locator('summary').click();
    assert.deepEqual(JSON.parse(await sent.locator('pre.body-sent').innerText()), JSON.parse(got.body));

    // A reader in New York sees the attempt's time in their own zone, named, with UTC as the tooltip.
    const attempt: string = (await t.manager.client.get(`/webhooks/${webhookId}/deliveries`)).body.items[0].attempts[0].attempted_at;
    const ny = await openBrowser({ timezoneId: 'America/New_York' });
    try {
      await signIn(ny.page, s.baseUrl, await emailOf(s.services, t.manager.userId), PASSWORD);
      await ny.page.goto(`${s.baseUrl}/team/webhooks/${webhookId}`);
      const time = ny.page.locator(`#delivery-log ol.attempts time[datetime="${attempt}"]`);
      const expected = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short', timeZone: 'America/New_York' }).format(new Date(attempt));
      assert.match(expected, /GMT-5|EST/);
      assert.equal(await time.innerText(), expected);
      assert.match(String(await time.getAttribute('title')), / UTC$/);
    } finally {
      await ny.close();
    }

    await page.getByRole('button', { name: 'Send a ping' }).click();
    await waitFor('the ping', async () => received.find((r) => r.headers['x-rz-event'] === 'ping'));
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('status').waitFor();
    assert.match(await mainText(page), /paused/);
  });

});
