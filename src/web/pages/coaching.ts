// Coaching over time (/coaching): for owners and managers each rep's five dimensions week by week,
// the team's spread per dimension and each rep's recurring biggest misses; for a member their own
// weeks and misses only (the calls' visibility: a member sees the calls they pushed). Every chart
// has a table with its numbers next to it.
import type { FastifyPluginAsync, RouteHandlerMethod } from 'fastify';
import type { Services } from '../../services.ts';
import { seesAll } from '../../common/actor.ts';
import { METHODS, SCORE_DIMENSIONS, type ScoreDimension } from '../../calls/analyzer/types.ts';
import type { RecurringMiss, Spread, WeekPoint } from '../../calls/coaching-stats.ts';
import { COACHING_PERIODS, DEFAULT_PERIOD, isCoachingPeriod, type CoachingPeriod, type CoachingTrends, type RepTrend } from '../../calls/coaching-trends.service.ts';
import { html, type Html } from '../html.ts';
import { actor, ctxOf, type PageCtx } from '../context.ts';
import { layout } from '../layout.ts';
import { dimensionLabel } from '../charts.ts';
import { mondayText, scoreText, spreadChart, weekName, weeklyChart } from '../coaching-charts.ts';
import { repOf, repSelect, userNames } from '../widgets.ts';

const HIDE = { hide: true };
/** Links to single calls per method; the rest are on the rep's Calls page. */
const MISS_LINKS = 5;

function methodText(ctx: PageCtx, method: string | null): string {
  if (method === null) return ctx.t('coaching.no_method');
  return method in METHODS ? ctx.t(`method.${method as keyof typeof METHODS}`) : method;
}

function periodForm(ctx: PageCtx, weeks: CoachingPeriod, picker: Html | ''): Html {
  const t = ctx.t;
  return html`<form method="get" action="/coaching" class="inline-form card" role="search">
    <div class="field"><label for="weeks">${t('coaching.period')}</label><select id="weeks" name="weeks">${COACHING_PERIODS.map((n) => html`<option value="${n}"${n === weeks ? html` selected` : ''}>${t('coaching.last_weeks', { n })}</option>`)}</select></div>
    ${picker}
    <button type="submit">${t('calls.show')}</button>
  </form>`;
}

function averages(ctx: PageCtx, tr: CoachingTrends, manager: boolean): Html {
  const t = ctx.t;
  const known = SCORE_DIMENSIONS.filter((d) => tr.means[d] !== null);
  const weakest = known.reduce((lo, d) => (tr.means[d]! < tr.means[lo]! ? d : lo), known[0]);
  return html`<div class="kpis two">
      <div class="kpi" id="weakest"><span class="muted">${manager ? t('coaching.weakest_team') : t('coaching.weakest_mine')}</span><span class="big">${dimensionLabel(ctx, weakest)}</span><span>${t('coaching.average')} ${scoreText(ctx, tr.means[weakest]!)} / 5</span></div>
      <div class="kpi"><span class="muted">${t('coaching.analysed')}</span><span class="big" id="analysed">${tr.calls}</span></div>
    </div>
    <div class="kpis five" id="dimension-averages">
      ${SCORE_DIMENSIONS.map((d) => html`<div class="kpi"><span class="muted">${dimensionLabel(ctx, d)}</span><span class="big">${scoreText(ctx, tr.means[d]!)}</span></div>`)}
    </div>`;
}

function spreadSection(ctx: PageCtx, spread: Record<ScoreDimension, Spread | null>): Html {
  const t = ctx.t;
  const num = (v: number) => v.toLocaleString(ctx.locale === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: 2 });
  return html`<section class="card" id="team-spread" aria-labelledby="spread-h"><h2 id="spread-h">${t('coaching.spread')}</h2>
    <p class="hint">${t('coaching.spread_hint')} ${t('coaching.columns_hint')}</p>
    ${spreadChart(ctx, 'spread', t('coaching.spread'), spread)}
    <div class="tablewrap"><table class="numbers">
      <caption class="sr-only">${t('coaching.spread')}</caption>
      <thead><tr><th scope="col">${t('coaching.dimension')}</th><th scope="col" class="num">${t('coaching.calls')}</th>
        ${[1, 2, 3, 4, 5].map((n) => html`<th scope="col" class="num" title="${t('coaching.score_n', { n })}"><span class="sr-only">${t('coaching.score_n', { n })}</span><span aria-hidden="true">${n}</span></th>`)}
        <th scope="col" class="num">${t('coaching.min')}</th><th scope="col" class="num">${t('coaching.q1')}</th><th scope="col" class="num">${t('coaching.median')}</th><th scope="col" class="num">${t('coaching.q3')}</th><th scope="col" class="num">${t('coaching.max')}</th></tr></thead>
      <tbody>${SCORE_DIMENSIONS.map((d) => {
        const s = spread[d];
        return html`<tr data-dimension="${d}"><th scope="row">${dimensionLabel(ctx, d)}</th><td class="num">${s?.n ?? 0}</td>
          ${(s?.counts ?? [0, 0, 0, 0, 0]).map((n) => html`<td class="num">${n}</td>`)}
          ${s ? [s.min, s.q1, s.median, s.q3, s.max].map((v) => html`<td class="num">${num(v)}</td>`) : [1, 2, 3, 4, 5].map(() => html`<td class="num">—</td>`)}</tr>`;
      })}</tbody>
    </table></div>
  </section>`;
}

/** The chart's numbers as a table: one column per week (as on the chart's axis), "—" for a week without calls. */
function weeklyTable(ctx: PageCtx, id: string, name: string, weeks: WeekPoint[]): Html {
  const t = ctx.t;
  return html`<div class="tablewrap"><table class="numbers weekly" id="${id}-table">
    <caption>${t('coaching.weekly_numbers', { name })}</caption>
    <thead><tr><th scope="col">${t('coaching.week')}</th>${weeks.map((w, i) => html`<th scope="col" class="num">${weekName(ctx, w)}<br><span class="muted">${mondayText(ctx, w.start, i === 0 || w.start.slice(5, 10) <= '01-07')}</span></th>`)}</tr></thead>
    <tbody>
      <tr data-row="calls"><th scope="row">${t('coaching.calls')}</th>${weeks.map((w) => html`<td class="num">${w.calls}</td>`)}</tr>
      ${SCORE_DIMENSIONS.map((d) => html`<tr data-row="${d}"><th scope="row">${dimensionLabel(ctx, d)}</th>${weeks.map((w) => html`<td class="num">${w.means[d] === null ? '—' : scoreText(ctx, w.means[d]!)}</td>`)}</tr>`)}
    </tbody>
  </table></div>`;
}

function missesBlock(ctx: PageCtx, id: string, rep: RepTrend): Html {
  const t = ctx.t;
  const top = rep.misses.find((m) => m.method !== null);
  const links = (m: RecurringMiss) => html`${m.calls.slice(0, MISS_LINKS).map((c, i) => html`${i ? ', ' : ''}<a href="/calls/${c.id}#biggest-miss">${mondayText(ctx, c.at, false)}</a>`)}${m.calls.length > MISS_LINKS ? html` <a href="/calls?rep=${rep.ownerId}">${t('coaching.more', { n: m.calls.length - MISS_LINKS })}</a>` : ''}`;
  return html`<h3 id="${id}-misses-h">${t('coaching.misses')}</h3>
    ${top ? html`<p class="top-miss">${t('coaching.misses_top', { method: methodText(ctx, top.method), n: top.count, total: rep.calls })}</p>` : ''}
    <div class="tablewrap"><table class="numbers misses" aria-labelledby="${id}-misses-h">
      <thead><tr><th scope="col">${t('calls.method')}</th><th scope="col" class="num">${t('coaching.times')}</th><th scope="col">${t('coaching.miss_calls')}</th></tr></thead>
      <tbody>${rep.misses.map((m) => html`<tr data-method="${m.method ?? ''}"><th scope="row">${methodText(ctx, m.method)}</th><td class="num">${m.count}</td><td>${links(m)}</td></tr>`)}</tbody>
    </table></div>`;
}

function repSection(ctx: PageCtx, rep: RepTrend, name: string, i: number): Html {
  const t = ctx.t;
  const id = `rep-${i}`;
  return html`<section class="card rep-trend" aria-labelledby="${id}-h" data-rep="${rep.ownerId}">
    <div class="pagehead"><h2 id="${id}-h">${name} <span class="muted">· ${t(rep.calls === 1 ? 'coaching.calls_one' : 'coaching.calls_n', { n: rep.calls })}</span></h2>
      <a href="/calls?rep=${rep.ownerId}">${t('coaching.rep_calls', { name })}</a></div>
    ${weeklyChart(ctx, id, t('coaching.over_time', { name }), rep.weeks)}
    <p class="hint">${t('coaching.gaps_hint')}</p>
    ${weeklyTable(ctx, id, name, rep.weeks)}
    ${missesBlock(ctx, id, rep)}
  </section>`;
}

function coachingPage(services: Services): RouteHandlerMethod {
  return async (request, reply) => {
    const ctx = ctxOf(request, services.config.publicUrl);
    const t = ctx.t;
    const a = actor(request);
    const query = request.query as Record<string, unknown>;
    const asked = typeof query.weeks === 'string' && query.weeks !== '' ? query.weeks : null;
    const weeks = asked !== null && /^\d{1,3}$/.test(asked) && isCoachingPeriod(Number(asked)) ? (Number(asked) as CoachingPeriod) : DEFAULT_PERIOD;
    const names = await userNames(services, a.teamId);
    const manager = seesAll(a);
    const rep = repOf(a, names, query.rep);
    const tr = await services.coachingTrends.trends(a, { weeks, rep: rep || undefined });
    const reps = [...tr.reps].sort((x, y) => (names.get(x.ownerId) ?? x.ownerId).localeCompare(names.get(y.ownerId) ?? y.ownerId));
    const first = tr.weeks[0];
    const last = tr.weeks[tr.weeks.length - 1];
    const body = html`<div class="pagehead"><h1>${manager ? t('coaching.title_team') : t('coaching.title_mine')}</h1><a href="/calls">${t('nav.calls')}</a></div>
      ${periodForm(ctx, weeks, manager ? repSelect(ctx, names, rep, 'rep', 'rep') : '')}
      ${asked !== null && String(weeks) !== asked ? html`<p class="flash flash-error" role="alert" id="bad-period">${t('coaching.bad_period', { value: asked.slice(0, 40), n: weeks })}</p>` : ''}
      <p class="hint" id="period">${t('coaching.range', { from: `${weekName(ctx, first)} ${first.year} (${mondayText(ctx, first.start, true)})`, to: `${weekName(ctx, last)} ${last.year}` })}</p>
      ${tr.calls === 0 ? html`<p class="empty">${t('coaching.none_period')}</p>` : html`
        ${averages(ctx, tr, manager)}
        ${tr.spread ? spreadSection(ctx, tr.spread) : ''}
        ${reps.map((r, i) => repSection(ctx, r, names.get(r.ownerId) ?? r.ownerId, i))}`}`;
    return reply.type('text/html; charset=utf-8').send(layout(ctx, { title: t('nav.coaching'), body, wide: false }));
  };
}

export function coachingRoutes(services: Services): FastifyPluginAsync {
  return async (web) => {
    web.get('/coaching', { schema: HIDE }, coachingPage(services));
  };
}
