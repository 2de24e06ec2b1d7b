// discovery: situation, pain and impact uncovered with open questions and follow-ups.
import type { Signals } from '../signals/index.ts';
import { clamp, type DimensionScore } from './types.ts';

export function scoreDiscovery(s: Signals): DimensionScore {
  const reasons: string[] = [];
  const q = s.questions;
  const T = s.questionTarget;
  if (q.discovery.length === 0) return { dimension: 'discovery', score: 1, reasons: ['no discovery question'] };
  let score = 1;
  const add = (ok: boolean, why: string) => {
    if (ok) {
      score++;
      reasons.push(`+1 ${why}`);
    }
  };
  add(q.discovery.length >= Math.ceil(T / 2), `${q.discovery.length} discovery questions >= ${Math.ceil(T / 2)}`);
  add(q.discovery.length >= T, `${q.discovery.length} discovery questions >= target ${T}`);
  add(q.open.length >= 3 && q.open.length / q.discovery.length >= 0.4, `${q.open.length} open questions`);
  const explored = s.pains.filter((p) => p.explored || p.drawnOut);
  add(explored.length > 0, 'a pain explored');
  // The impact counts when the rep asked for it (an implication question), not when it was only volunteered.
  add(q.discovery.some((u) => u.labels.has('ask_impact')) && s.pains.some((p) => p.impact), 'its impact asked for and quantified');
  const spread = q.all.length >= 4 && Math.max(...q.byThird) / q.all.length >= 0.8;
  if (spread) {
    score--;
    reasons.push('-1 questions bunched in one third');
  }
  if (q.open.length === 0) {
    score = Math.min(score, 2);
    reasons.push('only closed questions: at most 2');
  }
  return { dimension: 'discovery', score: clamp(score), reasons };
}

