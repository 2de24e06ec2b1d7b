// Which side of the table an utterance or turn is on, and the turns that answer each other.
import { LABELS, type Label } from '../classify/labels.ts';
import type { Call, Turn, Utterance } from '../utterances/types.ts';

export interface Sides {
  call: Call;
  rep: string;
  colleagues: Set<string>;
}

export const isSeller = (s: Sides, key: string) => key === s.rep || s.colleagues.has(key);
export const isRepU = (s: Sides, u: Utterance) => u.key === s.rep;
export const isCustomerU = (s: Sides, u: Utterance) => !isSeller(s, u.key);

export const has = (u: Utterance, ...labels: Label[]) => labels.some((l) => u.labels.has(l));

export const OBJECTION_LABELS = [
  'objection_price', 'objection_timing', 'objection_competitor', 'objection_status_quo',
  'objection_authority', 'objection_send_material', 'objection_trust', 'objection_adoption',
] as const satisfies readonly Label[];

export const DISCOVERY_LABELS = ['ask_situation', 'ask_pain', 'ask_impact', 'ask_need_payoff', 'ask_qualify'] as const satisfies readonly Label[];
export const QUESTION_LABELS = ['question_open', 'question_closed', 'question_tag', 'question_leading'] as const satisfies readonly Label[];
export const PITCH_LABELS = ['pitch_feature', 'value_tied', 'proof'] as const satisfies readonly Label[];

/** The seller's turns right after turn `t` until a customer speaks again (the seller's reply). */
export function sellerReply(s: Sides, t: number): Utterance[] {
  const out: Utterance[] = [];
  const turns = s.call.turns;
  for (let i = t + 1; i < turns.length && isSeller(s, turns[i].key); i++) out.push(...turns[i].utterances);
  return out;
}

export function isQuestion(u: Utterance): boolean {
  return u.questionMark || has(u, ...QUESTION_LABELS);
}

export function repTurns(s: Sides): Turn[] {
  return s.call.turns.filter((t) => t.key === s.rep);
}

/**
 * Labels whose consequence is heavy (a point off for a guarantee, a defended objection) count
 * only when the classifier is sure, not merely above its decision threshold.
 */
export const SURE = 0.75;
export const sure = (u: Utterance, label: Label) => u.probs[LABELS.indexOf(label)] >= SURE;
