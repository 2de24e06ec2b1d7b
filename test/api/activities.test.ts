import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TestServer } from '../helpers/server.ts';
import { eventsSince, lastEventId, makeTeam, type TeamFixture, serverWithTwoTeams, TIMESTAMP, eventNamesSince } from '../helpers/fixtures.ts';

const TS = TIMESTAMP;

describe('activities', () => {
  let s: TestServer;
  let a: TeamFixture;
  let b: TeamFixture;
  before(async () => {
    ({ s, a, b } = await serverWithTwoTeams());
  });
  after(() => s.stop());

  const events = (mark: string, team = a) => eventNamesSince(s.services, team.teamId, mark);

  describe('POST /activities', () => {
    it('creates the contact for an unknown contact_email (contact.created, then activity.created)', async () => {
      const mark = await lastEventId(s.services, a.teamId);
      const r = await a.member.client.post('/activities', { kind: 'email', body: 'Sent the deck', contact_email: ' New.Lead@Alpha.test ' });
      assert.equal(r.status, 201);
      const act = r.body;
      assert.match(act.id, /^ac_[0-9A-Z]{26}$/);
      assert.equal(act.kind, 'email');
      assert.equal(act.body, 'Sent the deck');
      assert.equal(act.owner_id, a.member.userId);
      assert.equal(act.deal_id, null);
      assert.equal(act.company_id, null);
      assert.equal(act.call_id, null);
      assert.match(act.created_at, TS);
      assert.equal(act.occurred_at, act.created_at);
      const evs = await eventsSince(s.services, a.teamId, mark);
      assert.deepEqual(evs.map((e) => e.event), ['contact.created', 'activity.created']);
      assert.equal(evs[0].data.email, 'new.lead@alpha.test');
      assert.equal(evs[0].entity_id, act.contact_id);
      assert.deepEqual(evs[1].data, act);
      // Found, not created, the second time.
      const mark2 = await lastEventId(s.services, a.teamId);
      const again = await a.member.client.post('/activities', { kind: 'whatsapp', contact_email: 'new.lead@alpha.test', occurred_at: '2026-11-20T08:30:00+01:00' });
      assert.equal(again.body.contact_id, act.contact_id);
      assert.equal(again.body.occurred_at, '2026-11-20T07:30:00.000Z');
      assert.equal(again.body.body, null);
      assert.deepEqual(await events(mark2), ['activity.created']);
      // The timeline goes by occurred_at: the back-dated whatsapp comes after the email.
      const timeline = (await a.member.client.get(`/contacts/${act.contact_id}`)).body.timeline;
      assert.deepEqual(timeline, [act, again.body]);
    });

    it('fills contact and company from the deal, and the company from the contact', async () => {
      const deal = (await a.member.client.post('/deals', { company: 'Linked GmbH', contact_email: 'linked@linked.test' })).body;
      const onDeal = await a.member.client.post('/activities', { kind: 'meeting', body: 'Kick-off', deal_id: deal.id });
      assert.equal(onDeal.status, 201);
      assert.equal(onDeal.body.deal_id, deal.id);
      assert.equal(onDeal.body.contact_id, deal.contact_id);
      assert.equal(onDeal.body.company_id, deal.company_id);
      const contact = (await a.owner.client.post('/contacts', { email: 'worker@linked.test', company_id: deal.company_id })).body;
      const onContact = await a.owner.client.post('/activities', { kind: 'call', contact_id: contact.id });
      assert.equal(onContact.body.company_id, deal.company_id);
      assert.equal(onContact.body.deal_id, null);
      const onCompany = await a.owner.client.post('/activities', { kind: 'note', company_id: deal.company_id });
      assert.equal(onCompany.body.contact_id, null);
      assert.equal(onCompany.body.company_id, deal.company_id);
      const company = (await a.owner.client.get(`/companies/${deal.company_id}`)).body;
      assert.deepEqual(company.timeline.map((x: any) => x.id), [onCompany.body.id, onContact.body.id, onDeal.body.id]);
      const dealDetail = (await a.member.client.get(`/deals/${deal.id}`)).body;
      assert.deepEqual(dealDetail.timeline, [onDeal.body]);
    });

    it('refuses a bad kind, no link, bad occurred_at or email (422 with field) and invisible links (404), recording nothing', async () => {
      const othersDeal = (await a.member2.client.post('/deals', { title: 'Not yours' })).body;
      const betaDeal = (await b.owner.client.post('/deals', { title: 'Beta' })).body;
      const betaContact = (await b.owner.client.post('/contacts', { email: 'beta@beta.test' })).body;
      const betaCompany = (await b.owner.client.post('/companies', { name: 'Beta Inc' })).body;
      const mine = (await a.member.client.post('/contacts', { email: 'mine@alpha.test' })).body;
      const mark = await lastEventId(s.services, a.teamId);
      const checks: Array<[Record<string, unknown>, number, string | null]> = [
        [{ contact_id: mine.id }, 422, 'kind'],
        [{ kind: 'fax', contact_id: mine.id }, 422, 'kind'],
        [{ kind: 'note' }, 422, 'deal_id'],
        [{ kind: 'note', deal_id: null, contact_email: '  ' }, 422, 'deal_id'],
        [{ kind: 'note', contact_id: mine.id, occurred_at: 'yesterday' }, 422, 'occurred_at'],
        [{ kind: 'note', contact_email: 'nope' }, 422, 'contact_email'],
        [{ kind: 'note', contact_email: 'x@alpha.test', contact_id: mine.id }, 422, 'contact_email'],
        [{ kind: 'note', deal_id: othersDeal.id }, 404, null],
        [{ kind: 'note', deal_id: betaDeal.id }, 404, null],
        [{ kind: 'note', contact_id: betaContact.id }, 404, null],
        [{ kind: 'note', company_id: betaCompany.id }, 404, null],
        // The contact found-or-created on the way is rolled back with the 404.
        [{ kind: 'note', contact_email: 'rolled.back@alpha.test', company_id: betaCompany.id }, 404, null],
      ];
      for (const [body, status, field] of checks) {
        const r = await a.member.client.post('/activities', body);
        assert.equal(r.status, status, JSON.stringify(body));
        assert.equal(r.body.detail.error, status === 404 ? 'not_found' : 'validation_error', JSON.stringify(body));
        if (field) assert.equal(r.body.detail.field, field, JSON.stringify(body));
      }
      const noLink = await a.member.client.post('/activities', { kind: 'note' });
      for (const name of ['deal_id', 'contact_id', 'company_id', 'contact_email']) assert.match(noLink.body.detail.message, new RegExp(name));
      assert.deepEqual(await events(mark), []);
      assert.equal((await a.owner.client.get('/contacts?q=rolled.back')).body.total, 0);
      const ro = await a.readOnly.post('/activities', { kind: 'note', contact_id: mine.id });
      assert.equal(ro.status, 403);
      assert.equal(ro.body.detail.error, 'missing_scope');
    });
  });

  describe('GET /activities', () => {
    it('orders a timeline by when things happened: a back-dated note sits below newer ones', async () => {
      const t = await makeTeam(s.services, s.api, 'Timeline');
      const deal = (await t.member.client.post('/deals', { contact_email: 'when@timeline.test' })).body;
      const first = (await t.member.client.post('/activities', { kind: 'note', body: 'first', deal_id: deal.id })).body;
      const backdated = (await t.member.client.post('/activities', { kind: 'call', body: 'last week', deal_id: deal.id, occurred_at: '2020-01-01T09:00:00+01:00' })).body;
      const latest = (await t.member.client.post('/activities', { kind: 'email', body: 'latest', deal_id: deal.id })).body;
      const order = [latest.id, first.id, backdated.id];
      assert.deepEqual((await t.member.client.get(`/deals/${deal.id}`)).body.timeline.map((x: any) => x.id), order);
      assert.deepEqual((await t.member.client.get(`/contacts/${deal.contact_id}`)).body.timeline.map((x: any) => x.id), order);
      assert.equal(backdated.occurred_at, '2020-01-01T08:00:00.000Z');
    });

    it('lists visible activities newest first, filtered by deal_id, contact_id or company_id, with paging', async () => {
      const t = await makeTeam(s.services, s.api, 'Acts');
      const deal = (await t.member.client.post('/deals', { company: 'Acts Co', contact_email: 'acts@acts.test' })).body;
      const loose = (await t.owner.client.post('/contacts', { email: 'loose@acts.test' })).body;
      const made: string[] = [];
      for (let i = 0; i < 3; i++) made.push((await t.member.client.post('/activities', { kind: 'note', body: `deal ${i}`, deal_id: deal.id })).body.id);
      const ownerNote = (await t.owner.client.post('/activities', { kind: 'note', body: 'owner loose', contact_id: loose.id })).body;
      const all = await t.manager.client.get('/activities');
      assert.equal(all.body.total, 4);
      assert.deepEqual(all.body.items.map((x: any) => x.id), [ownerNote.id, ...made.slice().reverse()]);
      const byDeal = await t.manager.client.get(`/activities?deal_id=${deal.id}`);
      assert.equal(byDeal.body.total, 3);
      assert.equal((await t.manager.client.get(`/activities?contact_id=${deal.contact_id}`)).body.total, 3);
      assert.equal((await t.manager.client.get(`/activities?company_id=${deal.company_id}`)).body.total, 3);
      assert.deepEqual((await t.manager.client.get(`/activities?contact_id=${loose.id}`)).body.items, [ownerNote]);
      const p1 = await t.manager.client.get('/activities?limit=3');
      assert.equal(p1.body.items.length, 3);
      const p2 = await t.manager.client.get(`/activities?limit=3&cursor=${p1.body.next_cursor}`);
      assert.deepEqual(p2.body.items.map((x: any) => x.id), [made[0]]);
      assert.equal(p2.body.next_cursor, null);
      assert.equal((await t.manager.client.get('/activities?limit=500')).body.detail.field, 'limit');
      // The member sees the own ones only; the owner's loose note is not theirs.
      const member = await t.member.client.get('/activities');
      assert.equal(member.body.total, 3);
      assert.equal((await t.member.client.get(`/activities/${ownerNote.id}`)).status, 404);
      assert.deepEqual((await t.member.client.get(`/activities/${made[0]}`)).body, p2.body.items[0]);
    });
  });
});
