// The application over plain HTTP: role checks of the webhook and usage sections of the Team
// page, URL checks, the licence, and the 500 page. One server (one database) per file.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { makeTeam, type TeamFixture } from '../helpers/fixtures.ts';
import { emailOf, setPasswords, waitFor, WebClient } from './helpers.ts';
import { startBackground } from '../../src/worker/background.ts';

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

  it('offers "Send again" for a delivery still retrying after a failed attempt, not for one never tried', async () => {
    const hook = await a.owner.client.post('/webhooks', { url: 'http://127.0.0.1:9/down', events: ['task.done'] });
    const first = await a.owner.client.post(`/webhooks/${hook.body.id}/ping`);
    const button = (id: string) => new RegExp(`action="/team/webhooks/${hook.body.id}/deliveries/${id}/redeliver"`);
    assert.doesNotMatch((await web.owner.get(`/team/webhooks/${hook.body.id}`)).text, button(first.body.id));
    // One real attempt (nothing listens on port 9); the next is a minute away (the default schedule).
    const background = startBackground(s.services);
    try {
      await waitFor('the first attempt', async () => (await a.owner.client.get(`/webhooks/${hook.body.id}/deliveries`)).body.items[0].attempts.length > 0);
    } finally {
      await background.stop();
    }
    const retrying = (await a.owner.client.get(`/webhooks/${hook.body.id}/deliveries`)).body.items[0];
    assert.equal(retrying.status, 'pending');
    assert.match(retrying.body, /"event":"ping"/);
    assert.match((await web.owner.get(`/team/webhooks/${hook.body.id}`)).text, button(first.body.id));
    assert.equal((await web.owner.post(`/team/webhooks/${hook.body.id}/deliveries/${first.body.id}/redeliver`, {})).status, 303);
    const after = (await a.owner.client.get(`/webhooks/${hook.body.id}/deliveries`)).body;
    assert.equal(after.total, 2);
    assert.equal(after.items[0].body, retrying.body);
  });

  it('checks the webhook URL at registration and shows why it was refused, with the form as it was sent', async () => {
    const before = (await a.owner.client.get('/webhooks')).body.total;
    const r = await web.owner.post('/team/webhooks', { url: 'ftp://files.example.com/x', description: 'Kept <desc>', events: ['deal.created', 'task.done'] });
    assert.equal(r.status, 303);
    const page = (await web.owner.get('/team/webhooks')).text;
    assert.match(page, /id="form-error"[^>]*>“URL” was refused/);
    // This server runs with RZ_WEBHOOK_ALLOW_PRIVATE=1, and the hint under the URL says what that allows.
    assert.match(page, /id="wh-url-hint" class="hint">This installation also accepts http and private addresses/);
    assert.match(page, /id="wh-url"[^>]*value="ftp:\/\/files.example.com\/x"[^>]*aria-invalid="true"/);
    assert.match(page, /id="wh-desc"[^>]*value="Kept &lt;desc&gt;"/);
    assert.match(page, /id="new-deal.created" name="events" value="deal.created" checked/);
    assert.match(page, /id="new-task.done" name="events" value="task.done" checked/);
    assert.doesNotMatch(page, /value="\*" checked/);
    assert.equal((await a.owner.client.get('/webhooks')).body.total, before);
  });

  it('refuses "All events" ticked together with single events instead of subscribing to everything', async () => {
    const before = (await a.owner.client.get('/webhooks')).body.total;
    const r = await web.owner.post('/team/webhooks', { url: 'http://127.0.0.1:9/mixed', events: ['*', 'deal.closed'] });
    assert.equal(r.status, 303);
    const page = (await web.owner.get('/team/webhooks')).text;
    assert.match(page, /id="form-error"[^>]*>Tick either “All events” or single events, not both\./);
    assert.match(page, /id="wh-url"[^>]*value="http:\/\/127.0.0.1:9\/mixed"/);
    assert.equal((await a.owner.client.get('/webhooks')).body.total, before);
  });

  it('registers a webhook by post/redirect/get: the secret is shown once, and a reload registers nothing more', async () => {
    const before = (await a.owner.client.get('/webhooks')).body.total;
    const ok = await web.owner.post('/team/webhooks', { url: 'http://127.0.0.1:9/ok', events: ['contact.created'] });
    assert.equal(ok.status, 303);
    assert.equal(ok.location, '/team/webhooks#new-webhook');
    const shown = (await web.owner.get('/team/webhooks')).text;
    const secret = /id="webhook-secret"[^>]*>([^<]+)</.exec(shown)![1];
    assert.ok(secret.length >= 20);
    const hooks = (await a.owner.client.get('/webhooks')).body;
    assert.equal(hooks.total, before + 1);
    assert.match(shown, new RegExp(`href="/team/webhooks/${hooks.items[0].id}">Open the delivery log`));
    const reloaded = (await web.owner.get('/team/webhooks')).text;
    assert.ok(!reloaded.includes(secret));
    assert.doesNotMatch(reloaded, /id="webhook-secret"/);
    assert.equal((await a.owner.client.get('/webhooks')).body.total, before + 1);
  });

  it('shows plan and usage: licence, requests and calls today against their limits', async () => {
    await s.services.identity.updateTeam(a.teamId, { call_limit: 7, team_cap: 40 });
    const page = await web.owner.get('/team/usage');
    assert.equal(page.status, 200);
    assert.match(page.text, /id="licence"[\s\S]*?active/);
    // "used / limit" is one unbreakable unit: the limit part is smaller, not on a line of its own.
    assert.match(page.text, /id="calls-today"[\s\S]*?0&nbsp;<span class="of">\/ 7</);
    assert.match(page.text, /0&nbsp;<span class="of">\/ 40</);
  });

  it('follows the licence: without it nothing is written, and members cannot read the CRM', async () => {
    const deal = await a.member.client.post('/deals', { title: 'Before the licence lapsed', contact_email: 'lapse@example.com' });
    const contactId = deal.body.contact_id;
    const spare = await s.services.identity.createKey({ userId: a.manager.userId, name: 'Spare' });
    const counts = async () => ({
      contacts: (await a.owner.client.get('/contacts')).body.total,
      users: (await s.services.identity.repo.teamUsers(a.teamId)).length,
      keys: (await s.services.identity.repo.teamKeys(a.teamId)).length,
      webhooks: (await a.owner.client.get('/webhooks')).body.total,
    });
    const before = await counts();
    await s.services.identity.updateTeam(a.teamId, { licence: 'inactive' });
    try {
      // Members: a 402 page on every CRM page, their API key answers the same.
      for (const path of ['/pipeline', `/deals/${deal.body.id}`, '/contacts', `/contacts/${contactId}`, '/companies', '/tasks', '/calls', '/coaching']) {
        const r = await web.member.get(path);
        assert.equal(r.status, 402, path);
        assert.match(r.text, /<h1>The team&#39;s licence is not in force<\/h1>/, path);
        assert.match(r.text, /members cannot open the CRM pages/, path);
      }
      assert.equal((await a.member.client.get('/contacts')).status, 402);
      assert.equal((await web.member.post('/contacts', { email: 'new@example.com' })).status, 402);
      assert.equal((await web.member.post(`/deals/${deal.body.id}/stage`, { stage: 'proposal' })).status, 402);

      // Owners and managers read everything, with the banner on every page...
      for (const path of ['/pipeline', '/contacts', `/contacts/${contactId}`, '/companies', '/team', '/team/keys', '/team/usage']) {
        const r = await web.manager.get(path);
        assert.equal(r.status, 200, path);
        assert.match(r.text, /id="licence-banner"[^>]*>The team&#39;s licence is not in force/, path);
      }
      // ...but every form answers with the licence message and writes nothing.
      const refused: Array<[WebClient, string, Record<string, string | string[]>]> = [
        [web.manager, `/deals/${deal.body.id}/stage`, { stage: 'proposal' }],
        [web.manager, '/contacts', { email: 'new@example.com' }],
        [web.owner, '/team/keys', { name: 'While lapsed', scopes: ['read', 'write'] }],
        [web.owner, '/team/members', { email: 'late@example.com', role: 'member', password: 'long enough password' }],
        [web.owner, '/team/webhooks', { url: 'http://127.0.0.1:9/lapsed', events: '*' }],
        [web.owner, `/team/members/${a.member2.userId}/paid`, { paid: 'yes' }],
      ];
      for (const [client, path, fields] of refused) {
        const r = await client.post(path, fields, { referer: '/team' });
        assert.equal(r.status, 303, path);
        assert.match((await client.get(r.location!)).text, /licence is not in force: nothing was changed/, path);
      }
      // What was typed comes back in its form, beside the message, to be sent once the licence is in force again.
      const typed = await web.manager.post('/contacts', { email: 'kept@example.com', first_name: 'Kept <Name>' }, { referer: '/contacts' });
      const form = (await web.manager.get(typed.location!)).text;
      assert.match(form, /<details class="card addbox" open>/);
      assert.match(form, /id="c-first"[^>]*value="Kept &lt;Name&gt;"/);
      assert.match(form, /id="c-email"[^>]*value="kept@example.com"/);
      assert.match(form, /licence is not in force: nothing was changed/);
      assert.deepEqual(await counts(), before);
      assert.equal((await a.manager.client.get(`/deals/${deal.body.id}`)).body.stage, 'lead');
      assert.equal((await s.services.identity.repo.user(a.member2.userId))!.paid, 0);

      // Account-level actions stay: the privacy notice, the language; and so does taking access away.
      assert.equal((await web.member.get('/profile')).status, 200);
      assert.match((await web.member.get('/privacy')).text, /id="licence-banner"/);
      assert.equal((await web.member.post('/privacy/accept', {})).status, 303);
      assert.equal((await s.services.identity.repo.user(a.member.userId))!.consent, 1);
      assert.equal((await web.owner.post(`/team/keys/${spare.key_id}/revoke`, {})).status, 303);
      assert.ok((await s.services.identity.repo.key(spare.key_id))!.revoked_at);
    } finally {
      await s.services.identity.updateTeam(a.teamId, { licence: 'active' });
      await s.services.identity.updateUser(a.member.userId, { consent: false });
    }
    assert.equal((await web.member.get('/contacts')).status, 200);
    assert.doesNotMatch((await web.owner.get('/team')).text, /licence-banner/);
  });

  it('lets owners switch the paid product per user; managers only see it', async () => {
    const push = () => a.member.client.post('/calls', { transcript: '[00:00:01] Sam: Hello Dana.\n[00:00:03] Dana: Hello Sam.', language: 'en' });
    const refused = await push();
    assert.equal(refused.status, 402);
    assert.equal(refused.body.detail.error, 'subscription_required');

    const managerPage = await web.manager.get('/team');
    assert.doesNotMatch(managerPage.text, /action="\/team\/members\/[^"]+\/paid"/);
    assert.match(managerPage.text, new RegExp(`id="paid-${a.member.userId}">no<`));
    assert.equal((await web.manager.post(`/team/members/${a.member.userId}/paid`, { paid: 'yes' })).status, 403);
    assert.equal((await s.services.identity.repo.user(a.member.userId))!.paid, 0);

    assert.match((await web.owner.get('/team')).text, new RegExp(`action="/team/members/${a.member.userId}/paid"`));
    const on = await web.owner.post(`/team/members/${a.member.userId}/paid`, { paid: 'yes' });
    assert.equal(on.status, 303);
    assert.match((await web.owner.get(on.location!)).text, /now has the paid product/);
    // Past the subscription check: the next one is the member's own consent.
    const accepted = await push();
    assert.equal(accepted.status, 428, JSON.stringify(accepted.body));
    assert.equal(accepted.body.detail.error, 'consent_required');
    assert.match((await web.manager.get('/team')).text, new RegExp(`id="paid-${a.member.userId}">yes<`));

    await web.owner.post(`/team/members/${a.member.userId}/paid`, { paid: 'no' });
    assert.equal((await push()).body.detail.error, 'subscription_required');
  });

  it('speaks German in form errors, stage names and dates', async () => {
    const de = web.manager;
    assert.equal((await de.post('/language', { locale: 'de', next: '/pipeline' })).status, 303);
    const refusal = async (path: string, fields: Record<string, string | string[]>, from: string) => {
      const r = await de.post(path, fields, { referer: from });
      assert.equal(r.status, 303, path);
      return (await de.get(r.location!)).text;
    };
    const deal = await a.manager.client.post('/deals', { title: 'Übersetzt' });
    assert.match(await refusal('/deals', { title: 'X', value_eur: '12 Euro' }, '/pipeline'), /„Wert \(EUR\)“ ist kein Betrag\./);
    assert.match(await refusal('/deals', { title: 'X', contact_email: 'kein-at' }, '/pipeline'), /„E-Mail des Kontakts“ ist keine gültige E-Mail-Adresse\./);
    assert.match(await refusal('/deals', { title: 'X', stage: 'nirgends' }, '/pipeline'), /Wählen Sie eine Phase der Pipeline\./);
    assert.match(await refusal(`/deals/${deal.body.id}`, { title: 'Übersetzt', next_step_at: 'morgen' }, `/deals/${deal.body.id}`), /„Nächster Schritt am“ ist kein gültiges Datum\./);
    assert.match(await refusal('/tasks', { title: '  ' }, '/tasks'), /Bitte füllen Sie „Aufgabe“ aus\./);
    assert.match(await refusal('/contacts', { email: 'kaputt' }, '/contacts'), /„E-Mail“ ist keine gültige E-Mail-Adresse\./);
    assert.match(await refusal('/team/webhooks', { url: 'ftp://files.example.com/x', events: ['deal.created'] }, '/team/webhooks'), /„URL“ wurde abgelehnt: Nur http- und https-URLs werden angenommen\./);
    assert.match(await refusal('/team/keys', { name: 'Ohne Rechte' }, '/team/keys'), /Wählen Sie mindestens eine Berechtigung/);
    assert.match(await refusal('/team/webhooks', { url: 'http://127.0.0.1:9/x' }, '/team/webhooks'), /Wählen Sie mindestens ein Ereignis oder alle Ereignisse\./);

    // The same errors in English name the English label.
    assert.match((await web.owner.get((await web.owner.post('/deals', { title: 'X', contact_email: 'no-at' }, { referer: '/pipeline' })).location!)).text, /“Contact email” is not a valid email address\./);

    // Default stages in German while their label is the default; a renamed stage keeps its name.
    const board = (await de.get('/pipeline')).text;
    for (const label of ['Lead', 'Qualifiziert', 'Angebot', 'Verhandlung']) assert.match(board, new RegExp(`<span>${label}</span>`));
    await s.services.handle.db.updateTable('pipeline_stages').set({ label: 'Demo gebucht' }).where('team_id', '=', a.teamId).where('key', '=', 'qualified').execute();
    try {
      const renamed = (await de.get('/pipeline')).text;
      assert.match(renamed, /<span>Demo gebucht<\/span>/);
      assert.doesNotMatch(renamed, /Qualifiziert/);
      assert.match((await web.owner.get('/pipeline')).text, /<span>Proposal<\/span>/);
    } finally {
      await s.services.handle.db.updateTable('pipeline_stages').set({ label: 'Qualified' }).where('team_id', '=', a.teamId).where('key', '=', 'qualified').execute();
    }

    // The renewal date as a German date.
    const renews = (await s.services.allowances.usage(a.teamId, a.owner.userId)).renews_on;
    const german = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(renews)).replace(/ /g, '\u00a0');
    assert.match(german, /^\d+\.\u00a0\p{L}+\u00a0\d{4}$/u);
    const usage = (await de.get('/team/usage')).text;
    assert.match(usage, new RegExp(`erneuern sich am ${german}\\.`));
    assert.ok(!usage.includes(renews));
    await de.post('/language', { locale: 'en', next: '/' });
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
