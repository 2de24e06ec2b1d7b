// Discovery moments: a pain explored or an impact asked for; a pain stepped over, too few
// questions, only closed ones.
import type { Signals } from '../signals/index.ts';
import type { Utterance } from '../utterances/types.ts';
import { DISCOVERY_LABELS, PITCH_LABELS, has, isQuestion } from '../signals/sides.ts';
import { NOT_PRAISED } from './types.ts';
import type { Candidate } from './types.ts';
import { substantive } from './substantive.ts';
import { contradictingLabels } from './contradicted-by.ts';

export function discoveryMoments(s: Signals): Candidate[] {
  const out: Candidate[] = [];
  const q = s.questions;
  for (const p of s.pains) {
    const first = p.reply[0];
    if (!first) continue;
    const ask = p.reply.slice(0, 3).find((r) => r.key === s.sides.rep && asks(r, s) && has(r, ...DISCOVERY_LABELS, 'explore_objection', 'question_open') && !has(r, ...NOT_PRAISED, 'pitch_feature', 'value_tied'));
    if (p.explored && ask) out.push({ kind: 'pain_explored', dimension: 'discovery', positive: true, weight: p.impact ? 8 : 7, quote: ask, context: p.utterance, method: 'sandler_pain_funnel', params: {} });
    else if (!p.explored && first.key === s.sides.rep) {
      const pitched = p.reply.some((r) => has(r, ...PITCH_LABELS));
      const quote = substantive(p.reply.filter((r) => r.key === s.sides.rep)) ?? first;
      out.push({ kind: 'pain_skipped', dimension: 'discovery', positive: false, weight: pitched ? 8 : 6, quote, context: p.utterance, method: 'spin_implication', params: {} });
    }
  }
  for (const u of q.discovery) {
    if (has(u, 'ask_impact')) out.push({ kind: 'impact_question', dimension: 'discovery', positive: true, weight: 7.5, quote: u, method: 'spin_implication', params: {} });
    else if (has(u, 'question_open') && has(u, 'ask_situation', 'ask_pain')) out.push({ kind: 'open_question', dimension: 'discovery', positive: true, weight: 5, quote: u, params: {} });
  }
  const explored = s.pains.filter((p) => p.explored);
  if (explored.length > 0 && !s.pains.some((p) => p.impact) && !q.discovery.some((u) => has(u, 'ask_impact'))) {
    const ask = explored[0].reply.find((r) => r.key === s.sides.rep) ?? explored[0].reply[0];
    if (ask) out.push({ kind: 'impact_missing', dimension: 'discovery', positive: false, weight: 4, quote: ask, context: explored[0].utterance, method: 'spin_implication', params: {} });
  }
  const params = { questions: q.discovery.length, target: s.questionTarget, open: q.open.length };
  if (q.discovery.length < Math.ceil(s.questionTarget / 2)) {
    const at = firstPitchOrStatement(s);
    if (at) out.push({ kind: 'few_questions', dimension: 'discovery', positive: false, weight: q.discovery.length === 0 ? 7.5 : 6.5, quote: at, method: 'gap_selling', params });
  } else if (q.open.length === 0 && q.closed.length > 0) {
    out.push({ kind: 'closed_questions', dimension: 'discovery', positive: false, weight: 6, quote: q.closed[0], method: 'voss_calibrated_question', params });
  }
  return out;
}

/**
 * Where the rep started telling instead of asking: the first pitch, else the rep's longest turn;
 * never words that themselves ask into the customer's situation (a recap read as a question).
 */
function firstPitchOrStatement(s: Signals) {
  const telling = (u: Utterance) => contradictingLabels('few_questions', u.text, u.labels).length === 0;
  return s.pitches.all.map((p) => p.utterance).find(telling) ?? s.monologue.turn?.utterances.find(telling) ?? null;
}

/** Quoted as a question only when it is one: a question mark, or a question label in speech-to-text without any. */
function asks(u: Utterance, s: Signals): boolean {
  return u.questionMark || (s.sides.call.unpunctuated && isQuestion(u));
}
