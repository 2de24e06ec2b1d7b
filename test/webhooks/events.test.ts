// GET /events: the event log, newest first like every list or oldest first (order=asc) for a receiver that
// catches up, filtered by what the key can see.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TestServer } from '../helpers/server.ts';
import { walkPages } from '../helpers/client.ts';
import { makeTeam, type Person, type TeamFixture, serverWithTwoTeams } from '../helpers/fixtures.ts';
import { startReceiver, type Receiver } from './receiver.ts';

/** Every page of the log oldest first (order=asc), as a receiver catching up reads it. */
async function readAll(who: Person, query: string, limit = 2): Promise<any[]> {
  return (await walkPages(who.client, `/events?order=asc&${query}${query ? '&' : ''}limit=${limit}`)).items;
}

describe('GET /events', () => {
  let s: TestServer;
  let a: TeamFixture;
  let b: TeamFixture;
  let rx: Receiver;
  before(async () => {
    ({ s, a, b } = await serverWithTwoTeams({ background: true }));
    rx = await startReceiver();
  });
  after(async () => {
    await rx.close();
    await s.stop();
  });

  it('lists events newest first, or oldest first with order=asc, with keyset paging; items are the webhook bodies', async () => {
    assert.equal((await a.owner.client.post('/webhooks', { url: rx.url, events: ['*'] })).status, 201);
    const start = (await a.owner.client.get('/events')).body;
    assert.deepEqual(start, { items: [], next_cursor: null, total: 0, total_relation: 'eq' });

    const c1 = (await a.member.client.post('/contacts', { email: 'one@log.test', company: 'Log GmbH' })).body;
    const deal = (await a.member.client.post('/deals', { title: 'Log deal', contact_id: c1.id })).body;
    await a.member.client.patch(`/deals/${deal.id}`, { title: 'Log deal 2' });
    const all = await readAll(a.owner, '');
    assert.deepEqual(all.map((e) => e.event), ['company.created', 'contact.created', 'deal.created', 'deal.updated']);
    const ids = all.map((e) => e.id);
    assert.deepEqual([...ids].sort(), ids, 'oldest first');
    assert.deepEqual(all[1].data, c1);
    assert.equal(all[3].data.title, 'Log deal 2');
    for (const e of all) assert.deepEqual(Object.keys(e).sort(), ['created_at', 'data', 'event', 'id']);
    const first = (await a.owner.client.get('/events?limit=2')).body;
    assert.equal(first.total, 4);
    assert.equal(first.items.length, 2);
    assert.ok(first.next_cursor);
    // Without order: newest first, as every list, page by page.
    const newest = (await walkPages(a.owner.client, '/events?limit=3')).items;
    assert.deepEqual(newest.map((e: any) => e.id), [...ids].reverse());
    assert.deepEqual(first.items.map((e: any) => e.id), [ids[3], ids[2]]);
    // A cursor belongs to its order: a newest-first cursor is refused for oldest first.
    const mixed = await a.owner.client.get(`/events?order=asc&cursor=${first.next_cursor}`);
    assert.equal(mixed.status, 422);
    assert.equal(mixed.body.detail.field, 'cursor');

    // The same bytes as the webhook got.
    await rx.waitFor((got) => got.length >= 4, 15_000);
    for (const e of all) assert.deepEqual(rx.received.find((r) => r.body.id === e.id)!.body, e);
  });

  it('continues after an event id or from a time, and filters by event name', async () => {
    const t = await makeTeam(s.services, s.api, 'Since');
    await t.owner.client.post('/companies', { name: 'Before' });
    const mark = (await t.owner.client.get('/events')).body.items[0];
    await new Promise((r) => setTimeout(r, 5));
    const time = new Date().toISOString();
    await t.owner.client.post('/companies', { name: 'After 1' });
    await t.owner.client.post('/contacts', { email: 'after@since.test' });
    await t.owner.client.post('/companies', { name: 'After 2' });

    const afterId = await readAll(t.owner, `since=${mark.id}`);
    assert.deepEqual(afterId.map((e) => e.data.name ?? e.data.email), ['After 1', 'after@since.test', 'After 2']);
    const afterTime = await readAll(t.owner, `since=${encodeURIComponent(time)}`);
    assert.deepEqual(afterTime.map((e) => e.id), afterId.map((e) => e.id));
    const page = (await t.owner.client.get(`/events?since=${mark.id}&limit=1`)).body;
    assert.equal(page.total, 3, 'total counts everything after since');
    // Newest first with since: the newest events, back to the mark.
    const back = (await walkPages(t.owner.client, `/events?since=${mark.id}&limit=2`)).items;
    assert.deepEqual(back.map((e: any) => e.id), afterId.map((e) => e.id).reverse());
    const companies = await readAll(t.owner, `since=${mark.id}&event=company.created`, 1);
    assert.deepEqual(companies.map((e) => e.data.name), ['After 1', 'After 2']);
    const offset = (await t.owner.client.get(`/events?since=${encodeURIComponent('2000-01-01T00:00:00+02:00')}`)).body;
    assert.equal(offset.total, 4);

    for (const [q, field] of [['order=up', 'order'], ['since=yesterday', 'since'], ['since=ev_bad', 'since'], ['event=deal.deleted', 'event'], ['limit=0', 'limit'], ['cursor=@@', 'cursor']]) {
      const r = await t.owner.client.get(`/events?${q}`);
      assert.equal(r.status, 422, q);
      assert.equal(r.body.detail.field, field, q);
    }
    const foreign = Buffer.from('contacts:ct_01ARZ3NDEKTSV4RRFFQ69G5FAV').toString('base64url');
    assert.equal((await t.owner.client.get(`/events?cursor=${foreign}`)).body.detail.field, 'cursor');
  });

  it('shows a member only events of rows they can see now; never another team', async () => {
    const t = await makeTeam(s.services, s.api, 'Vis');
    const mine = (await t.member.client.post('/deals', { title: 'Mine' })).body;
    const theirs = (await t.member2.client.post('/deals', { title: 'Theirs' })).body;
    const contact = (await t.member2.client.post('/contacts', { email: 'shared@vis.test' })).body;
    const myTask = (await t.member.client.post('/tasks', { title: 'On my deal', deal_id: mine.id })).body;
    await t.member.client.post(`/tasks/${myTask.id}/done`);
    await t.member2.client.post('/activities', { kind: 'note', body: 'private', deal_id: theirs.id });

    const memberView = await readAll(t.member, '', 100);
    const entity = (e: any) => e.data.id;
    assert.ok(memberView.some((e) => entity(e) === mine.id));
    assert.ok(memberView.some((e) => entity(e) === contact.id));
    assert.ok(memberView.some((e) => e.event === 'task.done' && entity(e) === myTask.id));
    assert.equal(memberView.some((e) => entity(e) === theirs.id), false);
    assert.equal(memberView.some((e) => e.event === 'activity.created'), false);
    assert.equal((await t.member.client.get('/events')).body.total, memberView.length);

    const managerView = await readAll(t.manager, '', 100);
    assert.ok(managerView.some((e) => entity(e) === theirs.id));
    assert.ok(managerView.some((e) => e.event === 'activity.created'));

    // Reassigned to the member: their deal's events become visible (rows they can see now).
    await t.manager.client.patch(`/deals/${theirs.id}`, { owner_id: t.member.userId });
    const after = await readAll(t.member, '', 100);
    assert.ok(after.some((e) => e.event === 'deal.created' && entity(e) === theirs.id));

    const other = await readAll(b.owner, '', 100);
    assert.equal(other.some((e) => [mine.id, theirs.id, contact.id].includes(entity(e))), false);

    assert.equal((await t.readOnly.get('/events')).status, 200);
    assert.equal((await t.writeOnly.get('/events')).status, 403);
  });
});
