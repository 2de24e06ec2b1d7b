// Next-step moments: a dated next step the customer agreed to; a vague close or none.
import type { Signals } from '../signals/index.ts';
import type { Candidate } from './types.ts';

export function nextStepMoments(s: Signals): Candidate[] {
  const n = s.nextStep;
  if (n.proposal && n.level >= 4) {
    return [{ kind: 'dated_close', dimension: 'next_step', positive: true, weight: 4 + n.level, quote: n.proposal, method: 'calendar_close', params: {} }];
  }
  if (n.proposal) {
    return [{ kind: 'weak_close', dimension: 'next_step', positive: false, weight: n.level <= 2 ? 7 : 5, quote: n.proposal, method: 'calendar_close', params: {} }];
  }
  const last = [...s.sides.call.utterances].reverse().find((u) => u.key === s.sides.rep && u.words >= 4 && !u.labels.has('goodbye'));
  if (!last) return [];
  return [{ kind: 'no_close', dimension: 'next_step', positive: false, weight: 8, quote: last, method: 'calendar_close', params: {} }];
}
