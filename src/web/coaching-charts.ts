// The coaching page's charts, server-rendered SVG without script: weekly averages on a time axis
// of ISO weeks (one slot per week, a week without calls is a gap in the line), and the team's
// spread of scores per dimension (how many calls scored 1 … 5). Each chart has a text
// alternative; the page puts a table with the same numbers next to it.
import { SCORE_DIMENSIONS, type ScoreDimension } from '../calls/analyzer/types.ts';
import type { Spread, WeekPoint } from '../calls/coaching-stats.ts';
import { html, type Html } from './html.ts';
import type { PageCtx } from './context.ts';
import { DIMENSION_COLOURS, dimensionLabel, MARKERS, marker } from './charts.ts';

const intlOf = (ctx: PageCtx) => (ctx.locale === 'de' ? 'de-DE' : 'en-GB');

/** A week's short name ("W47" / "KW 47") and its Monday as a date, with the year where it starts or changes. */
export function weekName(ctx: PageCtx, w: Pick<WeekPoint, 'week'>): string {
  return ctx.locale === 'de' ? `KW ${w.week}` : `W${w.week}`;
}

export function mondayText(ctx: PageCtx, start: string, withYear: boolean): string {
  return new Intl.DateTimeFormat(intlOf(ctx), { day: 'numeric', month: 'short', ...(withYear ? { year: 'numeric' } : {}), timeZone: 'UTC' }).format(Date.parse(start));
}

/** The score as written in the interface language (one decimal). */
export function scoreText(ctx: PageCtx, v: number): string {
  return v.toLocaleString(intlOf(ctx), { maximumFractionDigits: 1, minimumFractionDigits: 1 });
}

interface Placed { cx: number; cy: number }

/** Markers of one week whose values (nearly) meet are set side by side, so each stays visible. */
function placeWeek(xs: Array<number | null>, cx: number, y: (v: number) => number, spread: number): Array<Placed | null> {
  const out: Array<Placed | null> = xs.map((v) => (v === null ? null : { cx, cy: y(v) }));
  const order = out.map((p, i) => ({ p, i })).filter((x): x is { p: Placed; i: number } => x.p !== null).sort((a, b) => a.p.cy - b.p.cy);
  let cluster: typeof order = [];
  const flush = () => {
    cluster.forEach((x, k) => { x.p.cx = cx + (k - (cluster.length - 1) / 2) * spread; });
    cluster = [];
  };
  for (const x of order) {
    if (cluster.length && x.p.cy - cluster[cluster.length - 1].p.cy >= 9) flush();
    cluster.push(x);
  }
  flush();
  return out;
}

/** Runs of consecutive weeks with a value: each is one line; a week without calls breaks it. */
function runs(points: Array<Placed | null>): Placed[][] {
  const out: Placed[][] = [[]];
  for (const p of points) {
    if (p) out[out.length - 1].push(p);
    else if (out[out.length - 1].length) out.push([]);
  }
  return out.filter((r) => r.length > 1);
}

function axisLabels(ctx: PageCtx, weeks: WeekPoint[], x: (i: number) => number, h: number): Html {
  const every = Math.ceil(weeks.length / 13);
  let lastYear = '';
  return html`${weeks.map((w, i) => {
    if (i % every !== 0) return '';
    const year = w.start.slice(0, 4);
    const withYear = year !== lastYear;
    lastYear = year;
    return html`<text class="xlabel" x="${x(i).toFixed(1)}" y="${h - 26}" font-size="12" text-anchor="middle" fill="#5a6270"><tspan x="${x(i).toFixed(1)}">${weekName(ctx, w)}</tspan><tspan x="${x(i).toFixed(1)}" dy="14">${mondayText(ctx, w.start, withYear)}</tspan></text>`;
  })}`;
}

/** A rep's weekly average per dimension: x is the ISO week (equal steps, none left out), y the average 1..5. */
export function weeklyChart(ctx: PageCtx, id: string, title: string, weeks: WeekPoint[]): Html {
  const w = 960;
  const h = 300;
  const pad = { l: 40, r: 24, t: 16, b: 52 };
  const step = weeks.length > 1 ? (w - pad.l - pad.r - 40) / (weeks.length - 1) : 0;
  const x = (i: number) => (weeks.length > 1 ? pad.l + 20 + i * step : pad.l + (w - pad.l - pad.r) / 2);
  const y = (v: number) => pad.t + ((5 - v) / 4) * (h - pad.t - pad.b);
  const spread = weeks.length > 1 ? Math.min(12, step / 5) : 12;
  const byWeek = weeks.map((wk, i) => placeWeek(SCORE_DIMENSIONS.map((d) => wk.means[d]), x(i), y, spread));
  const series = SCORE_DIMENSIONS.map((d, k) => ({ d, label: dimensionLabel(ctx, d), points: byWeek.map((pw) => pw[k]), shape: MARKERS[k % MARKERS.length] }));
  const desc = series.map((s) => `${s.label}: ${weeks.flatMap((wk) => (wk.means[s.d] === null ? [] : [`${weekName(ctx, wk)} ${scoreText(ctx, wk.means[s.d]!)}`])).join(', ')}`).join('; ');
  return html`<figure class="chart">
    <div class="chartbox"><svg viewBox="0 0 ${w} ${h}" role="img" aria-labelledby="${id}-t ${id}-d">
      <title id="${id}-t">${title}</title><desc id="${id}-d">${desc}</desc>
      ${[1, 2, 3, 4, 5].map((v) => html`<line x1="${pad.l}" y1="${y(v)}" x2="${w - pad.r}" y2="${y(v)}" stroke="#d5d9e0"/><text x="${pad.l - 10}" y="${y(v) + 4}" font-size="13" text-anchor="end" fill="#5a6270">${v}</text>`)}
      ${weeks.map((wk, i) => html`<line x1="${x(i).toFixed(1)}" y1="${h - pad.b}" x2="${x(i).toFixed(1)}" y2="${h - pad.b + 4}" stroke="#8a919c"/>`)}
      ${axisLabels(ctx, weeks, x, h)}
      ${series.map((s) => html`<g class="series" data-series="${s.d}">
        ${runs(s.points).map((r) => html`<polyline fill="none" stroke="${DIMENSION_COLOURS[s.d]}" stroke-width="2.5" points="${r.map((p) => `${p.cx.toFixed(1)},${p.cy.toFixed(1)}`).join(' ')}"/>`)}
        ${s.points.map((p) => (p ? marker(s.shape, p.cx, p.cy, DIMENSION_COLOURS[s.d]) : ''))}
      </g>`)}
    </svg></div>
    <figcaption><ul class="legend">${series.map((s) => html`<li><svg class="swatch" viewBox="0 0 24 12" aria-hidden="true" width="24" height="12"><line x1="0" y1="6" x2="24" y2="6" stroke="${DIMENSION_COLOURS[s.d]}" stroke-width="2.5"/>${marker(s.shape, 12, 6, DIMENSION_COLOURS[s.d], 4)}</svg>${s.label}</li>`)}</ul></figcaption>
  </figure>`;
}

/** Score 1 (weak) to 5 (strong): a diverging scale that stays apart for common colour-vision deficiencies. */
export const SCORE_COLOURS = ['#b2182b', '#ef8a62', '#d9d9d9', '#67a9cf', '#2166ac'] as const;
const SCORE_INK = ['#ffffff', '#1a1d23', '#1a1d23', '#1a1d23', '#ffffff'] as const;

/** Per dimension, one bar split by how many calls scored 1 … 5; counts written in their segment. */
export function spreadChart(ctx: PageCtx, id: string, title: string, spread: Record<ScoreDimension, Spread | null>): Html {
  const row = 36;
  const labelW = 170;
  const barW = 740;
  const w = labelW + barW + 20;
  const h = SCORE_DIMENSIONS.length * row + 8;
  const desc = SCORE_DIMENSIONS.map((d) => `${dimensionLabel(ctx, d)}: ${(spread[d]?.counts ?? [0, 0, 0, 0, 0]).map((n, i) => `${i + 1}: ${n}`).join(', ')}`).join('; ');
  return html`<figure class="chart">
    <div class="chartbox"><svg viewBox="0 0 ${w} ${h}" role="img" aria-labelledby="${id}-t ${id}-d">
      <title id="${id}-t">${title}</title><desc id="${id}-d">${desc}</desc>
      ${SCORE_DIMENSIONS.map((d, r) => {
        const s = spread[d];
        const top = 4 + r * row;
        let at = labelW;
        return html`<text x="${labelW - 10}" y="${top + 19}" font-size="14" text-anchor="end" fill="#1a1d23">${dimensionLabel(ctx, d)}</text>
          <g class="dist" data-dimension="${d}">${(s?.counts ?? []).map((n, i) => {
            if (n === 0) return '';
            const width = (n / s!.n) * barW;
            const x0 = at;
            at += width;
            return html`<rect x="${x0.toFixed(1)}" y="${top + 2}" width="${width.toFixed(1)}" height="24" fill="${SCORE_COLOURS[i]}" stroke="#ffffff"/>${width >= 22 ? html`<text x="${(x0 + width / 2).toFixed(1)}" y="${top + 19}" font-size="13" text-anchor="middle" fill="${SCORE_INK[i]}">${n}</text>` : ''}`;
          })}</g>`;
      })}
    </svg></div>
    <figcaption><ul class="legend">${SCORE_COLOURS.map((c, i) => html`<li><svg class="swatch" viewBox="0 0 24 12" aria-hidden="true" width="24" height="12"><rect x="0" y="0" width="24" height="12" fill="${c}"/></svg>${ctx.t('coaching.score_n', { n: i + 1 })}</li>`)}</ul></figcaption>
  </figure>`;
}
