// The coaching views: a call's analysis (scores chart, strongest moment, biggest miss with what
// to say instead, three moments with methods, commitment, talk time, objections, and the
// transcript with all of these marked where they were said: transcript/view.ts) and the list of
// calls with their scores. Coaching over time is pages/coaching.ts.
import type { FastifyPluginAsync, RouteHandlerMethod } from 'fastify';
import type { Services } from '../../services.ts';
import { seesAll } from '../../common/actor.ts';
import type { CallRow } from '../../calls/call.row.ts';
import { METHODS, SCORE_DIMENSIONS, type AnalysisResult, type BiggestMiss, type Moment } from '../../calls/analyzer/types.ts';
import { html, type Html } from '../html.ts';
import { actor, ctxOf, type PageCtx } from '../context.ts';
import { layout } from '../layout.ts';
import { personName, when } from '../format.ts';
import { dimensionLabel, scoreBars } from '../charts.ts';
import { listHref, pager, repOf, repSelect, userNames } from '../widgets.ts';
import { transcriptView } from '../transcript/view.ts';
import { analyseCallLink, progressLink } from './analyse-call.ts';

const HIDE = { hide: true };

function scoresOf(c: CallRow): AnalysisResult['scores'] | null {
  const r = c.result as AnalysisResult | null;
  return c.status === 'done' && r?.scores ? r.scores : null;
}

function statusBadge(ctx: PageCtx, c: CallRow): Html {
  const cls = c.status === 'done' ? 'ok' : c.status === 'failed' ? 'err' : '';
  return html`<span class="badge ${cls}">${ctx.t(`callstatus.${c.status}`)}</span>`;
}

function methodOf(ctx: PageCtx, m: Moment): Html {
  if (!m.method) return html``;
  // The interface's language, whatever the analysis was asked for (method_label is the API's English).
  const label = m.method in METHODS ? ctx.t(`method.${m.method}`) : (m.method_label ?? m.method);
  return html`<p class="muted">${ctx.t('calls.method')}: <strong>${label}</strong></p>`;
}

/** `key` names the moment's anchors: `moment-KEY` here, `at-KEY` where the transcript says it (when it was found there). */
function momentBlock(ctx: PageCtx, m: Moment | BiggestMiss, kind: 'strong' | 'miss' | 'plain', callLanguage: string, place: { key: string; placed: boolean }, heading?: string): Html {
  const miss = kind === 'miss' ? (m as BiggestMiss) : null;
  return html`<div class="moment ${kind}" id="moment-${place.key}">
    ${heading ? html`<h3>${heading}</h3>` : ''}
    <p class="to-transcript">${place.placed ? html`<a href="#at-${place.key}">${ctx.t('tr.show')}</a>` : html`<span class="muted">${ctx.t('tr.not_found')}</span>`}</p>
    <blockquote lang="${callLanguage}"><p>“${m.quote}”</p><footer class="muted">— ${m.speaker}</footer></blockquote>
    <p><strong>${ctx.t('calls.why')}:</strong> ${m.why}</p>
    <p><strong>${ctx.t('calls.coaching')}:</strong> ${m.coaching}</p>
    ${miss ? html`<div class="say-instead"><strong>${ctx.t('calls.say_instead')}:</strong> <span lang="${callLanguage}">${miss.what_to_say_instead}</span></div>` : ''}
    ${methodOf(ctx, m)}
  </div>`;
}

/** A call: its coaching, and the transcript with the moments marked where they were said. */
function callPage(services: Services): RouteHandlerMethod {
  return async (request, reply) => {
    const ctx = ctxOf(request, services.config.publicUrl);
    const t = ctx.t;
    const a = actor(request);
    const c = await services.calls.get(a, (request.params as { id: string }).id);
    const [names, contact, deal] = await Promise.all([
      userNames(services, a.teamId),
      c.contact_id ? services.contacts.getRow(a, c.contact_id).catch(() => null) : null,
      c.deal_id ? services.deals.get(a, c.deal_id).catch(() => null) : null,
    ]);
    const r = c.status === 'done' ? (c.result as AnalysisResult | null) : null;
    const callLang = r?.call_language ?? c.language;
    const tv = transcriptView(ctx, await services.calls.transcript(a, c.id), r, callLang);
    const at = (key: string) => ({ key, placed: tv.placed.has(key) });
    // Without a file name the call is named after who it was with.
    const title = c.filename ?? (contact ? t('calls.call_with', { name: personName(contact) }) : t('calls.call'));
    const body = html`<div class="pagehead"><h1>${title}</h1>${statusBadge(ctx, c)}</div>
      <dl class="facts">
        <dt>${t('field.owner')}</dt><dd>${names.get(c.owner_id) ?? ''}</dd>
        <dt>${t('field.created')}</dt><dd>${when(ctx, c.created_at)}</dd>
        ${contact ? html`<dt>${t('deals.contact')}</dt><dd><a href="/contacts/${contact.id}">${personName(contact)}</a></dd>` : ''}
        ${deal ? html`<dt>${t('nav.deals')}</dt><dd><a href="/deals/${deal.id}">${deal.title}</a></dd>` : ''}
      </dl>
      ${c.status === 'failed' ? html`<p class="flash flash-error" role="alert">${t('calls.failed')} ${c.error ?? ''}</p>` : ''}
      ${c.status === 'queued' || c.status === 'running' ? html`<p class="flash flash-ok" role="status">${t('calls.in_progress')} ${progressLink(ctx, c.id)}</p>` : ''}
      ${r ? html`<div class="grid2">
          <section class="card scores" aria-labelledby="sc-h"><h2 id="sc-h">${t('calls.scores')}</h2>${scoreBars(ctx, r.scores)}</section>
          <section class="card" aria-labelledby="cm-h"><h2 id="cm-h">${t('calls.commitment')}</h2><p id="commitment" class="big">${r.commitment}</p></section>
        </div>
        <div class="grid2">
          <section class="card" aria-labelledby="st-h"><h2 id="st-h">${t('calls.strongest')}</h2>${momentBlock(ctx, r.strongest_moment, 'strong', callLang, at('strong'))}</section>
          <section class="card" aria-labelledby="ms-h" id="biggest-miss"><h2 id="ms-h">${t('calls.biggest_miss')}</h2>${momentBlock(ctx, r.biggest_miss, 'miss', callLang, at('miss'))}</section>
        </div>
        <section class="card" aria-labelledby="mo-h"><h2 id="mo-h">${t('calls.moments')}</h2>
          ${r.moments.map((m, i) => momentBlock(ctx, m, 'plain', callLang, at(`m${i + 1}`), `${i + 1}.`))}</section>` : ''}
      <div class="grid2">${tv.talk}${tv.objections ?? ''}</div>
      ${tv.transcript}`;
    return reply.type('text/html; charset=utf-8').send(layout(ctx, { title, body }));
  };
}

export function callRoutes(services: Services): FastifyPluginAsync {
  return async (web) => {
    web.get('/calls', { schema: HIDE }, async (request, reply) => {
      const ctx = ctxOf(request, services.config.publicUrl);
      const t = ctx.t;
      const a = actor(request);
      const query = request.query as Record<string, string>;
      const names = await userNames(services, a.teamId);
      // Owners and managers can narrow the list to one rep (the coaching page links here).
      const rep = repOf(a, names, query.rep);
      const page = await services.calls.list(a, { cursor: query.cursor, limit: '50' }, { ownerId: rep || undefined });
      const contacts = await services.contacts.byIds(a, page.items.flatMap((c) => (c.contact_id ? [c.contact_id] : [])));
      const heading = rep ? t('coaching.rep_calls', { name: names.get(rep)! }) : t('nav.calls');
      const body = html`<div class="pagehead"><h1>${heading}</h1><span class="headlinks"><a href="/coaching">${t('nav.coaching')}</a>${analyseCallLink(ctx)}</span></div>
        <p class="hint">${t('calls.push_hint')}</p>
        ${seesAll(a) ? html`<form method="get" action="/calls" class="inline-form card" role="search">
          ${repSelect(ctx, names, rep, 'rep', 'rep')}
          <button type="submit">${t('calls.show')}</button>
        </form>` : ''}
        ${page.items.length === 0 ? html`<p class="empty">${t('calls.none')}</p>` : html`<div class="tablewrap"><table>
          <thead><tr><th scope="col">${t('calls.call')}</th><th scope="col">${t('deals.contact')}</th><th scope="col">${t('field.owner')}</th><th scope="col">${t('deals.status')}</th>
            ${SCORE_DIMENSIONS.map((d) => html`<th scope="col" class="num">${dimensionLabel(ctx, d)}</th>`)}</tr></thead>
          <tbody>${page.items.map((c) => {
            const s = scoresOf(c);
            return html`<tr><td><a href="/calls/${c.id}">${c.filename ?? when(ctx, c.created_at)}</a>${c.filename ? html`<br><span class="muted">${when(ctx, c.created_at)}</span>` : ''}</td>
              <td>${c.contact_id && contacts.has(c.contact_id) ? html`<a href="/contacts/${c.contact_id}">${personName(contacts.get(c.contact_id)!)}</a>` : ''}</td>
              <td>${names.get(c.owner_id) ?? ''}</td><td>${statusBadge(ctx, c)}</td>
              ${SCORE_DIMENSIONS.map((d) => html`<td class="num">${s ? s[d] : '—'}</td>`)}</tr>`;
          })}</tbody></table></div>`}
        ${pager(ctx, listHref('/calls', { rep }), page, query.cursor)}`;
      return reply.type('text/html; charset=utf-8').send(layout(ctx, { title: heading, body }));
    });

    web.get('/calls/:id', { schema: HIDE }, callPage(services));

  };
}
