import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TestServer } from '../helpers/server.ts';
import { walkPages } from '../helpers/client.ts';
import { eventsSince, lastEventId, makeTeam, type TeamFixture, serverWithTwoTeams } from '../helpers/fixtures.ts';

describe('contacts', () => {
  let s: TestServer;
  let a: TeamFixture;
  let b: TeamFixture;
  before(async () => {
    ({ s, a, b } = await serverWithTwoTeams());
  });
  after(() => s.stop());

  it('finds or creates by email: 201 then 200 with the existing row updated, email normalised', async () => {
    const mark = await lastEventId(s.services, a.teamId);
    const first = await a.member.client.post('/contacts', { email: '  Grace.Hopper@Example.COM ', first_name: 'Grace' });
    assert.equal(first.status, 201);
    assert.equal(first.body.email, 'grace.hopper@example.com');
    assert.match(first.body.id, /^ct_[0-9A-Z]{26}$/);
    assert.equal(first.body.owner_id, a.member.userId);
    assert.match(first.body.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const second = await a.manager.client.post('/contacts', { email: 'grace.hopper@example.com', last_name: 'Hopper' });
    assert.equal(second.status, 200);
    assert.equal(second.body.id, first.body.id);
    assert.equal(second.body.first_name, 'Grace');
    assert.equal(second.body.last_name, 'Hopper');
    const events = await eventsSince(s.services, a.teamId, mark);
    assert.deepEqual(events.map((e) => e.event), ['contact.created']);
    assert.deepEqual(events[0].data, first.body);
  });

  it('creates the company by name once (case and whitespace insensitive) and records company.created once', async () => {
    const mark = await lastEventId(s.services, a.teamId);
    const c1 = await a.member.client.post('/contacts', { email: 'x1@initech.test', company: 'Initech  AG' });
    const c2 = await a.member.client.post('/contacts', { email: 'x2@initech.test', company: 'initech ag' });
    assert.equal(c1.body.company_id, c2.body.company_id);
    const events = await eventsSince(s.services, a.teamId, mark);
    assert.deepEqual(events.map((e) => e.event), ['company.created', 'contact.created', 'contact.created']);
    const detail = await a.member.client.get(`/contacts/${c1.body.id}`);
    assert.equal(detail.status, 200);
    assert.equal(detail.body.company.name, 'Initech AG');
    assert.deepEqual(detail.body.deals, []);
    assert.deepEqual(detail.body.tasks, []);
    assert.deepEqual(detail.body.timeline, []);
  });

  it('finds a company by name whatever Unicode form or invisible characters it is typed with', async () => {
    const first = await a.owner.client.post('/companies', { name: 'Mu\u0308ller\u00a0Ba\u0308ckerei GmbH' });
    assert.equal(first.status, 201);
    assert.equal(first.body.name, 'Müller Bäckerei GmbH'); // stored composed, one plain space
    for (const name of ['Müller Bäckerei GmbH', 'MÜLLER\u200b BÄCKEREI GMBH', '\ufeffmüller bäckerei gmbh', 'Ｍüller Bäckerei ＧｍｂＨ']) {
      const again = await a.owner.client.post('/companies', { name });
      assert.equal(again.status, 200, name);
      assert.equal(again.body.id, first.body.id, name);
    }
    const viaContact = await a.member.client.post('/contacts', { email: 'nfd@mueller.test', company: 'Müller Bäckerei GmbH' });
    assert.equal(viaContact.body.company_id, first.body.id);
    // A name of nothing but invisible characters is empty.
    const invisible = await a.owner.client.post('/companies', { name: '\u200b\u2060' });
    assert.equal(invisible.status, 422);
    assert.equal(invisible.body.detail.field, 'name');
    assert.equal((await a.owner.client.get('/companies?q=ller%20B')).body.total, 1);
  });

  it('stores names composed and finds them however the accents of the name or the search are encoded', async () => {
    const r = await a.member.client.post('/contacts', { email: 'zoe@accent.test', first_name: 'Zoe\u0301', last_name: 'Ha\u0308berle' });
    assert.equal(r.status, 201);
    assert.equal(r.body.first_name, 'Zoé');
    assert.equal(r.body.last_name, 'Häberle');
    // A row another system wrote decomposed before names were stored composed.
    const legacy = await a.member.client.post('/contacts', { email: 'legacy@accent.test', first_name: 'Legacy' });
    await s.services.handle.db.updateTable('contacts').set({ last_name: 'Mu\u0308nster' }).where('id', '=', legacy.body.id).execute();
    const search = async (q: string) => (await a.member.client.get(`/contacts?q=${encodeURIComponent(q)}`)).body.items.map((c: { id: string }) => c.id);
    for (const q of ['Zoé', 'ZOÉ', 'zoe\u0301', 'HA\u0308BERLE', 'Zoé Häberle']) assert.deepEqual(await search(q), [r.body.id], q);
    for (const q of ['Münster', 'MÜNSTER', 'mu\u0308nster']) assert.deepEqual(await search(q), [legacy.body.id], q);
    assert.deepEqual(await search('Zoë'), []);
    const company = await a.member.client.post('/companies', { name: 'Café Zoé' });
    assert.deepEqual((await a.member.client.get(`/companies?q=${encodeURIComponent('cafe\u0301')}`)).body.items.map((c: { id: string }) => c.id), [company.body.id]);
  });

  it('keeps a company domain as its host name: a pasted URL is cut to the host, anything else that is no host name answers 422', async () => {
    const r = await a.member.client.post('/companies', { name: 'Domain Test GmbH', domain: ' https://WWW.Domain-Test.example:443/about?x=1 ' });
    assert.equal(r.status, 201);
    assert.equal(r.body.domain, 'www.domain-test.example');
    const idn = await a.member.client.post('/companies', { name: 'Domain Test GmbH', domain: 'Bäckerei-Müller.de.' });
    assert.equal(idn.status, 200);
    assert.equal(idn.body.domain, 'bäckerei-müller.de');
    for (const domain of ['not a domain!!', 'localhost', 'acme..example', '-acme.example', 'acme_shop.example', 'https://']) {
      const bad = await a.member.client.post('/companies', { name: 'Domain Test GmbH', domain });
      assert.equal(bad.status, 422, domain);
      assert.equal(bad.body.detail.field, 'domain', domain);
    }
    const cleared = await a.member.client.post('/companies', { name: 'Domain Test GmbH', domain: '  ' });
    assert.equal(cleared.body.domain, null);
  });

  it('refuses bad input with the documented errors and changes nothing', async () => {
    const mark = await lastEventId(s.services, a.teamId);
    const invalid = await a.member.client.post('/contacts', { email: 'not-an-email' });
    assert.equal(invalid.status, 422);
    assert.deepEqual(invalid.body.detail.error, 'validation_error');
    assert.equal(invalid.body.detail.field, 'email');
    for (const email of ['a<b>@c.de', 'a..b@c.de', '.a@b.de', 'a.@b.de', 'a@.b.de', 'a@b..de', 'a@-b.de', 'a@b_c.de', 'a@b']) {
      const r = await a.member.client.post('/contacts', { email });
      assert.equal(r.status, 422, email);
      assert.equal(r.body.detail.field, 'email', email);
    }
    const viaActivity = await a.member.client.post('/activities', { kind: 'note', body: 'x', contact_email: 'x@y..de' });
    assert.equal(viaActivity.status, 422);
    assert.equal(viaActivity.body.detail.field, 'contact_email');
    const missing = await a.member.client.post('/contacts', { first_name: 'A' });
    assert.equal(missing.status, 422);
    assert.equal(missing.body.detail.field, 'email');
    const wrongType = await a.member.client.post('/contacts', { email: 42 });
    assert.equal(wrongType.status, 422);
    assert.ok(Array.isArray(wrongType.body.detail));
    assert.deepEqual(wrongType.body.detail[0].loc, ['body', 'email']);
    const malformed = await a.member.client.post('/contacts', '{"email": "a@b.c"');
    assert.equal(malformed.status, 422);
    assert.ok(Array.isArray(malformed.body.detail));
    const foreignCompany = await a.member.client.post('/contacts', { email: 'z@z.test', company_id: 'co_01ARZ3NDEKTSV4RRFFQ69G5FAV' });
    assert.equal(foreignCompany.status, 404);
    assert.equal(foreignCompany.body.detail.error, 'not_found');
    const own = (await a.member.client.post('/companies', { name: 'Both Ways Ltd' })).body;
    const both = await a.member.client.post('/contacts', { email: 'z@z.test', company: 'Ghost Ltd', company_id: own.id });
    assert.equal(both.status, 422);
    assert.equal(both.body.detail.field, 'company');
    assert.equal((await a.member.client.get('/companies?q=ghost')).body.total, 0);
    const mark2 = await lastEventId(s.services, a.teamId);
    const cleared = await a.member.client.post('/contacts', { email: 'linked@z.test', company_id: own.id });
    assert.equal(cleared.body.company_id, own.id);
    assert.equal((await a.member.client.post('/contacts', { email: 'linked@z.test', company_id: null })).body.company_id, null);
    assert.deepEqual((await eventsSince(s.services, a.teamId, mark2)).map((e) => e.event), ['contact.created']);
    assert.deepEqual((await eventsSince(s.services, a.teamId, mark)).map((e) => e.event), ['company.created', 'contact.created']);
    const list = await a.owner.client.get('/contacts?q=z@z.test');
    assert.equal(list.body.total, 0);    // Unicode letters are fine in both parts (RFC 6531).
    assert.equal((await a.member.client.post('/contacts', { email: 'Jürgen.Groß@Müller-Bau.de' })).body.email, 'jürgen.groß@müller-bau.de');
  });

  it('paginates newest first with an opaque keyset cursor and a total', async () => {
    const t = await makeTeam(s.services, s.api, 'Pager');
    for (let i = 0; i < 7; i++) await t.owner.client.post('/contacts', { email: `p${i}@pager.test`, first_name: `P${i}` });
    const walk = await walkPages(t.member.client, '/contacts?limit=3');
    assert.deepEqual(walk.totals, [7, 7, 7]);
    assert.deepEqual(walk.items.map((c) => c.email), [6, 5, 4, 3, 2, 1, 0].map((i) => `p${i}@pager.test`));
    const q = await t.member.client.get('/contacts?q=P3');
    assert.deepEqual(q.body.items.map((c: any) => c.email), ['p3@pager.test']);
    assert.equal(q.body.total, 1);
    assert.equal((await t.member.client.get('/contacts?limit=0')).body.detail.field, 'limit');
    assert.equal((await t.member.client.get('/contacts?limit=101')).body.detail.field, 'limit');
    const bad = await t.member.client.get('/contacts?cursor=garbage!');
    assert.equal(bad.status, 422);
    assert.equal(bad.body.detail.field, 'cursor');
    // A crafted cursor that names another kind of row is refused too.
    const dealCursor = Buffer.from('contacts:dl_01ARZ3NDEKTSV4RRFFQ69G5FAV').toString('base64url');
    assert.equal((await t.member.client.get(`/contacts?cursor=${dealCursor}`)).body.detail.field, 'cursor');
  });

  it('searches case-insensitively beyond ASCII: umlauts, ß and accents in any case find contacts, companies and deals', async () => {
    const t = await makeTeam(s.services, s.api, 'Umlaut');
    await t.owner.client.post('/contacts', { email: 'jg@umlaut.test', first_name: 'Jürgen', last_name: 'Ärger-Öztürk', company: 'Bäckerei Groß & Söhne' });
    await t.owner.client.post('/contacts', { email: 'plain@umlaut.test', first_name: 'Juergen', last_name: 'Aerger' });
    const emails = async (q: string) => (await t.owner.client.get(`/contacts?q=${encodeURIComponent(q)}`)).body.items.map((c: any) => c.email);
    for (const q of ['Ärger', 'ärger', 'ÄRGER', 'öztürk', 'jÜRGEN', 'jürgen ärger']) assert.deepEqual(await emails(q), ['jg@umlaut.test'], q);
    assert.deepEqual(await emails('aerger'), ['plain@umlaut.test'], 'an ASCII search still finds ASCII spellings only');
    for (const q of ['bäckerei', 'BÄCKEREI GROß', 'söhne']) {
      const r = await t.owner.client.get(`/companies?q=${encodeURIComponent(q)}`);
      assert.deepEqual(r.body.items.map((c: any) => c.name), ['Bäckerei Groß & Söhne'], q);
      assert.equal(r.body.total, 1, q);
    }
    const contact = (await t.owner.client.get('/contacts?q=jg@umlaut.test')).body.items[0];
    await t.owner.client.post('/deals', { title: 'Öfen für Straße', contact_id: contact.id });
    for (const q of ['öfen', 'STRASSE'.toLowerCase().replace('ss', 'ß'), 'ÄRGER', 'bäckerei']) {
      assert.equal((await t.owner.client.get(`/deals?q=${encodeURIComponent(q)}`)).body.total, 1, q);
    }
    assert.equal((await a.owner.client.get(`/contacts?q=${encodeURIComponent('ärger')}`)).body.total, 0, 'another team never matches');
  });

  it('takes a cursor only for the list, team and filters it was issued for; limit may change', async () => {
    for (let i = 0; i < 3; i++) {
      await a.owner.client.post('/contacts', { email: `cur${i}@cursor.test` });
      await b.owner.client.post('/contacts', { email: `cur${i}@cursor.test` });
      await a.owner.client.post('/companies', { name: `Cursor Co ${i}` });
    }
    const cursor = (await a.owner.client.get('/contacts?q=cursor.test&limit=1')).body.next_cursor;
    assert.ok(cursor);
    const next = await a.member.client.get(`/contacts?q=cursor.test&limit=5&cursor=${cursor}`);
    assert.equal(next.status, 200);
    assert.equal(next.body.items.length, 2);
    const refused = [
      ['another team', b.owner.client, `/contacts?q=cursor.test&limit=1&cursor=${cursor}`],
      ['other filters', a.owner.client, `/contacts?q=cur&limit=1&cursor=${cursor}`],
      ['no filter', a.owner.client, `/contacts?limit=1&cursor=${cursor}`],
      ['another list', a.owner.client, `/contacts?cursor=${(await a.owner.client.get('/companies?limit=1')).body.next_cursor}`],
    ] as const;
    for (const [why, client, path] of refused) {
      const r = await client.get(path);
      assert.equal(r.status, 422, why);
      assert.equal(r.body.detail.error, 'validation_error', why);
      assert.equal(r.body.detail.field, 'cursor', why);
    }
  });

  it('never shows another team\'s contact (404) and lists only the own team', async () => {
    const mine = await a.owner.client.post('/contacts', { email: 'secret@alpha.test' });
    for (const who of [b.owner, b.manager, b.member]) {
      const r = await who.client.get(`/contacts/${mine.body.id}`);
      assert.equal(r.status, 404);
      assert.equal(r.body.detail.error, 'not_found');
      const list = await who.client.get('/contacts?q=secret@alpha.test');
      assert.equal(list.body.total, 0);
    }
    // Same email in another team is another contact.
    const other = await b.member.client.post('/contacts', { email: 'secret@alpha.test' });
    assert.equal(other.status, 201);
    assert.notEqual(other.body.id, mine.body.id);
  });

  it('needs the right scope: read for GET, write for POST', async () => {
    assert.equal((await a.readOnly.get('/contacts')).status, 200);
    const w = await a.readOnly.post('/contacts', { email: 'ro@alpha.test' });
    assert.equal(w.status, 403);
    assert.equal(w.body.detail.error, 'missing_scope');
    const r = await a.writeOnly.get('/contacts');
    assert.equal(r.status, 403);
    assert.equal((await a.writeOnly.post('/contacts', { email: 'wo@alpha.test' })).status, 201);
  });
});
