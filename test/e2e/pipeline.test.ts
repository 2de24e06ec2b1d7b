// In the browser: pipeline cards (contact, next step, days in stage) moved by drag and drop and by keyboard, the
// deal page's stage form, closing and reopening, notes and tasks, and a member kept out of a manager's deal.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { makeTeam, type TeamFixture } from '../helpers/fixtures.ts';
import { mainText, openBrowser, signIn, type Browser } from './browser.ts';
import { emailOf, PASSWORD, setPasswords } from './helpers.ts';

describe('pipeline and deals in the browser', () => {
  let s: TestServer;
  let t: TeamFixture;
  let br: Browser;
  before(async () => {
    s = await startTestServer();
    t = await makeTeam(s.services, s.api, 'Board');
    await setPasswords(s.services, [t.owner.userId, t.manager.userId, t.member.userId]);
    br = await openBrowser();
    await signIn(br.page, s.baseUrl, await emailOf(s.services, t.manager.userId), PASSWORD);
  });
  after(async () => {
    await br?.close();
    await s.stop();
  });

  it('shows each card with its contact, next step date and days in stage, and drags it to another stage in place', async () => {
    const deal = (await t.manager.client.post('/deals', { title: 'Initech rollout', value_eur: '12.5k', contact_email: 'bill@initech.test', next_step: 'Send the offer', next_step_at: '2031-03-14' })).body;
    // Entered its stage three days ago (created then, no stage change since).
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000 - 60_000).toISOString();
    await s.services.handle.db.updateTable('deals').set({ created_at: threeDaysAgo }).where('id', '=', deal.id).execute();
    const { page } = br;
    await page.goto(`${s.baseUrl}/pipeline`);
    const card = page.locator(`.dealcard[data-deal="${deal.id}"]`);
    assert.match(await card.innerText(), /Initech rollout[\s\S]*12,500[\s\S]*bill@initech\.test[\s\S]*Next step 14 Mar 2031: Send the offer[\s\S]*3 days in stage/);
    assert.equal(await card.getByRole('link', { name: 'bill@initech.test' }).getAttribute('href'), `/contacts/${deal.contact_id}`);
    assert.equal(await card.locator('select, button').count(), 0);
    assert.equal(await card.locator('xpath=ancestor::section[1]').getAttribute('data-stage'), 'lead');
    const url = page.url();
    await card.dragTo(page.locator('.column[data-stage="proposal"]'));
    await page.locator('#board-status', { hasText: '“Initech rollout” moved to Proposal.' }).waitFor();
    assert.equal(page.url(), url);
    assert.equal(await page.locator(`.column[data-stage="proposal"] .dealcard[data-deal="${deal.id}"]`).count(), 1);
    assert.match(await card.innerText(), /in stage since today/);
    const api = await t.manager.client.get(`/deals/${deal.id}`);
    assert.equal(api.body.stage, 'proposal');
    assert.deepEqual(api.body.stage_history.map((h: any) => [h.from_stage, h.to_stage]), [['lead', 'proposal']]);
    await page.reload();
    assert.equal(await page.locator(`.column[data-stage="proposal"] .dealcard[data-deal="${deal.id}"]`).count(), 1);
    assert.match(await page.locator(`.dealcard[data-deal="${deal.id}"]`).innerText(), /in stage since today/);
  });

  it('moves a card by keyboard, announces it, and says why a move was refused', async () => {
    const deal = (await t.manager.client.post('/deals', { title: 'Vandelay import' })).body;
    const { page } = br;
    await page.goto(`${s.baseUrl}/pipeline`);
    const card = page.locator(`.dealcard[data-deal="${deal.id}"]`);
    await card.focus();
    await page.keyboard.press('ArrowLeft');
    await page.locator('#board-status', { hasText: '“Vandelay import” is in the first stage already.' }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.locator('#board-status', { hasText: '“Vandelay import” moved to Qualified.' }).waitFor();
    assert.equal(await page.locator(`.column[data-stage="qualified"] .dealcard[data-deal="${deal.id}"]`).count(), 1);
    assert.equal(await card.evaluate((el) => el === document.activeElement), true);
    assert.equal(await page.locator('#board-status').getAttribute('aria-live'), 'polite');
    await page.keyboard.press('ArrowRight');
    await page.locator('#board-status', { hasText: '“Vandelay import” moved to Proposal.' }).waitFor();
    assert.equal((await t.manager.client.get(`/deals/${deal.id}`)).body.stage, 'proposal');
    assert.match(await page.locator('.column[data-stage="proposal"] .coltotal').innerText(), /^\d+ · /);

    // Closed elsewhere while the board was open: the move is refused, the card stays, the reason shows.
    assert.equal((await t.manager.client.patch(`/deals/${deal.id}`, { status: 'won' })).status, 200);
    await card.focus();
    await page.keyboard.press('ArrowRight');
    await page.locator('#board-status.error', { hasText: /“Vandelay import” was not moved: The deal is won/ }).waitFor();
    assert.equal(await page.locator(`.column[data-stage="proposal"] .dealcard[data-deal="${deal.id}"]`).count(), 1);
    assert.equal((await t.manager.client.get(`/deals/${deal.id}`)).body.stage, 'proposal');
  });

  it('moves focus between the cards of a stage with ↑ and ↓, and keeps the counts and "more in this stage" right after a move', async () => {
    // A team of its own: 102 deals in Proposal (100 shown, "2 more"), three in Lead.
    const own = await makeTeam(s.services, s.api, 'Focus');
    await setPasswords(s.services, [own.manager.userId]);
    for (let i = 0; i < 102; i++) assert.equal((await own.manager.client.post('/deals', { title: `Bulk ${i}`, stage: 'proposal' })).status, 201);
    const lead: string[] = [];
    for (const title of ['Focus A', 'Focus B', 'Focus C']) lead.unshift((await own.manager.client.post('/deals', { title })).body.id);
    const b = await openBrowser();
    try {
      const { page } = b;
      await signIn(page, s.baseUrl, await emailOf(s.services, own.manager.userId), PASSWORD);
      await page.goto(`${s.baseUrl}/pipeline`);
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-deal'));
      // Newest first: C, B, A. ↓ goes down the column and stops at its end, ↑ goes back up.
      await page.locator(`.dealcard[data-deal="${lead[0]}"]`).focus();
      for (const [key, id] of [['ArrowDown', lead[1]], ['ArrowDown', lead[2]], ['ArrowDown', lead[2]], ['ArrowUp', lead[1]]] as const) {
        await page.keyboard.press(key);
        assert.equal(await focused(), id, `${key} focuses ${id}`);
      }
      assert.match(await page.locator('#card-keys').textContent() ?? '', /↑ or ↓/);

      const more = (stage: string) => page.locator(`.column[data-stage="${stage}"] .morelink`);
      const count = (stage: string) => page.locator(`.column[data-stage="${stage}"] .coltotal`).getAttribute('data-count');
      assert.equal(await more('proposal').innerText(), '2 more in this stage');
      assert.equal(await more('lead').isVisible(), false);
      // Focus B moves on to Qualified; a Proposal card comes back to Qualified.
      await page.keyboard.press('ArrowRight');
      await page.locator('#board-status', { hasText: '“Focus B” moved to Qualified.' }).waitFor();
      assert.equal(await focused(), lead[1]);
      const bulk = page.locator('.column[data-stage="proposal"] .dealcard').first();
      await bulk.focus();
      await page.keyboard.press('ArrowLeft');
      await page.locator('#board-status', { hasText: /moved to Qualified/ }).waitFor({ state: 'attached' });
      await page.locator('.column[data-stage="qualified"] .coltotal[data-count="2"]').waitFor();
      assert.deepEqual([await count('lead'), await count('qualified'), await count('proposal')], ['2', '2', '101']);
      // Still 101 deals and 99 cards in Proposal: 2 more; none in the other columns.
      assert.equal(await page.locator('.column[data-stage="proposal"] .dealcard').count(), 99);
      assert.equal(await more('proposal').innerText(), '2 more in this stage');
      assert.equal(await more('qualified').isVisible(), false);
      await page.reload();
      assert.equal(await more('proposal').innerText(), '1 more in this stage');
    } finally {
      await b.close();
    }
  });

  it('moves a deal with the deal page\'s stage form (the way without script), closes it as won, and reopens it', async () => {
    const deal = (await t.manager.client.post('/deals', { title: 'Globex pilot' })).body;
    const { page } = br;
    await page.goto(`${s.baseUrl}/pipeline`);
    await page.locator(`.dealcard[data-deal="${deal.id}"]`).getByRole('link', { name: 'Globex pilot' }).click();
    await page.waitForURL(`${s.baseUrl}/deals/${deal.id}`);
    await page.getByLabel(/Move to stage/).selectOption('negotiation');
    await page.getByRole('button', { name: 'Move' }).click();
    await page.getByRole('status').waitFor();
    assert.equal((await t.manager.client.get(`/deals/${deal.id}`)).body.stage, 'negotiation');

    await page.goto(`${s.baseUrl}/deals/${deal.id}`);
    assert.match(await page.locator('#stage-history').innerText(), /Lead → Negotiation/);
    await page.getByRole('button', { name: 'Close as won' }).click();
    await page.getByRole('status').waitFor();
    let api = (await t.manager.client.get(`/deals/${deal.id}`)).body;
    assert.equal(api.status, 'won');
    assert.ok(api.closed_at);
    await page.getByRole('button', { name: 'Reopen' }).click();
    await page.getByRole('status').waitFor();
    api = (await t.manager.client.get(`/deals/${deal.id}`)).body;
    assert.equal(api.status, 'open');
    assert.equal(api.closed_at, null);
  });

  it('adds a note and a task from the deal page, and marks the task done on the tasks page', async () => {
    const deal = (await t.manager.client.post('/deals', { title: 'Umbrella renewal', contact_email: 'alice@umbrella.test' })).body;
    const { page } = br;
    await page.goto(`${s.baseUrl}/deals/${deal.id}`);
    await page.getByLabel('Text').fill('Called Alice: budget confirmed <b>Q1</b>.');
    await page.getByRole('button', { name: 'Add a note' }).click();
    await page.getByRole('status').waitFor();
    assert.match(await page.locator('.timeline').innerText(), /budget confirmed <b>Q1<\/b>\./);
    await page.getByText('Add a task').first().click();
    await page.getByLabel('Task', { exact: true }).fill('Send the contract');
    await page.getByLabel('Due on').fill('2020-01-15');
    await page.getByRole('button', { name: 'Add a task' }).click();
    await page.getByRole('status').waitFor();
    const detail = (await t.manager.client.get(`/deals/${deal.id}`)).body;
    assert.deepEqual(detail.tasks.map((k: any) => [k.title, k.due_at]), [['Send the contract', '2020-01-15T00:00:00.000Z']]);
    assert.equal(detail.timeline[0].body, 'Called Alice: budget confirmed <b>Q1</b>.');

    // A task due today (a date-only due_at) is not overdue before the day has ended.
    const today = new Date().toISOString().slice(0, 10);
    assert.equal((await t.manager.client.post('/tasks', { title: 'Call back today', due_at: today, deal_id: deal.id })).status, 201);
    await page.goto(`${s.baseUrl}/deals/${deal.id}`);
    assert.doesNotMatch(await page.locator('li', { hasText: 'Call back today' }).innerText(), /overdue/);
    await page.goto(`${s.baseUrl}/tasks?view=overdue`);
    assert.match(await mainText(page), /Send the contract.*overdue/);
    assert.doesNotMatch(await mainText(page), /Call back today/);
    await page.getByRole('button', { name: 'Mark done' }).click();
    await page.getByRole('status').waitFor();
    assert.equal((await t.manager.client.get(`/tasks/${detail.tasks[0].id}`)).body.done, true);
  });

  it('keeps a note typed while the session ended: after signing in again it is back in the form, not lost', async () => {
    const deal = (await t.manager.client.post('/deals', { title: 'Hooli expansion' })).body;
    const { page } = br;
    await page.goto(`${s.baseUrl}/deals/${deal.id}`);
    await page.getByLabel('Text').fill('Long call notes: Gavin wants the pilot in March.');
    await s.services.sessions.endSessionsOf(t.manager.userId);
    await page.getByRole('button', { name: 'Add a note' }).click();
    await page.waitForURL(/\/signin/);
    assert.match(await mainText(page), /Your session ended; sign in again/);
    await page.getByLabel('Email').fill(await emailOf(s.services, t.manager.userId));
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${s.baseUrl}/deals/${deal.id}`);
    assert.equal(await page.getByLabel('Text').inputValue(), 'Long call notes: Gavin wants the pilot in March.');
    assert.equal((await t.manager.client.get(`/deals/${deal.id}`)).body.timeline.length, 0);
    await page.getByRole('button', { name: 'Add a note' }).click();
    await page.getByRole('status').waitFor();
    assert.deepEqual((await t.manager.client.get(`/deals/${deal.id}`)).body.timeline.map((x: any) => x.body), ['Long call notes: Gavin wants the pilot in March.']);
    // Kept only across the detour through Sign in: a later #restore finds nothing.
    await page.goto(`${s.baseUrl}/pipeline`);
    await page.goto(`${s.baseUrl}/deals/${deal.id}#restore`);
    assert.equal(await page.getByLabel('Text').inputValue(), '');

    // Someone else who signs in at that Sign in page does not get the form the manager typed.
    await page.getByLabel('Text').fill('Private: do not show the next person.');
    await s.services.sessions.endSessionsOf(t.manager.userId);
    await page.getByRole('button', { name: 'Add a note' }).click();
    await page.waitForURL(/\/signin/);
    await page.getByLabel('Email').fill(await emailOf(s.services, t.owner.userId));
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${s.baseUrl}/deals/${deal.id}`);
    assert.equal(await page.getByLabel('Text').inputValue(), '');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(page, s.baseUrl, await emailOf(s.services, t.manager.userId), PASSWORD);
  });

  it('narrows the board to one rep with the Rep select, and keeps the choice on the list view', async () => {
    const mine = (await t.manager.client.post('/deals', { title: 'Mia own deal' })).body;
    const theirs = (await t.member.client.post('/deals', { title: 'Max own deal' })).body;
    const { page } = br;
    await page.goto(`${s.baseUrl}/pipeline`);
    assert.equal(await page.locator(`.dealcard[data-deal="${mine.id}"]`).count(), 1);
    assert.equal(await page.locator(`.dealcard[data-deal="${theirs.id}"]`).count(), 1);
    await page.getByRole('combobox', { name: 'Rep' }).selectOption({ label: 'max Board' });
    await Promise.all([page.waitForURL(/owner_id=/), page.getByRole('button', { name: 'Show' }).click()]);
    assert.equal(new URL(page.url()).searchParams.get('owner_id'), t.member.userId);
    assert.equal(await page.locator(`.dealcard[data-deal="${theirs.id}"]`).count(), 1);
    assert.equal(await page.locator(`.dealcard[data-deal="${mine.id}"]`).count(), 0);
    await page.getByRole('link', { name: 'All deals (list)' }).click();
    assert.equal(new URL(page.url()).searchParams.get('owner_id'), t.member.userId);
    const list = await mainText(page);
    assert.ok(list.includes('Max own deal'));
    assert.ok(!list.includes('Mia own deal'));
  });

  it('shows a member a 404 page for a manager\'s deal, and no trace of it on the board', async () => {
    const deal = (await t.manager.client.post('/deals', { title: 'Confidential merger' })).body;
    const member = await openBrowser();
    try {
      await signIn(member.page, s.baseUrl, await emailOf(s.services, t.member.userId), PASSWORD);
      const r = await member.page.goto(`${s.baseUrl}/deals/${deal.id}`);
      assert.equal(r?.status(), 404);
      const text = await mainText(member.page);
      assert.match(text, /Page not found/);
      assert.ok(!text.includes('Confidential merger'));
      await member.page.goto(`${s.baseUrl}/pipeline`);
      assert.ok(!(await mainText(member.page)).includes('Confidential merger'));
    } finally {
      await member.close();
    }
  });
});
