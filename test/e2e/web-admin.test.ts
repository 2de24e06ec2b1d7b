// The application over plain HTTP: role checks of the webhook and usage sections of the Team
// page, URL checks, the licence, and the 500 page. One server (one database) per file.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { makeTeam, type TeamFixture } from '../helpers/fixtures.ts';
import { emailOf, setPasswords, WebClient } from './helpers.ts';

describe('application over HTTP: webhooks, usage, licence and failures', () => {
  let s: TestServer;
  let a: TeamFixture;
  const web: Record<string, WebClient> = {};

  before(async () => {
    s = await startTestServer();
    a = await makeTeam(s.services, s.api, 'Gamma');
    await setPasswords(s.services, [a.owner.userId, a.manager.userId, a.member.userId]);
    for (const [name, p] of Object.entries({ owner: a.owner, manager: a.manager, member: a.member })) {
      web[name] = new WebClient(s.baseUrl);
      await web[name].signIn(await emailOf(s.services, p.userId));
    }
  });
  after(() => s.stop());

  it('lets only owners and managers see and change webhooks and usage (403 for members, nothing changes)', async () => {
    const hook = await a.manager.client.post('/webhooks', { url: 'http://127.0.0.1:9/rz', events: ['deal.created'] });
    assert.equal(hook.status, 201, hook.text);
    const ping = await a.manager.client.post(`/webhooks/${hook.body.id}/ping`);
    const m = web.member;
    for (const path of ['/team/webhooks', `/team/webhooks/${hook.body.id}`, '/team/usage']) assert.equal((await m.get(path)).status, 403, path);
    const posts: Array<[string, Record<string, string | string[]>]> = [
      ['/team/webhooks', { url: 'http://127.0.0.1:9/evil', events: '*' }],
      [`/team/webhooks/${hook.body.id}/ping`, {}],
      [`/team/webhooks/${hook.body.id}/pause`, {}],
      [`/team/webhooks/${hook.body.id}/resume`, {}],
      [`/team/webhooks/${hook.body.id}/events`, { events: '*' }],
      [`/team/webhooks/${hook.body.id}/delete`, {}],
      [`/team/webhooks/${hook.body.id}/deliveries/${ping.body.id}/redeliver`, {}],
    ];
    for (const [path, fields] of posts) assert.equal((await m.post(path, fields)).status, 403, path);
    const after = await a.manager.client.get(`/webhooks/${hook.body.id}`);
    assert.equal(after.status, 200);
    assert.equal(after.body.paused, false);
    assert.deepEqual(after.body.events, ['deal.created']);
    assert.equal((await a.manager.client.get('/webhooks')).body.total, 1);
    assert.equal((await a.manager.client.get(`/webhooks/${hook.body.id}/deliveries`)).body.total, 1);

    // The same actions work for a manager.
    const g = web.manager;
    assert.equal((await g.get('/team/usage')).status, 200);
    assert.equal((await g.post(`/team/webhooks/${hook.body.id}/pause`, {})).status, 303);
    assert.equal((await a.manager.client.get(`/webhooks/${hook.body.id}`)).body.paused, true);
    assert.equal((await g.post(`/team/webhooks/${hook.body.id}/events`, { events: ['deal.created', 'task.done'] })).status, 303);
    assert.deepEqual((await a.manager.client.get(`/webhooks/${hook.body.id}`)).body.events, ['deal.created', 'task.done']);
    assert.equal((await g.post(`/team/webhooks/${hook.body.id}/deliveries/${ping.body.id}/redeliver`, {})).status, 303);
    assert.equal((await a.manager.client.get(`/webhooks/${hook.body.id}/deliveries`)).body.total, 2);
    assert.equal((await g.post(`/team/webhooks/${hook.body.id}/delete`, {})).status, 303);
    assert.equal((await a.manager.client.get(`/webhooks/${hook.body.id}`)).status, 404);
  });

  it('checks the webhook URL at registration and shows why it was refused', async () => {
    const before = (await a.owner.client.get('/webhooks')).body.total;
    const r = await web.owner.post('/team/webhooks', { url: 'ftp://files.example.com/x', events: '*' });
    assert.equal(r.status, 303);
    const page = await web.owner.get('/team/webhooks');
    assert.match(page.text, /flash-error/);
    assert.equal((await a.owner.client.get('/webhooks')).body.total, before);
    const ok = await web.owner.post('/team/webhooks', { url: 'http://127.0.0.1:9/ok', events: ['contact.created'] });
    assert.equal(ok.status, 201);
    const secret = /id="webhook-secret"[^>]*>([^<]+)</.exec(ok.text)![1];
    assert.ok(secret.length >= 20);
    assert.ok(!(await web.owner.get('/team/webhooks')).text.includes(secret));
  });

  it('shows plan and usage: licence, requests and calls today against their limits', async () => {
    await s.services.identity.updateTeam(a.teamId, { call_limit: 7, team_cap: 40 });
    const page = await web.owner.get('/team/usage');
    assert.equal(page.status, 200);
    assert.match(page.text, /id="licence"[\s\S]*?active/);
    assert.match(page.text, /id="calls-today"[\s\S]*?0 \/ 7/);
    assert.match(page.text, /0 \/ 40/);
  });

  it('follows the licence: without it nothing is written, and members cannot read the CRM', async () => {
    const deal = await a.member.client.post('/deals', { title: 'Before the licence lapsed' });
    await s.services.identity.updateTeam(a.teamId, { licence: 'inactive' });
    try {
      assert.equal((await web.member.get('/pipeline')).status, 402);
      assert.equal((await web.member.get(`/deals/${deal.body.id}`)).status, 402);
      assert.equal((await web.manager.get('/pipeline')).status, 200);
      const r = await web.manager.post(`/deals/${deal.body.id}/stage`, { stage: 'proposal' });
      assert.equal(r.status, 303);
      assert.match((await web.manager.get(`/deals/${deal.body.id}`)).text, /licence is not in force/);
      assert.equal((await a.manager.client.get(`/deals/${deal.body.id}`)).body.stage, 'lead');
    } finally {
      await s.services.identity.updateTeam(a.teamId, { licence: 'active' });
    }
  });

  it('answers an unexpected failure with a 500 page that leaks nothing', async () => {
    const original = s.services.contacts.list;
    s.services.contacts.list = async () => { throw new Error('secret internals at /srv/rz/db.ts:42'); };
    try {
      const r = await web.member.get('/contacts');
      assert.equal(r.status, 500);
      assert.match(r.text, /Something went wrong on our side/);
      assert.ok(!r.text.includes('secret internals'));
      assert.ok(!r.text.includes('db.ts'));
    } finally {
      s.services.contacts.list = original;
    }
  });
});
