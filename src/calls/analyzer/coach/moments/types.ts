// A moment candidate: what happened where, on which dimension, good or a miss. The selection
// picks the strongest moment, the biggest miss and three more; the render stage writes the texts.
import type { MethodKey, ScoreDimension } from '../../types.ts';
import type { Utterance } from '../utterances/types.ts';
import type { Label } from '../classify/labels.ts';

export const MOMENT_KINDS = [
  // strengths
  'pain_explored', 'impact_question', 'need_payoff', 'open_question', 'listening_move', 'tied_pitch',
  'objection_handled', 'dated_close', 'rep_question', 'rep_line',
  // misses
  'pain_skipped', 'few_questions', 'closed_questions', 'monologue', 'interruption', 'feature_dump',
  'untied_pitch', 'guarantee', 'impact_missing', 'no_listening_move', 'objection_unexplored', 'objection_unchecked', 'objection_defended', 'objection_conceded', 'objection_skipped', 'concession', 'weak_close', 'no_close', 'rep_statement',
  // a short call's remaining places: the customer's words, to build on
  'customer_line',
] as const;
export type MomentKind = (typeof MOMENT_KINDS)[number];

export interface Candidate {
  kind: MomentKind;
  dimension: ScoreDimension;
  positive: boolean;
  /** Strength of a good moment or severity of a miss, 0..10. */
  weight: number;
  /** The seller's words the moment quotes. */
  quote: Utterance;
  /** The customer's words the moment answers (the pain, the objection), for the echo. */
  context?: Utterance;
  method?: MethodKey;
  params: Record<string, string | number>;
}

/** A strength is never quoted at words that also give something away, argue or overpromise. */
export const NOT_PRAISED = ['concession', 'defend', 'guarantee'] as const satisfies readonly Label[];
