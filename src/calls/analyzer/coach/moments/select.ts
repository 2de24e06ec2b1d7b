// Which moments the coaching shows: the biggest miss on the weakest dimension (the most severe
// miss there), the strongest moment (the best strength, favouring the best-scored dimension),
// and three more, different words each, in call order.
import type { ScoreDimension, Scores } from '../../types.ts';
import type { Signals } from '../signals/index.ts';
import { isQuestion } from '../signals/sides.ts';
import type { Utterance } from '../utterances/types.ts';
import { discoveryMoments } from './discovery.ts';
import { listeningMoments } from './listening.ts';
import { nextStepMoments } from './next-step.ts';
import { objectionMoments } from './objections.ts';
import { type Candidate, NOT_PRAISED } from './types.ts';
import { contradicts } from './contradicted-by.ts';
import { valueMoments } from './value.ts';

export interface Selection {
  /** Every candidate the selection chose from. */
  candidates: Candidate[];
  strongest: Candidate;
  miss: Candidate;
  moments: [Candidate, Candidate, Candidate];
}

/** Every moment the call offers, except those whose text its own quote would contradict. */
export function candidatesOf(s: Signals): Candidate[] {
  return [...discoveryMoments(s), ...listeningMoments(s), ...valueMoments(s), ...objectionMoments(s), ...nextStepMoments(s)].filter((c) => !contradicts(c));
}

export function selectMoments(s: Signals, scores: Scores, expected: Record<ScoreDimension, number> = scores): Selection {
  const all = candidatesOf(s);
  const miss = pickMiss(all, scores, expected) ?? fallback(s, false, new Set());
  const strongest = pickStrongest(all, scores, miss) ?? fallback(s, true, new Set([miss.quote.index]));
  const used = new Set([miss.quote.index, strongest.quote.index]);
  const rest = all
    .filter((c) => !used.has(c.quote.index))
    .sort((a, b) => b.weight - a.weight || a.quote.index - b.quote.index);
  const three: Candidate[] = [];
  for (const c of rest) {
    if (three.length === 3) break;
    if (used.has(c.quote.index)) continue;
    used.add(c.quote.index);
    three.push(c);
  }
  while (three.length < 3) {
    const f = fallback(s, three.length % 2 === 0, used);
    used.add(f.quote.index);
    three.push(f);
  }
  three.sort((a, b) => a.quote.index - b.quote.index);
  return { candidates: all, strongest, miss, moments: three as [Candidate, Candidate, Candidate] };
}

/**
 * The weakest dimension with a miss; among equally scored ones the one expected lower, then the
 * most severe miss.
 */
function pickMiss(all: Candidate[], scores: Scores, expected: Record<ScoreDimension, number>): Candidate | null {
  const misses = all.filter((c) => !c.positive);
  if (misses.length === 0) return null;
  // The lean (at most ±2 points) and the weight (under 10) never lift a miss over a lower score.
  const lean = (d: ScoreDimension) => Math.max(-0.4, Math.min(0.4, expected[d] - scores[d])) * 5;
  const rank = (c: Candidate) => scores[c.dimension] * 10 + lean(c.dimension) - c.weight;
  return misses.reduce((best, c) => (rank(c) < rank(best) ? c : best));
}

function pickStrongest(all: Candidate[], scores: Scores, miss: Candidate): Candidate | null {
  const good = all.filter((c) => c.positive && c.quote.index !== miss.quote.index && !NOT_PRAISED.some((l) => c.quote.labels.has(l)));
  if (good.length === 0) return null;
  const rank = (c: Candidate) => scores[c.dimension] * 2 + c.weight;
  return good.reduce((best, c) => (rank(c) > rank(best) ? c : best));
}

const FALLBACK_DIMENSION: ScoreDimension = 'discovery';

/**
 * When a call offers too few real moments: a question of the rep (good), a statement (to
 * improve), another line of the rep, and when a short call has no unused line of the rep left,
 * what the customer said (to build on). The kind always says what the quote is.
 */
function fallback(s: Signals, positive: boolean, used: Set<number>): Candidate {
  const free = s.sides.call.utterances.filter((u) => !used.has(u.index));
  const rep = free.filter((u) => u.key === s.sides.rep);
  const question = rep.find(isQuestion);
  const statement = [...rep].reverse().find((u) => !isQuestion(u));
  const at = (kind: Candidate['kind'], quote: Utterance, good: boolean): Candidate => ({ kind, dimension: FALLBACK_DIMENSION, positive: good, weight: 1, quote, params: {} });
  if (positive && question) return at('rep_question', question, true);
  if (!positive && statement) return at('rep_statement', statement, false);
  if (rep.length > 0) return at('rep_line', rep[0], positive);
  const customer = free.filter((u) => u.key !== s.sides.rep);
  const said = customer.find((u) => u.words >= 3 && !u.labels.has('greeting') && !u.labels.has('goodbye')) ?? customer[0] ?? s.sides.call.utterances[0];
  return at('customer_line', said, positive);
}
