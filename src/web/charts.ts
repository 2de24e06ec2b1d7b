// Server-rendered SVG charts for the coaching views: no script, readable without colour
// (values are written next to bars; lines have markers and a legend), with a text alternative.
import { SCORE_DIMENSIONS, type ScoreDimension, type Scores } from '../calls/analyzer/types.ts';
import { html, type Html } from './html.ts';
import type { PageCtx } from './context.ts';

/** Distinguishable for common colour-vision deficiencies (Okabe–Ito), dark enough on white. */
export const DIMENSION_COLOURS: Record<ScoreDimension, string> = {
  discovery: '#0072B2', listening: '#D55E00', value: '#009E73', objection_handling: '#CC79A7', next_step: '#8a6d00',
};

export function dimensionLabel(ctx: PageCtx, d: ScoreDimension): string {
  return ctx.t(`dim.${d}`);
}

export function scoreBars(ctx: PageCtx, scores: Scores): Html {
  const row = 34;
  const labelW = 170;
  const barMax = 300;
  const h = SCORE_DIMENSIONS.length * row + 28;
  const w = labelW + barMax + 40;
  const desc = SCORE_DIMENSIONS.map((d) => `${dimensionLabel(ctx, d)}: ${scores[d]}/5`).join(', ');
  return html`<svg viewBox="0 0 ${w} ${h}" role="img" aria-labelledby="scores-title scores-desc" class="scorechart">
    <title id="scores-title">${ctx.t('calls.scores')}</title><desc id="scores-desc">${desc}</desc>
    ${[1, 2, 3, 4, 5].map((v) => {
      const x = labelW + (v / 5) * barMax;
      return html`<line x1="${x}" y1="4" x2="${x}" y2="${h - 22}" stroke="#d5d9e0" stroke-width="1"/><text x="${x}" y="${h - 6}" font-size="12" text-anchor="middle" fill="#5a6270">${v}</text>`;
    })}
    ${SCORE_DIMENSIONS.map((d, i) => {
      const y = 6 + i * row;
      const v = Math.max(0, Math.min(5, scores[d]));
      return html`<text x="${labelW - 10}" y="${y + 18}" font-size="14" text-anchor="end" fill="#1a1d23">${dimensionLabel(ctx, d)}</text>
        <rect x="${labelW}" y="${y + 4}" width="${(v / 5) * barMax}" height="20" rx="3" fill="${DIMENSION_COLOURS[d]}"/>
        <text x="${labelW + (v / 5) * barMax + 6}" y="${y + 19}" font-size="14" font-weight="700" fill="#1a1d23">${v}</text>`;
    })}
  </svg>`;
}

export interface Series {
  label: string;
  colour: string;
  points: Array<{ at: string; value: number }>;
}

/** Scores over time: x is the call time, y the score 1..5. */
export function lineChart(ctx: PageCtx, id: string, title: string, series: Series[]): Html {
  const w = 640;
  const h = 240;
  const pad = { l: 36, r: 16, t: 12, b: 34 };
  const all = series.flatMap((s) => s.points.map((p) => Date.parse(p.at)));
  const min = Math.min(...all);
  const max = Math.max(...all);
  const span = max - min || 1;
  const x = (at: string) => (all.length <= 1 || max === min ? pad.l + (w - pad.l - pad.r) / 2 : pad.l + ((Date.parse(at) - min) / span) * (w - pad.l - pad.r));
  const y = (v: number) => pad.t + ((5 - v) / 4) * (h - pad.t - pad.b);
  const fmt = new Intl.DateTimeFormat(ctx.locale === 'de' ? 'de-DE' : 'en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const desc = series.map((s) => `${s.label}: ${s.points.map((p) => p.value).join(', ')}`).join('; ');
  return html`<figure class="chart">
    <svg viewBox="0 0 ${w} ${h}" role="img" aria-labelledby="${id}-t ${id}-d">
      <title id="${id}-t">${title}</title><desc id="${id}-d">${desc}</desc>
      ${[1, 2, 3, 4, 5].map((v) => html`<line x1="${pad.l}" y1="${y(v)}" x2="${w - pad.r}" y2="${y(v)}" stroke="#d5d9e0"/><text x="${pad.l - 8}" y="${y(v) + 4}" font-size="12" text-anchor="end" fill="#5a6270">${v}</text>`)}
      ${all.length > 0 ? html`<text x="${pad.l}" y="${h - 10}" font-size="12" fill="#5a6270">${fmt.format(min)}</text>
        <text x="${w - pad.r}" y="${h - 10}" font-size="12" text-anchor="end" fill="#5a6270">${fmt.format(max)}</text>` : ''}
      ${series.map((s) => html`<g>
        ${s.points.length > 1 ? html`<polyline fill="none" stroke="${s.colour}" stroke-width="2.5" points="${s.points.map((p) => `${x(p.at).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ')}"/>` : ''}
        ${s.points.map((p) => html`<circle cx="${x(p.at).toFixed(1)}" cy="${y(p.value).toFixed(1)}" r="3.5" fill="${s.colour}"/>`)}
      </g>`)}
    </svg>
    <figcaption><ul class="legend">${series.map((s) => html`<li><svg class="swatch" viewBox="0 0 10 10" aria-hidden="true" width="14" height="14"><rect width="10" height="10" fill="${s.colour}"/></svg>${s.label}</li>`)}</ul></figcaption>
  </figure>`;
}
