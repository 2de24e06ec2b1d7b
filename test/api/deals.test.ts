import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TestServer } from '../helpers/server.ts';
import { walkPages } from '../helpers/client.ts';
import { eventsSince, lastEventId, makeTeam, type TeamFixture, serverWithTwoTeams, TIMESTAMP, eventNamesSince } from '../helpers/fixtures.ts';

const TS = TIMESTAMP;
const FOREIGN_CONTACT = 'ct_01ARZ3NDEKTSV4RRFFQ69G5FAV';

describe('deals', () => {
  let s: TestServer;
  let a: TeamFixture;
  let b: TeamFixture;
  before(async () => {
    ({ s, a, b } = await serverWithTwoTeams());
  });
  after(() => s.stop());

  const events = (mark: string, team = a) => eventNamesSince(s.services, team.teamId, mark);

  describe('POST /deals', () => {
    it('creates an open deal owned by the key owner, finding or creating company and contact, with no stage_history yet', async () => {
      const mark = await lastEventId(s.services, a.teamId);
      const r = await a.member.client.post('/deals', {
        company: 'Umbrella  Corp', contact_email: ' Alice@Umbrella.test ', value_eur: '12.500,50',
        next_step: ' Send proposal ', next_step_at: '2026-12-01T10:00:00+01:00',
      });
      assert.equal(r.status, 201);
      const d = r.body;
      assert.match(d.id, /^dl_[0-9A-Z]{26}$/);
      assert.equal(d.title, 'Umbrella Corp');
      assert.equal(d.value_cents, 1_250_050);
      assert.equal(d.value_eur, 12500.5);
      assert.equal(d.currency, 'EUR');
      assert.equal(d.stage, 'lead');
      assert.equal(d.status, 'open');
      assert.equal(d.owner_id, a.member.userId);
      assert.equal(d.next_step, 'Send proposal');
      assert.equal(d.next_step_at, '2026-12-01T09:00:00.000Z');
      assert.equal(d.closed_at, null);
      assert.match(d.created_at, TS);
      assert.equal(d.updated_at, d.created_at);

      const evs = await eventsSince(s.services, a.teamId, mark);
      assert.deepEqual(evs.map((e) => e.event), ['company.created', 'contact.created', 'deal.created']);
      assert.equal(evs[0].entity_id, d.company_id);
      assert.equal(evs[1].entity_id, d.contact_id);
      assert.equal(evs[1].data.email, 'alice@umbrella.test');
      assert.deepEqual(evs[2].data, d);

      const detail = await a.member.client.get(`/deals/${d.id}`);
      assert.equal(detail.status, 200);
      const { tasks, timeline, stage_history, ...row } = detail.body;
      assert.deepEqual(row, d);
      assert.deepEqual(tasks, []);
      assert.deepEqual(timeline, []);
      assert.deepEqual(stage_history, []); // stage changes only (decisions.md: a PATCH of stage adds an entry)

      // The same company and contact are found again, not created twice.
      const mark2 = await lastEventId(s.services, a.teamId);
      const again = await a.member.client.post('/deals', { company: 'umbrella corp', contact_email: 'alice@umbrella.test', stage: 'proposal', title: 'Upsell' });
      assert.equal(again.status, 201);
      assert.equal(again.body.company_id, d.company_id);
      assert.equal(again.body.contact_id, d.contact_id);
      assert.equal(again.body.stage, 'proposal');
      assert.equal(again.body.title, 'Upsell');
      assert.deepEqual(await events(mark2), ['deal.created']);
    });

    it('defaults the title to the company, else the contact name or email, else "Deal"; a contact brings its company', async () => {
      const named = await a.owner.client.post('/contacts', { email: 'grace@navy.test', first_name: 'Grace', last_name: 'Hopper', company: 'Navy' });
      const bare = await a.owner.client.post('/contacts', { email: 'nobody@nowhere.test' });
      const byContact = await a.owner.client.post('/deals', { contact_id: named.body.id });
      assert.equal(byContact.status, 201);
      assert.equal(byContact.body.company_id, named.body.company_id);
      assert.equal(byContact.body.title, 'Navy');
      const byBare = await a.owner.client.post('/deals', { contact_id: bare.body.id });
      assert.equal(byBare.body.title, 'nobody@nowhere.test');
      assert.equal(byBare.body.company_id, null);
      const noName = await a.owner.client.post('/contacts', { email: 'ada@engine.test', first_name: 'Ada' });
      assert.equal((await a.owner.client.post('/deals', { contact_id: noName.body.id })).body.title, 'Ada');
      const empty = await a.owner.client.post('/deals', {});
      assert.equal(empty.status, 201);
      assert.equal(empty.body.title, 'Deal');
      assert.equal(empty.body.value_cents, null);
      assert.equal(empty.body.value_eur, null);
      assert.equal(empty.body.contact_id, null);
      const blankTitle = await a.owner.client.post('/deals', { title: '   ', company: 'Blank Title GmbH' });
      assert.equal(blankTitle.body.title, 'Blank Title GmbH');
    });

    it('parses value_eur text and numbers, and value_cents, through the API', async () => {
      const cases: Array<[Record<string, unknown>, number]> = [
        [{ value_eur: 12500 }, 1_250_000], [{ value_eur: '12,500' }, 1_250_000], [{ value_eur: '12,500.50' }, 1_250_050],
        [{ value_eur: '€ 12.500' }, 1_250_000], [{ value_eur: '12,5k' }, 1_250_000], [{ value_eur: '12K' }, 1_200_000],
        [{ value_eur: 'EUR 12.500' }, 1_250_000], [{ value_eur: 99.99 }, 9999], [{ value_cents: 4200 }, 4200],
        // The other alternative sent as null is not "both given".
        [{ value_eur: '12.5k', value_cents: null }, 1_250_000], [{ value_eur: null, value_cents: 700 }, 700],
      ];
      for (const [body, cents] of cases) {
        const r = await a.member.client.post('/deals', body);
        assert.equal(r.status, 201, JSON.stringify(body));
        assert.equal(r.body.value_cents, cents, JSON.stringify(body));
        assert.equal(r.body.value_eur, cents / 100, JSON.stringify(body));
      }
    });

    it('refuses a bad value with 422 and the field, and records nothing', async () => {
      const mark = await lastEventId(s.services, a.teamId);
      const bad: Array<[Record<string, unknown>, string]> = [
        [{ value_eur: 100, value_cents: 10000 }, 'value_eur'],
        [{ value_eur: -5 }, 'value_eur'],
        [{ value_eur: '-12.500' }, 'value_eur'],
        [{ value_eur: 'abc' }, 'value_eur'],
        [{ value_eur: '' }, 'value_eur'],
        [{ value_eur: '12..5' }, 'value_eur'],
        [{ value_eur: 1e12 }, 'value_eur'],
        [{ value_cents: -1 }, 'value_cents'],
        [{ value_cents: 10_000_000_000_001 }, 'value_cents'],
        [{ company: 'Never Created Ltd', value_eur: 'zwölf' }, 'value_eur'],
      ];
      for (const [body, field] of bad) {
        const r = await a.member.client.post('/deals', body);
        assert.equal(r.status, 422, JSON.stringify(body));
        assert.equal(r.body.detail.error, 'validation_error');
        assert.equal(r.body.detail.field, field, JSON.stringify(body));
      }
      // A fractional value_cents or a boolean value_eur is a wrong type: the 422 list.
      for (const body of [{ value_cents: 1.5 }, { value_eur: true }]) {
        const r = await a.member.client.post('/deals', body);
        assert.equal(r.status, 422);
        assert.ok(Array.isArray(r.body.detail));
        assert.equal(r.body.detail[0].loc[0], 'body');
      }
      assert.deepEqual(await events(mark), []);
      assert.equal((await a.owner.client.get('/companies?q=Never Created')).body.total, 0);
    });

    it('refuses unknown stage (422), invisible links (404), bad timestamps and emails (422), and rolls back what it created', async () => {
      const mark = await lastEventId(s.services, a.teamId);
      const foreignCompany = await b.owner.client.post('/companies', { name: 'Beta Only' });
      const foreignContact = await b.owner.client.post('/contacts', { email: 'beta@only.test' });
      const checks: Array<[Record<string, unknown>, number, string | null]> = [
        [{ stage: 'closed-won' }, 422, 'stage'],
        [{ stage: '' }, 422, 'stage'],
        // A new deal is open: an import of a won deal is refused, not silently opened.
        [{ title: 'Already won', status: 'won' }, 422, 'status'],
        [{ contact_id: foreignContact.body.id }, 404, null],
        [{ contact_id: FOREIGN_CONTACT }, 404, null],
        [{ company_id: foreignCompany.body.id }, 404, null],
        [{ next_step_at: 'tomorrow' }, 422, 'next_step_at'],
        [{ next_step_at: '2026-02-30T10:00:00Z' }, 422, 'next_step_at'],
        // RFC 3339's ranges; Date alone would roll 24:00 into the next day.
        [{ next_step_at: '2026-11-25T24:00:00Z' }, 422, 'next_step_at'],
        [{ next_step_at: '2026-11-25T10:60:00Z' }, 422, 'next_step_at'],
        [{ next_step_at: '2026-11-25T10:00:00+25:00' }, 422, 'next_step_at'],
        [{ next_step_at: '0000-01-01T00:00:00Z' }, 422, 'next_step_at'],
        [{ contact_email: 'not-an-email' }, 422, 'contact_email'],
        [{ contact_email: 'x@y.test', contact_id: FOREIGN_CONTACT }, 422, 'contact_email'],
        [{ company: 'X', company_id: foreignCompany.body.id }, 422, 'company'],
        [{ company: '   ' }, 422, 'company'],
        // Created company, then a 404 on the contact: the company must not survive.
        [{ company: 'Rolled Back AG', contact_id: foreignContact.body.id }, 404, null],
      ];
      for (const [body, status, field] of checks) {
        const r = await a.member.client.post('/deals', body);
        assert.equal(r.status, status, JSON.stringify(body));
        if (status === 404) assert.equal(r.body.detail.error, 'not_found');
        if (field) assert.equal(r.body.detail.field, field, JSON.stringify(body));
      }
      assert.deepEqual(await events(mark), []);
      assert.equal((await a.owner.client.get('/companies?q=Rolled Back')).body.total, 0);
      assert.equal((await a.owner.client.get('/contacts?q=rolled.back')).body.total, 0);
    });

    it('needs the write scope, and answers 401 without a key', async () => {
      const r = await a.readOnly.post('/deals', { title: 'RO' });
      assert.equal(r.status, 403);
      assert.equal(r.body.detail.error, 'missing_scope');
      const w = await a.writeOnly.post('/deals', { title: 'WO' });
      assert.equal(w.status, 201);
      assert.equal((await a.writeOnly.get('/deals')).body.detail.error, 'missing_scope');
      const anon = await fetch(`${s.api}/deals`);
      assert.equal(anon.status, 401);
    });
  });

  describe('PATCH /deals/{id}', () => {
    const newDeal = async (body: Record<string, unknown> = {}, who = a.member) => (await who.client.post('/deals', { title: 'Patch me', value_eur: 1000, ...body })).body;

    it('records deal.updated with the changed fields for a plain change', async () => {
      const d = await newDeal();
      const mark = await lastEventId(s.services, a.teamId);
      const r = await a.member.client.patch(`/deals/${d.id}`, { title: 'Renamed', value_eur: '15k', next_step: 'Call back', next_step_at: '2026-12-24' });
      assert.equal(r.status, 200);
      assert.equal(r.body.title, 'Renamed');
      assert.equal(r.body.value_cents, 1_500_000);
      assert.equal(r.body.next_step_at, '2026-12-24T00:00:00.000Z');
      assert.ok(r.body.updated_at >= d.updated_at);
      const evs = await eventsSince(s.services, a.teamId, mark);
      assert.deepEqual(evs.map((e) => e.event), ['deal.updated']);
      assert.deepEqual(evs[0].data, r.body);
      // null clears
      const mark2 = await lastEventId(s.services, a.teamId);
      const cleared = await a.member.client.patch(`/deals/${d.id}`, { next_step_at: null, value_cents: null });
      assert.equal(cleared.body.next_step_at, null);
      assert.equal(cleared.body.value_cents, null);
      assert.equal(cleared.body.value_eur, null);
      const evs2 = await eventsSince(s.services, a.teamId, mark2);
      assert.deepEqual(evs2.map((e) => [e.event, e.data]), [['deal.updated', cleared.body]]);
    });

    it('answers 200 with the row and records nothing when no field changes', async () => {
      const d = await newDeal({ stage: 'qualified' });
      const mark = await lastEventId(s.services, a.teamId);
      for (const body of [{}, { title: 'Patch me' }, { stage: 'qualified', status: 'open' }, { value_cents: 100000 }, { value_eur: '1.000' }, { owner_id: a.member.userId }]) {
        const r = await a.member.client.patch(`/deals/${d.id}`, body);
        assert.equal(r.status, 200, JSON.stringify(body));
        assert.deepEqual(r.body, d, JSON.stringify(body));
      }
      assert.deepEqual(await events(mark), []);
    });

    it('a stage change adds a stage_history entry and records deal.stage_changed then deal.updated', async () => {
      const d = await newDeal();
      const mark = await lastEventId(s.services, a.teamId);
      const r = await a.member.client.patch(`/deals/${d.id}`, { stage: 'proposal' });
      assert.equal(r.body.stage, 'proposal');
      const evs = await eventsSince(s.services, a.teamId, mark);
      assert.deepEqual(evs.map((e) => e.event), ['deal.stage_changed', 'deal.updated']);
      assert.deepEqual(evs[1].data, r.body);
      assert.deepEqual(evs[0].data, r.body);
      await a.member.client.patch(`/deals/${d.id}`, { stage: 'negotiation' });
      const detail = await a.member.client.get(`/deals/${d.id}`);
      assert.deepEqual(detail.body.stage_history.map((h: any) => [h.from_stage, h.to_stage, h.changed_by]), [
        ['lead', 'proposal', a.member.userId], ['proposal', 'negotiation', a.member.userId],
      ]);
    });

    it('won or lost sets closed_at and records deal.closed then deal.updated; then the deal refuses changes with deal_not_open', async () => {
      const d = await newDeal();
      const mark = await lastEventId(s.services, a.teamId);
      const r = await a.member.client.patch(`/deals/${d.id}`, { status: 'won', stage: 'negotiation' });
      assert.equal(r.status, 200);
      assert.equal(r.body.status, 'won');
      assert.match(r.body.closed_at, TS);
      assert.equal(r.body.closed_at, r.body.updated_at);
      const evs = await eventsSince(s.services, a.teamId, mark);
      assert.deepEqual(evs.map((e) => e.event), ['deal.stage_changed', 'deal.closed', 'deal.updated']);
      assert.deepEqual(evs[2].data, r.body);

      const mark2 = await lastEventId(s.services, a.teamId);
      // deal_not_open comes before every other check, including invalid fields and reassignment.
      for (const body of [{ title: 'Too late' }, { status: 'open' }, { status: 'lost' }, {}, { stage: 'nope' }, { value_eur: 'abc' }, { owner_id: a.owner.userId }]) {
        const res = await a.member.client.patch(`/deals/${d.id}`, body);
        assert.equal(res.status, 422, JSON.stringify(body));
        assert.equal(res.body.detail.error, 'deal_not_open', JSON.stringify(body));
      }
      assert.deepEqual(await events(mark2), []);
      assert.deepEqual((await a.member.client.get(`/deals/${d.id}`)).body.title, 'Patch me');

      const lost = await newDeal();
      const l = await a.member.client.patch(`/deals/${lost.id}`, { status: 'lost' });
      assert.equal(l.body.status, 'lost');
      assert.match(l.body.closed_at, TS);
    });

    it('reassigns for owners and managers (deal.reassigned then deal.updated); a member gets 403 forbidden', async () => {
      const d = await newDeal();
      const mark = await lastEventId(s.services, a.teamId);
      const denied = await a.member.client.patch(`/deals/${d.id}`, { owner_id: a.member2.userId, title: 'Not this either' });
      assert.equal(denied.status, 403);
      assert.equal(denied.body.detail.error, 'forbidden');
      assert.deepEqual(await events(mark), []);

      const r = await a.manager.client.patch(`/deals/${d.id}`, { owner_id: a.member2.userId });
      assert.equal(r.status, 200);
      assert.equal(r.body.owner_id, a.member2.userId);
      const evs = await eventsSince(s.services, a.teamId, mark);
      assert.deepEqual(evs.map((e) => e.event), ['deal.reassigned', 'deal.updated']);
      assert.deepEqual(evs[1].data, r.body);
      // The former owner no longer sees it; the new owner does.
      assert.equal((await a.member.client.get(`/deals/${d.id}`)).status, 404);
      assert.equal((await a.member2.client.get(`/deals/${d.id}`)).status, 200);
      const back = await a.owner.client.patch(`/deals/${d.id}`, { owner_id: a.member.userId });
      assert.equal(back.body.owner_id, a.member.userId);
    });

    it('refuses an owner_id that is not an active user of the team (422 owner_id)', async () => {
      const d = await newDeal();
      const { user_id: gone } = await s.services.identity.addUser({ teamId: a.teamId, email: `gone.${Date.now()}@alpha.test`, role: 'member', name: 'Gone' });
      await s.services.identity.updateUser(gone, { active: false });
      const mark = await lastEventId(s.services, a.teamId);
      for (const owner_id of [b.member.userId, gone, 'us_01ARZ3NDEKTSV4RRFFQ69G5FAV', '']) {
        const r = await a.manager.client.patch(`/deals/${d.id}`, { owner_id });
        assert.equal(r.status, 422, owner_id);
        assert.equal(r.body.detail.field, 'owner_id');
      }
      assert.deepEqual(await events(mark), []);
    });

    it('refuses invalid fields with 422 and the field, changing nothing', async () => {
      const d = await newDeal();
      const mark = await lastEventId(s.services, a.teamId);
      const checks: Array<[Record<string, unknown>, number, string | null]> = [
        [{ stage: 'closed-won' }, 422, 'stage'],
        [{ title: '  ' }, 422, 'title'],
        [{ status: 'archived' }, 422, 'status'],
        [{ value_eur: '1', value_cents: 1 }, 422, 'value_eur'],
        [{ next_step_at: '31.12.2026' }, 422, 'next_step_at'],
        [{ contact_id: FOREIGN_CONTACT }, 404, null],
        // The title change before the failing link must not survive.
        [{ title: 'Half done', company_id: 'co_01ARZ3NDEKTSV4RRFFQ69G5FAV' }, 404, null],
        // The contact created on the way must not survive either.
        [{ contact_email: 'rolled.back@patch.test', company_id: 'co_01ARZ3NDEKTSV4RRFFQ69G5FAV' }, 404, null],
      ];
      for (const [body, status, field] of checks) {
        const r = await a.member.client.patch(`/deals/${d.id}`, body);
        assert.equal(r.status, status, JSON.stringify(body));
        if (field) assert.equal(r.body.detail.field, field, JSON.stringify(body));
      }
      assert.deepEqual(await events(mark), []);
      const after = (await a.member.client.get(`/deals/${d.id}`)).body;
      assert.equal(after.title, 'Patch me');
      assert.equal(after.updated_at, d.updated_at);
      assert.equal((await a.owner.client.get('/contacts?q=rolled.back@patch')).body.total, 0);
      assert.equal((await a.member.client.patch('/deals/dl_01ARZ3NDEKTSV4RRFFQ69G5FAV', { title: 'x' })).status, 404);
    });

    it('links a contact by email (contact.created first) and a company by name', async () => {
      const d = await newDeal();
      const mark = await lastEventId(s.services, a.teamId);
      const r = await a.member.client.patch(`/deals/${d.id}`, { contact_email: 'new.person@patch.test', company: 'Patch Co' });
      assert.equal(r.status, 200);
      const evs = await eventsSince(s.services, a.teamId, mark);
      assert.deepEqual(evs.map((e) => e.event), ['contact.created', 'company.created', 'deal.updated']);
      assert.deepEqual(evs[2].data, r.body);
      assert.equal(r.body.contact_id, evs[0].entity_id);
      assert.equal(r.body.company_id, evs[1].entity_id);
      const cleared = await a.member.client.patch(`/deals/${d.id}`, { contact_id: null, company_id: null });
      assert.equal(cleared.body.contact_id, null);
      assert.equal(cleared.body.company_id, null);
    });

    it('serialises concurrent closes: exactly one wins and deal.closed is recorded once', async () => {
      const d = await newDeal();
      const mark = await lastEventId(s.services, a.teamId);
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => a.member.client.patch(`/deals/${d.id}`, { status: i % 2 ? 'won' : 'lost' })));
      assert.equal(answers.filter((r) => r.status === 200).length, 1);
      assert.ok(answers.filter((r) => r.status !== 200).every((r) => r.status === 422 && r.body.detail.error === 'deal_not_open'));
      assert.deepEqual(await events(mark), ['deal.closed', 'deal.updated']);
    });
  });

  describe('POST /deals/{id}/reopen', () => {
    it('reopens a won or lost deal (deal.reopened only); an open deal answers 422 field status', async () => {
      const d = (await a.member.client.post('/deals', { title: 'Reopen me', stage: 'proposal' })).body;
      const open = await a.member.client.post(`/deals/${d.id}/reopen`);
      assert.equal(open.status, 422);
      assert.equal(open.body.detail.error, 'validation_error');
      assert.equal(open.body.detail.field, 'status');
      await a.member.client.patch(`/deals/${d.id}`, { status: 'lost' });
      const mark = await lastEventId(s.services, a.teamId);
      const r = await a.member.client.post(`/deals/${d.id}/reopen`);
      assert.equal(r.status, 200);
      assert.equal(r.body.status, 'open');
      assert.equal(r.body.closed_at, null);
      assert.equal(r.body.stage, 'proposal');
      const evs = await eventsSince(s.services, a.teamId, mark);
      assert.deepEqual(evs.map((e) => e.event), ['deal.reopened']);
      assert.deepEqual(evs[0].data, r.body);
      // Open again: PATCH works again.
      assert.equal((await a.member.client.patch(`/deals/${d.id}`, { title: 'Back in play' })).status, 200);
      assert.equal((await a.member2.client.post(`/deals/${d.id}/reopen`)).status, 404);
      assert.equal((await a.readOnly.post(`/deals/${d.id}/reopen`)).body.detail.error, 'missing_scope');
    });
  });

  describe('GET /deals', () => {
    let t: TeamFixture;
    before(async () => {
      t = await makeTeam(s.services, s.api, 'Lister');
      const acme = (await t.owner.client.post('/contacts', { email: 'wile@acme.test', first_name: 'Wile E.', last_name: 'Coyote' })).body;
      await t.owner.client.post('/deals', { title: 'Rockets', contact_id: acme.id });
      await t.owner.client.post('/deals', { title: 'Anvils', company: 'Acme Corporation', stage: 'qualified' });
      const won = (await t.owner.client.post('/deals', { title: 'Won one', stage: 'proposal' })).body;
      await t.owner.client.patch(`/deals/${won.id}`, { status: 'won' });
      const lost = (await t.owner.client.post('/deals', { title: 'Lost one' })).body;
      await t.owner.client.patch(`/deals/${lost.id}`, { status: 'lost' });
      for (let i = 0; i < 5; i++) await t.owner.client.post('/deals', { title: `Bulk ${i}`, stage: 'negotiation' });
    });

    const titles = (r: any) => r.body.items.map((d: any) => d.title);

    it('lists open deals by default, newest first; status won, lost, all', async () => {
      const open = await t.manager.client.get('/deals');
      assert.equal(open.status, 200);
      assert.equal(open.body.total, 7);
      assert.deepEqual(titles(open), ['Bulk 4', 'Bulk 3', 'Bulk 2', 'Bulk 1', 'Bulk 0', 'Anvils', 'Rockets']);
      assert.deepEqual(titles(await t.manager.client.get('/deals?status=won')), ['Won one']);
      assert.deepEqual(titles(await t.manager.client.get('/deals?status=lost')), ['Lost one']);
      const all = await t.manager.client.get('/deals?status=all');
      assert.equal(all.body.total, 9);
      assert.equal((await t.manager.client.get('/deals?status=open')).body.total, 7);
      // An empty parameter counts as not given (default open), as on every list.
      for (const empty of ['/deals?status=', '/deals?status=&stage=&q=&limit=&cursor=']) assert.equal((await t.manager.client.get(empty)).body.total, 7, empty);
      const bad = await t.manager.client.get('/deals?status=closed');
      assert.equal(bad.status, 422);
      assert.equal(bad.body.detail.field, 'status');
    });

    it('filters by stage; an unknown stage answers 422 field stage', async () => {
      const q = await t.manager.client.get('/deals?stage=qualified');
      assert.deepEqual(titles(q), ['Anvils']);
      assert.equal(q.body.total, 1);
      assert.deepEqual(titles(await t.manager.client.get('/deals?stage=proposal&status=all')), ['Won one']);
      assert.equal((await t.manager.client.get('/deals?stage=proposal')).body.total, 0);
      const bad = await t.manager.client.get('/deals?stage=nope');
      assert.equal(bad.status, 422);
      assert.equal(bad.body.detail.field, 'stage');
    });

    it('q searches the title and the linked contact and company names, case-insensitively', async () => {
      assert.deepEqual(titles(await t.manager.client.get('/deals?q=ROCK')), ['Rockets']);
      assert.deepEqual(titles(await t.manager.client.get('/deals?q=coyote')), ['Rockets']);
      assert.deepEqual(titles(await t.manager.client.get(`/deals?q=${encodeURIComponent('wile e. coy')}`)), ['Rockets']);
      // The contact's email is not searched (decisions.md: title, the contact's and the company's names).
      assert.deepEqual(titles(await t.manager.client.get('/deals?q=wile@acme')), []);
      assert.deepEqual(titles(await t.manager.client.get('/deals?q=acme%20corp')), ['Anvils']);
      // "acme" is the company's name (Anvils) and only in the email of Rockets' contact.
      const acme = await t.manager.client.get('/deals?q=acme');
      assert.deepEqual(titles(acme), ['Anvils']);
      assert.equal(acme.body.total, 1);
      const both = await t.manager.client.get('/deals?q=e');
      assert.deepEqual(titles(both), ['Anvils', 'Rockets']);
      assert.equal(both.body.total, 2);
      assert.equal((await t.manager.client.get('/deals?q=%25')).body.total, 0);
      assert.equal((await t.manager.client.get('/deals?q=one&status=all')).body.total, 2);
      // Another team never matches.
      assert.equal((await a.owner.client.get('/deals?q=rockets')).body.total, 0);
    });

    it('pages with an opaque keyset cursor, total counting every matching row', async () => {
      const walk = await walkPages(t.manager.client, '/deals?status=all&limit=4');
      assert.deepEqual(walk.totals, [9, 9, 9]);
      const seen = walk.items.map((d) => d.title);
      assert.equal(seen.length, 9);
      assert.equal(new Set(seen).size, 9);
      assert.equal((await t.manager.client.get('/deals?limit=101')).body.detail.field, 'limit');
      for (const email of ['c1@cursor.test', 'c2@cursor.test']) await t.manager.client.post('/contacts', { email });
      const contactsCursor = (await t.manager.client.get('/contacts?limit=1')).body.next_cursor;
      assert.ok(contactsCursor);
      const foreign = await t.manager.client.get(`/deals?cursor=${contactsCursor}`);
      assert.equal(foreign.status, 422);
      assert.equal(foreign.body.detail.field, 'cursor');
      // A cursor of status=all continues only status=all.
      const first = (await t.manager.client.get('/deals?status=all&limit=4')).body.next_cursor;
      assert.equal((await t.manager.client.get(`/deals?status=all&limit=2&cursor=${first}`)).status, 200);
      const other = await t.manager.client.get(`/deals?status=won&cursor=${first}`);
      assert.equal(other.status, 422);
      assert.equal(other.body.detail.field, 'cursor');
    });

    it('a member lists only own deals, and total counts only those', async () => {
      const mine = await t.member.client.post('/deals', { title: 'Member deal' });
      const list = await t.member.client.get('/deals?status=all');
      assert.deepEqual(titles(list), ['Member deal']);
      assert.equal(list.body.total, 1);
      assert.deepEqual(list.body.items[0], mine.body);
      assert.equal((await t.member2.client.get('/deals?status=all')).body.total, 0);
    });

    describe('owner_id (extension)', () => {
      let r: TeamFixture;
      const ids = (res: any) => res.body.items.map((d: any) => d.id);
      const mine: Record<string, string[]> = {}; // deal ids per owner, newest first
      before(async () => {
        r = await makeTeam(s.services, s.api, 'Reps');
        const make = async (p: TeamFixture['owner'], title: string, extra: Record<string, unknown> = {}) => {
          const d = (await p.client.post('/deals', { title, ...extra })).body;
          (mine[p.userId] ??= []).unshift(d.id);
          return d;
        };
        for (let i = 0; i < 5; i++) await make(r.manager, `Mia ${i}`, { stage: i % 2 ? 'qualified' : 'lead' });
        const lost = await make(r.manager, 'Mia lost');
        await r.manager.client.patch(`/deals/${lost.id}`, { status: 'lost' });
        await make(r.member, 'Max 0');
        await make(r.member, 'Max 1', { stage: 'qualified' });
        await make(r.owner, 'Olivia 0');
        // Another team's deals, so a foreign owner_id has rows it could leak.
        await b.owner.client.post('/deals', { title: 'Beta owner deal' });
      });

      it('lists only that user\'s deals, combined with status and stage, and total counts only those', async () => {
        const open = await r.owner.client.get(`/deals?owner_id=${r.manager.userId}`);
        assert.equal(open.status, 200);
        assert.deepEqual(ids(open), mine[r.manager.userId].slice(1)); // the lost deal is not open
        assert.equal(open.body.total, 5);
        assert.ok(open.body.items.every((d: any) => d.owner_id === r.manager.userId));
        const all = await r.manager.client.get(`/deals?owner_id=${r.manager.userId}&status=all`);
        assert.deepEqual(ids(all), mine[r.manager.userId]);
        assert.equal(all.body.total, 6);
        const qualified = await r.owner.client.get(`/deals?owner_id=${r.manager.userId}&stage=qualified`);
        assert.deepEqual(titles(qualified), ['Mia 3', 'Mia 1']);
        assert.equal(qualified.body.total, 2);
        assert.deepEqual(titles(await r.owner.client.get(`/deals?owner_id=${r.member.userId}&q=max%201`)), ['Max 1']);
        assert.equal((await r.owner.client.get(`/deals?owner_id=${r.member2.userId}&status=all`)).body.total, 0);
        // Without owner_id, or with an empty one, every visible deal is listed.
        assert.equal((await r.owner.client.get('/deals?status=all')).body.total, 9);
        assert.equal((await r.owner.client.get('/deals?status=all&owner_id=')).body.total, 9);
      });

      it('pages with the keyset cursor under the filter, total staying the filtered count', async () => {
        const walk = await walkPages(r.owner.client, `/deals?owner_id=${r.manager.userId}&status=all&limit=4`);
        assert.deepEqual(walk.totals, [6, 6]);
        assert.deepEqual(walk.items.map((d) => d.id), mine[r.manager.userId]);
      });

      it('a member passing another user\'s id gets an empty page, never their rows; their own id lists their deals', async () => {
        for (const other of [r.manager.userId, r.owner.userId, r.member2.userId]) {
          for (const status of ['open', 'all']) {
            const res = await r.member.client.get(`/deals?owner_id=${other}&status=${status}`);
            assert.equal(res.status, 200);
            assert.deepEqual(res.body, { items: [], next_cursor: null, total: 0, total_relation: 'eq' });
          }
        }
        const own = await r.member.client.get(`/deals?owner_id=${r.member.userId}&status=all`);
        assert.deepEqual(ids(own), mine[r.member.userId]);
        assert.equal(own.body.total, 2);
      });

      it('an id that is not a user of the team matches nothing', async () => {
        for (const foreign of [b.owner.userId, 'us_01ARZ3NDEKTSV4RRFFQ69G5FAV']) {
          const res = await r.owner.client.get(`/deals?owner_id=${foreign}&status=all`);
          assert.equal(res.status, 200);
          assert.deepEqual(res.body, { items: [], next_cursor: null, total: 0, total_relation: 'eq' });
        }
        // And the other way round: Beta's owner does not reach Reps' deals by naming their owner.
        assert.equal((await b.owner.client.get(`/deals?owner_id=${r.manager.userId}&status=all`)).body.total, 0);
      });

      it('a malformed owner_id answers 422 validation_error with field owner_id', async () => {
        for (const bad of ['nope', 'me', r.teamId, FOREIGN_CONTACT, `${r.manager.userId}x`, r.manager.userId.toLowerCase()]) {
          const res = await r.owner.client.get(`/deals?owner_id=${encodeURIComponent(bad)}`);
          assert.equal(res.status, 422, bad);
          assert.equal(res.body.detail.error, 'validation_error');
          assert.equal(res.body.detail.field, 'owner_id');
          assert.equal(typeof res.body.detail.message, 'string');
        }
        // A member gets the same answer: the shape is checked before visibility.
        assert.equal((await r.member.client.get('/deals?owner_id=nope')).body.detail.field, 'owner_id');
      });
    });
  });

  it('GET /deals/{id} nests only the tasks and timeline the key can see', async () => {
    const d = (await a.member.client.post('/deals', { title: 'Nested', contact_email: 'nested@alpha.test' })).body;
    const ownTask = (await a.member.client.post('/tasks', { title: 'Member task', deal_id: d.id })).body;
    const managerTask = (await a.manager.client.post('/tasks', { title: 'Manager task', deal_id: d.id })).body;
    const note = (await a.manager.client.post('/activities', { kind: 'note', body: 'From the manager', deal_id: d.id })).body;
    const call = (await a.member.client.post('/activities', { kind: 'call', deal_id: d.id })).body;
    // Both tasks are on the member's deal: visible to the member; newest first.
    const asMember = (await a.member.client.get(`/deals/${d.id}`)).body;
    assert.deepEqual(asMember.tasks.map((x: any) => x.id), [managerTask.id, ownTask.id]);
    assert.deepEqual(asMember.timeline.map((x: any) => x.id), [call.id, note.id]);
    assert.deepEqual(asMember.timeline[0], call);
    const asOwner = (await a.owner.client.get(`/deals/${d.id}`)).body;
    assert.deepEqual(asOwner.tasks.map((x: any) => x.id), [managerTask.id, ownTask.id]);
    assert.equal((await a.member2.client.get(`/deals/${d.id}`)).status, 404);
    assert.equal((await b.owner.client.get(`/deals/${d.id}`)).status, 404);
  });

  it('documents its routes in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${s.api}/openapi.json`)).json()) as any;
    for (const [path, method] of [['/deals', 'get'], ['/deals', 'post'], ['/deals/{id}', 'get'], ['/deals/{id}', 'patch'], ['/deals/{id}/reopen', 'post']]) {
      const op = doc.paths[path]?.[method];
      assert.ok(op, `${method} ${path}`);
      assert.deepEqual(op.tags, ['deals']);
      assert.ok(op.summary);
      assert.ok(op.responses['401'], `${method} ${path} documents 401`);
      assert.ok(op.responses['403'], `${method} ${path} documents 403`);
    }
    assert.ok(doc.paths['/deals'].post.requestBody);
    assert.ok(doc.paths['/deals'].post.responses['422']);
  });
});
