// The five scores, one rubric file per dimension (docs/coaching.md, "Scoring rubric").
import type { ScoreDimension, Scores } from '../../types.ts';
import type { Signals } from '../signals/index.ts';
import { scoreDiscovery } from './discovery.ts';
import { scoreListening } from './listening.ts';
import { scoreNextStep } from './next-step.ts';
import { scoreObjectionHandling } from './objection-handling.ts';
import { scoreValue } from './value.ts';

export function scoreCall(s: Signals): { scores: Scores; explain: Record<ScoreDimension, string[]> } {
  const scores = {} as Scores;
  const explain = {} as Record<ScoreDimension, string[]>;
  for (const d of [scoreDiscovery(s), scoreListening(s), scoreValue(s), scoreObjectionHandling(s), scoreNextStep(s)]) {
    scores[d.dimension] = d.score;
    explain[d.dimension] = d.reasons;
  }
  return { scores, explain };
}
