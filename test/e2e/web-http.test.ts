// The application over plain HTTP: role checks of every Team page action, CSRF, sign-in
// throttling, sessions, escaping and visibility. The browser flows are in the other files.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TestServer } from '../helpers/server.ts';
import { type TeamFixture, serverWithTwoTeams } from '../helpers/fixtures.ts';
import { ApiClient } from '../helpers/client.ts';
import { emailOf, PASSWORD, setPasswords, WebClient } from './helpers.ts';

describe('application over HTTP', () => {
  let s: TestServer;
  let a: TeamFixture;
  let b: TeamFixture;
  const web: Record<string, WebClient> = {};
  const emails: Record<string, string> = {};

  before(async () => {
    ({ s, a, b } = await serverWithTwoTeams({ env: { RZ_TRUST_PROXY: '1' } }));
    await setPasswords(s.services, [a.owner.userId, a.manager.userId, a.member.userId, a.member2.userId, b.owner.userId]);
    for (const [name, p] of Object.entries({ owner: a.owner, manager: a.manager, member: a.member, member2: a.member2, otherOwner: b.owner })) {
      emails[name] = await emailOf(s.services, p.userId);
      web[name] = new WebClient(s.baseUrl);
      await web[name].signIn(emails[name]);
    }
  });
  after(() => s.stop());

  it('sets the session cookie HttpOnly and SameSite=Lax, and Secure only behind https', async () => {
    const page = await fetch(`${s.baseUrl}/signin`);
    const token = /name="_csrf" value="([^"]+)"/.exec(await page.text())![1];
    const pre = page.headers.getSetCookie().find((c) => c.startsWith('rz_csrf='))!.split(';')[0];
    const signIn = (proto?: string) => fetch(`${s.baseUrl}/signin`, {
      method: 'POST', redirect: 'manual',
      headers: { cookie: pre, 'content-type': 'application/x-www-form-urlencoded', ...(proto ? { 'x-forwarded-proto': proto } : {}) },
      body: new URLSearchParams({ _csrf: token, email: emails.member, password: PASSWORD }),
    });
    const plain = (await signIn()).headers.getSetCookie().find((c) => c.startsWith('rz_session='))!;
    assert.match(plain, /HttpOnly/);
    assert.match(plain, /SameSite=Lax/);
    assert.doesNotMatch(plain, /Secure/);
    const https = (await signIn('https')).headers.getSetCookie().find((c) => c.startsWith('rz_session='))!;
    assert.match(https, /Secure/);
  });

  it('members get 403 for the Team page and every Team action, and nothing changes', async () => {
    const m = web.member;
    assert.equal((await m.get('/team')).status, 403);
    assert.equal((await m.get('/team/keys')).status, 403);
    const before = await s.services.identity.repo.teamUsers(a.teamId);
    const keysBefore = await s.services.identity.repo.teamKeys(a.teamId);
    const attempts = [
      await m.post('/team/members', { email: 'sneaky@alpha.test', role: 'owner', password: PASSWORD }),
      await m.post(`/team/members/${a.member2.userId}/role`, { role: 'manager' }),
      await m.post(`/team/members/${a.member2.userId}/deactivate`, {}),
      await m.post(`/team/members/${a.member2.userId}/reactivate`, {}),
      await m.post('/team/keys', { name: 'mine', scopes: ['read', 'write'] }),
      await m.post(`/team/keys/${a.manager.keyId}/revoke`, {}),
    ];
    for (const r of attempts) {
      assert.equal(r.status, 403);
      assert.match(r.text, /You do not have access/);
    }
    assert.deepEqual(await s.services.identity.repo.teamUsers(a.teamId), before);
    assert.deepEqual((await s.services.identity.repo.teamKeys(a.teamId)).map((k) => [k.id, k.revoked_at]), keysBefore.map((k) => [k.id, k.revoked_at]));
  });

  it('managers manage members and keys but cannot grant or touch the owner role', async () => {
    const g = web.manager;
    const added = await g.post('/team/members', { email: 'Nina@Alpha.test', name: 'Nina', role: 'member', password: PASSWORD });
    assert.equal(added.status, 303);
    const nina = await s.services.identity.repo.userByEmail('nina@alpha.test');
    assert.equal(nina?.role, 'member');
    assert.equal((await g.post('/team/members', { email: 'boss@alpha.test', role: 'owner', password: PASSWORD })).status, 403);
    assert.equal((await g.post(`/team/members/${nina!.id}/role`, { role: 'owner' })).status, 403);
    assert.equal((await g.post(`/team/members/${a.owner.userId}/deactivate`, {})).status, 403);
    assert.equal((await g.post(`/team/members/${a.owner.userId}/role`, { role: 'member' })).status, 403);
    assert.equal((await s.services.identity.repo.user(a.owner.userId))!.role, 'owner');
    assert.equal((await g.post(`/team/members/${nina!.id}/role`, { role: 'manager' })).status, 303);
    assert.equal((await s.services.identity.repo.user(nina!.id))!.role, 'manager');
    // Another team's user is not found, whatever the role.
    assert.equal((await g.post(`/team/members/${b.member.userId}/deactivate`, {})).status, 404);
    assert.equal((await g.post(`/team/keys/${b.owner.keyId}/revoke`, {})).status, 404);
    assert.equal((await b.owner.client.get('/me')).status, 200);
    // A weak initial password is refused with a message, nothing is created.
    const weak = await g.post('/team/members', { email: 'weak@alpha.test', role: 'member', password: 'short' });
    assert.equal(weak.status, 303);
    assert.equal(await s.services.identity.repo.userByEmail('weak@alpha.test'), undefined);
    const shown = await g.get('/team');
    assert.match(shown.text, /at least 10 characters/);
  });

  it('deactivating a user ends their keys for good and their sessions at once; reactivating lets them sign in again', async () => {
    const victim = new WebClient(s.baseUrl);
    await victim.signIn(emails.member2);
    assert.equal((await victim.get('/contacts')).status, 200);
    assert.equal((await a.member2.client.get('/me')).status, 200);
    assert.equal((await web.owner.post(`/team/members/${a.member2.userId}/deactivate`, {})).status, 303);
    assert.equal((await a.member2.client.get('/me')).status, 401);
    const after = await victim.get('/contacts');
    assert.equal(after.status, 303);
    assert.match(after.location!, /^\/signin/);
    const again = await new WebClient(s.baseUrl).post('/signin', { email: emails.member2, password: PASSWORD });
    assert.equal(again.status, 401);
    assert.match(again.text, /account is deactivated/);
    const wrongPassword = await new WebClient(s.baseUrl).post('/signin', { email: emails.member2, password: 'not the password' });
    assert.match(wrongPassword.text, /Email or password is wrong/);
    assert.equal((await web.owner.post(`/team/members/${a.member2.userId}/reactivate`, {})).status, 303);
    // The old key stays dead; the user signs in again and can be given a new key.
    assert.equal((await a.member2.client.get('/me')).status, 401);
    await new WebClient(s.baseUrl).signIn(emails.member2);
    const fresh = await s.services.identity.createKey({ userId: a.member2.userId });
    assert.equal((await new ApiClient(s.api, fresh.key).get('/me')).status, 200);
    a.member2.client = new ApiClient(s.api, fresh.key);
  });

  it('the last owner cannot be demoted or deactivate themselves', async () => {
    assert.equal((await web.owner.post(`/team/members/${a.owner.userId}/deactivate`, {})).status, 303);
    assert.equal((await web.owner.post(`/team/members/${a.owner.userId}/role`, { role: 'member' })).status, 303);
    const me = (await s.services.identity.repo.user(a.owner.userId))!;
    assert.equal(me.role, 'owner');
    assert.equal(me.active, 1);
  });

  it('creates a key shown once that works with the API as its creator, lists it, and revokes it', async () => {
    const r = await web.manager.post('/team/keys', { name: 'Dialer <prod>', scopes: ['read'] });
    assert.equal(r.status, 201);
    const secret = /id="key-secret"[^>]*>(rz_[A-Za-z0-9_-]+)</.exec(r.text)![1];
    assert.match(r.text, new RegExp(`curl -H &quot;Authorization: Bearer ${secret}&quot; ${s.baseUrl}/api/v1/me`));
    assert.match(r.text, /Dialer &lt;prod&gt;/);
    const me = await fetch(`${s.api}/me`, { headers: { authorization: `Bearer ${secret}` } }).then((x) => x.json());
    assert.equal(me.user.id, a.manager.userId);
    assert.deepEqual(me.key.scopes, ['read']);
    const list = await web.manager.get('/team/keys');
    assert.doesNotMatch(list.text, new RegExp(secret));
    assert.match(list.text, new RegExp(`<code>${secret.slice(0, 11)}…</code>`));
    const key = (await s.services.identity.repo.teamKeys(a.teamId)).find((k) => k.id === me.key.id)!;
    assert.equal((await web.owner.post(`/team/keys/${key.id}/revoke`, {})).status, 303);
    assert.equal((await fetch(`${s.api}/me`, { headers: { authorization: `Bearer ${secret}` } })).status, 401);
    // No scope ticked: refused with a message, no key made.
    const count = (await s.services.identity.repo.teamKeys(a.teamId)).length;
    assert.equal((await web.manager.post('/team/keys', { name: 'none' })).status, 303);
    assert.equal((await s.services.identity.repo.teamKeys(a.teamId)).length, count);
  });

  it('refuses a state-changing form without or with a wrong CSRF token (403) and changes nothing', async () => {
    const before = (await s.services.identity.repo.user(a.member.userId))!;
    const none = await web.member.post('/privacy/accept', {}, { csrf: null });
    assert.equal(none.status, 403);
    assert.match(none.text, /form has expired/);
    const wrong = await web.member.post('/profile', { name: 'Hacked', locale: 'de' }, { csrf: 'x'.repeat(43) });
    assert.equal(wrong.status, 403);
    // Another user's token does not work for this session.
    const foreign = await web.member.post('/profile', { name: 'Hacked', locale: 'de' }, { csrf: await web.manager.csrf() });
    assert.equal(foreign.status, 403);
    const now = (await s.services.identity.repo.user(a.member.userId))!;
    assert.equal(now.consent, before.consent);
    assert.equal(now.name, before.name);
    const signOut = await web.member.post('/signout', {}, { csrf: null });
    assert.equal(signOut.status, 403);
    assert.equal((await web.member.get('/contacts')).status, 200);
  });

  it('throttles sign-in after 10 failures per email, even with the right password then', async () => {
    const c = new WebClient(s.baseUrl);
    for (let i = 0; i < 10; i++) assert.equal((await c.post('/signin', { email: emails.otherOwner, password: 'wrong-password' })).status, 401);
    const blocked = await c.post('/signin', { email: emails.otherOwner, password: PASSWORD });
    assert.equal(blocked.status, 429);
    assert.match(blocked.text, /Try again later/);
    assert.equal(c.hasSession(), false);
    // Other accounts are not affected.
    assert.equal((await new WebClient(s.baseUrl).post('/signin', { email: emails.manager, password: PASSWORD })).status, 303);
  });

  it('signs out: the session no longer opens pages', async () => {
    const c = new WebClient(s.baseUrl);
    await c.signIn(emails.manager);
    assert.equal((await c.get('/team')).status, 200);
    const token = await c.csrf();
    assert.equal((await c.post('/signout', {}, { csrf: token })).status, 303);
    const r = await c.get('/team');
    assert.equal(r.status, 303);
    assert.match(r.location!, /^\/signin\?next=%2Fteam/);
  });

  it('escapes what users typed, everywhere it is shown', async () => {
    const evil = '<script>alert(1)</script>';
    const r = await web.member.post('/contacts', { email: 'xss@alpha.test', first_name: evil, company: `<img src=x onerror=alert(2)>` });
    assert.equal(r.status, 303);
    const page = await web.member.get(r.location!);
    assert.equal(page.status, 200);
    assert.ok(!page.text.includes(evil));
    assert.ok(page.text.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.ok(!page.text.includes('<img src=x'));
  });

  it('applies the API visibility rule: a member gets a 404 page for a manager\'s deal and sees only own deals', async () => {
    const deal = await a.manager.client.post('/deals', { title: 'Manager secret deal', value_eur: 5000 });
    assert.equal(deal.status, 201);
    const r = await web.member.get(`/deals/${deal.body.id}`);
    assert.equal(r.status, 404);
    assert.match(r.text, /Page not found/);
    assert.ok(!r.text.includes('Manager secret deal'));
    assert.equal((await web.member.post(`/deals/${deal.body.id}/stage`, { stage: 'proposal' })).status, 404);
    assert.doesNotMatch((await web.member.get('/pipeline')).text, /Manager secret deal/);
    assert.match((await web.owner.get('/pipeline')).text, /Manager secret deal/);
    assert.equal((await web.otherOwner.get(`/deals/${deal.body.id}`)).status, 404);
    const mine = await a.member.client.post('/deals', { title: 'Member own deal' });
    assert.match((await web.member.get(`/deals/${mine.body.id}`)).text, /Member own deal/);
  });

  it('keeps the API, docs, health and OpenAPI document as they were', async () => {
    assert.equal((await fetch(`${s.baseUrl}/healthz`)).status, 200);
    const doc = await fetch(`${s.api}/openapi.json`).then((x) => x.json());
    assert.ok(Object.keys(doc.paths).every((p: string) => !p.startsWith('/team') && p !== '/signin'));
    const api404 = await a.owner.client.get('/nope');
    assert.equal(api404.body.detail.error, 'not_found');
    // Form bodies stay unsupported on the API.
    const form = await fetch(`${s.api}/contacts`, { method: 'POST', headers: { authorization: `Bearer ${a.owner.key}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=a@b.c' });
    assert.equal(form.status, 415);
  });
});
