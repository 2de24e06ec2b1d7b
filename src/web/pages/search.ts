// The header's search: contacts, companies and deals matching `q`, grouped, through the same
// services (and so the same trigram-indexed search and visibility) as the API's `q` lists.
import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../services.ts';
import type { Page } from '../../common/pagination.ts';
import { html, type Html } from '../html.ts';
import { actor, ctxOf, type PageCtx } from '../context.ts';
import { layout } from '../layout.ts';
import { localStages, money, personName } from '../format.ts';
import { stageLabel, userNames } from '../widgets.ts';

const HIDE = { hide: true };
const PER_GROUP = '10';

/** One group of results: its heading with the count, the rows, and a link to the whole list. */
function group<T>(ctx: PageCtx, id: string, title: string, page: Page<T>, allHref: string, row: (x: T) => Html): Html {
  const t = ctx.t;
  const count = page.total_relation === 'gte' ? t('list.total_gte', { n: page.total }) : String(page.total);
  return html`<section class="card" id="${id}" aria-labelledby="${id}-h"><h2 id="${id}-h">${title} <span class="muted">(${count})</span></h2>
    ${page.items.length === 0 ? html`<p class="empty">${t('search.group_none')}</p>` : html`<ul class="rows">${page.items.map((x) => html`<li>${row(x)}</li>`)}</ul>`}
    ${page.next_cursor ? html`<a href="${allHref}">${page.total_relation === 'gte' ? t('search.all_gte', { n: page.total }) : t('search.all_n', { n: page.total })}</a>` : ''}
  </section>`;
}

export function searchRoutes(services: Services): FastifyPluginAsync {
  return async (web) => {
    web.get('/search', { schema: HIDE }, async (request, reply) => {
      const ctx = ctxOf(request, services.config.publicUrl);
      const t = ctx.t;
      const a = actor(request);
      const q = String((request.query as Record<string, unknown>).q ?? '').trim();
      const form = html`<form method="get" action="/search" class="search" role="search" aria-label="${t('search.label')}">
        <label for="sq" class="sr-only">${t('search.label')}</label><input id="sq" name="q" type="search" value="${q}" placeholder="${t('search.label')}">
        <button type="submit">${t('action.search')}</button></form>`;
      if (!q) {
        const body = html`<div class="pagehead"><h1>${t('search.title')}</h1>${form}</div><p class="hint">${t('search.prompt')} ${t('search.shortcut')}</p>`;
        return reply.type('text/html; charset=utf-8').send(layout(ctx, { title: t('search.title'), body }));
      }
      // Deals of every status: a rep looks for a won deal as much as for an open one.
      const [contacts, companies, deals, names, stages] = await Promise.all([
        services.contacts.list(a, { q, limit: PER_GROUP }), services.companies.list(a, { q, limit: PER_GROUP }),
        services.deals.list(a, { q, status: 'all', limit: PER_GROUP }), userNames(services, a.teamId),
        services.identity.repo.stages(a.teamId).then((s) => localStages(ctx, s)),
      ]);
      const companyOf = await services.companies.byIds(a, contacts.items.flatMap((c) => (c.company_id ? [c.company_id] : [])));
      const qs = (extra: Record<string, string> = {}) => new URLSearchParams({ q, ...extra }).toString();
      const none = contacts.total + companies.total + deals.total === 0;
      const body = html`<div class="pagehead"><h1>${t('search.results_for', { q })}</h1>${form}</div>
        ${none ? html`<p class="empty">${t('search.none', { q })}</p>` : html`<div class="searchgroups">
          ${group(ctx, 'found-contacts', t('nav.contacts'), contacts, `/contacts?${qs()}`, (c) => html`<a href="/contacts/${c.id}">${personName(c)}</a>
            <span class="muted">${c.email}${c.company_id && companyOf.get(c.company_id) ? html` · ${companyOf.get(c.company_id)!.name}` : ''}</span>`)}
          ${group(ctx, 'found-companies', t('nav.companies'), companies, `/companies?${qs()}`, (co) => html`<a href="/companies/${co.id}">${co.name}</a>
            ${co.domain ? html`<span class="muted">${co.domain}</span>` : ''}`)}
          ${group(ctx, 'found-deals', t('nav.deals'), deals, `/deals?${qs({ status: 'all' })}`, (d) => html`<a href="/deals/${d.id}">${d.title}</a>
            <span class="muted">${stageLabel(stages, d.stage)} · ${t(`status.${d.status}`)} · ${money(ctx, d.value_cents)} · ${names.get(d.owner_id) ?? ''}</span>`)}
        </div>`}`;
      return reply.type('text/html; charset=utf-8').send(layout(ctx, { title: t('search.title'), body }));
    });
  };
}
