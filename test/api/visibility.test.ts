// The one visibility rule (decisions.md) across every deal, task and activity endpoint:
// owner and manager see the whole team; a member sees own deals, tasks assigned to them or on
// their deals, activities they created or on their deals; another team sees nothing (404).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TestServer } from '../helpers/server.ts';
import { eventsSince, lastEventId, type TeamFixture, serverWithTwoTeams } from '../helpers/fixtures.ts';
import type { ApiClient } from '../helpers/client.ts';

type Role = 'owner' | 'manager' | 'member' | 'member2' | 'otherTeam';
const ROLES: Role[] = ['owner', 'manager', 'member', 'member2', 'otherTeam'];

describe('visibility of deals, tasks and activities', () => {
  let s: TestServer;
  let a: TeamFixture;
  let b: TeamFixture;
  let as: Record<Role, ApiClient>;
  // Rows of team a, named by who owns them.
  const r: Record<string, any> = {};

  before(async () => {
    ({ s, a, b } = await serverWithTwoTeams());
    as = { owner: a.owner.client, manager: a.manager.client, member: a.member.client, member2: a.member2.client, otherTeam: b.owner.client };

    r.contact = (await a.owner.client.post('/contacts', { email: 'shared@alpha.test', company: 'Shared Co' })).body;
    r.memberDeal = (await a.member.client.post('/deals', { title: 'Member deal', contact_id: r.contact.id })).body;
    r.ownerDeal = (await a.owner.client.post('/deals', { title: 'Owner deal', contact_id: r.contact.id })).body;
    r.memberTask = (await a.member.client.post('/tasks', { title: 'Member task', deal_id: r.memberDeal.id })).body;
    r.managerTaskOnMemberDeal = (await a.manager.client.post('/tasks', { title: 'Manager task on member deal', deal_id: r.memberDeal.id })).body;
    r.managerTask = (await a.manager.client.post('/tasks', { title: 'Manager task', contact_id: r.contact.id })).body;
    r.ownerTaskOnOwnerDeal = (await a.owner.client.post('/tasks', { title: 'Owner task on owner deal', deal_id: r.ownerDeal.id })).body;
    r.memberActivity = (await a.member.client.post('/activities', { kind: 'note', body: 'Member note', contact_id: r.contact.id })).body;
    r.managerActivityOnMemberDeal = (await a.manager.client.post('/activities', { kind: 'call', deal_id: r.memberDeal.id })).body;
    r.managerActivity = (await a.manager.client.post('/activities', { kind: 'email', contact_id: r.contact.id })).body;
    r.ownerActivityOnOwnerDeal = (await a.owner.client.post('/activities', { kind: 'meeting', deal_id: r.ownerDeal.id })).body;
  });
  after(() => s.stop());

  // Who sees which row (everything else answers 404).
  const sees: Record<string, Role[]> = {
    memberDeal: ['owner', 'manager', 'member'],
    ownerDeal: ['owner', 'manager'],
    memberTask: ['owner', 'manager', 'member'],
    managerTaskOnMemberDeal: ['owner', 'manager', 'member'],
    managerTask: ['owner', 'manager'],
    ownerTaskOnOwnerDeal: ['owner', 'manager'],
    memberActivity: ['owner', 'manager', 'member'],
    managerActivityOnMemberDeal: ['owner', 'manager', 'member'],
    managerActivity: ['owner', 'manager'],
    ownerActivityOnOwnerDeal: ['owner', 'manager'],
  };
  const DEALS = ['memberDeal', 'ownerDeal'];
  const TASKS = ['memberTask', 'managerTaskOnMemberDeal', 'managerTask', 'ownerTaskOnOwnerDeal'];
  const ACTIVITIES = ['memberActivity', 'managerActivityOnMemberDeal', 'managerActivity', 'ownerActivityOnOwnerDeal'];
  const visibleTo = (role: Role, names: string[]) => names.filter((n) => sees[n].includes(role)).map((n) => r[n].id).sort();

  it('GET /deals/{id}, /tasks/{id}, /activities/{id}: 200 when visible, else 404 not_found', async () => {
    const routes: Array<[string, string[]]> = [['deals', DEALS], ['tasks', TASKS], ['activities', ACTIVITIES]];
    for (const [path, names] of routes) {
      for (const name of names) {
        for (const role of ROLES) {
          const res = await as[role].get(`/${path}/${r[name].id}`);
          const expected = sees[name].includes(role) ? 200 : 404;
          assert.equal(res.status, expected, `${role} GET /${path} ${name}`);
          if (expected === 404) assert.equal(res.body.detail.error, 'not_found');
          else assert.equal(res.body.id, r[name].id);
        }
      }
    }
  });

  it('GET /deals, /tasks, /activities list exactly the visible rows, and total counts them', async () => {
    const routes: Array<[string, string[]]> = [['/deals?status=all', DEALS], ['/tasks', TASKS], ['/activities', ACTIVITIES]];
    for (const [path, names] of routes) {
      for (const role of ROLES) {
        const res = await as[role].get(path);
        assert.equal(res.status, 200);
        const ids = res.body.items.map((x: any) => x.id).sort();
        assert.deepEqual(ids, visibleTo(role, names), `${role} ${path}`);
        assert.equal(res.body.total, ids.length, `${role} ${path} total`);
      }
    }
  });

  it('GET /deals?owner_id= narrows the visible deals to one owner and never widens them', async () => {
    const users = { owner: a.owner.userId, manager: a.manager.userId, member: a.member.userId, member2: a.member2.userId, otherTeamOwner: b.owner.userId };
    for (const role of ROLES) {
      for (const [who, userId] of Object.entries(users)) {
        if (role === 'otherTeam' && who === 'otherTeamOwner') continue; // their own deals, not team a's
        const res = await as[role].get(`/deals?status=all&owner_id=${userId}`);
        assert.equal(res.status, 200, `${role} owner_id=${who}`);
        const ids = res.body.items.map((x: any) => x.id).sort();
        const expected = visibleTo(role, DEALS.filter((n) => r[n].owner_id === userId));
        assert.deepEqual(ids, expected, `${role} owner_id=${who}`);
        assert.equal(res.body.total, expected.length, `${role} owner_id=${who} total`);
      }
    }
  });

  it('GET /deals/{id} nests only visible tasks and timeline', async () => {
    for (const role of ['owner', 'manager', 'member'] as Role[]) {
      const d = (await as[role].get(`/deals/${r.memberDeal.id}`)).body;
      assert.deepEqual(d.tasks.map((x: any) => x.id).sort(), [r.memberTask.id, r.managerTaskOnMemberDeal.id].sort(), role);
      assert.deepEqual(d.timeline.map((x: any) => x.id), [r.managerActivityOnMemberDeal.id], role);
      assert.deepEqual(d.stage_history, []);
    }
  });

  it('GET /contacts/{id} and /companies/{id} nest deals, tasks and timeline filtered by the same rule', async () => {
    for (const role of ROLES) {
      const c = await as[role].get(`/contacts/${r.contact.id}`);
      if (role === 'otherTeam') {
        assert.equal(c.status, 404);
        continue;
      }
      assert.equal(c.status, 200, role);
      assert.deepEqual(c.body.deals.map((x: any) => x.id).sort(), visibleTo(role, DEALS), `${role} deals`);
      // Tasks linked to the contact: those on its deals (contact taken from the deal) and the manager's own one.
      assert.deepEqual(c.body.tasks.map((x: any) => x.id).sort(), visibleTo(role, TASKS), `${role} tasks`);
      assert.deepEqual(c.body.timeline.map((x: any) => x.id).sort(), visibleTo(role, ACTIVITIES), `${role} timeline`);
      const co = await as[role].get(`/companies/${r.contact.company_id}`);
      assert.deepEqual(co.body.deals.map((x: any) => x.id).sort(), visibleTo(role, DEALS), `${role} company deals`);
      assert.deepEqual(co.body.timeline.map((x: any) => x.id).sort(), visibleTo(role, ACTIVITIES), `${role} company timeline`);
    }
    assert.deepEqual((await as.member2.get(`/contacts/${r.contact.id}`)).body.deals, []);
  });

  it('writes through an invisible row answer 404 and change nothing', async () => {
    const mark = await lastEventId(s.services, a.teamId);
    for (const role of ['member2', 'otherTeam'] as Role[]) {
      const c = as[role];
      const checks = [
        await c.patch(`/deals/${r.memberDeal.id}`, { title: 'Hijacked' }),
        await c.post(`/deals/${r.memberDeal.id}/reopen`),
        await c.post(`/tasks/${r.memberTask.id}/done`),
        await c.post('/tasks', { title: 'On a foreign deal', deal_id: r.memberDeal.id }),
        await c.post('/activities', { kind: 'note', deal_id: r.memberDeal.id }),
      ];
      for (const res of checks) {
        assert.equal(res.status, 404, role);
        assert.equal(res.body.detail.error, 'not_found');
      }
    }
    // Contacts are visible to every role of the team, but never to another team.
    const foreign = [
      await b.owner.client.post('/deals', { contact_id: r.contact.id }),
      await b.owner.client.post('/tasks', { title: 'x', contact_id: r.contact.id }),
      await b.owner.client.post('/activities', { kind: 'note', contact_id: r.contact.id }),
      await b.owner.client.post('/activities', { kind: 'note', company_id: r.contact.company_id }),
      await b.owner.client.post('/deals', { company_id: r.contact.company_id }),
    ];
    assert.deepEqual(foreign.map((x) => x.status), [404, 404, 404, 404, 404]);
    assert.equal((await a.member.client.patch(`/deals/${r.ownerDeal.id}`, { title: 'Not mine' })).status, 404);
    assert.equal((await a.member.client.post(`/tasks/${r.managerTask.id}/done`)).status, 404);
    assert.deepEqual(await eventsSince(s.services, a.teamId, mark), []);
    assert.deepEqual(await eventsSince(s.services, b.teamId, ''), []);
    assert.equal((await as.owner.get(`/deals/${r.memberDeal.id}`)).body.title, 'Member deal');
  });

  it('rows written through a key are owned by the key owner; member2 can link to the shared contact', async () => {
    const d = await a.member2.client.post('/deals', { contact_id: r.contact.id });
    assert.equal(d.status, 201);
    assert.equal(d.body.owner_id, a.member2.userId);
    const t = await a.owner.client.post('/tasks', { title: 'Owner task on member2 deal', deal_id: d.body.id });
    assert.equal(t.body.owner_id, a.owner.userId);
    // The task is on member2's deal, so member2 sees it; member does not.
    assert.equal((await a.member2.client.get(`/tasks/${t.body.id}`)).status, 200);
    assert.equal((await a.member.client.get(`/tasks/${t.body.id}`)).status, 404);
  });

  it('a member reassigning gets 403 forbidden; owners and managers may', async () => {
    const res = await a.member.client.patch(`/deals/${r.memberDeal.id}`, { owner_id: a.member2.userId });
    assert.equal(res.status, 403);
    assert.equal(res.body.detail.error, 'forbidden');
    const mgr = await a.manager.client.patch(`/deals/${r.ownerDeal.id}`, { owner_id: a.manager.userId });
    assert.equal(mgr.status, 200);
    assert.equal(mgr.body.owner_id, a.manager.userId);
    const own = await a.owner.client.patch(`/deals/${r.ownerDeal.id}`, { owner_id: a.owner.userId });
    assert.equal(own.body.owner_id, a.owner.userId);
  });

  it('a read-only key cannot write (403 missing_scope) but reads; a write-only key cannot read', async () => {
    const mark = await lastEventId(s.services, a.teamId);
    const writes = [
      await a.readOnly.post('/deals', { title: 'RO' }),
      await a.readOnly.patch(`/deals/${r.memberDeal.id}`, { title: 'RO' }),
      await a.readOnly.post(`/deals/${r.memberDeal.id}/reopen`),
      await a.readOnly.post('/tasks', { title: 'RO' }),
      await a.readOnly.post(`/tasks/${r.memberTask.id}/done`),
      await a.readOnly.post('/activities', { kind: 'note', contact_id: r.contact.id }),
    ];
    for (const w of writes) {
      assert.equal(w.status, 403);
      assert.equal(w.body.detail.error, 'missing_scope');
    }
    assert.deepEqual(await eventsSince(s.services, a.teamId, mark), []);
    for (const path of ['/deals', `/deals/${r.memberDeal.id}`, '/tasks', `/tasks/${r.memberTask.id}`, '/activities', `/activities/${r.memberActivity.id}`]) {
      assert.equal((await a.readOnly.get(path)).status, 200, path);
      const wo = await a.writeOnly.get(path);
      assert.equal(wo.status, 403, path);
      assert.equal(wo.body.detail.error, 'missing_scope');
    }
  });
});
