// The CRM: contacts and companies (deals, tasks and notes hook into the detail pages as their
// services land). Lists and details come from the same services as the API.
import type { FastifyPluginAsync, RouteHandlerMethod } from 'fastify';
import type { Services } from '../../services.ts';
import type { CompanyRow } from '../../companies/company.row.ts';
import { html } from '../html.ts';
import { actor, ctxOf, formAction, given, str } from '../context.ts';
import { csrfField, layout } from '../layout.ts';
import { breakableEmail, localStages, personName, when } from '../format.ts';
import { dealList, inAgendaOrder, newDealBox, noteForm, refill, searchForm, taskBox, taskList, timeline, timelineCalls, userNames } from '../widgets.ts';
import { MAX_LENGTH } from '../../common/text.ts';
import { parseOffset, parseSort, type Sort } from '../../common/sorting.ts';
import { CONTACT_SORTS, type ContactSort } from '../../contacts/contact.repository.ts';
import { COMPANY_SORTS, type CompanySort } from '../../companies/company.repository.ts';
import { listPager, newestLink, th, type ListState } from '../sorting.ts';
import { downloadLink } from './export.ts';

const HIDE = { hide: true };

/** The contacts list: search, add, and each contact with its company and owner. */
function contactsPage(services: Services): RouteHandlerMethod {
  return async (request, reply) => {
    const ctx = ctxOf(request, services.config.publicUrl);
    const t = ctx.t;
    const query = request.query as Record<string, string>;
    const q = (query.q ?? '').trim();
    const a = actor(request);
    const list: ListState = { base: '/contacts', params: { q }, sort: parseSort(query.sort, CONTACT_SORTS) };
    const page = list.sort ? await services.contacts.listSorted(a, { q, limit: '50' }, list.sort as Sort<ContactSort>, parseOffset(query.from))
      : await services.contacts.list(a, { q, cursor: query.cursor, limit: '50' });
    const ids = page.items.map((c) => c.id);
    const [companies, owners, lastAt] = await Promise.all([
      services.companies.byIds(a, page.items.flatMap((c) => (c.company_id ? [c.company_id] : []))), userNames(services, a.teamId), services.contacts.lastActivity(a, ids),
    ]);
    const f = refill(ctx, '/contacts');
    const body = html`<div class="pagehead"><h1>${t('nav.contacts')}</h1>${searchForm(ctx, '/contacts', q, 'contacts.search')}${downloadLink(ctx, a, 'contacts')}</div>
      <details class="card addbox"${f.open()}><summary>${t('contacts.add')}</summary>
        <form method="post" action="/contacts" class="inline-form">
          ${f.error()}
          ${csrfField(ctx)}
          <div class="field"><label for="c-first">${t('field.first_name')}</label><input id="c-first" name="first_name" maxlength="${MAX_LENGTH.name}" value="${f.value('first_name')}"${f.invalid('first_name')}></div>
          <div class="field"><label for="c-last">${t('field.last_name')}</label><input id="c-last" name="last_name" maxlength="${MAX_LENGTH.name}" value="${f.value('last_name')}"${f.invalid('last_name')}></div>
          <div class="field"><label for="c-email">${t('field.email')}</label><input id="c-email" name="email" type="email" required value="${f.value('email')}"${f.invalid('email')}></div>
          <div class="field"><label for="c-phone">${t('field.phone')}</label><input id="c-phone" name="phone" maxlength="${MAX_LENGTH.phone}" value="${f.value('phone')}"${f.invalid('phone')}></div>
          <div class="field"><label for="c-company">${t('field.company')}</label><input id="c-company" name="company" maxlength="${MAX_LENGTH.name}" value="${f.value('company')}"${f.invalid('company')}></div>
          <button type="submit" class="primary">${t('action.save')}</button>
        </form>
      </details>
      ${page.items.length === 0 ? html`<p class="empty">${q ? t('list.no_match') : t('contacts.none')}</p>` : html`<div class="tablewrap"><table>
        <thead><tr>${th(t('field.name'), 'name', list)}${th(t('field.company'), 'company', list)}${th(t('field.owner'), 'owner', list)}${th(t('field.email'), 'email', list)}${th(t('field.phone'), null, list)}${th(t('crm.last_activity'), 'last_activity', list)}</tr></thead>
        <tbody>${page.items.map((c) => {
          const company = c.company_id ? companies.get(c.company_id) : undefined;
          return html`<tr><td><a href="/contacts/${c.id}">${personName(c)}</a></td><td>${company ? html`<a href="/companies/${company.id}">${company.name}</a>` : ''}</td><td>${owners.get(c.owner_id) ?? ''}</td><td>${breakableEmail(c.email)}</td><td>${c.phone ?? ''}</td><td>${when(ctx, lastAt.get(c.id), false)}</td></tr>`;
        })}</tbody>
      </table></div><p class="hint">${t('crm.sort_hint')} ${newestLink(ctx, list)}</p>`}
      ${listPager(ctx, list, page, query)}`;
    return reply.type('text/html; charset=utf-8').send(layout(ctx, { title: t('nav.contacts'), body }));
  };
}

/** A contact: facts, deals, tasks, a note, and the timeline (a member is told what it leaves out). */
function contactPage(services: Services): RouteHandlerMethod {
  return async (request, reply) => {
    const ctx = ctxOf(request, services.config.publicUrl);
    const t = ctx.t;
    const a = actor(request);
    const [c, names] = await Promise.all([services.contacts.detail(a, (request.params as { id: string }).id), userNames(services, a.teamId)]);
    const stages = localStages(ctx, await services.identity.repo.stages(a.teamId));
    const body = html`<div class="pagehead"><h1>${personName(c)}</h1></div>
      <div class="grid2">
        <section class="card" aria-labelledby="facts-h"><h2 id="facts-h">${t('contacts.details')}</h2>
          <dl class="facts">
            <dt>${t('field.email')}</dt><dd><a href="mailto:${c.email}">${c.email}</a></dd>
            <dt>${t('field.phone')}</dt><dd>${c.phone ?? '—'}</dd>
            <dt>${t('field.job_title')}</dt><dd>${c.job_title ?? '—'}</dd>
            <dt>${t('field.company')}</dt><dd>${c.company ? html`<a href="/companies/${c.company.id}">${c.company.name}</a>` : '—'}</dd>
            <dt>${t('field.owner')}</dt><dd>${names.get(c.owner_id) ?? ''}</dd>
          </dl>
        </section>
        <section class="card" aria-labelledby="deals-h"><h2 id="deals-h">${t('nav.deals')}</h2>${dealList(ctx, c.deals, names, stages)}
          ${newDealBox(ctx, stages, { contactEmail: c.email })}</section>
        <section class="card" aria-labelledby="tasks-h"><h2 id="tasks-h">${t('nav.tasks')}</h2>${taskList(ctx, inAgendaOrder(c.tasks), names, true)}
          ${taskBox(ctx, { contact_id: c.id })}</section>
        <section class="card" aria-labelledby="note-h"><h2 id="note-h">${t('notes.add')}</h2>${noteForm(ctx, { contact_id: c.id })}</section>
      </div>
      <section aria-labelledby="tl-h"><h2 id="tl-h">${t('timeline.title')}</h2>${a.role === 'member' ? html`<p class="muted" id="tl-scope">${t('timeline.member_scope')}</p>` : ''}${timeline(ctx, c.timeline, names, await timelineCalls(services, a, c.timeline))}</section>`;
    return reply.type('text/html; charset=utf-8').send(layout(ctx, { title: personName(c), body }));
  };
}

export function crmRoutes(services: Services): FastifyPluginAsync {
  return async (web) => {
    web.get('/contacts', { schema: HIDE }, contactsPage(services));

    web.post('/contacts', { schema: HIDE }, async (request, reply) => formAction(request, reply, '/contacts', async () => {
      const b = request.body;
      // Add or update: a field left blank keeps what the contact has (as a field left out of POST /contacts does).
      const { row } = await services.contacts.upsert(actor(request), {
        email: str(b, 'email'), first_name: given(b, 'first_name'), last_name: given(b, 'last_name'), phone: given(b, 'phone'), company: given(b, 'company'),
      });
      return { to: `/contacts/${row.id}`, message: ctxOf(request, null).t('contacts.saved') };
    }));

    web.get('/contacts/:id', { schema: HIDE }, contactPage(services));

    web.get('/companies', { schema: HIDE }, async (request, reply) => {
      const ctx = ctxOf(request, services.config.publicUrl);
      const t = ctx.t;
      const query = request.query as Record<string, string>;
      const q = (query.q ?? '').trim();
      const a = actor(request);
      const list: ListState = { base: '/companies', params: { q }, sort: parseSort(query.sort, COMPANY_SORTS) };
      const page = list.sort ? await services.companies.listSorted(a, { q, limit: '50' }, list.sort as Sort<CompanySort>, parseOffset(query.from))
        : await services.companies.list(a, { q, cursor: query.cursor, limit: '50' });
      const [owners, counts] = await Promise.all([userNames(services, a.teamId), services.companies.counts(a, page.items.map((co) => co.id))]);
      const f = refill(ctx, '/companies');
      const body = html`<div class="pagehead"><h1>${t('nav.companies')}</h1>${searchForm(ctx, '/companies', q, 'companies.search')}${downloadLink(ctx, actor(request), 'companies')}</div>
        <details class="card addbox"${f.open()}><summary>${t('companies.add')}</summary>
          <form method="post" action="/companies" class="inline-form">
            ${f.error()}
            ${csrfField(ctx)}
            <div class="field"><label for="co-name">${t('field.name')}</label><input id="co-name" name="name" required maxlength="${MAX_LENGTH.name}" value="${f.value('name')}"${f.invalid('name')}></div>
            <div class="field"><label for="co-domain">${t('field.domain')}</label><input id="co-domain" name="domain" maxlength="${MAX_LENGTH.domain}" value="${f.value('domain')}"${f.invalid('domain')}></div>
            <button type="submit" class="primary">${t('action.save')}</button>
          </form>
        </details>
        ${page.items.length === 0 ? html`<p class="empty">${q ? t('list.no_match') : t('companies.none')}</p>` : html`<div class="tablewrap"><table>
          <thead><tr>${th(t('field.name'), 'name', list)}${th(t('field.domain'), 'domain', list)}${th(t('field.owner'), 'owner', list)}${th(t('crm.contacts_n'), 'contacts', list)}${th(t('crm.deals_n'), null, list)}${th(t('field.created'), null, list)}</tr></thead>
          <tbody>${page.items.map((co: CompanyRow) => html`<tr><td><a href="/companies/${co.id}">${co.name}</a></td><td>${co.domain ?? ''}</td><td>${owners.get(co.owner_id) ?? ''}</td>
            <td class="num">${String(counts.get(co.id)?.contacts ?? 0)}</td><td class="num">${String(counts.get(co.id)?.deals ?? 0)}</td><td>${when(ctx, co.created_at, false)}</td></tr>`)}</tbody>
        </table></div><p class="hint">${t('crm.sort_hint')} ${newestLink(ctx, list)}</p>`}
        ${listPager(ctx, list, page, query)}`;
      return reply.type('text/html; charset=utf-8').send(layout(ctx, { title: t('nav.companies'), body }));
    });

    web.post('/companies', { schema: HIDE }, async (request, reply) => formAction(request, reply, '/companies', async () => {
      const { row } = await services.companies.upsert(actor(request), { name: str(request.body, 'name'), domain: given(request.body, 'domain') });
      return { to: `/companies/${row.id}`, message: ctxOf(request, null).t('companies.saved') };
    }));

    web.get('/companies/:id', { schema: HIDE }, async (request, reply) => {
      const ctx = ctxOf(request, services.config.publicUrl);
      const t = ctx.t;
      const a = actor(request);
      const [co, names, stages] = await Promise.all([services.companies.detail(a, (request.params as { id: string }).id), userNames(services, a.teamId), services.identity.repo.stages(a.teamId).then((x) => localStages(ctx, x))]);
      const body = html`<div class="pagehead"><h1>${co.name}</h1>${co.domain ? html`<span class="muted">${co.domain}</span>` : ''}</div>
        <div class="grid2">
          <section class="card" aria-labelledby="people-h"><h2 id="people-h">${t('nav.contacts')}</h2>
            ${co.contacts.length === 0 ? html`<p class="empty">${t('contacts.none')}</p>` : html`<ul class="rows">${co.contacts.map((c) => html`<li><a href="/contacts/${c.id}">${personName(c)}</a> <span class="muted">${c.job_title ?? ''}</span></li>`)}</ul>`}
          </section>
          <section class="card" aria-labelledby="deals-h"><h2 id="deals-h">${t('nav.deals')}</h2>${dealList(ctx, co.deals, names, stages)}</section>
        </div>
        <section aria-labelledby="tl-h"><h2 id="tl-h">${t('timeline.title')}</h2>${timeline(ctx, co.timeline, names, await timelineCalls(services, a, co.timeline))}</section>`;
      return reply.type('text/html; charset=utf-8').send(layout(ctx, { title: co.name, body }));
    });
  };
}
