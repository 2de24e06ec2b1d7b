// In the browser: every sortable column of the Contacts, Companies and Deals lists, in both
// directions, paged through (more than one page) with each row once and in the expected order
// (no value last, equal values newest first); a member's sorted lists hold what the API shows
// them, ordered by what they may see; the language switch keeps a sorted list's address.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { makeTeam, type TeamFixture } from '../helpers/fixtures.ts';
import type { ApiClient } from '../helpers/client.ts';
import { openBrowser, signIn, type Browser } from './browser.ts';
import { emailOf, PASSWORD, setPasswords } from './helpers.ts';
import type { Page } from 'playwright-core';

type Key = string | number | null;
interface Row { id: string; label: string }

const pad = (i: number) => String(i).padStart(2, '0');
const day = (base: string, n: number) => new Date(Date.parse(base) + n * 86_400_000).toISOString();
const N = 55;

interface Deal extends Row { stage: number; owner: string; ownerId: string; contact: string | null; last: string | null }

/** The order the lists promise: by key in `dir`, rows without a key last, then newest (greatest id) first. */
function expected<T extends Row>(rows: T[], key: (r: T) => Key, dir: 'asc' | 'desc'): string[] {
  return [...rows].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return (x < y ? -1 : 1) * (dir === 'asc' ? 1 : -1);
    }
    return a.id < b.id ? 1 : -1;
  }).map((r) => r.label);
}

/** Every row of a sorted list, page after page through its "Next page" links. */
async function walk(page: Page, url: string, column: number): Promise<string[]> {
  await page.goto(url);
  const seen: string[] = [];
  for (let pages = 1; ; pages++) {
    seen.push(...(await page.locator(`main table tbody tr td:nth-child(${column})`).allInnerTexts()));
    const next = page.getByRole('link', { name: 'Next page' });
    if ((await next.count()) === 0) break;
    assert.ok(pages < 10, 'a runaway pager');
    await Promise.all([page.waitForURL(new RegExp(`from=${pages * 50}`)), next.click()]);
  }
  return seen.map((s) => s.trim());
}

describe('sorting the CRM lists by every column, paged, in the browser', () => {
  let s: TestServer;
  let t: TeamFixture;
  let br: Browser;
  let memberBr: Browser;
  const names = new Map<string, string>();
  const contacts: Array<Row & { company: string | null; owner: string; lastAll: string | null; lastMember: string | null }> = [];
  const companies: Array<Row & { owner: string; contacts: number }> = [];
  const deals: Deal[] = [];

  before(async () => {
    s = await startTestServer();
    t = await makeTeam(s.services, s.api, 'Sorts');
    await setPasswords(s.services, [t.manager.userId, t.member.userId]);
    for (const p of [t.owner, t.manager, t.member, t.member2]) names.set(p.userId, (await s.services.identity.repo.user(p.userId))!.name.toLowerCase());
    const people = [t.manager, t.member, t.member2];
    const post = async (client: ApiClient, path: string, body: object) => {
      const r = await client.post(path, body);
      assert.equal(r.status, 201, JSON.stringify(r.body));
      return r.body;
    };
    // 53 companies of three owners; the first 20 get contacts (0 to 3 each).
    for (let i = 0; i < 53; i++) {
      const p = people[i % 3];
      const co = await post(p.client, '/companies', { name: `Srt Co ${pad(i)}` });
      companies.push({ id: co.id, label: co.name, owner: names.get(p.userId)!, contacts: 0 });
    }
    // 55 contacts: one in five without a company; notes by the manager on some, by a member on others.
    for (let i = 0; i < N; i++) {
      const p = people[(i + 1) % 3];
      const co = i % 5 === 0 ? null : companies[(i * 7) % 20];
      const c = await post(p.client, '/contacts', { email: `srt${pad(i)}@srt.test`, first_name: `Cn${pad(i)}`, ...(co ? { company_id: co.id } : {}) });
      if (co) co.contacts++;
      const row = { id: c.id, label: `Cn${pad(i)}`, company: co ? co.label.toLowerCase() : null, owner: names.get(p.userId)!, lastAll: null as string | null, lastMember: null as string | null };
      if (i % 3 === 0) row.lastAll = (await post(t.manager.client, '/activities', { kind: 'note', body: 'm', contact_id: c.id, occurred_at: day('2024-01-01T10:00:00Z', i) })).occurred_at;
      if (i % 2 === 0) {
        row.lastMember = (await post(t.member.client, '/activities', { kind: 'note', body: 'x', contact_id: c.id, occurred_at: day('2023-06-01T10:00:00Z', (i * 13) % N) })).occurred_at;
        if (!row.lastAll || row.lastMember! > row.lastAll) row.lastAll = row.lastMember;
      }
      contacts.push(row);
    }
    // 55 deals of the manager and the member across the stages; some without a contact, some with notes.
    const stages = await s.services.identity.repo.stages(t.teamId);
    for (let i = 0; i < N; i++) {
      const p = i % 2 ? t.member : t.manager;
      const stage = stages[i % stages.length];
      const contact = i % 4 === 0 ? null : contacts[(i * 3) % N];
      const d = await post(p.client, '/deals', { title: `Srt deal ${pad(i)}`, stage: stage.key, ...(contact ? { contact_id: contact.id } : {}) });
      let last: string | null = null;
      // The manager's note on the member's deal counts for the member too (it is on their deal).
      if (i % 3 === 0) last = (await post(t.manager.client, '/activities', { kind: 'note', body: 'd', deal_id: d.id, occurred_at: day('2024-03-01T10:00:00Z', (i * 17) % N) })).occurred_at;
      // A deal's note is also its contact's (the activity takes the deal's contact).
      const later = (a: string | null) => (last && (!a || last > a) ? last : a);
      if (contact) {
        contact.lastAll = later(contact.lastAll);
        if (p === t.member) contact.lastMember = later(contact.lastMember);
      }
      deals.push({ id: d.id, label: d.title, stage: stage.position, owner: names.get(p.userId)!, ownerId: p.userId, contact: contact ? contact.label.toLowerCase() : null, last });
    }
    br = await openBrowser();
    memberBr = await openBrowser();
    await signIn(br.page, s.baseUrl, await emailOf(s.services, t.manager.userId), PASSWORD);
    await signIn(memberBr.page, s.baseUrl, await emailOf(s.services, t.member.userId), PASSWORD);
  });
  after(async () => {
    await br?.close();
    await memberBr?.close();
    await s.stop();
  });

  const both = ['asc', 'desc'] as const;
  const sortParam = (key: string, dir: 'asc' | 'desc') => (dir === 'desc' ? `-${key}` : key);

  it('sorts the contacts by company, owner and last activity, each way, across pages', async () => {
    const keys = { company: (r: (typeof contacts)[0]) => r.company, owner: (r: (typeof contacts)[0]) => r.owner, last_activity: (r: (typeof contacts)[0]) => r.lastAll };
    await br.page.goto(`${s.baseUrl}/contacts?q=srt.test`);
    assert.deepEqual((await br.page.locator('main thead th').allTextContents()).map((x) => x.replace(/\s+/g, '')), ['Name↕', 'Company↕', 'Owner↕', 'Email↕', 'Phone', 'Lastactivity↕']);
    for (const [key, fn] of Object.entries(keys)) {
      for (const dir of both) {
        const seen = await walk(br.page, `${s.baseUrl}/contacts?q=srt.test&sort=${sortParam(key, dir)}`, 1);
        assert.equal(new Set(seen).size, N, `${key} ${dir}: each contact once`);
        assert.deepEqual(seen, expected(contacts, fn, dir), `${key} ${dir}`);
      }
    }
  });

  it('sorts the companies by owner and by number of contacts, each way, across pages', async () => {
    const keys = { owner: (r: (typeof companies)[0]) => r.owner, contacts: (r: (typeof companies)[0]) => r.contacts };
    for (const [key, fn] of Object.entries(keys)) {
      for (const dir of both) {
        const seen = await walk(br.page, `${s.baseUrl}/companies?q=srt%20co&sort=${sortParam(key, dir)}`, 1);
        assert.equal(new Set(seen).size, companies.length, `${key} ${dir}: each company once`);
        assert.deepEqual(seen, expected(companies, fn, dir), `${key} ${dir}`);
      }
    }
    await br.page.goto(`${s.baseUrl}/companies?q=srt%20co&sort=-contacts`);
    assert.equal((await br.page.locator('th[aria-sort="descending"]').textContent())?.replace(/\s+/g, ''), 'Contacts▼');
  });

  it('sorts the deals by stage (pipeline order), owner, contact and last activity, each way, across pages', async () => {
    const keys = { stage: (r: Deal) => r.stage, owner: (r: Deal) => r.owner, contact: (r: Deal) => r.contact, last_activity: (r: Deal) => r.last };
    for (const [key, fn] of Object.entries(keys)) {
      for (const dir of both) {
        const seen = await walk(br.page, `${s.baseUrl}/deals?q=srt%20deal&sort=${sortParam(key, dir)}`, 1);
        assert.equal(new Set(seen).size, N, `${key} ${dir}: each deal once`);
        assert.deepEqual(seen, expected(deals, fn, dir), `${key} ${dir}`);
      }
    }
  });

  it('shows a member sorted lists of what the API shows them, ordered by the activities they see', async () => {
    const { page } = memberBr;
    const api = (await t.member.client.get('/deals?q=srt%20deal&limit=100')).body.items.map((d: { title: string }) => d.title).sort();
    const mine = deals.filter((d) => d.ownerId === t.member.userId);
    assert.deepEqual(api, mine.map((d) => d.label).sort());
    for (const dir of both) {
      for (const [key, fn] of [['last_activity', (r: Deal) => r.last], ['contact', (r: Deal) => r.contact]] as const) {
        const seen = await walk(page, `${s.baseUrl}/deals?q=srt%20deal&sort=${sortParam(key, dir)}`, 1);
        assert.deepEqual(seen, expected(mine, fn, dir), `member deals ${key} ${dir}`);
      }
      // Contacts: every contact, but the last activity only from the member's own notes.
      const seen = await walk(page, `${s.baseUrl}/contacts?q=srt.test&sort=${sortParam('last_activity', dir)}`, 1);
      assert.deepEqual(seen, expected(contacts, (r) => r.lastMember, dir), `member contacts last_activity ${dir}`);
    }
  });

  it('keeps a sorted list\'s and a search\'s address when the language is switched', async () => {
    const { page } = br;
    for (const path of ['/contacts?q=srt.test&sort=-company&from=50', '/search?q=srt']) {
      await page.goto(`${s.baseUrl}${path}`);
      await page.getByRole('button', { name: 'Deutsch' }).click();
      await page.locator('html[lang="de"]').waitFor();
      assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, path);
      await page.getByRole('button', { name: 'English' }).click();
      await page.locator('html[lang="en"]').waitFor();
      assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, path);
    }
  });
});
