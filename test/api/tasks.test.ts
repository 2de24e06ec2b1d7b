import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TestServer } from '../helpers/server.ts';
import { eventsSince, lastEventId, makeTeam, type TeamFixture, serverWithTwoTeams, TIMESTAMP, eventNamesSince } from '../helpers/fixtures.ts';

const TS = TIMESTAMP;

describe('tasks', () => {
  let s: TestServer;
  let a: TeamFixture;
  let b: TeamFixture;
  before(async () => {
    ({ s, a, b } = await serverWithTwoTeams());
  });
  after(() => s.stop());

  const events = (mark: string, team = a) => eventNamesSince(s.services, team.teamId, mark);

  describe('POST /tasks', () => {
    it('creates a task assigned to the key owner, records no event, and takes the contact from the deal', async () => {
      const deal = (await a.member.client.post('/deals', { title: 'Task deal', contact_email: 'task.contact@alpha.test' })).body;
      const mark = await lastEventId(s.services, a.teamId);
      const r = await a.member.client.post('/tasks', { title: '  Send the offer ', due_at: '2026-12-01T17:00:00+01:00', deal_id: deal.id });
      assert.equal(r.status, 201);
      const t = r.body;
      assert.match(t.id, /^tk_[0-9A-Z]{26}$/);
      assert.equal(t.title, 'Send the offer');
      assert.equal(t.due_at, '2026-12-01T16:00:00.000Z');
      assert.equal(t.done, false);
      assert.equal(t.done_at, null);
      assert.equal(t.deal_id, deal.id);
      assert.equal(t.contact_id, deal.contact_id);
      assert.equal(t.owner_id, a.member.userId);
      assert.match(t.created_at, TS);
      assert.equal(t.updated_at, t.created_at);
      assert.deepEqual(await events(mark), []);
      assert.deepEqual((await a.member.client.get(`/tasks/${t.id}`)).body, t);
      // The contact's detail view lists it too.
      const contact = (await a.member.client.get(`/contacts/${deal.contact_id}`)).body;
      assert.deepEqual(contact.tasks, [t]);
    });

    it('takes an explicit contact_id over the deal contact, and works without any link', async () => {
      const c = (await a.owner.client.post('/contacts', { email: 'explicit@alpha.test' })).body;
      const deal = (await a.owner.client.post('/deals', { contact_email: 'dealcontact@alpha.test' })).body;
      const r = await a.owner.client.post('/tasks', { title: 'Explicit', deal_id: deal.id, contact_id: c.id });
      assert.equal(r.body.contact_id, c.id);
      const free = await a.owner.client.post('/tasks', { title: 'Free-standing', due_at: null });
      assert.equal(free.status, 201);
      assert.equal(free.body.deal_id, null);
      assert.equal(free.body.contact_id, null);
      assert.equal(free.body.due_at, null);
      const dateOnly = await a.owner.client.post('/tasks', { title: 'Date only', due_at: '2027-01-15' });
      assert.equal(dateOnly.body.due_at, '2027-01-15T00:00:00.000Z');
    });

    it('refuses a missing, blank or too long title, a bad due_at (422) and invisible links (404), creating nothing', async () => {
      const othersDeal = (await a.member2.client.post('/deals', { title: 'Not yours' })).body;
      const betaDeal = (await b.owner.client.post('/deals', { title: 'Beta deal' })).body;
      const betaContact = (await b.owner.client.post('/contacts', { email: 'beta.contact@beta.test' })).body;
      const mark = await lastEventId(s.services, a.teamId);
      const before = (await a.owner.client.get('/tasks')).body.total;
      const checks: Array<[Record<string, unknown>, number, string | null]> = [
        [{}, 422, 'title'],
        [{ title: '   ' }, 422, 'title'],
        [{ title: 'x'.repeat(501) }, 422, 'title'],
        [{ title: 'Bad due', due_at: 'next friday' }, 422, 'due_at'],
        [{ title: 'Bad due', due_at: '2026-13-01' }, 422, 'due_at'],
        [{ title: 'Bad due', due_at: '2026-11-25T24:00:00Z' }, 422, 'due_at'],
        [{ title: 'Other member deal', deal_id: othersDeal.id }, 404, null],
        [{ title: 'Other team deal', deal_id: betaDeal.id }, 404, null],
        [{ title: 'Other team contact', contact_id: betaContact.id }, 404, null],
        [{ title: 'No such deal', deal_id: 'dl_01ARZ3NDEKTSV4RRFFQ69G5FAV' }, 404, null],
      ];
      for (const [body, status, field] of checks) {
        const r = await a.member.client.post('/tasks', body);
        assert.equal(r.status, status, JSON.stringify(body).slice(0, 80));
        assert.equal(r.body.detail.error, status === 404 ? 'not_found' : 'validation_error');
        if (field) assert.equal(r.body.detail.field, field);
      }
      const wrongType = await a.member.client.post('/tasks', { title: 42 });
      assert.equal(wrongType.status, 422);
      assert.deepEqual(wrongType.body.detail[0].loc, ['body', 'title']);
      assert.equal((await a.member.client.post('/tasks', { title: 'x'.repeat(500) })).status, 201);
      assert.deepEqual(await events(mark), []);
      assert.equal((await a.owner.client.get('/tasks')).body.total, before + 1);
    });

    it('needs the write scope', async () => {
      const r = await a.readOnly.post('/tasks', { title: 'RO' });
      assert.equal(r.status, 403);
      assert.equal(r.body.detail.error, 'missing_scope');
    });
  });

  describe('POST /tasks/{id}/done', () => {
    it('marks the task done and records task.done once; again answers 200 unchanged with no event', async () => {
      const t = (await a.member.client.post('/tasks', { title: 'Finish me' })).body;
      const mark = await lastEventId(s.services, a.teamId);
      const r = await a.member.client.post(`/tasks/${t.id}/done`);
      assert.equal(r.status, 200);
      assert.equal(r.body.done, true);
      assert.match(r.body.done_at, TS);
      assert.equal(r.body.updated_at, r.body.done_at);
      const evs = await eventsSince(s.services, a.teamId, mark);
      assert.deepEqual(evs.map((e) => e.event), ['task.done']);
      assert.equal(evs[0].entity_id, t.id);
      assert.deepEqual(evs[0].data, r.body);
      const again = await a.member.client.post(`/tasks/${t.id}/done`);
      assert.equal(again.status, 200);
      assert.deepEqual(again.body, r.body);
      assert.deepEqual(await events(mark), ['task.done']);
    });

    it('records task.done exactly once under concurrent requests', async () => {
      const t = (await a.member.client.post('/tasks', { title: 'Race me' })).body;
      const mark = await lastEventId(s.services, a.teamId);
      const answers = await Promise.all(Array.from({ length: 6 }, () => a.member.client.post(`/tasks/${t.id}/done`)));
      assert.ok(answers.every((x) => x.status === 200 && x.body.done === true));
      assert.equal(new Set(answers.map((x) => x.body.done_at)).size, 1);
      assert.deepEqual(await events(mark), ['task.done']);
    });

    it('answers 404 for a task the key cannot see and 403 without the write scope, recording nothing', async () => {
      const t = (await a.member.client.post('/tasks', { title: 'Private' })).body;
      const mark = await lastEventId(s.services, a.teamId);
      assert.equal((await a.member2.client.post(`/tasks/${t.id}/done`)).status, 404);
      assert.equal((await b.owner.client.post(`/tasks/${t.id}/done`)).status, 404);
      assert.equal((await a.member.client.post('/tasks/tk_01ARZ3NDEKTSV4RRFFQ69G5FAV/done')).status, 404);
      assert.equal((await a.readOnly.post(`/tasks/${t.id}/done`)).body.detail.error, 'missing_scope');
      assert.deepEqual(await events(mark), []);
      assert.equal((await a.member.client.get(`/tasks/${t.id}`)).body.done, false);
    });
  });

  describe('GET /tasks', () => {
    let t: TeamFixture;
    const ids: Record<string, string> = {};
    before(async () => {
      t = await makeTeam(s.services, s.api, 'Tasker');
      const deal = (await t.member.client.post('/deals', { title: 'Deal', contact_email: 'c@tasker.test' })).body;
      const other = (await t.owner.client.post('/contacts', { email: 'other@tasker.test' })).body;
      ids.deal = deal.id;
      ids.contact = deal.contact_id;
      ids.other = other.id;
      ids.overdue = (await t.member.client.post('/tasks', { title: 'Overdue', due_at: '2020-01-01T00:00:00Z', deal_id: deal.id })).body.id;
      ids.future = (await t.member.client.post('/tasks', { title: 'Future', due_at: '2999-01-01T00:00:00Z' })).body.id;
      ids.doneOld = (await t.member.client.post('/tasks', { title: 'Done old', due_at: '2020-01-01T00:00:00Z' })).body.id;
      await t.member.client.post(`/tasks/${ids.doneOld}/done`);
      ids.manager = (await t.manager.client.post('/tasks', { title: 'Manager own', contact_id: other.id })).body.id;
      ids.onDeal = (await t.manager.client.post('/tasks', { title: 'Manager on member deal', deal_id: deal.id })).body.id;
    });
    const titles = (r: any) => r.body.items.map((x: any) => x.title);

    it('lists visible tasks newest first with a total', async () => {
      const all = await t.owner.client.get('/tasks');
      assert.equal(all.status, 200);
      assert.deepEqual(titles(all), ['Manager on member deal', 'Manager own', 'Done old', 'Future', 'Overdue']);
      assert.equal(all.body.total, 5);
      const member = await t.member.client.get('/tasks');
      assert.deepEqual(titles(member), ['Manager on member deal', 'Done old', 'Future', 'Overdue']);
      assert.equal(member.body.total, 4);
      assert.equal((await t.member2.client.get('/tasks')).body.total, 0);
    });

    it('filters by owner=me, done, deal_id, contact_id and overdue', async () => {
      assert.deepEqual(titles(await t.manager.client.get('/tasks?owner=me')), ['Manager on member deal', 'Manager own']);
      assert.deepEqual(titles(await t.member.client.get('/tasks?owner=me')), ['Done old', 'Future', 'Overdue']);
      assert.deepEqual(titles(await t.owner.client.get(`/tasks?owner=${t.member.userId}`)), ['Done old', 'Future', 'Overdue']);
      assert.deepEqual(titles(await t.owner.client.get('/tasks?done=true')), ['Done old']);
      assert.equal((await t.owner.client.get('/tasks?done=false')).body.total, 4);
      assert.deepEqual(titles(await t.owner.client.get(`/tasks?deal_id=${ids.deal}`)), ['Manager on member deal', 'Overdue']);
      assert.deepEqual(titles(await t.owner.client.get(`/tasks?contact_id=${ids.other}`)), ['Manager own']);
      assert.deepEqual(titles(await t.owner.client.get(`/tasks?contact_id=${ids.contact}`)), ['Manager on member deal', 'Overdue']);
      const overdue = await t.member.client.get('/tasks?overdue=true');
      assert.deepEqual(titles(overdue), ['Overdue']);
      assert.equal(overdue.body.total, 1);
      assert.deepEqual(titles(await t.member.client.get('/tasks?overdue=true&owner=me&done=false')), ['Overdue']);
    });

    it('refuses bad filter values with 422 and the field', async () => {
      for (const [query, field] of [['done=yes', 'done'], ['overdue=false', 'overdue'], ['limit=0', 'limit'], ['cursor=@@', 'cursor'], ['owner=bogus', 'owner'], ['owner=us_short', 'owner']]) {
        const r = await t.owner.client.get(`/tasks?${query}`);
        assert.equal(r.status, 422, query);
        assert.equal(r.body.detail.field, field, query);
      }
    });

    it('pages with a keyset cursor', async () => {
      const first = await t.owner.client.get('/tasks?limit=2');
      assert.equal(first.body.items.length, 2);
      assert.equal(first.body.total, 5);
      const second = await t.owner.client.get(`/tasks?limit=2&cursor=${first.body.next_cursor}`);
      const third = await t.owner.client.get(`/tasks?limit=2&cursor=${second.body.next_cursor}`);
      assert.deepEqual([...titles(first), ...titles(second), ...titles(third)], ['Manager on member deal', 'Manager own', 'Done old', 'Future', 'Overdue']);
      assert.equal(third.body.next_cursor, null);
      const dealsCursor = Buffer.from(`deals:${ids.deal}`).toString('base64url');
      assert.equal((await t.owner.client.get(`/tasks?cursor=${dealsCursor}`)).body.detail.field, 'cursor');
    });
  });
});
