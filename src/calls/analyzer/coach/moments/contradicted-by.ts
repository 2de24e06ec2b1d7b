// For each moment kind, the labels of its quote that would make the moment's text false: a
// missed follow-up quoted at the rep's follow-up question, praise of what the quote does not do.
// The selection drops such candidates; the evaluation (eval/contradictions.ts) checks the result
// with the classifier's reading of the quoted words alone.
import type { Label } from '../classify/labels.ts';
import { labelsOf } from '../classify/model.ts';
import type { Candidate, MomentKind } from './types.ts';

export const CONTRADICTED_BY: Partial<Record<MomentKind, readonly Label[]>> = {
  pain_skipped: ['ask_pain', 'ask_impact', 'explore_objection', 'summary', 'label'],
  few_questions: ['ask_situation', 'ask_pain', 'ask_impact', 'ask_need_payoff'],
  closed_questions: ['question_open'],
  monologue: ['question_open'],
  untied_pitch: ['value_tied'],
  feature_dump: ['value_tied'],
  objection_defended: ['explore_objection'],
  objection_skipped: ['acknowledge', 'label', 'explore_objection'],
  weak_close: ['next_step_dated'],
  no_close: ['next_step_proposal', 'next_step_dated'],
  pain_explored: ['defend', 'pitch_feature'],
  objection_handled: ['defend'],
  listening_move: ['defend'],
};

/** The labels that contradict the candidate, read in the call's context and from its words alone. */
export function contradictingLabels(kind: MomentKind, text: string, inContext: ReadonlySet<Label> = new Set()): Label[] {
  const against = CONTRADICTED_BY[kind];
  if (!against?.length) return [];
  const alone = labelsOf(text);
  return against.filter((l) => inContext.has(l) || alone.has(l));
}

export const contradicts = (c: Candidate): boolean => contradictingLabels(c.kind, c.quote.text, c.quote.labels).length > 0;
