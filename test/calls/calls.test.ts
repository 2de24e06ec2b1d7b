import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TestServer } from '../helpers/server.ts';
import { eventsSince, lastEventId, makeTeam, type TeamFixture } from '../helpers/fixtures.ts';
import { enableCalls, transcript, waitForCall } from './call-fixtures.ts';
import { startTestServer } from '../helpers/server.ts';

describe('calls: push, analysis, timelines, visibility', () => {
  let s: TestServer;
  let a: TeamFixture;
  let b: TeamFixture;
  before(async () => {
    s = await startTestServer({ background: true });
    a = await makeTeam(s.services, s.api, 'Alpha');
    b = await makeTeam(s.services, s.api, 'Beta');
    for (const t of [a, b]) for (const p of [t.owner, t.manager, t.member, t.member2]) await enableCalls(s.services, p.userId);
  });
  after(() => s.stop());

  it('answers 202 with the queued call, then analyses it: result on GET /calls/{id}, a call activity on the contact and deal timelines, events in order', async () => {
    const deal = await a.member.client.post('/deals', { title: 'Nordlicht rollout', contact_email: 'berg@kunde.test', value_eur: 12000 });
    assert.equal(deal.status, 201);
    const contactId = deal.body.contact_id;
    const mark = await lastEventId(s.services, a.teamId);
    const push = await a.member.client.post('/calls', { transcript: transcript('main'), filename: 'berg.txt', deal_id: deal.body.id, contact_id: contactId, external_id: 'dialer-1' });
    assert.equal(push.status, 202);
    assert.match(push.body.id, /^cl_[0-9A-Z]{26}$/);
    assert.equal(push.body.status, 'queued');
    assert.equal(push.body.language, 'de');
    assert.equal(push.body.filename, 'berg.txt');
    assert.equal(push.body.deal_id, deal.body.id);
    assert.equal(push.body.contact_id, contactId);
    assert.equal(push.body.owner_id, a.member.userId);
    assert.deepEqual(Object.keys(push.body).sort(), ['analysed_at', 'contact_id', 'created_at', 'deal_id', 'error', 'filename', 'id', 'language', 'owner_id', 'result', 'status']);
    assert.equal(push.body.result, null);
    assert.equal(push.body.analysed_at, null);
    assert.equal('transcript' in push.body, false, 'the row never carries the transcript');

    const done = await waitForCall(a.member.client, push.body.id);
    assert.equal(done.status, 'done', done.error);
    assert.equal(done.error, null);
    assert.match(done.analysed_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    for (const d of ['discovery', 'listening', 'value', 'objection_handling', 'next_step']) {
      assert.ok(Number.isInteger(done.result.scores[d]) && done.result.scores[d] >= 1 && done.result.scores[d] <= 5, d);
    }
    assert.equal(done.result.moments.length, 3);
    assert.equal(typeof done.result.biggest_miss.what_to_say_instead, 'string');
    assert.equal(typeof done.result.commitment, 'string');
    // The OpenAPI document declares every key of the result, so generated clients have them all.
    const doc = await (await fetch(`${s.api}/openapi.json`)).json();
    const undeclared = (value: any, schema: any, at: string): string[] => {
      if (Array.isArray(value)) return value.flatMap((v, i) => undeclared(v, schema?.items, `${at}[${i}]`));
      if (value === null || typeof value !== 'object') return [];
      const branch = schema?.anyOf?.find((x: any) => x.type === 'object') ?? schema;
      return Object.keys(value).flatMap((k) => (branch?.properties?.[k] ? undeclared(value[k], branch.properties[k], `${at}.${k}`) : [`${at}.${k}`]));
    };
    assert.deepEqual(undeclared(done.result, doc.components.schemas.Call.properties.result, 'result'), []);
    assert.ok(Object.keys(done.result.metrics).length >= 10);

    const contact = await a.member.client.get(`/contacts/${contactId}`);
    const onContact = contact.body.timeline.filter((x: any) => x.call_id === push.body.id);
    assert.equal(onContact.length, 1);
    const activity = onContact[0];
    assert.equal(activity.kind, 'call');
    assert.equal(activity.deal_id, deal.body.id);
    assert.equal(activity.contact_id, contactId);
    assert.equal(activity.owner_id, a.member.userId);
    assert.match(activity.body, /Bedarfsanalyse \d\/5/);
    const dealDetail = await a.member.client.get(`/deals/${deal.body.id}`);
    assert.deepEqual(dealDetail.body.timeline.filter((x: any) => x.call_id === push.body.id), [activity]);

    const events = await eventsSince(s.services, a.teamId, mark);
    assert.deepEqual(events.map((e) => e.event), ['activity.created', 'call_analysis.done']);
    assert.deepEqual(events[0].data, activity);
    assert.deepEqual(events[1].data, done);
  });

  it('finds or creates the contact by contact_email, takes the deal contact when only deal_id is given, and answers language en', async () => {
    const mark = await lastEventId(s.services, a.teamId);
    const push = await a.member.client.post('/calls', { transcript: transcript('email'), contact_email: ' New.Person@Kunde.test ', language: 'en' });
    assert.equal(push.status, 202);
    assert.equal(push.body.language, 'en');
    const events = await eventsSince(s.services, a.teamId, mark);
    assert.equal(events[0].event, 'contact.created');
    assert.equal(events[0].data.email, 'new.person@kunde.test');
    assert.equal(push.body.contact_id, events[0].data.id);
    const done = await waitForCall(a.member.client, push.body.id);
    assert.equal(done.status, 'done');
    const act = (await a.member.client.get(`/contacts/${push.body.contact_id}`)).body.timeline.find((x: any) => x.call_id === push.body.id);
    assert.match(act.body, /^Call analysis: discovery \d\/5/);
    assert.equal(act.deal_id, null, 'the contact has no open deal of the key owner');

    const deal = await a.member.client.post('/deals', { title: 'Deal only', contact_email: 'deal.only@kunde.test' });
    const viaDeal = await a.member.client.post('/calls', { transcript: transcript('deal-only'), deal_id: deal.body.id });
    assert.equal(viaDeal.status, 202);
    assert.equal(viaDeal.body.contact_id, deal.body.contact_id);
  });

  it("puts a call without deal_id on the contact's most recently updated open deal owned by the key owner", async () => {
    const c = await a.member.client.post('/contacts', { email: 'rule@kunde.test' });
    const older = await a.member.client.post('/deals', { title: 'Older open', contact_id: c.body.id });
    const newer = await a.member.client.post('/deals', { title: 'Newer open', contact_id: c.body.id });
    const won = await a.member.client.post('/deals', { title: 'Won', contact_id: c.body.id });
    assert.equal((await a.member.client.patch(`/deals/${won.body.id}`, { status: 'won' })).status, 200);
    const managers = await a.manager.client.post('/deals', { title: "Manager's", contact_id: c.body.id });
    // The older deal becomes the most recently updated of the member's open deals.
    assert.equal((await a.member.client.patch(`/deals/${older.body.id}`, { next_step: 'Send the offer' })).status, 200);
    assert.equal((await a.manager.client.patch(`/deals/${managers.body.id}`, { next_step: 'Later' })).status, 200);
    const mark = await lastEventId(s.services, a.teamId);
    const push = await a.member.client.post('/calls', { transcript: transcript('rule'), contact_id: c.body.id });
    assert.equal(push.body.deal_id, null);
    const done = await waitForCall(a.member.client, push.body.id);
    assert.equal(done.status, 'done');
    // The call row names the deal the analysis chose, in the API and in call_analysis.done.
    assert.equal(done.deal_id, older.body.id);
    assert.equal(done.contact_id, c.body.id);
    const sent = (await eventsSince(s.services, a.teamId, mark)).find((e) => e.event === 'call_analysis.done');
    assert.deepEqual(sent?.data, done);
    const act = (await a.owner.client.get(`/contacts/${c.body.id}`)).body.timeline.find((x: any) => x.call_id === push.body.id);
    assert.equal(act.deal_id, older.body.id);
    assert.notEqual(act.deal_id, newer.body.id);
    const onDeal = (await a.member.client.get(`/deals/${older.body.id}`)).body.timeline;
    assert.ok(onDeal.some((x: any) => x.call_id === push.body.id));
  });

  it('takes language null like an absent language: de', async () => {
    const r = await a.member.client.post('/calls', { transcript: transcript('null-language'), language: null, filename: null });
    assert.equal(r.status, 202);
    assert.equal(r.body.language, 'de');
    // Finished before the next test marks its events.
    assert.equal((await waitForCall(a.member.client, r.body.id)).language, 'de');
  });

  it('refuses invalid bodies with 422 and the field, and unknown links with 404, before anything is written', async () => {
    const mark = await lastEventId(s.services, a.teamId);
    const c = a.member.client;
    const callsBefore = (await c.get('/calls')).body.total;
    const cases: Array<[unknown, string]> = [
      [{}, 'transcript'],
      [{ transcript: '   \n\t ' }, 'transcript'],
      [{ transcript: 'x'.repeat(500_001) }, 'transcript'],
      [{ transcript: transcript('lang'), language: 'fr' }, 'language'],
      [{ transcript: transcript('ext'), external_id: 'e'.repeat(201) }, 'external_id'],
      [{ transcript: transcript('both'), contact_id: 'ct_01ARZ3NDEKTSV4RRFFQ69G5FAV', contact_email: 'x@y.test' }, 'contact_email'],
      [{ transcript: transcript('mail'), contact_email: 'not-an-email' }, 'contact_email'],
      // rep_speaker names a speaker of the transcript (decisions.md), or the push is refused.
      [{ transcript: transcript('rep'), rep_speaker: 'Nobody Here' }, 'rep_speaker'],
    ];
    for (const [body, field] of cases) {
      const r = await c.post('/calls', body);
      assert.equal(r.status, 422, JSON.stringify(body).slice(0, 80));
      assert.equal(r.body.detail.error, 'validation_error');
      assert.equal(r.body.detail.field, field);
    }
    const wrongType = await c.post('/calls', { transcript: 42 });
    assert.equal(wrongType.status, 422);
    assert.deepEqual(wrongType.body.detail[0].loc, ['body', 'transcript']);
    const foreignDeal = await b.owner.client.post('/deals', { title: 'Beta deal' });
    for (const body of [{ deal_id: foreignDeal.body.id }, { contact_id: 'ct_01ARZ3NDEKTSV4RRFFQ69G5FAV' }]) {
      const r = await c.post('/calls', { transcript: transcript('links'), ...body });
      assert.equal(r.status, 404);
      assert.equal(r.body.detail.error, 'not_found');
    }
    // A member cannot attach a call to a deal they cannot see.
    const managersDeal = await a.manager.client.post('/deals', { title: 'Not yours' });
    assert.equal((await c.post('/calls', { transcript: transcript('links'), deal_id: managersDeal.body.id })).status, 404);
    assert.deepEqual((await eventsSince(s.services, a.teamId, mark)).filter((e) => e.event !== 'deal.created'), []);
    assert.equal((await c.get('/calls')).body.total, callsBefore);
  });

  it('accepts a transcript of exactly 500,000 characters (counted as characters, not bytes)', async () => {
    const line = 'Anna: Wie viele Stunden kostet Sie die Planung pro Woche? ';
    let text = line.repeat(Math.ceil(500_000 / line.length)).slice(0, 499_999) + '€';
    assert.equal([...text].length, 500_000);
    const ok = await a.owner.client.post('/calls', { transcript: text });
    assert.equal(ok.status, 202, ok.text.slice(0, 200));
    text = `${text}😀`;
    const tooLong = await a.owner.client.post('/calls', { transcript: text });
    assert.equal(tooLong.status, 422);
    assert.equal(tooLong.body.detail.field, 'transcript');
  });

  it('answers 409 duplicate with existing_id for the same transcript or the same external_id in the team, not across teams', async () => {
    const first = await a.member.client.post('/calls', { transcript: transcript('dup'), external_id: 'dial-77' });
    assert.equal(first.status, 202);
    const sameText = await a.member2.client.post('/calls', { transcript: transcript('dup') });
    assert.equal(sameText.status, 409);
    assert.equal(sameText.body.detail.error, 'duplicate');
    assert.equal(sameText.body.detail.existing_id, first.body.id);
    const sameExternal = await a.member.client.post('/calls', { transcript: transcript('dup-other-text'), external_id: 'dial-77' });
    assert.equal(sameExternal.status, 409);
    assert.equal(sameExternal.body.detail.existing_id, first.body.id);
    // The same content re-exported (CRLF line endings, another trailing newline, spaces at line
    // ends, NFD umlauts) is the same transcript; one changed word makes another call.
    const reexported = `\uFEFF${transcript('dup').normalize('NFD').replace(/\n/g, '  \r\n')}\r\n\r\n`;
    assert.notEqual(reexported, transcript('dup'));
    const sameContent = await a.member.client.post('/calls', { transcript: reexported });
    assert.equal(sameContent.status, 409, sameContent.text);
    assert.equal(sameContent.body.detail.existing_id, first.body.id);
    assert.equal((await a.member.client.post('/calls', { transcript: transcript('dup').replace('Stunden', 'Tage') })).status, 202);
    const otherTeam = await b.member.client.post('/calls', { transcript: transcript('dup'), external_id: 'dial-77' });
    assert.equal(otherTeam.status, 202);
  });

  it('fails an analysis the user can act on, gives the allowance unit back, and still tells subscribers', async () => {
    const t = await makeTeam(s.services, s.api, 'Gamma');
    await enableCalls(s.services, t.member.userId, { personal_pool: 1 });
    const mark = await lastEventId(s.services, t.teamId);
    const bad = await t.member.client.post('/calls', { transcript: '--- ... --- !!! ---', contact_email: 'noise@kunde.test' });
    assert.equal(bad.status, 202);
    const failed = await waitForCall(t.member.client, bad.body.id);
    assert.equal(failed.status, 'failed');
    assert.match(failed.error, /no words/i);
    assert.equal(failed.result, null);
    const events = await eventsSince(s.services, t.teamId, mark);
    assert.deepEqual(events.map((e) => e.event), ['contact.created', 'call_analysis.done']);
    assert.equal(events[1].data.status, 'failed');
    // The pool of 1 was given back: the next call is accepted, the one after is refused.
    assert.equal((await t.member.client.post('/calls', { transcript: transcript('after-fail') })).status, 202);
    const refused = await t.member.client.post('/calls', { transcript: transcript('after-fail-2') });
    assert.equal(refused.status, 402);
    assert.equal(refused.body.detail.error, 'personal_pool');
    // A failed analysis is no duplicate: pushing its transcript again is how a client retries.
    await s.services.identity.updateUser(t.member.userId, { personal_pool: null });
    const retry = await t.member.client.post('/calls', { transcript: '--- ... --- !!! ---' });
    assert.equal(retry.status, 202, retry.text);
    assert.notEqual(retry.body.id, bad.body.id);
  });

  it('shows members only the calls they pushed, owners and managers all of the team, and never another team (404)', async () => {
    const t = await makeTeam(s.services, s.api, 'Delta');
    for (const p of [t.owner, t.member, t.member2]) await enableCalls(s.services, p.userId);
    const c = await t.owner.client.post('/contacts', { email: 'vis@kunde.test' });
    const deal = await t.member.client.post('/deals', { title: 'Vis deal', contact_id: c.body.id });
    const mine = await t.member.client.post('/calls', { transcript: transcript('vis-1'), deal_id: deal.body.id });
    const mine2 = await t.member.client.post('/calls', { transcript: transcript('vis-2'), contact_id: c.body.id });
    const theirs = await t.member2.client.post('/calls', { transcript: transcript('vis-3'), contact_id: c.body.id });
    const owners = await t.owner.client.post('/calls', { transcript: transcript('vis-4') });
    for (const r of [mine, mine2, theirs, owners]) assert.equal(r.status, 202);
    for (const [who, r] of [[t.member, mine], [t.member, mine2], [t.member2, theirs], [t.owner, owners]] as const) await waitForCall(who.client, r.body.id);

    assert.equal((await t.member.client.get(`/calls/${mine.body.id}`)).status, 200);
    const hidden = await t.member.client.get(`/calls/${theirs.body.id}`);
    assert.equal(hidden.status, 404);
    assert.equal(hidden.body.detail.error, 'not_found');
    assert.equal((await t.member.client.get(`/calls/${owners.body.id}`)).status, 404);
    for (const boss of [t.owner, t.manager]) assert.equal((await boss.client.get(`/calls/${theirs.body.id}`)).status, 200);
    for (const other of [b.owner, b.manager, b.member]) {
      assert.equal((await other.client.get(`/calls/${mine.body.id}`)).status, 404);
      assert.equal((await other.client.get(`/calls?contact_id=${c.body.id}`)).body.total, 0);
    }
    assert.equal((await t.member.client.get('/calls/cl_01ARZ3NDEKTSV4RRFFQ69G5FAV')).status, 404);

    const memberList = await t.member.client.get('/calls');
    assert.deepEqual(memberList.body.items.map((x: any) => x.id), [mine2.body.id, mine.body.id]);
    assert.equal(memberList.body.total, 2);
    const ownerList = await t.owner.client.get('/calls');
    assert.deepEqual(ownerList.body.items.map((x: any) => x.id), [owners.body.id, theirs.body.id, mine2.body.id, mine.body.id]);
    assert.equal((await t.owner.client.get(`/calls?contact_id=${c.body.id}`)).body.total, 3);
    // mine2 named only the contact: its analysis went to the member's open deal, which the call now names.
    assert.deepEqual((await t.owner.client.get(`/calls?deal_id=${deal.body.id}`)).body.items.map((x: any) => x.id), [mine2.body.id, mine.body.id]);
    assert.equal((await t.owner.client.get(`/calls/${theirs.body.id}`)).body.deal_id, null);

    const page1 = await t.owner.client.get('/calls?limit=3');
    assert.equal(page1.body.items.length, 3);
    assert.equal(page1.body.total, 4);
    const page2 = await t.owner.client.get(`/calls?limit=3&cursor=${page1.body.next_cursor}`);
    assert.deepEqual(page2.body.items.map((x: any) => x.id), [mine.body.id]);
    assert.equal(page2.body.next_cursor, null);
    const badStatus = await t.owner.client.get('/calls?status=finished');
    assert.equal(badStatus.status, 422);
    assert.equal(badStatus.body.detail.field, 'status');
    assert.equal((await t.owner.client.get('/calls?cursor=garbage!')).body.detail.field, 'cursor');

    for (const id of [mine.body.id, mine2.body.id, theirs.body.id, owners.body.id]) await waitForCall(t.owner.client, id);
    const done = await t.owner.client.get('/calls?status=done');
    assert.equal(done.body.total, 4);
    assert.equal((await t.owner.client.get('/calls?status=queued')).body.total, 0);
    // The member sees the activity of their call on the contact's timeline, not member2's.
    const timeline = (await t.member.client.get(`/contacts/${c.body.id}`)).body.timeline;
    assert.deepEqual(timeline.map((x: any) => x.call_id).sort(), [mine.body.id, mine2.body.id].sort());
  });

  it('needs the write scope to push and the read scope to read', async () => {
    const ro = await a.readOnly.post('/calls', { transcript: transcript('scope') });
    assert.equal(ro.status, 403);
    assert.equal(ro.body.detail.error, 'missing_scope');
    assert.equal((await a.writeOnly.get('/calls')).status, 403);
    assert.equal((await a.readOnly.get('/calls')).status, 200);
  });
});
