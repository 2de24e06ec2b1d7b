// Objection moments: a concern acknowledged and explored; one argued with, stepped over or
// answered with a discount; a concession nobody asked for.
import type { MethodKey } from '../../types.ts';
import type { Signals } from '../signals/index.ts';
import { has } from '../signals/sides.ts';
import { substantive } from './substantive.ts';
import type { Candidate } from './types.ts';

export function objectionMoments(s: Signals): Candidate[] {
  const out: Candidate[] = [];
  for (const o of s.objections) {
    const reply = o.reply.filter((r) => r.key === s.sides.rep);
    if (reply.length === 0) continue;
    const params = { type: o.type };
    // What the rep did, not a colleague: the moment quotes and coaches the rep.
    const defended = reply.some((r) => has(r, 'defend'));
    const conceded = reply.some((r) => has(r, 'concession'));
    const explored = reply.some((r) => has(r, 'explore_objection'));
    if ((o.quality >= 2 || explored) && !defended) {
      // Praised only at words that took the concern up: a question into it, a label, an acknowledgement.
      const best = reply.find((r) => has(r, 'explore_objection')) ?? reply.find((r) => has(r, 'label')) ?? reply.find((r) => has(r, 'acknowledge'));
      if (!best) continue;
      const method: MethodKey = has(best, 'label') ? 'voss_label' : has(best, 'explore_objection') ? 'voss_calibrated_question' : 'laer';
      out.push({ kind: 'objection_handled', dimension: 'objection_handling', positive: true, weight: 5 + o.quality, quote: best, context: o.utterance, method, params });
      // Handled, but a step of LAER left out: the answer never explored or never checked back.
      const last = reply[reply.length - 1];
      if (!o.explored && last !== best) out.push({ kind: 'objection_unexplored', dimension: 'objection_handling', positive: false, weight: 4.5, quote: last, context: o.utterance, method: 'voss_calibrated_question', params });
      else if (!o.checkedBack && o.quality < 4 && last !== best) out.push({ kind: 'objection_unchecked', dimension: 'objection_handling', positive: false, weight: 3.5, quote: last, context: o.utterance, method: 'laer', params });
    } else {
      const plain = reply.filter((r) => !has(r, 'acknowledge', 'label', 'mirror', 'summary'));
      const worst = reply.find((r) => has(r, 'defend', 'concession')) ?? substantive(plain) ?? reply[0];
      // Acknowledged but never asked into: a step of LAER missing, not an objection stepped over.
      const kind = defended ? 'objection_defended' : conceded ? 'objection_conceded' : o.acknowledged ? 'objection_unexplored' : 'objection_skipped';
      out.push({ kind, dimension: 'objection_handling', positive: false, weight: defended || conceded ? 8.5 : 7, quote: worst, context: o.utterance, method: o.type === 'price' || o.type === 'trust' ? 'feel_felt_found' : o.type === 'authority' ? 'meddpicc' : 'laer', params });
    }
  }
  for (const c of s.offers.unasked) {
    out.push({ kind: 'concession', dimension: 'objection_handling', positive: false, weight: 8, quote: c, method: 'voss_calibrated_question', params: {} });
  }
  return out;
}
