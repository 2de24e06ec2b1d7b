// Deals: the pipeline board (drag a card or use its form to move a stage), the deal page with
// stage history, tasks and timeline, closing, reopening, reassigning; and the tasks page.
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../services.ts';
import { seesAll } from '../../common/actor.ts';
import { downloadLink } from './export.ts';
import { AppError, validation } from '../../errors/app-error.ts';
import { html } from '../html.ts';
import { actor, ctxOf, formAction, str, type PageCtx } from '../context.ts';
import { csrfField, layout } from '../layout.ts';
import { dateInput, localStages, money, pastDateNote, personName, when } from '../format.ts';
import { inAgendaOrder, type Refill, moveForm, newDealBox, noteForm, refill, repOf, repSelect, stageLabel, taskBox, taskForm, taskList, timeline, timelineCalls, userNames } from '../widgets.ts';
import { MAX_LENGTH } from '../../common/text.ts';
import { formErrorText } from '../form-errors.ts';
import { board } from '../board.ts';
import { parseOffset, parseSort, type Sort } from '../../common/sorting.ts';
import { DEAL_SORTS, type DealSort } from '../../deals/deal.repository.ts';
import { listPager, newestLink, th, type ListState } from '../sorting.ts';
import { looksLikeId } from '../../lib/ids.ts';

const HIDE = { hide: true };
const BOARD_LIMIT = 100;

const stagesOf = async (services: Services, ctx: PageCtx, teamId: string) => localStages(ctx, await services.identity.repo.stages(teamId));
const dealId = (request: FastifyRequest) => (request.params as { id: string }).id;
const sendPage = (reply: FastifyReply, page: string) => reply.type('text/html; charset=utf-8').send(page);

/** The board: a column per stage with up to 100 cards, each column's total over all its open deals. */
async function pipelinePage(services: Services, request: FastifyRequest): Promise<string> {
  const ctx = ctxOf(request, services.config.publicUrl);
  const t = ctx.t;
  const a = actor(request);
  const [stages, names] = await Promise.all([stagesOf(services, ctx, a.teamId), userNames(services, a.teamId)]);
  const rep = repOf(a, names, (request.query as Record<string, unknown>).owner_id);
  const [columns, values] = await Promise.all([
    Promise.all(stages.map((s) => services.deals.list(a, { status: 'open', stage: s.key, owner_id: rep || undefined, limit: String(BOARD_LIMIT) }))),
    // Over every open deal of the stage, not only the cards shown.
    services.deals.openValueByStage(a, rep || undefined),
  ]);
  const withRep = (p: Record<string, string>) => new URLSearchParams({ ...p, ...(rep ? { owner_id: rep } : {}) }).toString();
  const shown = columns.flatMap((c) => c.items);
  const [contacts, since] = await Promise.all([
    services.contacts.byIds(a, shown.flatMap((d) => (d.contact_id ? [d.contact_id] : []))), services.deals.stageSince(a, shown),
  ]);
  const body = html`<div class="pagehead"><h1>${t('nav.pipeline')}</h1><a href="/deals${rep ? `?${withRep({})}` : ''}">${t(seesAll(a) ? 'deals.all_deals' : 'deals.my_deals')}</a></div>
    ${seesAll(a) ? html`<form method="get" action="/pipeline" class="inline-form card repfilter" role="search" aria-label="${t('deals.rep')}">
      ${repSelect(ctx, names, rep, 'prep', 'owner_id')}
      <button type="submit">${t('deals.show')}</button>
    </form>` : ''}
    ${newDealBox(ctx, stages, {}, 'card addbox')}
    ${board(ctx, stages.map((s, i) => ({ key: s.key, label: s.label, page: columns[i], cents: values.get(s.key) ?? 0, moreHref: `/deals?${withRep({ stage: s.key })}` })),
      { names, contacts, since, now: Date.now() })}`;
  return layout(ctx, { title: t('nav.pipeline'), body, wide: true });
}

/** The deals list: filters, sortable columns, paging. */
async function dealsListPage(services: Services, request: FastifyRequest): Promise<string> {
  const ctx = ctxOf(request, services.config.publicUrl);
  const t = ctx.t;
  const a = actor(request);
  const query = request.query as Record<string, string>;
  const status = ['open', 'won', 'lost', 'all'].includes(query.status) ? query.status : 'open';
  const q = (query.q ?? '').trim();
  const stage = query.stage || undefined;
  const names = await userNames(services, a.teamId);
  const rep = repOf(a, names, query.owner_id);
  const list: ListState = { base: '/deals', params: { status, q, stage, owner_id: rep }, sort: parseSort(query.sort, DEAL_SORTS) };
  const filters = { q, status, stage, owner_id: rep || undefined, limit: '50' };
  const [page, stages] = await Promise.all([
    list.sort ? services.deals.listSorted(a, filters, list.sort as Sort<DealSort>, parseOffset(query.from)) : services.deals.list(a, { ...filters, cursor: query.cursor }),
    stagesOf(services, ctx, a.teamId),
  ]);
  const [contacts, lastAt] = await Promise.all([
    services.contacts.byIds(a, page.items.flatMap((d) => (d.contact_id ? [d.contact_id] : []))), services.deals.lastActivity(a, page.items.map((d) => d.id)),
  ]);
  const body = html`<div class="pagehead"><h1>${t('nav.deals')}</h1><a href="/pipeline${rep ? `?${new URLSearchParams({ owner_id: rep })}` : ''}">${t('nav.pipeline')}</a>${downloadLink(ctx, a, 'deals')}</div>
    <form method="get" action="/deals" class="inline-form card" role="search">
      <div class="field"><label for="dq">${t('action.search')}</label><input id="dq" name="q" type="search" value="${q}"></div>
      <div class="field"><label for="dstatus">${t('deals.status')}</label><select id="dstatus" name="status">${['open', 'won', 'lost', 'all'].map((s) => html`<option value="${s}"${s === status ? html` selected` : ''}>${t(s === 'all' ? 'deals.all' : (`status.${s}` as 'status.open'))}</option>`)}</select></div>
      <div class="field"><label for="dstage">${t('deals.stage')}</label><select id="dstage" name="stage"><option value="">${t('deals.all')}</option>${stages.map((s) => html`<option value="${s.key}"${s.key === stage ? html` selected` : ''}>${s.label}</option>`)}</select></div>
      ${seesAll(a) ? repSelect(ctx, names, rep, 'drep', 'owner_id') : ''}
      <button type="submit">${t('action.search')}</button>
    </form>
    ${page.items.length === 0 ? html`<p class="empty">${t('deals.none')}</p>` : html`<div class="tablewrap"><table>
      <thead><tr>${th(t('deals.title'), 'title', list)}${th(t('deals.stage'), 'stage', list)}${th(t('deals.value'), 'value', list)}${th(t('deals.status'), null, list)}${th(t('deals.contact'), 'contact', list)}${th(t('field.owner'), 'owner', list)}${th(t('deals.next_step'), 'next_step', list)}${th(t('crm.last_activity'), 'last_activity', list)}</tr></thead>
      <tbody>${page.items.map((d) => {
        const contact = d.contact_id ? contacts.get(d.contact_id) : undefined;
        return html`<tr><td><a href="/deals/${d.id}">${d.title}</a></td><td>${stageLabel(stages, d.stage)}</td><td class="value">${money(ctx, d.value_cents)}</td>
        <td><span class="badge status-${d.status}">${t(`status.${d.status}`)}</span></td><td>${contact ? html`<a href="/contacts/${contact.id}">${personName(contact)}</a>` : ''}</td><td>${names.get(d.owner_id) ?? ''}</td>
        <td>${d.next_step_at ? html`${when(ctx, d.next_step_at, false)} ` : ''}${d.next_step ?? ''}</td><td>${when(ctx, lastAt.get(d.id), false)}</td></tr>`;
      })}</tbody>
    </table></div><p class="hint">${t('crm.sort_hint')} ${newestLink(ctx, list)}</p>`}
    ${listPager(ctx, list, page, query)}`;
  return layout(ctx, { title: t('nav.deals'), body });
}

/** One deal: facts, stage moves and closing, the edit form, stage history, tasks, a note, the timeline. */
async function dealPage(services: Services, request: FastifyRequest): Promise<string> {
  const ctx = ctxOf(request, services.config.publicUrl);
  const t = ctx.t;
  const a = actor(request);
  const d = await services.deals.detail(a, (request.params as { id: string }).id);
  const [stages, users] = await Promise.all([stagesOf(services, ctx, a.teamId), services.identity.repo.teamUsers(a.teamId)]);
  const names = new Map(users.map((u) => [u.id, u.name]));
  const [contact, company] = await Promise.all([
    d.contact_id ? services.contacts.getRow(a, d.contact_id) : null,
    d.company_id ? services.companies.get(a, d.company_id) : null,
  ]);
  const open = d.status === 'open';
  const f = refill(ctx, `/deals/${d.id}`);
  const body = html`<div class="pagehead"><h1>${d.title}</h1><span class="badge status-${d.status}">${t(`status.${d.status}`)}</span></div>
    <div class="grid2">
      <section class="card" aria-labelledby="facts-h"><h2 id="facts-h">${t('contacts.details')}</h2>
        <dl class="facts">
          <dt>${t('deals.value')}</dt><dd>${money(ctx, d.value_cents)}</dd>
          <dt>${t('deals.stage')}</dt><dd id="deal-stage">${stageLabel(stages, d.stage)}</dd>
          <dt>${t('deals.contact')}</dt><dd>${contact ? html`<a href="/contacts/${contact.id}">${personName(contact)}</a>` : '—'}</dd>
          <dt>${t('field.company')}</dt><dd>${company ? html`<a href="/companies/${company.id}">${company.name}</a>` : '—'}</dd>
          <dt>${t('field.owner')}</dt><dd>${names.get(d.owner_id) ?? ''}</dd>
          <dt>${t('deals.next_step')}</dt><dd>${d.next_step ?? '—'} ${d.next_step_at ? when(ctx, d.next_step_at, false) : ''}</dd>
          ${d.closed_at ? html`<dt>${t('deals.closed_at')}</dt><dd>${when(ctx, d.closed_at)}</dd>` : ''}
        </dl>
        ${open ? html`<div class="inline-form">
            ${moveForm(ctx, d, stages)}
            <form method="post" action="/deals/${d.id}/close">${csrfField(ctx)}<button type="submit" name="status" value="won">${t('deals.close_won')}</button></form>
            <form method="post" action="/deals/${d.id}/close" data-confirm="${t('deals.confirm_lost')}">${csrfField(ctx)}<button type="submit" name="status" value="lost" class="danger">${t('deals.close_lost')}</button></form>
          </div>`
          : html`<form method="post" action="/deals/${d.id}/reopen">${csrfField(ctx)}<button type="submit" class="primary">${t('deals.reopen')}</button></form>`}
      </section>
      ${open ? html`<section class="card" aria-labelledby="edit-h"><h2 id="edit-h">${t('deals.edit')}</h2>
        <form method="post" action="/deals/${d.id}" class="stack">
          ${f.error()}
          ${csrfField(ctx)}
          <label for="e-title">${t('deals.title')}</label><input id="e-title" name="title" required maxlength="${MAX_LENGTH.deal_title}" value="${f.value('title', d.title)}"${f.invalid('title')}>
          <label for="e-value">${t('deals.value')}</label><input id="e-value" name="value_eur" inputmode="decimal" value="${f.value('value_eur', d.value_eur === null ? '' : String(d.value_eur))}"${f.invalid('value_eur')}>
          <label for="e-next">${t('deals.next_step')}</label><input id="e-next" name="next_step" maxlength="${MAX_LENGTH.next_step}" value="${f.value('next_step', d.next_step)}"${f.invalid('next_step')}>
          <label for="e-next-at">${t('deals.next_step_at')}</label><input id="e-next-at" name="next_step_at" type="date" value="${f.value('next_step_at', dateInput(d.next_step_at))}"${f.invalid('next_step_at')}>
          ${seesAll(a) ? html`<label for="e-owner">${t('field.owner')}</label><select id="e-owner" name="owner_id"${f.invalid('owner_id')}>${users.filter((u) => u.active === 1 || u.id === d.owner_id).map((u) => html`<option value="${u.id}"${f.selected('owner_id', u.id, u.id === d.owner_id)}>${u.name}</option>`)}</select>` : ''}
          <button type="submit" class="primary">${t('action.save')}</button>
        </form></section>` : f.rejected ? unsavedEdit(ctx, f) : ''}
      <section class="card" aria-labelledby="hist-h"><h2 id="hist-h">${t('deals.history')}</h2>
        <ol class="rows" id="stage-history"><li><span><strong>${stageLabel(stages, d.stage_history[0]?.from_stage ?? d.stage)}</strong></span>
          <span class="muted">${t('deals.created_in')} ${when(ctx, d.created_at)}</span></li>
          ${d.stage_history.map((h) => html`<li><span>${stageLabel(stages, h.from_stage)} → <strong>${stageLabel(stages, h.to_stage)}</strong></span>
          <span class="muted">${when(ctx, h.changed_at)} · ${names.get(h.changed_by) ?? ''}</span></li>`)}</ol>
      </section>
      <section class="card" aria-labelledby="tasks-h"><h2 id="tasks-h">${t('nav.tasks')}</h2>${taskList(ctx, inAgendaOrder(d.tasks), names, true)}
        ${taskBox(ctx, { deal_id: d.id })}</section>
      <section class="card" aria-labelledby="note-h"><h2 id="note-h">${t('notes.add')}</h2>${noteForm(ctx, { deal_id: d.id })}</section>
    </div>
    <section aria-labelledby="tl-h"><h2 id="tl-h">${t('timeline.title')}</h2>${timeline(ctx, d.timeline, names, await timelineCalls(services, a, d.timeline))}</section>`;
  return layout(ctx, { title: d.title, body });
}

// An edit sent from an older page after the deal was closed: there is no edit form to fill in
// again, so what was typed is shown as text, to be copied once the deal is reopened.
function unsavedEdit(ctx: PageCtx, f: Refill) {
  const t = ctx.t;
  const rows = ([['title', 'deals.title'], ['value_eur', 'deals.value'], ['next_step', 'deals.next_step'], ['next_step_at', 'deals.next_step_at']] as const)
    .filter(([name]) => f.value(name).trim() !== '');
  return html`<section class="card" aria-labelledby="unsaved-h"><h2 id="unsaved-h">${t('deals.unsaved_h')}</h2>
    ${f.error()}<p>${t('deals.unsaved_closed')}</p>
    <dl class="facts" id="unsaved-edit">${rows.map(([name, label]) => html`<dt>${t(label)}</dt><dd>${f.value(name)}</dd>`)}</dl></section>`;
}


/** The tasks page: mine, overdue, done and (for owners and managers) the team's. */
async function tasksPage(services: Services, request: FastifyRequest): Promise<string> {
  const ctx = ctxOf(request, services.config.publicUrl);
  const t = ctx.t;
  const a = actor(request);
  const query = request.query as Record<string, string>;
  const views = { mine: { mine: true, done: false }, overdue: { mine: true, done: false, overdue: true }, done: { mine: true, done: true }, team: { mine: false, done: false } } as const;
  type View = keyof typeof views;
  const view: View = (query.view in views && (query.view !== 'team' || seesAll(a)) ? query.view : 'mine') as View;
  const from = /^\d{1,6}$/.test(query.from ?? '') ? Number(query.from) : 0;
  const [page, names] = await Promise.all([services.tasks.agenda(a, { ...views[view], offset: from, limit: 100 }), userNames(services, a.teamId)]);
  const tabs = (Object.keys(views) as View[]).filter((v) => v !== 'team' || seesAll(a));
  const body = html`<h1>${t('nav.tasks')}</h1>
    <nav class="tabs" aria-label="${t('nav.tasks')}"><ul>${tabs.map((v) => html`<li><a href="/tasks?view=${v}"${v === view ? html` aria-current="page"` : ''}>${t(`tasks.view_${v}`)}</a></li>`)}</ul></nav>
    <div class="grid2">
      <section class="card" aria-label="${t(`tasks.view_${view}`)}">${taskList(ctx, page.items, names, true)}
        <p class="pager"><span>${t('list.total', { n: page.total })}</span>${page.next_offset !== null ? html`<a rel="next" href="/tasks?view=${view}&from=${page.next_offset}">${t('list.more')}</a>` : ''}</p></section>
      <section class="card" aria-labelledby="newtask-h"><h2 id="newtask-h">${t('tasks.add')}</h2>${taskForm(ctx, {})}</section>
    </div>`;
  return layout(ctx, { title: t('nav.tasks'), body });
}

// The same stage change for the board: { ok, stage, message } or { ok: false, message } with the
// error's status (the message as a refused form would show it; a deal not visible is "not found").
async function moveForBoard(services: Services, request: FastifyRequest, reply: FastifyReply) {
  const ctx = ctxOf(request, null);
  try {
    const a = actor(request);
    const d = await services.deals.update(a, dealId(request), { stage: str(request.body, 'stage') });
    const label = (await stagesOf(services, ctx, a.teamId)).find((s) => s.key === d.stage)?.label ?? d.stage;
    return reply.send({ ok: true, stage: d.stage, message: ctx.t('crm.moved_to', { title: d.title, stage: label }) });
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    const message = err.status === 404 ? ctx.t('error.404') : formErrorText(ctx.t, err, request.routeOptions.url);
    return reply.code(err.status).send({ ok: false, message });
  }
}

// Without a Referer the note goes back to the record it was written on, if it names one by an
// id of ours (a made-up value is not echoed into the redirect).
const noteHome = (b: unknown) => (looksLikeId(str(b, 'deal_id')) ? `/deals/${str(b, 'deal_id')}` : looksLikeId(str(b, 'contact_id')) ? `/contacts/${str(b, 'contact_id')}` : '/pipeline');

export function dealRoutes(services: Services): FastifyPluginAsync {
  return async (web) => {
    web.get('/pipeline', { schema: HIDE }, async (request, reply) => sendPage(reply, await pipelinePage(services, request)));

    web.get('/deals', { schema: HIDE }, async (request, reply) => sendPage(reply, await dealsListPage(services, request)));

    web.get('/deals/:id', { schema: HIDE }, async (request, reply) => sendPage(reply, await dealPage(services, request)));

    web.get('/tasks', { schema: HIDE }, async (request, reply) => sendPage(reply, await tasksPage(services, request)));

    dealForms(web, services);
    noteAndTaskForms(web, services);
  };
}

/** The forms that create a deal, save it, move its stage, close and reopen it. */
function dealForms(web: FastifyInstance, services: Services): void {
  web.post('/deals', { schema: HIDE }, async (request, reply) => formAction(request, reply, '/pipeline', async () => {
    const a = actor(request);
    const b = request.body;
    const opt = (name: string) => (str(b, name).trim() ? str(b, name) : undefined);
    // The API names a bare deal "Deal"; a person filling in the form means something by it.
    if (!opt('title') && !opt('contact_email') && !opt('company')) throw validation('title', ctxOf(request, null).t('deals.need_something'));
    const deal = await services.deals.create(a, {
      title: opt('title'), value_eur: opt('value_eur'), stage: opt('stage'), contact_email: opt('contact_email'), company: opt('company'),
    });
    return { to: `/deals/${deal.id}`, message: ctxOf(request, null).t('deals.created') };
  }));

  web.post('/deals/:id', { schema: HIDE }, async (request, reply) => formAction(request, reply, `/deals/${dealId(request)}`, async () => {
    const a = actor(request);
    const b = request.body;
    const nextAt = str(b, 'next_step_at').trim();
    const before = await services.deals.get(a, dealId(request));
    await services.deals.update(a, dealId(request), {
      // An emptied value field removes the value, as the API's value_eur: null does.
      title: str(b, 'title'), value_eur: str(b, 'value_eur').trim() === '' ? null : str(b, 'value_eur'),
      next_step: str(b, 'next_step'), next_step_at: nextAt ? nextAt : null,
      ...(str(b, 'owner_id') ? { owner_id: str(b, 'owner_id') } : {}),
    });
    const ctx = ctxOf(request, null);
    return { to: `/deals/${dealId(request)}`, message: ctx.t('deals.saved') + pastDateNote(ctx, 'dates.past_next_step', nextAt, before.next_step_at) };
  }));

  web.post('/deals/:id/stage', { schema: HIDE }, async (request, reply) => {
    // The board's script asks for JSON, to move the card in place; a form without script gets the page.
    if (String(request.headers.accept ?? '').includes('application/json')) return moveForBoard(services, request, reply);
    return formAction(request, reply, `/deals/${dealId(request)}`, async () => {
      const a = actor(request);
      const before = await services.deals.get(a, dealId(request));
      const d = await services.deals.update(a, dealId(request), { stage: str(request.body, 'stage') });
      return { message: ctxOf(request, null).t(d.stage === before.stage ? 'deals.not_moved' : 'deals.moved', { title: d.title }) };
    });
  });

  web.post('/deals/:id/close', { schema: HIDE }, async (request, reply) => formAction(request, reply, `/deals/${dealId(request)}`, async () => {
    const a = actor(request);
    const status = str(request.body, 'status');
    if (status !== 'won' && status !== 'lost') throw new AppError('validation_error', 'Choose won or lost.', { field: 'status' });
    await services.deals.update(a, dealId(request), { status });
    return { to: `/deals/${dealId(request)}`, message: ctxOf(request, null).t(status === 'won' ? 'deals.won_msg' : 'deals.lost_msg') };
  }));

  web.post('/deals/:id/reopen', { schema: HIDE }, async (request, reply) => formAction(request, reply, `/deals/${dealId(request)}`, async () => {
    const a = actor(request);
    await services.deals.reopen(a, dealId(request));
    return { to: `/deals/${dealId(request)}`, message: ctxOf(request, null).t('deals.reopened') };
  }));
}

/** The forms that add a note or a task and mark a task done. */
function noteAndTaskForms(web: FastifyInstance, services: Services): void {
  web.post('/activities', { schema: HIDE }, async (request, reply) => formAction(request, reply, noteHome(request.body), async () => {
    const a = actor(request);
    const b = request.body;
    // A note without text would be a blank line on the timeline.
    if (!str(b, 'body').trim()) throw validation('body', ctxOf(request, null).t('notes.body_required'));
    await services.activities.create(a, {
      kind: str(b, 'kind'), body: str(b, 'body'),
      ...(str(b, 'deal_id') ? { deal_id: str(b, 'deal_id') } : {}), ...(str(b, 'contact_id') ? { contact_id: str(b, 'contact_id') } : {}),
    });
    return { message: ctxOf(request, null).t('notes.added') };
  }));

  web.post('/tasks', { schema: HIDE }, async (request, reply) => formAction(request, reply, '/tasks', async () => {
    const a = actor(request);
    const b = request.body;
    const due = str(b, 'due_at').trim();
    await services.tasks.create(a, {
      title: str(b, 'title'), due_at: due || null,
      ...(str(b, 'deal_id') ? { deal_id: str(b, 'deal_id') } : {}), ...(str(b, 'contact_id') ? { contact_id: str(b, 'contact_id') } : {}),
    });
    const ctx = ctxOf(request, null);
    return { message: ctx.t('tasks.added') + pastDateNote(ctx, 'dates.past_due', due) };
  }));

  web.post('/tasks/:id/done', { schema: HIDE }, async (request, reply) => formAction(request, reply, '/tasks', async () => {
    const a = actor(request);
    await services.tasks.done(a, (request.params as { id: string }).id);
    return { message: ctxOf(request, null).t('tasks.marked_done') };
  }));
}
