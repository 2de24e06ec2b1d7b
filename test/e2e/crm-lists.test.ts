// In the browser: the CRM lists with their columns and sorting (paging through a sorted list
// without gaps or repeats), and the header search across contacts, companies and deals, in
// English and German, showing a member exactly what the API shows them.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { makeTeam, type TeamFixture } from '../helpers/fixtures.ts';
import { mainText, openBrowser, signIn, type Browser } from './browser.ts';
import { emailOf, PASSWORD, setPasswords, WebClient } from './helpers.ts';
import type { Page } from 'playwright-core';

const column = (page: Page, n: number) => page.locator(`main table tbody tr td:nth-child(${n})`).allInnerTexts();

describe('CRM lists and the header search in the browser', () => {
  let s: TestServer;
  let t: TeamFixture;
  let br: Browser;
  before(async () => {
    s = await startTestServer();
    t = await makeTeam(s.services, s.api, 'Lists');
    await setPasswords(s.services, [t.manager.userId, t.member.userId]);
    br = await openBrowser();
    await signIn(br.page, s.baseUrl, await emailOf(s.services, t.manager.userId), PASSWORD);
  });
  after(async () => {
    await br?.close();
    await s.stop();
  });

  it('shows the contacts with company, owner, email and last activity, sorted by a column heading', async () => {
    for (const [first, last] of [['Quinn', 'Alpha'], ['Bea', 'Zulu'], ['Carl', 'Mid']]) {
      assert.equal((await t.manager.client.post('/contacts', { email: `${first.toLowerCase()}@sortco.test`, first_name: first, last_name: last, company: 'Sortco' })).status, 201);
    }
    const carl = (await t.manager.client.get('/contacts?q=carl@sortco')).body.items[0];
    assert.equal((await t.manager.client.post('/activities', { kind: 'note', body: 'Met Carl', contact_id: carl.id })).status, 201);
    const { page } = br;
    await page.goto(`${s.baseUrl}/contacts?q=sortco`);
    assert.deepEqual((await page.locator('main thead th').allTextContents()).map((x) => x.replace(/\s+/g, '')), ['Name↕', 'Company↕', 'Owner↕', 'Email↕', 'Phone', 'Lastactivity↕']);
    await page.getByRole('link', { name: 'Name' }).click();
    await page.waitForURL(/sort=name/);
    assert.deepEqual(await column(page, 1), ['Bea Zulu', 'Carl Mid', 'Quinn Alpha']);
    assert.equal((await page.locator('th[aria-sort="ascending"]').textContent())?.replace(/\s+/g, ''), 'Name▲');
    assert.equal(new URL(page.url()).searchParams.get('q'), 'sortco');
    const carlRow = page.locator('main tbody tr', { hasText: 'Carl Mid' });
    assert.match(await carlRow.innerText(), /Sortco\s+mia Lists\s+carl@sortco\.test\s+\S*\s*\d{1,2} \w{3} \d{4}/);
    await page.getByRole('link', { name: 'Name' }).click();
    await page.waitForURL(/sort=-name/);
    assert.deepEqual(await column(page, 1), ['Quinn Alpha', 'Carl Mid', 'Bea Zulu']);

    await page.goto(`${s.baseUrl}/companies?q=sortco`);
    assert.match(await page.locator('main tbody tr', { hasText: 'Sortco' }).innerText(), /Sortco\s+mia Lists\s+3\s+0/);
  });

  it('sorts the deals by value with deals without a value last, and pages through a sorted list without gaps or repeats', async () => {
    for (const [title, value] of [['Pricy deal', '20000'], ['Cheap deal', '500'], ['Unvalued deal', null]] as const) {
      await t.manager.client.post('/deals', { title: `${title} vq`, ...(value ? { value_eur: value } : {}) });
    }
    const { page } = br;
    await page.goto(`${s.baseUrl}/deals?q=vq`);
    await page.getByRole('link', { name: 'Value (EUR)' }).click();
    await page.waitForURL(/sort=value/);
    assert.deepEqual(await column(page, 1), ['Cheap deal vq', 'Pricy deal vq', 'Unvalued deal vq']);
    await page.getByRole('link', { name: 'Value (EUR)' }).click();
    await page.waitForURL(/sort=-value/);
    assert.deepEqual(await column(page, 1), ['Pricy deal vq', 'Cheap deal vq', 'Unvalued deal vq']);

    // 53 contacts of one company: two pages of a sort by email, each contact once.
    const emails: string[] = [];
    for (let i = 0; i < 53; i++) {
      emails.push(`p${String(i).padStart(2, '0')}@pagers.test`);
      assert.equal((await t.manager.client.post('/contacts', { email: emails[i] })).status, 201);
    }
    await page.goto(`${s.baseUrl}/contacts?q=pagers.test&sort=-email`);
    const first = await column(page, 4);
    assert.equal(first.length, 50);
    assert.match(await mainText(page), /53 in total/);
    await page.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL(/from=50/);
    const second = await column(page, 4);
    assert.deepEqual([...first, ...second], [...emails].reverse());
    assert.equal(await page.getByRole('link', { name: 'Next page' }).count(), 0);
  });

  it('finds a contact, a company and a deal from the header search, opened with the / key', async () => {
    await t.manager.client.post('/contacts', { email: 'zora@zephyr.test', first_name: 'Zora', last_name: 'Zephyrine', company: 'Zephyr Tools' });
    await t.manager.client.post('/deals', { title: 'Zephyr renewal', value_eur: '9000' });
    await t.member.client.post('/deals', { title: 'Zephyr side deal' });
    const { page } = br;
    await page.goto(`${s.baseUrl}/pipeline`);
    await page.locator('body').press('/');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'hq');
    await page.keyboard.type('zephyr');
    await Promise.all([page.waitForURL(/\/search\?q=zephyr/), page.keyboard.press('Enter')]);
    assert.match(await page.locator('h1').innerText(), /Results for “zephyr”/);
    assert.deepEqual(await page.locator('#found-contacts li a').allInnerTexts(), ['Zora Zephyrine']);
    assert.deepEqual(await page.locator('#found-companies li a').allInnerTexts(), ['Zephyr Tools']);
    assert.deepEqual((await page.locator('#found-deals li a').allInnerTexts()).sort(), ['Zephyr renewal', 'Zephyr side deal']);
    await page.locator('#found-companies').getByRole('link', { name: 'Zephyr Tools' }).click();
    await page.waitForURL(/\/companies\/co_/);
    assert.match(await mainText(page), /Zora Zephyrine/);
  });

  it('answers the board\'s moves in JSON: a refused move says why and changes nothing', async () => {
    const deal = (await t.manager.client.post('/deals', { title: 'Json move' })).body;
    const manager = new WebClient(s.baseUrl);
    const member = new WebClient(s.baseUrl);
    await manager.signIn(await emailOf(s.services, t.manager.userId));
    await member.signIn(await emailOf(s.services, t.member.userId));
    const move = (web: WebClient, stage: string, csrf?: string | null) => web.post(`/deals/${deal.id}/stage`, { stage }, { accept: 'application/json', csrf });
    const stageNow = async () => (await t.manager.client.get(`/deals/${deal.id}`)).body.stage;

    let r = await move(member, 'qualified');
    assert.equal(r.status, 404);
    assert.deepEqual(JSON.parse(r.text), { ok: false, message: 'Page not found' });
    r = await move(manager, 'no-such-stage');
    assert.equal(r.status, 422);
    assert.match(JSON.parse(r.text).message, /stage/i);
    r = await move(manager, 'qualified', null);
    assert.notEqual(r.status, 200);
    assert.ok(!r.type.startsWith('application/json'), r.type);
    assert.equal(await stageNow(), 'lead');

    r = await move(manager, 'qualified');
    assert.equal(r.status, 200);
    assert.deepEqual(JSON.parse(r.text), { ok: true, stage: 'qualified', message: '“Json move” moved to Qualified.' });
    assert.equal(await stageNow(), 'qualified');
  });

  it('shows a member in the search what the API shows them: no colleague\'s deal; and in German', async () => {
    const member = await openBrowser();
    try {
      await signIn(member.page, s.baseUrl, await emailOf(s.services, t.member.userId), PASSWORD);
      await member.page.goto(`${s.baseUrl}/search?q=zephyr`);
      const api = (await t.member.client.get('/deals?q=zephyr&status=all')).body.items.map((d: any) => d.title);
      assert.deepEqual(api, ['Zephyr side deal']);
      assert.deepEqual(await member.page.locator('#found-deals li a').allInnerTexts(), api);
      assert.ok(!(await mainText(member.page)).includes('Zephyr renewal'));
      assert.deepEqual(await member.page.locator('#found-contacts li a').allInnerTexts(), ['Zora Zephyrine']);
      // A sorted list keeps the same visibility.
      await member.page.goto(`${s.baseUrl}/deals?q=zephyr&status=all&sort=-title`);
      assert.deepEqual(await column(member.page, 1), api);

      await member.page.getByRole('button', { name: 'Deutsch' }).click();
      await member.page.locator('html[lang="de"]').waitFor();
      await member.page.goto(`${s.baseUrl}/search?q=zephyr`);
      await member.page.getByRole('searchbox', { name: 'CRM durchsuchen' }).first().waitFor();
      assert.match(await member.page.locator('h1').innerText(), /Ergebnisse für „zephyr“/);
      assert.deepEqual(await member.page.locator('main h2').allInnerTexts(), ['Kontakte (1)', 'Firmen (1)', 'Deals (1)']);
      await member.page.goto(`${s.baseUrl}/search?q=nothing-like-this`);
      assert.match(await mainText(member.page), /Nichts gefunden für „nothing-like-this“/);
    } finally {
      await member.close();
    }
  });
});
