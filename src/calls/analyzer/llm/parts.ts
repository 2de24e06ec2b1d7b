// Long calls for the LLM analyzer: split into parts that fit the model's context (whole lines,
// or whole cues when the transcript is made of blank-line separated blocks as WebVTT and SRT
// are), and the parts' readings combined into one answer, which is then validated like any.
import { SCORE_DIMENSIONS, type ScoreDimension } from '../types.ts';

type Raw = Record<string, any>;

export function partNote(i: number, n: number): string {
  return `# This is part ${i + 1} of ${n} of a long call\nThe call is read in ${n} parts. Score and pick moments from this part only; name the salesperson and the form of address as they show in this part. Count only the pains and objections in this part.`;
}

/** Parts of at most `budget` characters whose concatenation is the transcript; null when one unit is longer. */
export function splitTranscript(transcript: string, budget: number): string[] | null {
  const blocks = /\n[ \t]*\r?\n/.test(transcript);
  const units = transcript.split(blocks ? /(?<=\n[ \t]*\r?\n)(?=[^\r\n])/ : /(?<=\n)/);
  const parts: string[] = [];
  let current = '';
  for (const unit of units) {
    if (unit.length > budget) return null;
    if (current.length + unit.length > budget) {
      parts.push(current);
      current = '';
    }
    current += unit;
  }
  if (current) parts.push(current);
  return parts;
}

const total = (r: Raw) => SCORE_DIMENSIONS.reduce((n, d) => n + Number(r.scores?.[d] ?? 0), 0);

function majority(values: string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? values[0];
}

/** How a dimension is combined over the parts: a next step counts where it was agreed, objections where there were some. */
function combinedScore(raws: Raw[], d: ScoreDimension): number {
  const score = (r: Raw) => Number(r.scores?.[d] ?? 0);
  if (d === 'next_step') return Math.max(...raws.map(score));
  const withObjections = raws.filter((r) => Array.isArray(r.objections) && r.objections.length > 0);
  const from = d === 'objection_handling' && withObjections.length > 0 ? withObjections : raws;
  return Math.round(from.reduce((n, r) => n + score(r), 0) / from.length);
}

/**
 * One answer from the parts' answers: scores per dimension over the parts, the strongest moment
 * of the best part, the biggest miss (and its commitment) of the weakest, three moments spread
 * over the call in call order, objections and pains summed, the salesperson the parts agree on.
 */
export function combine(raws: Raw[]): Raw {
  const best = raws.reduce((a, b) => (total(b) > total(a) ? b : a));
  const worst = raws.reduce((a, b) => (total(b) < total(a) ? b : a));
  const moments = raws.flatMap((r) => (Array.isArray(r.moments) ? r.moments : []));
  const spread = moments.length <= 3 ? moments : [0, 1, 2].map((k) => moments[Math.round((k * (moments.length - 1)) / 2)]);
  const callLanguage = majority(raws.map((r) => String(r.call_language)));
  const form = raws.find((r) => r.call_language === callLanguage && (r.form_of_address === 'du' || r.form_of_address === 'Sie'))?.form_of_address ?? 'none';
  return {
    rep_speaker: majority(raws.map((r) => String(r.rep_speaker))),
    call_language: callLanguage,
    form_of_address: form,
    objections: raws.flatMap((r) => (Array.isArray(r.objections) ? r.objections : [])),
    pains: raws.reduce((n, r) => n + (Number.isInteger(r.pains) ? r.pains : 0), 0),
    next_step_dated: raws.some((r) => r.next_step_dated === true),
    scores: Object.fromEntries(SCORE_DIMENSIONS.map((d) => [d, combinedScore(raws, d)])),
    strongest_moment: best.strongest_moment,
    biggest_miss: worst.biggest_miss,
    moments: spread,
    commitment: worst.commitment,
  };
}
