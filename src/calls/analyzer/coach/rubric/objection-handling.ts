// objection_handling: acknowledge, clarify, answer, check back; not defend.
import type { Signals } from '../signals/index.ts';
import { clamp, type DimensionScore } from './types.ts';

export function scoreObjectionHandling(s: Signals): DimensionScore {
  const obj = s.objections;
  const reasons: string[] = [];
  const gaveAway = s.offers.unasked.length > 0 || obj.some((o) => o.conceded && !o.explored);
  if (obj.length === 0) {
    const score = gaveAway ? 2 : 3;
    return { dimension: 'objection_handling', score, reasons: ['no objection raised', ...(gaveAway ? ['-1 concession given away'] : [])] };
  }
  const mean = obj.reduce((a, o) => a + o.quality, 0) / obj.length;
  let score = mean >= 1.8 ? 5 : mean >= 1.5 ? 4 : mean >= 1.2 ? 3 : mean >= 0.8 ? 2 : 1;
  reasons.push(`mean handling ${mean.toFixed(2)} over ${obj.length} objections`);
  if (obj.some((o) => o.defended) && score > 2) {
    score = 2;
    reasons.push('an objection argued with: at most 2');
  }
  if (gaveAway) {
    score--;
    reasons.push('-1 concession given away');
  }
  return { dimension: 'objection_handling', score: clamp(score), reasons };
}

