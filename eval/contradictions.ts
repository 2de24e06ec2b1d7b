// Moments whose text contradicts their own quote: the coaching asks for what the quote already
// does (a missed follow-up quoted at the rep's follow-up question), or praises what the quote
// does not do. Judged with the classifier's labels of the quoted words.
import type { DetailedAnalysis } from '../src/calls/analyzer/coach/index.ts';
import type { Label } from '../src/calls/analyzer/coach/classify/labels.ts';
import { labelsOf } from '../src/calls/analyzer/coach/classify/model.ts';
import type { MomentKind } from '../src/calls/analyzer/coach/moments/types.ts';

/** For each kind: labels of the quote that would make the moment's text false. */
const CONTRADICTED_BY: Partial<Record<MomentKind, Label[]>> = {
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
  tied_pitch: [],
  listening_move: ['defend'],
  dated_close: [],
};

export function contradictions(d: DetailedAnalysis): string[] {
  const out: string[] = [];
  for (const c of [d.kinds.strongest, d.kinds.miss, ...d.kinds.moments]) {
    const labels = labelsOf(c.quote.text);
    const against = (CONTRADICTED_BY[c.kind] ?? []).filter((l) => labels.has(l));
    if (against.length) out.push(`${c.kind} at "${c.quote.text.slice(0, 60)}" (${against.join(', ')})`);
  }
  return out;
}
