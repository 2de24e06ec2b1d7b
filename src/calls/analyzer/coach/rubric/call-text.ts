// The call's own words as one more view of the five scores: a ridge regression from the words and
// word pairs each side said (TF-IDF, the salesperson's and the customer's kept apart) to the
// coaches' scores, fitted by `npm run train` (call-text-fit.ts) and kept in call-text-model.json.
// Its five predictions are features of the score calibration, beside the measurements: the
// sentence classifier sees one sentence at a time, this sees the whole call. Leaving one writer
// out, the calibration with them agreed with coaches more often than without (docs/coaching.md).
import { existsSync, readFileSync } from 'node:fs';
import type { Signals } from '../signals/index.ts';
import { isSeller } from '../signals/sides.ts';

export interface CallTextModel {
  version: 1;
  /** The hash of the coach-scored calls it was fitted on (scripts/train-scores.ts). */
  data_hash: string;
  calls: number;
  alpha: number;
  /** Per dimension, the mean coach score minus one: the prediction for a call of no known words. */
  mean: number[];
  /** Per term: its inverse document frequency, then one weight per dimension. */
  terms: Record<string, number[]>;
}

/** How often each side said each word and word pair: `r:` the salesperson, `c:` the customer. */
export type CallTerms = Map<string, number>;

const WORD = /[\p{L}\p{N}_]+/gu;

function addTerms(out: CallTerms, side: string, text: string): void {
  const words = text.toLowerCase().match(WORD) ?? [];
  const add = (t: string) => out.set(t, (out.get(t) ?? 0) + 1);
  words.forEach((w, i) => {
    add(`${side}:${w}`);
    if (i > 0) add(`${side}:${words[i - 1]}_${w}`);
  });
}

/** The call's terms, turn by turn (a word pair never spans two turns). Seller-side colleagues are left out. */
export function callTerms(s: Signals): CallTerms {
  const out: CallTerms = new Map();
  for (const turn of s.sides.call.turns) {
    const side = turn.key === s.sides.rep ? 'r' : isSeller(s.sides, turn.key) ? null : 'c';
    if (side) addTerms(out, side, turn.utterances.map((u) => u.text).join(' '));
  }
  return out;
}

/** The TF-IDF vector over known terms, of unit length: (1 + ln count) × idf. */
export function termVector(idf: (term: string) => number | undefined, terms: CallTerms): Map<string, number> {
  const v = new Map<string, number>();
  let norm = 0;
  for (const [t, c] of terms) {
    const w = idf(t);
    if (w === undefined) continue;
    const x = (1 + Math.log(c)) * w;
    v.set(t, x);
    norm += x * x;
  }
  norm = Math.sqrt(norm) || 1;
  for (const [t, x] of v) v.set(t, x / norm);
  return v;
}

/** The five predicted scores (minus one, in SCORE_DIMENSIONS order); unrounded. */
export function textScores(m: CallTextModel, terms: CallTerms): number[] {
  const out = [...m.mean];
  for (const [t, x] of termVector((t) => m.terms[t]?.[0], terms)) {
    const w = m.terms[t];
    for (let d = 0; d < out.length; d++) out[d] += x * w[d + 1];
  }
  return out;
}

const MODEL_URL = new URL('./call-text-model.json', import.meta.url);
let cached: CallTextModel | null | undefined;

export function callTextModel(): CallTextModel | null {
  if (cached === undefined) cached = existsSync(MODEL_URL) ? (JSON.parse(readFileSync(MODEL_URL, 'utf8')) as CallTextModel) : null;
  return cached;
}
