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

const AXIS_FORMATS: Intl.DateTimeFormatOptions[] = [
  { day: 'numeric', month: 'short' },
  { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit' },
];

/** One marker shape per series, so lines stay apart without colour (and in the legend). */
const MARKERS = ['circle', 'square', 'triangle', 'diamond', 'triangle-down'] as const;
type Marker = (typeof MARKERS)[number];

function marker(shape: Marker, cx: number, cy: number, colour: string, r = 5): Html {
  const p = (pts: Array<[number, number]>) => pts.map(([px, py]) => `${(cx + px).toFixed(1)},${(cy + py).toFixed(1)}`).join(' ');
  switch (shape) {
    case 'circle': return html`<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${r}" fill="${colour}"/>`;
    case 'square': return html`<rect x="${(cx - r * 0.85).toFixed(1)}" y="${(cy - r * 0.85).toFixed(1)}" width="${(r * 1.7).toFixed(1)}" height="${(r * 1.7).toFixed(1)}" fill="${colour}"/>`;
    case 'triangle': return html`<polygon points="${p([[0, -r * 1.15], [r * 1.1, r * 0.8], [-r * 1.1, r * 0.8]])}" fill="${colour}"/>`;
    case 'diamond': return html`<polygon points="${p([[0, -r * 1.2], [r * 1.1, 0], [0, r * 1.2], [-r * 1.1, 0]])}" fill="${colour}"/>`;
    case 'triangle-down': return html`<polygon points="${p([[0, r * 1.15], [r * 1.1, -r * 0.8], [-r * 1.1, -r * 0.8]])}" fill="${colour}"/>`;
  }
}

/**
 * Scores over time: x is the call time, y the score 1..5. Series that meet in one point (equal
 * scores of one call) are spread sideways around it so every marker stays visible.
 */
export function lineChart(ctx: PageCtx, id: string, title: string, series: Series[]): Html {
  const w = 960;
  const h = 280;
  const pad = { l: 40, r: 24, t: 16, b: 38 };
  const all = series.flatMap((s) => s.points.map((p) => Date.parse(p.at)));
  const min = Math.min(...all);
  const max = Math.max(...all);
  // Markers spread `spread` apart; the first and last call sit `inset` in, so a spread stays on the chart.
  const spread = 14;
  const inset = 2 * spread + 4;
  const x = (t: number) => (max === min ? pad.l + (w - pad.l - pad.r) / 2 : pad.l + inset + ((t - min) / (max - min)) * (w - pad.l - pad.r - 2 * inset));
  const y = (v: number) => pad.t + ((5 - v) / 4) * (h - pad.t - pad.b);
  const meeting = new Map<string, number[]>();
  series.forEach((s, i) => s.points.forEach((p) => {
    const at = `${Math.round(x(Date.parse(p.at)))}:${p.value}`;
    meeting.set(at, [...(meeting.get(at) ?? []), i]);
  }));
  const placed = series.map((s, i) => s.points.map((p) => {
    const cx = x(Date.parse(p.at));
    const shared = meeting.get(`${Math.round(cx)}:${p.value}`) ?? [i];
    return { cx: cx + (shared.indexOf(i) - (shared.length - 1) / 2) * spread, cy: y(p.value) };
  }));
  // The first and last call: by date, or by time when that is what tells them apart; one label for one moment.
  const intl = ctx.locale === 'de' ? 'de-DE' : 'en-GB';
  const ends = AXIS_FORMATS.map((f, i) => {
    const fmt = new Intl.DateTimeFormat(intl, { ...f, timeZone: 'UTC' });
    return [min, max].map((t) => `${fmt.format(t)}${i > 0 ? ' UTC' : ''}`);
  }).find(([a, b]) => a !== b) ?? null;
  const desc = series.map((s) => `${s.label}: ${s.points.map((p) => p.value).join(', ')}`).join('; ');
  const label = (text: string, at: number, anchor: string) => html`<text class="xlabel" x="${at.toFixed(1)}" y="${h - 12}" font-size="13" text-anchor="${anchor}" fill="#5a6270">${text}</text>`;
  return html`<figure class="chart">
    <div class="chartbox"><svg viewBox="0 0 ${w} ${h}" role="img" aria-labelledby="${id}-t ${id}-d">
      <title id="${id}-t">${title}</title><desc id="${id}-d">${desc}</desc>
      ${[1, 2, 3, 4, 5].map((v) => html`<line x1="${pad.l}" y1="${y(v)}" x2="${w - pad.r}" y2="${y(v)}" stroke="#d5d9e0"/><text x="${pad.l - 10}" y="${y(v) + 4}" font-size="13" text-anchor="end" fill="#5a6270">${v}</text>`)}
      ${all.length === 0 ? '' : ends ? html`${label(ends[0], pad.l, 'start')}${label(ends[1], w - pad.r, 'end')}`
        : label(`${new Intl.DateTimeFormat(intl, { ...AXIS_FORMATS[1], timeZone: 'UTC' }).format(min)} UTC`, pad.l + (w - pad.l - pad.r) / 2, 'middle')}
      ${series.map((s, i) => html`<g class="series" data-series="${s.label}">
        ${placed[i].length > 1 ? html`<polyline fill="none" stroke="${s.colour}" stroke-width="2.5" points="${placed[i].map((p) => `${p.cx.toFixed(1)},${p.cy.toFixed(1)}`).join(' ')}"/>` : ''}
        ${placed[i].map((p) => marker(MARKERS[i % MARKERS.length], p.cx, p.cy, s.colour))}
      </g>`)}
    </svg></div>
    <figcaption><ul class="legend">${series.map((s, i) => html`<li><svg class="swatch" viewBox="0 0 24 12" aria-hidden="true" width="24" height="12"><line x1="0" y1="6" x2="24" y2="6" stroke="${s.colour}" stroke-width="2.5"/>${marker(MARKERS[i % MARKERS.length], 12, 6, s.colour, 4)}</svg>${s.label}</li>`)}</ul></figcaption>
  </figure>`;
}
