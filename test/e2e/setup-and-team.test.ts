// In the browser: first-run setup, sign-in (wrong password first), the Team page (a member, an
// API key used against the API, a new password set for a member), the privacy notice, and a form post without its CSRF token.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { mainText, openBrowser, signIn, type Browser } from './browser.ts';
import { WebClient } from './helpers.ts';

const OWNER = { team: 'Acme Sales', name: 'Olga Owner', email: 'olga@acme.test', password: 'owner-password-1' };

describe('first run, sign-in and the Team page in the browser', () => {
  let s: TestServer;
  let br: Browser;
  before(async () => {
    s = await startTestServer();
    br = await openBrowser();
  });
  after(async () => {
    await br?.close();
    await s.stop();
  });

  it('refuses a bad setup form in the interface language, the fields in the form\'s order, and creates nothing', async () => {
    const web = new WebClient(s.baseUrl);
    const token = () => web.get('/setup').then((p) => /name="_csrf" value="([^"]+)"/.exec(p.text)![1]);
    assert.equal((await web.post('/language', { locale: 'de' }, { csrf: await token() })).status, 303);
    const form = { team: 'Acme', name: 'Olga', email: 'not-an-email', password: 'short' };
    const badEmail = await web.post('/setup', form, { csrf: await token() });
    assert.equal(badEmail.status, 422);
    assert.match(badEmail.text, /„E-Mail“ ist keine gültige E-Mail-Adresse\./);
    assert.doesNotMatch(badEmail.text, /not a valid email|at least 10 characters/);
    assert.match(badEmail.text, /value="not-an-email"/, 'what was typed is kept');
    assert.match(badEmail.text, /id="email"[^>]*aria-invalid="true" aria-describedby="form-error"/);
    const shortPassword = await web.post('/setup', { ...form, email: 'olga@acme.test' }, { csrf: await token() });
    assert.match(shortPassword.text, /Das Passwort muss mindestens 10 Zeichen haben\./);
    assert.match(shortPassword.text, /id="password"[^>]*aria-invalid="true" aria-describedby="pw-hint form-error"/);
    assert.doesNotMatch(shortPassword.text, /id="email"[^>]*aria-invalid/);
    assert.equal(await s.services.identity.repo.countTeams(), 0);
  });

  it('opens the setup page on first start, creates the team and its owner, and then setup is gone', async () => {
    const { page } = br;
    await page.goto(`${s.baseUrl}/`);
    assert.equal(new URL(page.url()).pathname, '/setup');
    await page.getByLabel('Team name').fill(OWNER.team);
    await page.getByLabel('Your name').fill(OWNER.name);
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Create team' }).click();
    await page.waitForURL(`${s.baseUrl}/team`);
    assert.match(await mainText(page), /Your team is ready/);
    const owner = await s.services.identity.repo.userByEmail(OWNER.email);
    assert.equal(owner?.role, 'owner');
    assert.equal((await s.services.identity.repo.team(owner!.team_id))?.name, OWNER.team);
    const again = await page.goto(`${s.baseUrl}/setup`);
    assert.equal(again?.status(), 404);
  });

  it('signs out, refuses a wrong password, and signs in with the right one', async () => {
    const { page } = br;
    await page.goto(`${s.baseUrl}/profile`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/signin$/);
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    assert.match(await page.getByRole('alert').innerText(), /Email or password is wrong/);
    await signIn(page, s.baseUrl, OWNER.email, OWNER.password);
    await page.goto(`${s.baseUrl}/team`);
    assert.match(await mainText(page), /Olga Owner/);
  });

  it('adds a member with a role and an initial password, who can then sign in', async () => {
    const { page } = br;
    await page.goto(`${s.baseUrl}/team`);
    const form = page.locator('form[action="/team/members"]');
    await form.getByLabel('Name').fill('Max Member');
    await form.getByLabel('Email').fill('max@acme.test');
    await form.getByLabel('Role').selectOption('member');
    await form.getByLabel('Initial password').fill('member-password-1');
    await form.getByRole('button', { name: 'Add user' }).click();
    await page.getByRole('status').waitFor();
    assert.match(await page.getByRole('status').innerText(), /max@acme.test was added/);
    assert.equal((await s.services.identity.repo.userByEmail('max@acme.test'))?.role, 'member');
    const other = await openBrowser();
    try {
      await signIn(other.page, s.baseUrl, 'max@acme.test', 'member-password-1');
      const team = await other.page.goto(`${s.baseUrl}/team`);
      assert.equal(team?.status(), 403);
    } finally {
      await other.close();
    }
  });

  it('wraps a name of one long word in its cell: the Team and usage tables keep every column in view', async () => {
    const { page } = br;
    await page.goto(`${s.baseUrl}/team`);
    const form = page.locator('form[action="/team/members"]');
    await form.getByLabel('Name').fill('X'.repeat(200));
    await form.getByLabel('Email').fill('long.name@acme.test');
    await form.getByLabel('Role').selectOption('member');
    await form.getByLabel('Initial password').fill('member-password-2');
    await form.getByRole('button', { name: 'Add user' }).click();
    await page.getByRole('status').waitFor();
    for (const path of ['/team', '/team/usage']) {
      await page.goto(`${s.baseUrl}${path}`);
      const table = page.locator('.tablewrap', { hasText: 'X'.repeat(200) }).first();
      const [scroll, client] = await table.evaluate((el) => [el.scrollWidth, el.clientWidth]);
      assert.ok(scroll <= client, `${path}: the table is ${scroll}px wide in ${client}px`);
    }
  });

  it('sets a new password for a member who lost theirs: the member is signed out and signs in with the new one only', async () => {
    const rep = await openBrowser();
    try {
      await signIn(rep.page, s.baseUrl, 'max@acme.test', 'member-password-1');
      const { page } = br;
      await page.goto(`${s.baseUrl}/team`);
      const form = page.locator('form[action="/team/password"]');
      await form.getByLabel('User').selectOption({ label: 'Max Member (max@acme.test)' });
      await form.getByLabel('New password').fill('member-password-2');
      await form.getByRole('button', { name: 'Set password' }).click();
      await page.getByRole('status').waitFor();
      assert.match(await page.getByRole('status').innerText(), /New password set for Max Member; they have been signed out everywhere/);
      await rep.page.goto(`${s.baseUrl}/pipeline`);
      assert.equal(new URL(rep.page.url()).pathname, '/signin', 'the session from before the reset has ended');
      await rep.page.getByLabel('Email').fill('max@acme.test');
      await rep.page.getByLabel('Password').fill('member-password-1');
      await rep.page.getByRole('button', { name: 'Sign in' }).click();
      await rep.page.getByRole('alert').waitFor();
      assert.match(await rep.page.getByRole('alert').innerText(), /Email or password is wrong/);
      await signIn(rep.page, s.baseUrl, 'max@acme.test', 'member-password-2');
      assert.notEqual(new URL(rep.page.url()).pathname, '/signin');
    } finally {
      await rep.close();
    }
  });

  it('creates an API key shown once with a curl example, and the key works against /api/v1/me', async () => {
    const { page } = br;
    await page.goto(`${s.baseUrl}/team/keys`);
    await page.getByLabel('Name').fill('Dialer');
    await page.getByLabel('write').uncheck();
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.locator('#key-secret').innerText()).trim();
    assert.match(secret, /^rz_[A-Za-z0-9_-]{40,}$/);
    assert.equal((await page.locator('#key-curl').innerText()).trim(), `curl -H "Authorization: Bearer ${secret}" ${s.baseUrl}/api/v1/me`);
    await page.getByRole('button', { name: 'Copy' }).first().waitFor();
    const me = await fetch(`${s.api}/me`, { headers: { authorization: `Bearer ${secret}` } });
    assert.equal(me.status, 200);
    const body = await me.json();
    assert.equal(body.team.name, OWNER.team);
    assert.equal(body.user.email, OWNER.email);
    assert.deepEqual(body.key.scopes, ['read']);
    // Once: the list shows the prefix and the last use, never the secret.
    await page.goto(`${s.baseUrl}/team/keys`);
    const listed = await mainText(page);
    assert.ok(!listed.includes(secret));
    assert.ok(listed.includes(secret.slice(0, 11)));
    assert.match(listed, /Dialer .*read/);
    await page.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('status').waitFor();
    assert.equal((await fetch(`${s.api}/me`, { headers: { authorization: `Bearer ${secret}` } })).status, 401);
  });

  it('records consent on the privacy notice', async () => {
    const { page } = br;
    await page.goto(`${s.baseUrl}/privacy`);
    assert.match(await page.locator('#consent-state').innerText(), /not accepted/);
    await page.getByRole('button', { name: 'I accept the privacy notice' }).click();
    await page.getByRole('status').waitFor();
    const owner = (await s.services.identity.repo.userByEmail(OWNER.email))!;
    assert.equal(owner.consent, 1);
    assert.ok(owner.consent_at);
    assert.match(await page.locator('#consent-state').innerText(), /You accepted on/);
  });

  it('switches the interface to German and back', async () => {
    const { page } = br;
    await page.goto(`${s.baseUrl}/contacts`);
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await page.getByRole('heading', { name: 'Kontakte' }).waitFor();
    assert.equal(await page.locator('html').getAttribute('lang'), 'de');
    assert.equal((await s.services.identity.repo.userByEmail(OWNER.email))!.locale, 'de');
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Contacts' }).waitFor();
  });

  it('refuses a form submitted without its CSRF token', async () => {
    const { page } = br;
    await page.goto(`${s.baseUrl}/profile`);
    const form = page.locator('form[action="/profile"]');
    await form.locator('input[name="_csrf"]').evaluate((el) => el.remove());
    await form.getByLabel('Name').fill('Mallory');
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), form.getByRole('button', { name: 'Save' }).click()]);
    assert.equal(response.status(), 403);
    assert.match(await mainText(page), /form has expired/);
    assert.equal((await s.services.identity.repo.userByEmail(OWNER.email))!.name, OWNER.name);
  });
  it('shows the interactive API reference at /docs under its CSP, which refuses framing', async () => {
    const { page } = br;
    const violations: string[] = [];
    page.on('console', (m) => { if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text()); });
    const response = await page.goto(`${s.baseUrl}/docs/`);
    const csp = response!.headers()['content-security-policy'] ?? '';
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(csp, /upgrade-insecure-requests/);
    // Swagger UI rendered the document's operations (from /docs/json, the full document).
    await page.locator('.opblock-summary-path', { hasText: '/contacts' }).first().waitFor();
    assert.ok(await page.locator('.opblock').count() >= 20);
    assert.deepEqual(violations, []);
  });
});
