// value: the offer tied to the customer's own stated problem, not a feature list.
import type { Signals } from '../signals/index.ts';
import { clamp, type DimensionScore } from './types.ts';

export function scoreValue(s: Signals): DimensionScore {
  const reasons: string[] = [];
  const p = s.pitches;
  const needPayoff = s.questions.all.some((u) => u.labels.has('ask_need_payoff'));
  let score: number;
  if (p.all.length === 0) {
    // Nothing presented: value prepared, not yet shown.
    score = 2 + Number(s.pains.some((x) => x.explored)) + Number(needPayoff);
    reasons.push('no pitch: start 2', ...(needPayoff ? ['+1 need-payoff question'] : []));
  } else {
    score = 2;
    const add = (ok: boolean, why: string) => {
      if (ok) {
        score++;
        reasons.push(`+1 ${why}`);
      }
    };
    add(p.tied >= 1, 'a pitch tied to the customer');
    add(p.tied >= 2 || p.tied / p.all.length >= 0.4, `${p.tied} of ${p.all.length} pitches tied`);
    add(needPayoff, 'need-payoff question');
    add(p.afterFirstPain, 'first pitch after the first pain');
    if (p.featureDump) {
      score--;
      reasons.push('-1 feature dump');
    }
  }
  if (s.offers.guarantees.length > 0) {
    score--;
    reasons.push('-1 unhedged guarantee');
  }
  return { dimension: 'value', score: clamp(score), reasons };
}

