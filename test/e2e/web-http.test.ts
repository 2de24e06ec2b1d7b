// The application over plain HTTP: role checks of every Team page action, CSRF, sign-in
// throttling, sessions, escaping and visibility. The browser flows are in the other files.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { makeTeam, type TeamFixture, serverWithTwoTeams } from '../helpers/fixtures.ts';
import { ApiClient } from '../helpers/client.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { emailOf, PASSWORD, setPasswords, waitFor, WebClient } from './helpers.ts';
import { enableCalls, transcript, waitForCall } from '../calls/call-fixtures.ts';
import { startBackground } from '../../src/worker/background.ts';
import { translator } from '../../src/web/i18n.ts';
import { METHODS, type MethodKey } from '../../src/calls/analyzer/types.ts';

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

  it('sends nosniff on API answers too, and Strict-Transport-Security only when the request came in as https (RZ_TRUST_PROXY)', async () => {
    const answers = (proto?: string) => Promise.all([
      fetch(`${s.api}/me`, { headers: { authorization: `Bearer ${a.member.key}`, ...(proto ? { 'x-forwarded-proto': proto } : {}) } }),
      fetch(`${s.api}/me`, { headers: proto ? { 'x-forwarded-proto': proto } : {} }),
      fetch(`${s.api}/nowhere`, { headers: { authorization: `Bearer ${a.member.key}`, ...(proto ? { 'x-forwarded-proto': proto } : {}) } }),
      fetch(`${s.baseUrl}/signin`, { headers: proto ? { 'x-forwarded-proto': proto } : {} }),
      fetch(`${s.baseUrl}/healthz`, { headers: proto ? { 'x-forwarded-proto': proto } : {} }),
    ]);
    const plain = await answers();
    assert.deepEqual(plain.map((r) => r.status), [200, 401, 404, 200, 200]);
    for (const r of plain) {
      assert.equal(r.headers.get('x-content-type-options'), 'nosniff', r.url);
      assert.equal(r.headers.get('strict-transport-security'), null, r.url);
    }
    for (const r of await answers('https')) {
      assert.equal(r.headers.get('x-content-type-options'), 'nosniff', r.url);
      assert.equal(r.headers.get('strict-transport-security'), 'max-age=31536000', r.url);
    }
  });

  it('lists contacts with their company and owner, shows Deals in the main navigation, and tells a member why a timeline is short', async () => {
    const api = new ApiClient(s.api, a.manager.key);
    const made = await api.request('POST', '/contacts', { email: 'crm-columns@example.com', first_name: 'Carla', company: 'Columns <GmbH>' });
    assert.equal(made.status, 201);
    const list = (await web.member.get('/contacts?q=crm-columns')).text;
    const row = /<tr><td><a href="\/contacts\/[^"]+">Carla<\/a><\/td>(.*?)<\/tr>/s.exec(list)?.[1] ?? '';
    assert.match(row, new RegExp(`<a href="/companies/${made.body.company_id}">Columns &lt;GmbH&gt;</a>`));
    const managerName = (await s.services.identity.repo.teamUsers(a.teamId)).find((u) => u.id === a.manager.userId)!.name;
    // Name, company, owner, email, phone, last activity (none yet).
    assert.ok(row.includes(`</a></td><td>${managerName}</td><td>crm-columns@<wbr>example<wbr>.com</td><td></td><td><span class="muted">—</span></td>`), row);
    assert.match(list, /<a href="\/deals"[^>]*>Deals<\/a>/);
    const detail = (path: string, who: WebClient) => who.get(path).then((r) => r.text);
    assert.match(await detail(`/contacts/${made.body.id}`, web.member), /id="tl-scope"/);
    assert.doesNotMatch(await detail(`/contacts/${made.body.id}`, web.manager), /id="tl-scope"/);
  });

  it("names the signed-in user's team in the header of every page, escaped, and no other team's", async () => {
    await s.services.identity.updateTeam(b.teamId, { name: 'Beta <Vertrieb> & Co' });
    for (const path of ['/pipeline', '/contacts', '/profile']) {
      const page = (await web.otherOwner.get(path)).text;
      assert.match(page, /<span class="teamname" title="Your team">Beta &lt;Vertrieb&gt; &amp; Co<\/span>/, path);
      assert.doesNotMatch(page, /Alpha/, path);
    }
    assert.match((await web.member.get('/deals')).text, /<span class="teamname" title="Your team">Alpha<\/span>/);
    assert.doesNotMatch((await new WebClient(s.baseUrl).get('/signin')).text, /class="teamname"/);
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

  it('an owner or manager sets a new password for someone who lost theirs: their sessions end, keys keep working', async () => {
    const { user_id: lostId } = await s.services.identity.addUser({ teamId: a.teamId, email: 'lost.pw@alpha.test', name: 'Lou', role: 'member', password: PASSWORD });
    const lost = new WebClient(s.baseUrl);
    await lost.signIn('lost.pw@alpha.test');
    const { key } = await s.services.identity.createKey({ userId: lostId });
    const hashBefore = (await s.services.identity.repo.user(lostId))!.password_hash;

    // The form lists the others a manager may touch: members and managers, not owners, not oneself.
    const page = (await web.manager.get('/team')).text;
    const options = /<select id="pw-user"[^>]*>(.*?)<\/select>/s.exec(page)![1];
    assert.match(options, new RegExp(`value="${lostId}"`));
    assert.doesNotMatch(options, new RegExp(`value="(${a.owner.userId}|${a.manager.userId})"`));

    // Refusals change nothing: too short, no user, oneself, an owner by a manager, another team, a member.
    const short = await web.manager.post('/team/password', { user: lostId, password: 'short' }, { referer: '/team' });
    assert.equal(short.status, 303);
    assert.match((await web.manager.get('/team')).text, /at least 10 characters/);
    assert.equal((await web.manager.post('/team/password', { user: '', password: 'a-new-password-1' }, { referer: '/team' })).status, 303);
    assert.match((await web.manager.get('/team')).text, /Fill in “User”/);
    assert.equal((await web.manager.post('/team/password', { user: a.manager.userId, password: 'a-new-password-1' }, { referer: '/team' })).status, 303);
    assert.match((await web.manager.get('/team')).text, /Change your own password on your profile/);
    assert.equal((await web.manager.post('/team/password', { user: a.owner.userId, password: 'a-new-password-1' })).status, 403);
    assert.equal((await web.manager.post('/team/password', { user: b.member.userId, password: 'a-new-password-1' })).status, 404);
    assert.equal((await web.member.post('/team/password', { user: lostId, password: 'a-new-password-1' })).status, 403);
    assert.equal((await s.services.identity.repo.user(lostId))!.password_hash, hashBefore);
    assert.equal((await lost.get('/contacts')).status, 200);

    const set = await web.manager.post('/team/password', { user: lostId, password: 'a-new-password-1' }, { referer: '/team' });
    assert.equal(set.status, 303);
    assert.match((await web.manager.get('/team')).text, /New password set for Lou/);
    const signedOut = await lost.get('/contacts');
    assert.equal(signedOut.status, 303);
    assert.match(signedOut.location!, /^\/signin/);
    assert.match((await new WebClient(s.baseUrl).post('/signin', { email: 'lost.pw@alpha.test', password: PASSWORD })).text, /Email or password is wrong/);
    await new WebClient(s.baseUrl).signIn('lost.pw@alpha.test', 'a-new-password-1');
    assert.equal((await new ApiClient(s.api, key).get('/me')).status, 200);
    // An owner may too.
    assert.equal((await web.owner.post('/team/password', { user: lostId, password: 'another-password-2' }, { referer: '/team' })).status, 303);
    await new WebClient(s.baseUrl).signIn('lost.pw@alpha.test', 'another-password-2');
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
    const created = await web.manager.post('/team/keys', { name: 'Dialer <prod>', scopes: ['read'] });
    assert.equal(created.status, 303);
    const r = await web.manager.get(created.location!);
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
    // No scope ticked: refused with a message, no key made, and the form comes back as sent.
    const count = (await s.services.identity.repo.teamKeys(a.teamId)).length;
    assert.equal((await web.manager.post('/team/keys', { name: 'none' })).status, 303);
    assert.equal((await s.services.identity.repo.teamKeys(a.teamId)).length, count);
    const refused = await web.manager.get('/team/keys');
    assert.match(refused.text, /id="form-error"[^>]*>Choose at least one scope/);
    assert.match(refused.text, /id="key-name"[^>]*value="none"/);
    assert.doesNotMatch(refused.text, /name="scopes" value="(read|write)" checked/);
    // A name over the limit the field declares is refused the same way.
    assert.match(refused.text, /id="key-name"[^>]*maxlength="100"/);
    assert.equal((await web.manager.post('/team/keys', { name: 'k'.repeat(101), scopes: ['read'] })).status, 303);
    assert.equal((await s.services.identity.repo.teamKeys(a.teamId)).length, count);
    assert.match((await web.manager.get('/team/keys')).text, /id="form-error"[^>]*>“Name” is too long\./);
  });

  it('creates a key by post/redirect/get: shown once to this session, sealed while waiting, and a reload makes none', async () => {
    const before = (await s.services.identity.repo.teamKeys(a.teamId)).length;
    const post = await web.owner.post('/team/keys', { name: 'Reload me', scopes: ['read', 'write'] });
    assert.equal(post.status, 303);
    assert.equal(post.location, '/team/keys#new-key');
    const waiting = await s.services.handle.db.selectFrom('session_handoffs').select('payload').execute();
    // Another browser of the same user gets nothing.
    const elsewhere = new WebClient(s.baseUrl);
    await elsewhere.signIn(emails.owner);
    assert.doesNotMatch((await elsewhere.get('/team/keys')).text, /id="key-secret"/);
    const shown = await web.owner.get('/team/keys');
    const secret = /id="key-secret"[^>]*>(rz_[A-Za-z0-9_-]+)</.exec(shown.text)![1];
    assert.equal((await fetch(`${s.api}/me`, { headers: { authorization: `Bearer ${secret}` } })).status, 200);
    assert.ok(waiting.length > 0 && waiting.every((w) => !w.payload.includes(secret) && !w.payload.includes('Reload me')));
    const reloaded = await web.owner.get('/team/keys');
    assert.equal(reloaded.status, 200);
    assert.doesNotMatch(reloaded.text, /id="key-secret"/);
    assert.ok(!reloaded.text.includes(secret));
    assert.equal((await s.services.identity.repo.teamKeys(a.teamId)).length, before + 1);
  });

  it('shows a refused form again as it was sent, with the message beside it and its box open', async () => {
    const o = web.owner;
    // Add user: a short password; the password itself is never sent back.
    assert.equal((await o.post('/team/members', { name: 'Keep Me', email: 'keep.me@alpha.test', role: 'manager', password: 'short1' }, { referer: '/team' })).status, 303);
    let page = (await o.get('/team')).text;
    assert.match(page, /id="form-error"[^>]*>The password must have at least 10 characters/);
    assert.match(page, /id="m-name"[^>]*value="Keep Me"/);
    assert.match(page, /id="m-email"[^>]*value="keep.me@alpha.test"/);
    assert.match(page, /<option value="manager" selected>/);
    assert.doesNotMatch(page, /short1/);
    assert.equal(await s.services.identity.repo.userByEmail('keep.me@alpha.test'), undefined);
    // Once: the next visit shows the empty form.
    page = (await o.get('/team')).text;
    assert.doesNotMatch(page, /Keep Me|form-error/);

    // New deal on the pipeline: the collapsed box opens with the input and the message.
    assert.equal((await o.post('/deals', { title: 'Keep deal', value_eur: 'twelve', stage: 'proposal', contact_email: '', company: 'Kept AG' }, { referer: '/pipeline' })).status, 303);
    page = (await o.get('/pipeline')).text;
    assert.match(page, /<details class="card addbox" open>/);
    assert.match(page, /id="d-title"[^>]*value="Keep deal"/);
    assert.match(page, /id="d-value"[^>]*value="twelve"[^>]*aria-invalid="true"/);
    assert.match(page, /<option value="proposal" selected>/);
    assert.match(page, /id="d-company"[^>]*value="Kept AG"/);
    assert.match(page, /id="form-error"[^>]*>“Value \(EUR\)” is not an amount/);
    // The same form on a contact page comes back there, not on the pipeline.
    const contact = await a.owner.client.post('/contacts', { email: 'rita@alpha.test', first_name: 'Rita' });
    assert.equal((await o.post('/deals', { title: 'From Rita', value_eur: '-5', contact_email: 'rita@alpha.test' }, { referer: `/contacts/${contact.body.id}` })).location, `/contacts/${contact.body.id}`);
    page = (await o.get(`/contacts/${contact.body.id}`)).text;
    assert.match(page, /<details class="addbox" open><summary>New deal/);
    assert.match(page, /id="d-title"[^>]*value="From Rita"/);

    // Edit deal: a bad value keeps the title and next-step edits too; nothing is saved.
    const deal = await a.owner.client.post('/deals', { title: 'Edit target', value_eur: 100 });
    assert.equal((await o.post(`/deals/${deal.body.id}`, { title: 'Edited title', value_eur: 'lots', next_step: 'Call back', next_step_at: '' }, { referer: `/deals/${deal.body.id}` })).status, 303);
    page = (await o.get(`/deals/${deal.body.id}`)).text;
    assert.match(page, /id="e-title"[^>]*value="Edited title"/);
    assert.match(page, /id="e-value"[^>]*value="lots"/);
    assert.match(page, /id="e-next"[^>]*value="Call back"/);
    assert.match(page, /form-error/);
    const unchanged = (await a.owner.client.get(`/deals/${deal.body.id}`)).body;
    assert.deepEqual([unchanged.title, unchanged.value_eur, unchanged.next_step], ['Edit target', 100, null]);
    // An emptied value field removes the value (as value_eur: null does in the API).
    assert.equal((await o.post(`/deals/${deal.body.id}`, { title: 'Edit target', value_eur: ' ', next_step: '', next_step_at: '' }, { referer: `/deals/${deal.body.id}` })).status, 303);
    const cleared = (await a.owner.client.get(`/deals/${deal.body.id}`)).body;
    assert.deepEqual([cleared.value_cents, cleared.value_eur], [null, null]);
    // A past date is saved (back-dating is allowed) with a notice naming it, once: saving it
    // unchanged again says nothing more. A date from today on gets no notice.
    const saveNext = async (day: string) => {
      assert.equal((await o.post(`/deals/${deal.body.id}`, { title: 'Edit target', value_eur: '', next_step: 'Demo', next_step_at: day }, { referer: `/deals/${deal.body.id}` })).status, 303);
      return (await o.get(`/deals/${deal.body.id}`)).text;
    };
    page = await saveNext('2016-03-12');
    assert.match(page, /The deal is saved\. Note: the next step date, 12\u00a0March\u00a02016, is in the past\./);
    assert.equal((await a.owner.client.get(`/deals/${deal.body.id}`)).body.next_step_at, '2016-03-12T00:00:00.000Z');
    assert.doesNotMatch(await saveNext('2016-03-12'), /is in the past/);
    const today = new Date().toISOString().slice(0, 10);
    assert.doesNotMatch(await saveNext(today), /is in the past/);
    assert.equal((await o.post('/tasks', { title: 'Old task', due_at: '2016-01-05' }, { referer: '/tasks' })).status, 303);
    assert.match((await o.get('/tasks')).text, /The task is added\. Note: the due date, 5\u00a0January\u00a02016, is in the past\./);
    assert.equal((await o.post('/tasks', { title: 'New task', due_at: today }, { referer: '/tasks' })).status, 303);
    assert.doesNotMatch((await o.get('/tasks')).text, /is in the past/);
    // An edit sent from an older page after the deal was closed changes nothing, and what was
    // typed is shown on the closed deal's page to be copied (it has no edit form to fill in).
    assert.equal((await a.owner.client.patch(`/deals/${deal.body.id}`, { status: 'won' })).status, 200);
    assert.equal((await o.post(`/deals/${deal.body.id}`, { title: 'Late <title>', value_eur: '7k', next_step: 'Send contract', next_step_at: '2030-01-02' }, { referer: `/deals/${deal.body.id}` })).status, 303);
    page = (await o.get(`/deals/${deal.body.id}`)).text;
    assert.match(page, /id="unsaved-h">Your changes, not saved/);
    const kept = page.match(/<dl class="facts" id="unsaved-edit">([\s\S]*?)<\/dl>/)?.[1] ?? '';
    for (const v of ['Late &lt;title&gt;', '7k', 'Send contract', '2030-01-02']) assert.ok(kept.includes(`<dd>${v}</dd>`), v);
    assert.match(page, /form-error/);
    const closed = (await a.owner.client.get(`/deals/${deal.body.id}`)).body;
    assert.deepEqual([closed.title, closed.status, closed.next_step], ['Edit target', 'won', 'Demo']);
    assert.doesNotMatch((await o.get(`/deals/${deal.body.id}`)).text, /unsaved-edit/, 'shown once');

    // Add or update a contact.
    assert.equal((await o.post('/contacts', { first_name: 'Rudi', last_name: 'Rust', email: 'not-an-email', phone: '+49 30 1', company: 'Rust GmbH' }, { referer: '/contacts' })).status, 303);
    page = (await o.get('/contacts')).text;
    assert.match(page, /<details class="card addbox" open>/);
    for (const [id, v] of [['c-first', 'Rudi'], ['c-last', 'Rust'], ['c-email', 'not-an-email'], ['c-phone', '\\+49 30 1'], ['c-company', 'Rust GmbH']]) {
      assert.match(page, new RegExp(`id="${id}"[^>]*value="${v}"`), id);
    }
  });

  it('"add or update" forms keep what is stored in the fields left blank, and update the fields given', async () => {
    const api = a.owner.client;
    const contact = (await api.post('/contacts', { email: 'kept@alpha.test', first_name: 'Sarah', last_name: 'Mitchell', phone: '+44 20 1', company: 'Kept Ltd' })).body;
    await api.post('/companies', { name: 'Brenner Logistik AG', domain: 'brenner.example' });
    assert.equal((await web.member.post('/contacts', { email: ' KEPT@alpha.test ', first_name: '', last_name: ' ', phone: '', company: '' }, { referer: '/contacts' })).status, 303);
    const after = (await api.get(`/contacts/${contact.id}`)).body;
    assert.deepEqual([after.first_name, after.last_name, after.phone, after.company_id], ['Sarah', 'Mitchell', '+44 20 1', contact.company_id]);
    assert.equal((await web.member.post('/contacts', { email: 'kept@alpha.test', first_name: '', phone: '+44 20 2' }, { referer: '/contacts' })).status, 303);
    assert.deepEqual(await api.get(`/contacts/${contact.id}`).then((r) => [r.body.first_name, r.body.phone]), ['Sarah', '+44 20 2']);
    assert.equal((await web.member.post('/companies', { name: 'brenner  logistik ag', domain: '' }, { referer: '/companies' })).status, 303);
    const company = (await api.get('/companies?q=brenner')).body.items[0];
    assert.equal(company.domain, 'brenner.example');
  });

  it('totals a pipeline column over all its open deals, also beyond the cards shown', async () => {
    const api = b.owner.client;
    for (let i = 0; i < 103; i++) {
      assert.equal((await api.post('/deals', { title: `Bulk ${i}`, value_eur: i === 0 ? '1.000,50' : 1000, stage: 'negotiation' })).status, 201);
    }
    const board = (await web.otherOwner.get('/pipeline')).text;
    const column = board.slice(board.indexOf('data-stage="negotiation"'));
    assert.match(column, /<span class="muted coltotal" data-count="103" data-cents="10300050">103 · €103,000\.50<\/span>/);
    assert.match(column, /3 more in this stage/);
  });

  it('refuses junk records from the forms: a deal with nothing in it, a note without text', async () => {
    const o = web.owner;
    const deals = (await a.owner.client.get('/deals?status=all&limit=100')).body.total;
    assert.equal((await o.post('/deals', { title: ' ', value_eur: '', stage: 'lead', contact_email: '', company: '' }, { referer: '/pipeline' })).status, 303);
    assert.match((await o.get('/pipeline')).text, /id="form-error"[^>]*>Give the deal at least a title, a contact email or a company/);
    assert.equal((await a.owner.client.get('/deals?status=all&limit=100')).body.total, deals);
    // Any one of them is enough.
    const byCompany = await o.post('/deals', { title: '', company: 'Only Company AG' }, { referer: '/pipeline' });
    assert.match(byCompany.location!, /^\/deals\/dl_/);

    const deal = await a.owner.client.post('/deals', { title: 'Noted' });
    assert.equal((await o.post('/activities', { kind: 'note', body: '   ', deal_id: deal.body.id }, { referer: `/deals/${deal.body.id}` })).status, 303);
    const page = (await o.get(`/deals/${deal.body.id}`)).text;
    assert.match(page, /id="form-error"[^>]*>Write the text of the note/);
    assert.equal((await a.owner.client.get(`/deals/${deal.body.id}`)).body.timeline.length, 0);
  });

  it('holds the length limits of the API on the forms too, marks the field, and saves nothing', async () => {
    const o = web.owner;
    assert.equal((await o.post('/contacts', { email: 'long.phone@alpha.test', first_name: 'Lena', phone: '1'.repeat(300) }, { referer: '/contacts' })).status, 303);
    let page = (await o.get('/contacts')).text;
    assert.match(page, /id="c-phone"[^>]*aria-invalid="true"/);
    assert.match(page, /id="form-error"[^>]*>“Phone” is too long/);
    assert.equal((await a.owner.client.get('/contacts?q=long.phone')).body.total, 0);

    assert.equal((await o.post('/team/members', { name: 'N'.repeat(500), email: 'long.name@alpha.test', role: 'member', password: 'long-enough-pw' }, { referer: '/team' })).status, 303);
    page = (await o.get('/team')).text;
    assert.match(page, /id="m-name"[^>]*aria-invalid="true"/);
    assert.equal(await s.services.identity.repo.userByEmail('long.name@alpha.test'), undefined);

    const profile = await o.post('/profile', { name: 'P'.repeat(300), locale: 'en' }, { referer: '/profile' });
    const profilePage = (await o.get(profile.location!)).text;
    assert.match(profilePage, /<form method="post" action="\/profile" class="stack">\s*<p class="flash flash-error form-error"[^>]*>“Name” is too long/, 'the message stands at its form');
    assert.match(profilePage, /id="name"[^>]*value="P{300}"[^>]*aria-invalid="true"/);
    assert.equal((await s.services.identity.repo.user(a.owner.userId))!.name.length < 300, true);
    // The password form marks the field it refused: a wrong current password, a repeat that differs.
    await o.post('/profile/password', { current: 'not the password', password: 'a-new-password-1', confirm: 'a-new-password-1' }, { referer: '/profile' });
    assert.match((await o.get('/profile')).text, /id="current"[^>]*aria-invalid="true"/);
    await o.post('/profile/password', { current: PASSWORD, password: 'a-new-password-1', confirm: 'a-new-password-2' }, { referer: '/profile' });
    const mismatch = (await o.get('/profile')).text;
    assert.match(mismatch, /id="confirm"[^>]*aria-invalid="true"/);
    assert.doesNotMatch(mismatch, /id="current"[^>]*aria-invalid/);

    // Fields are checked in the form's order: a bad email is named before a short password.
    assert.equal((await o.post('/team/members', { name: 'Nora', email: 'not-an-email', role: 'member', password: 'short' }, { referer: '/team' })).status, 303);
    assert.match((await o.get('/team')).text, /id="m-email"[^>]*aria-invalid="true"/);

    // A move to the stage the deal is in says so, and adds no history.
    const still = await a.owner.client.post('/deals', { title: 'Stays put', stage: 'lead' });
    const move = await o.post(`/deals/${still.body.id}/stage`, { stage: 'lead' }, { referer: `/deals/${still.body.id}` });
    assert.match((await o.get(move.location!)).text, /“Stays put” is already in that stage|"Stays put" is already in that stage|&quot;Stays put&quot; is already in that stage/);
    assert.equal((await a.owner.client.get(`/deals/${still.body.id}`)).body.stage_history.length, 0);

    // Text no database can keep (only scripts send it) answers 422 and changes nothing.
    const nul = await o.post('/companies', { name: 'Nul\u0000 AG' }, { referer: '/companies' });
    assert.equal(nul.status, 422);
    assert.equal((await a.owner.client.get('/companies?q=nul')).body.total, 0);
  });

  it('links each task to its deal and contact and lists open tasks soonest due first, undated last', async () => {
    // (member2's earlier session ended with the deactivation test.)
    const c = new WebClient(s.baseUrl);
    await c.signIn(emails.member2);
    const day = (n: number) => new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);
    const deal = await a.member2.client.post('/deals', { title: 'Task deal <x>', contact_email: 'tina@alpha.test' });
    const mk = (title: string, due: string | null, link: Record<string, string> = {}) => a.member2.client.post('/tasks', { title, due_at: due, ...link });
    await mk('Undated task', null);
    await mk('Far task', `${day(30)}T09:00:00Z`);
    await mk('Overdue task', `${day(-3)}T09:00:00Z`, { deal_id: deal.body.id });
    await mk('Soon task', `${day(2)}T09:00:00Z`, { contact_id: deal.body.contact_id });
    const page = (await c.get('/tasks')).text;
    const order = [...page.matchAll(/class="task-title">([^<]+)</g)].map((m) => m[1]);
    assert.deepEqual(order, ['Overdue task', 'Soon task', 'Far task', 'Undated task']);
    const row = (title: string) => new RegExp(`${title}</span>[\\s\\S]*?</li>`).exec(page)![0];
    assert.match(row('Overdue task'), new RegExp(`<a href="/deals/${deal.body.id}">Task deal &lt;x&gt;</a> · <a href="/contacts/${deal.body.contact_id}">tina@alpha.test</a>`));
    assert.match(row('Soon task'), new RegExp(`<a href="/contacts/${deal.body.contact_id}">`));
    assert.doesNotMatch(row('Undated task'), /<a href/);
    // A deal's own page lists its tasks in the same order, done ones last.
    for (const [title, due] of [['Deal undated', null], ['Deal far', `${day(20)}T09:00:00Z`], ['Deal done', `${day(-9)}T09:00:00Z`], ['Deal soon', `${day(1)}T09:00:00Z`]] as const) {
      const task = await mk(title, due, { deal_id: deal.body.id });
      if (title === 'Deal done') await a.member2.client.post(`/tasks/${task.body.id}/done`, {});
    }
    const dealPage = (await c.get(`/deals/${deal.body.id}`)).text;
    assert.deepEqual([...dealPage.matchAll(/class="task-title">([^<]+)</g)].map((m) => m[1]), ['Overdue task', 'Deal soon', 'Deal far', 'Deal undated', 'Deal done']);
    // A deal handed to someone else is no longer named on the member's own task.
    const moved = await a.member2.client.post('/deals', { title: 'Handed over deal' });
    await mk('Task on a handed deal', null, { deal_id: moved.body.id });
    assert.equal((await a.manager.client.patch(`/deals/${moved.body.id}`, { owner_id: a.manager.userId })).status, 200);
    const after = (await c.get('/tasks')).text;
    assert.match(after, /Task on a handed deal/);
    assert.doesNotMatch(after, /Handed over deal/);
  });

  it('answers unknown addresses with the "Page not found" page (JSON under /api/ and for JSON clients), and serves a favicon', async () => {
    for (const path of ['/dashboard', '/pipeline/', '/signin/', '/tasks/xyz', '/team/members']) {
      const r = await web.owner.get(path);
      assert.equal(r.status, 404, path);
      assert.match(r.text, /<h1>Page not found<\/h1>/, path);
      assert.match(r.text, /aria-label="Main"/, path);
    }
    const anonymous = await fetch(`${s.baseUrl}/dashboard`, { redirect: 'manual', headers: { accept: 'text/html,*/*' } });
    assert.equal(anonymous.status, 404);
    assert.match(anonymous.headers.get('content-type')!, /text\/html/);
    assert.equal((await web.owner.post('/nowhere', {}, { csrf: null })).status, 404);
    const json = await fetch(`${s.baseUrl}/dashboard`, { headers: { accept: 'application/json' } });
    assert.equal(json.status, 404);
    assert.equal((await json.json()).detail.error, 'not_found');
    for (const path of ['/api/v1/nope', '/api/v2/nope']) {
      const r = await fetch(`${s.baseUrl}${path}`, { headers: { accept: 'text/html' } });
      assert.equal(r.status, 404);
      assert.equal((await r.json()).detail.error, 'not_found', path);
    }
    const icon = await fetch(`${s.baseUrl}/favicon.ico`);
    assert.equal(icon.status, 200);
    assert.match(icon.headers.get('content-type')!, /image\/svg\+xml/);
    assert.match(await icon.text(), /<svg/);
    assert.match((await web.owner.get('/contacts')).text, /<link rel="icon" href="\/static\/favicon.svg"/);
  });

  it('explains an expired form, an ended session (and returns to the page after signing in), and signing out', async () => {
    const expired = await web.member.post('/contacts', { email: 'late@alpha.test' }, { csrf: 'x'.repeat(43), referer: '/contacts?q=late' });
    assert.equal(expired.status, 403);
    assert.match(expired.text, /<h1>This form has expired<\/h1>/);
    assert.match(expired.text, /<a href="\/contacts\?q=late">Back to the page<\/a>/);

    const late = await s.services.identity.addUser({ teamId: a.teamId, email: 'lena.late@alpha.test', role: 'manager', name: 'Lena Late', password: PASSWORD });
    const c = new WebClient(s.baseUrl);
    await c.signIn('lena.late@alpha.test');
    const token = await c.csrf();
    await s.services.sessions.endSessionsOf(late.user_id);
    const ended = await c.post('/contacts', { email: 'late@alpha.test' }, { csrf: token, referer: '/contacts' });
    assert.equal(ended.status, 303);
    assert.equal(ended.location, '/signin?next=%2Fcontacts%23restore');
    assert.match((await c.get(ended.location!)).text, /Your session ended; sign in again/);
    const back = await c.post('/signin', { email: 'lena.late@alpha.test', password: PASSWORD, next: '/contacts' });
    assert.equal(back.location, '/contacts');
    assert.equal(await s.services.identity.repo.userByEmail('late@alpha.test'), undefined);

    // A post from another site comes without the session cookie (SameSite): a forged form, not an ended session.
    for (const headers of [{ origin: 'http://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }] as Array<Record<string, string>>) {
      const forged = await fetch(`${s.baseUrl}/team/keys`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: 'name=x&scopes=read' });
      assert.equal(forged.status, 403, JSON.stringify(headers));
      assert.match(await forged.text(), /<h1>This form has expired<\/h1>/);
    }
    const sameSite = await fetch(`${s.baseUrl}/team/keys`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.baseUrl }, body: 'name=x' });
    assert.equal(sameSite.status, 303);
    assert.match(sameSite.headers.get('location')!, /^\/signin\?next=/);

    assert.equal((await c.post('/signout', {})).location, '/signin');
    const signin = await c.get('/signin');
    assert.match(signin.text, /role="status">You are signed out/);
    assert.doesNotMatch(signin.text, /session ended/);
  });


  it('never redirects off the site through next, however it is disguised (tab, newline, backslash, scheme)', async () => {
    const disguises = ['//evil.example', '/\\evil.example', '/\t/evil.example', '/\n/evil.example', '/\r\nSet-Cookie: x=1', 'https://evil.example/', '/%09/evil.example', '\t//evil.example'];
    await s.services.identity.addUser({ teamId: a.teamId, email: 'nora.next@alpha.test', role: 'member', name: 'Nora Next', password: PASSWORD });
    const c = new WebClient(s.baseUrl);
    for (const next of disguises) {
      const r = await c.post('/signin', { email: 'nora.next@alpha.test', password: 'wrong password', next });
      assert.equal(r.status, 401, JSON.stringify(next));
      const kept = /name="next" value="([^"]*)"/.exec(r.text)![1];
      assert.equal(new URL(kept, s.baseUrl).origin, new URL(s.baseUrl).origin, `${JSON.stringify(next)} kept as ${kept}`);
    }
    await c.signIn('nora.next@alpha.test');
    for (const next of disguises) {
      const viaQuery = await c.get(`/signin?next=${encodeURIComponent(next)}`);
      const viaForm = await c.post('/signin', { email: 'nora.next@alpha.test', password: PASSWORD, next });
      for (const r of [viaQuery, viaForm]) {
        assert.equal(r.status, 303, JSON.stringify(next));
        const target = new URL(r.location!, s.baseUrl);
        assert.equal(target.origin, new URL(s.baseUrl).origin, `${JSON.stringify(next)} -> ${JSON.stringify(r.location)}`);
        assert.doesNotMatch(r.location!, /[\t\r\n\\]/);
      }
    }
    assert.equal((await c.get(`/signin?next=${encodeURIComponent('/contacts?q=a#top')}`)).location, '/contacts?q=a#top');
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

  it("lets a manager revoke members' and managers' keys but not an owner's (no button, 403, the key works); an owner revokes any", async () => {
    const ownerKey = await s.services.identity.createKey({ userId: a.owner.userId, name: 'Owner integration' });
    const memberKey = await s.services.identity.createKey({ userId: a.member2.userId, name: 'Rep dialer' });
    const works = async (secret: string) => (await fetch(`${s.api}/me`, { headers: { authorization: `Bearer ${secret}` } })).status;
    const list = (await web.manager.get('/team/keys')).text;
    assert.doesNotMatch(list, new RegExp(`/team/keys/${ownerKey.key_id}/revoke`));
    assert.match(list, new RegExp(`/team/keys/${memberKey.key_id}/revoke`));
    const refused = await web.manager.post(`/team/keys/${ownerKey.key_id}/revoke`, {});
    assert.equal(refused.status, 403);
    assert.equal((await s.services.identity.repo.key(ownerKey.key_id))!.revoked_at, null);
    assert.equal(await works(ownerKey.key), 200);
    assert.equal((await web.manager.post(`/team/keys/${memberKey.key_id}/revoke`, {})).status, 303);
    assert.equal(await works(memberKey.key), 401);
    assert.match((await web.owner.get('/team/keys')).text, new RegExp(`/team/keys/${ownerKey.key_id}/revoke`));
    assert.equal((await web.owner.post(`/team/keys/${ownerKey.key_id}/revoke`, {})).status, 303);
    assert.equal(await works(ownerKey.key), 401);
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

  it('never echoes a made-up id into the Location of a refused form: a 300,000-character deal_id gets a short redirect', async () => {
    const huge = `dl_${'A'.repeat(300_000)}`;
    const forms: Array<Record<string, string>> = [{ deal_id: huge, body: '' }, { contact_id: huge, body: '' }, { deal_id: huge, contact_id: huge, body: ' ' }];
    for (const fields of forms) {
      const r = await web.manager.post('/activities', { kind: 'note', ...fields });
      assert.equal(r.status, 303);
      assert.equal(r.location, '/pipeline');
    }
    // A refused note on a real deal still goes back to that deal.
    const deal = (await a.manager.client.post('/deals', { title: 'Back here' })).body;
    assert.equal((await web.manager.post('/activities', { kind: 'note', deal_id: deal.id, body: '' })).location, `/deals/${deal.id}`);
    // A Referer (the page the form was on) is followed only as a short local path.
    const long = await web.manager.post('/activities', { kind: 'note', deal_id: deal.id, body: '' }, { referer: `/deals/${deal.id}?q=${'x'.repeat(5000)}` });
    assert.equal(long.location, `/deals/${deal.id}`);
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

  it('shows a member the call summary on a deal they took over in their language, without a link to the call they cannot open', async () => {
    await enableCalls(s.services, a.manager.userId);
    const deal = await a.manager.client.post('/deals', { title: 'Handover deal', contact_email: 'handover@alpha.test' });
    const call = await a.manager.client.post('/calls', { transcript: transcript('handover'), language: 'en', deal_id: deal.body.id, filename: 'handover.txt' });
    assert.equal(call.status, 202);
    const worker = startBackground(s.services);
    const done = await waitForCall(a.manager.client, call.body.id).finally(() => worker.stop());
    assert.equal((await a.manager.client.patch(`/deals/${deal.body.id}`, { owner_id: a.member.userId })).status, 200);
    assert.equal((await a.member.client.get(`/calls/${call.body.id}`)).status, 404, 'the call itself stays the manager\'s');
    await s.services.identity.updateUser(a.member.userId, { locale: 'de' });
    const page = (await web.member.get(`/deals/${deal.body.id}`)).text;
    assert.match(page, /Gesprächsanalyse \(handover\.txt\): Bedarfsanalyse \d\/5, Zuhören \d\/5.*Vorsatz: /s);
    assert.ok(done.result.commitment.length > 0);
    assert.doesNotMatch(page, /Call analysis \(/, 'not the stored English activity text');
    assert.ok(!page.includes(`/calls/${call.body.id}`), 'no link to a call the member cannot open');
    assert.ok((await web.manager.get(`/deals/${deal.body.id}`)).text.includes(`href="/calls/${call.body.id}"`), 'the manager gets the link');
    await s.services.identity.updateUser(a.member.userId, { locale: 'en' });
    // Coaching method names are in the interface's language too (the API's method_label is English).
    const methods = [done.result.biggest_miss, ...done.result.moments].flatMap((m: any) => (m.method ? [m.method as MethodKey] : []));
    assert.ok(methods.length > 0);
    await s.services.identity.updateUser(a.manager.userId, { locale: 'de' });
    const coaching = (await web.manager.get(`/calls/${call.body.id}`)).text;
    await s.services.identity.updateUser(a.manager.userId, { locale: 'en' });
    for (const m of methods) {
      assert.ok(coaching.includes(`Methode: <strong>${translator('de')(`method.${m}`)}</strong>`), m);
      if (translator('de')(`method.${m}`) !== METHODS[m]) assert.ok(!coaching.includes(`<strong>${METHODS[m]}</strong>`), m);
    }
  });

  it('speaks the interface language on error pages: permissions, a stale filter or page link', async () => {
    await s.services.identity.updateUser(a.member.userId, { locale: 'de' });
    await s.services.identity.updateUser(a.owner.userId, { locale: 'de' });
    try {
      const team = await web.member.get('/team');
      assert.equal(team.status, 403);
      assert.match(team.text, /Nur Inhaber und Manager können die Team-Seite öffnen\./);
      assert.doesNotMatch(team.text, /Only owners/);
      const stage = await web.owner.get('/deals?stage=bogus');
      assert.match(stage.text, /Wählen Sie eine Phase der Pipeline\./);
      const cursor = await web.owner.get('/deals?cursor=garbage');
      assert.match(cursor.text, /Dieser Seitenlink passt nicht mehr/);
      assert.doesNotMatch(stage.text + cursor.text, /pipeline stage key|cursor is malformed/);
    } finally {
      await s.services.identity.updateUser(a.member.userId, { locale: 'en' });
      await s.services.identity.updateUser(a.owner.userId, { locale: 'en' });
    }
    // English keeps the same sentences.
    assert.match((await web.member.get('/team')).text, /Only owners and managers can open the Team page\./);
  });

  it('lets owners and managers filter the board and the deal list by rep; members get no Rep select', async () => {
    const miaDeal = (await a.manager.client.post('/deals', { title: 'Rep filter Mia deal', stage: 'qualified' })).body;
    const maxDeal = (await a.member.client.post('/deals', { title: 'Rep filter Max deal', stage: 'qualified' })).body;
    const repSelect = /<label for="prep">Rep<\/label><select id="prep" name="owner_id">/;

    const board = (await web.owner.get('/pipeline')).text;
    assert.match(board, repSelect);
    assert.match(board, /<option value="">All reps<\/option>/);
    assert.match(board, /Rep filter Mia deal/);
    assert.match(board, /Rep filter Max deal/);

    const filtered = await web.manager.get(`/pipeline?owner_id=${a.member.userId}`);
    assert.equal(filtered.status, 200);
    assert.match(filtered.text, /Rep filter Max deal/);
    assert.doesNotMatch(filtered.text, /Rep filter Mia deal/);
    assert.doesNotMatch(filtered.text, /Manager secret deal/);
    assert.match(filtered.text, new RegExp(`<option value="${a.member.userId}" selected>`));
    // Every card on the filtered board is the rep's own deal.
    const cards = [...filtered.text.matchAll(/data-deal="(dl_[0-9A-Z]+)"/g)].map((m) => m[1]);
    assert.ok(cards.includes(maxDeal.id));
    assert.ok(!cards.includes(miaDeal.id));
    const memberDeals = (await a.member.client.get('/deals?limit=100')).body.items.map((d: any) => d.id);
    assert.deepEqual(cards.sort(), [...memberDeals].sort());
    assert.match(filtered.text, new RegExp(`href="/deals\\?owner_id=${a.member.userId}"`));

    // The list: the select sits with the other filters, and the next page keeps all of them.
    for (let i = 0; i <= 50; i++) await a.member.client.post('/deals', { title: `Rep filter bulk ${i}`, stage: 'lead' });
    const list = await web.owner.get(`/deals?status=open&stage=lead&owner_id=${a.member.userId}`);
    assert.equal(list.status, 200);
    assert.match(list.text, /<label for="drep">Rep<\/label><select id="drep" name="owner_id">/);
    assert.doesNotMatch(list.text, /Rep filter Mia deal|Rep filter Max deal/);
    assert.match(list.text, /Rep filter bulk 50/);
    assert.doesNotMatch(list.text, /Rep filter bulk 0</);
    assert.doesNotMatch(list.text, /rel="first"/);
    const next = /<a href="([^"]+)" rel="next"/.exec(list.text)![1].replace(/&amp;/g, '&');
    const nextUrl = new URL(next, s.baseUrl);
    assert.equal(nextUrl.searchParams.get('owner_id'), a.member.userId);
    assert.equal(nextUrl.searchParams.get('stage'), 'lead');
    assert.equal(nextUrl.searchParams.get('status'), 'open');
    const page2 = (await web.owner.get(next)).text;
    assert.match(page2, /Rep filter bulk 0</);
    // From a later page, a link back to the first keeps the filters and drops the cursor.
    const first = new URL(/<a href="([^"]+)" rel="first">First page<\/a>/.exec(page2)![1].replace(/&amp;/g, '&'), s.baseUrl);
    assert.deepEqual([...first.searchParams.keys()].sort(), ['owner_id', 'stage', 'status']);
    assert.match((await web.owner.get(first.pathname + first.search)).text, /Rep filter bulk 50/);
    assert.doesNotMatch(page2, /Rep filter Mia deal/);
    const mia = (await web.owner.get(`/deals?status=all&owner_id=${a.manager.userId}`)).text;
    assert.match(mia, /Rep filter Mia deal/);
    assert.doesNotMatch(mia, /Rep filter Max deal|Rep filter bulk/);
    // An id that is not a user of the team is ignored: every deal is shown.
    assert.match((await web.owner.get(`/pipeline?owner_id=${b.owner.userId}`)).text, /Rep filter Mia deal/);
    assert.match((await web.owner.get('/pipeline?owner_id=junk')).text, /Rep filter Mia deal/);

    // Members: no Rep select, and naming someone else shows nothing of theirs.
    for (const path of ['/pipeline', `/pipeline?owner_id=${a.manager.userId}`, `/deals?status=all&q=rep%20filter%20m&owner_id=${a.manager.userId}`]) {
      const page = await web.member.get(path);
      assert.equal(page.status, 200, path);
      assert.doesNotMatch(page.text, /name="owner_id"/, path);
      assert.doesNotMatch(page.text, /Rep filter Mia deal|Manager secret deal/, path);
      assert.match(page.text, /Rep filter Max deal/, path);
    }
    // German interface strings exist for the select.
    const de = new WebClient(s.baseUrl);
    await de.signIn(emails.manager);
    assert.equal((await de.post('/language', { locale: 'de', next: '/pipeline' })).status, 303);
    const deBoard = (await de.get('/pipeline')).text;
    assert.match(deBoard, /<label for="prep">Vertriebsmitarbeiter<\/label>/);
    assert.match(deBoard, /<option value="">Alle Vertriebsmitarbeiter<\/option>/);
    assert.equal((await de.post('/language', { locale: 'en', next: '/pipeline' })).status, 303);
  });

  it('keeps the API, docs, health and OpenAPI document as they were', async () => {
    assert.equal((await fetch(`${s.baseUrl}/healthz`)).status, 200);
    const doc = await fetch(`${s.api}/openapi.json`).then((x) => x.json());
    assert.ok(Object.keys(doc.paths).every((p: string) => !p.startsWith('/team') && p !== '/signin'));
    const api404 = await a.owner.client.get('/nope');
    assert.equal(api404.body.detail.error, 'not_found');
    // The application's form parser does not reach the API: a form body there is no JSON (422 list).
    const form = await fetch(`${s.api}/contacts`, { method: 'POST', headers: { authorization: `Bearer ${a.owner.key}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=a@b.c' });
    assert.equal(form.status, 422);
    assert.ok(Array.isArray((await form.json()).detail));
  });
});

describe('webhook delivery log over HTTP', () => {
  let s: TestServer;
  let t: TeamFixture;
  let rx: Receiver;
  const web: Record<string, WebClient> = {};
  // Escaped independently of the application's helper: what a correct page must contain.
  const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

  before(async () => {
    rx = await startReceiver();
    s = await startTestServer({ background: true, env: { RZ_WEBHOOK_RETRY_SCHEDULE: '1,1,1,1' } });
    t = await makeTeam(s.services, s.api, 'Hooklog');
    await setPasswords(s.services, [t.manager.userId, t.owner.userId]);
    for (const [name, p] of Object.entries({ manager: t.manager, owner: t.owner })) {
      web[name] = new WebClient(s.baseUrl);
      await web[name].signIn(await emailOf(s.services, p.userId));
    }
  });
  after(async () => {
    await s.stop();
    await rx.close();
  });

  it('shows the body sent (indented, escaped, collapsed) and each attempt\'s answer, with HTML in an answer escaped', async () => {
    const hostile = '<h1>Bad Gateway</h1><script>alert("rx")</script>';
    rx.respond = (_r, nth) => (nth === 1 ? { status: 502, body: hostile, headers: { 'content-type': 'text/html' } } : { status: 200, body: '{"ok":true,"note":"<b>thanks</b>"}' });
    const hook = await t.manager.client.post('/webhooks', { url: rx.url, events: ['contact.created'] });
    assert.equal(hook.status, 201, hook.text);
    const contact = await t.member.client.post('/contacts', { email: 'log@hooklog.test', first_name: '<img src=x onerror=alert(3)>', last_name: 'Ça "va"' });
    assert.equal(contact.status, 201, contact.text);
    await rx.waitFor((all) => all.length >= 2, 15_000, 'the failed attempt and the retry');

    const page = await waitFor('the log to show the delivered retry', async () => {
      const r = await web.manager.get(`/team/webhooks/${hook.body.id}`);
      return r.status === 200 && r.text.includes('HTTP 200') && r.text.includes('HTTP 502') ? r.text : null;
    });
    const sent = rx.received[0].raw;
    assert.equal(rx.received[1].raw, sent);

    // The body: inside a collapsed <details>, pretty-printed, escaped.
    const pretty = JSON.stringify(JSON.parse(sent), null, 2);
    assert.ok(pretty.includes('\n  "data": {'), pretty);
    assert.ok(page.includes(escaped(pretty)), 'the page shows the indented body, escaped');
    const details = /<details class="payload"><summary>Body sent<\/summary>([\s\S]*?)<\/details>/.exec(page);
    assert.ok(details, 'the body sits in a <details> with its summary');
    assert.ok(details[1].includes(escaped(pretty)));
    assert.ok(!/<details[^>]* open/.test(page), 'collapsed');
    assert.ok(page.includes('&lt;img src=x onerror=alert(3)&gt;'));
    assert.ok(!page.includes('<img src=x'), 'what the body carries is never markup');
    assert.ok(page.includes(`GET /api/v1/webhooks/${hook.body.id}/deliveries`), 'points to the exact bytes in the API');

    // Each attempt's answer, escaped: a receiver's HTML is text, not markup.
    assert.ok(page.includes('Answer received (first 1 KiB)'));
    assert.ok(page.includes(escaped(hostile)), 'the 502 answer is shown, escaped');
    assert.ok(!page.includes('<script>alert("rx")'), 'the answer is never markup');
    assert.ok(!page.includes('<h1>Bad Gateway'));
    assert.ok(page.includes(escaped('{"ok":true,"note":"<b>thanks</b>"}')));
    assert.ok(!page.includes('<b>thanks</b>'));

    // The same in German.
    await s.services.identity.updateUser(t.owner.userId, { locale: 'de' });
    const de = await web.owner.get(`/team/webhooks/${hook.body.id}`);
    assert.equal(de.status, 200);
    assert.ok(de.text.includes('<summary>Gesendeter Inhalt</summary>'));
    assert.ok(de.text.includes('Erhaltene Antwort (erste 1 KiB)'));
    assert.ok(de.text.includes(escaped(pretty)));
  });
});
