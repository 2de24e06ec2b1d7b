// Server-rendered SVG charts for the coaching views: no script, readable without colour
// (values are written next to bars; lines have markers and a legend), with a text alternative.
// The coaching page's charts over weeks are in coaching-charts.ts.
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

/** One marker shape per series, so lines stay apart without colour (and in the legend). */
export const MARKERS = ['circle', 'square', 'triangle', 'diamond', 'triangle-down'] as const;
export type Marker = (typeof MARKERS)[number];

export function marker(shape: Marker, cx: number, cy: number, colour: string, r = 5): Html {
  const p = (pts: Array<[number, number]>) => pts.map(([px, py]) => `${(cx + px).toFixed(1)},${(cy + py).toFixed(1)}`).join(' ');
  switch (shape) {
    case 'circle': return html`<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${r}" fill="${colour}"/>`;
    case 'square': return html`<rect x="${(cx - r * 0.85).toFixed(1)}" y="${(cy - r * 0.85).toFixed(1)}" width="${(r * 1.7).toFixed(1)}" height="${(r * 1.7).toFixed(1)}" fill="${colour}"/>`;
    case 'triangle': return html`<polygon points="${p([[0, -r * 1.15], [r * 1.1, r * 0.8], [-r * 1.1, r * 0.8]])}" fill="${colour}"/>`;
    case 'diamond': return html`<polygon points="${p([[0, -r * 1.2], [r * 1.1, 0], [0, r * 1.2], [-r * 1.1, 0]])}" fill="${colour}"/>`;
    case 'triangle-down': return html`<polygon points="${p([[0, r * 1.15], [r * 1.1, -r * 0.8], [-r * 1.1, -r * 0.8]])}" fill="${colour}"/>`;
  }
}
