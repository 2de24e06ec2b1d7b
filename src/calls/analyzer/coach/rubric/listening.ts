// listening: the customer got the floor (talk share, no long monologues, paraphrasing).
import type { Signals } from '../signals/index.ts';
import { clamp, type DimensionScore } from './types.ts';

export const MONOLOGUE_GOOD_SECONDS = 76;
export const MONOLOGUE_BAD_SECONDS = 150;

export function scoreListening(s: Signals): DimensionScore {
  if (s.speakers <= 1) return { dimension: 'listening', score: 1, reasons: ['only one speaker'] };
  const reasons: string[] = [];
  let score = 1;
  const share = s.talkShare;
  const sharePoints = share >= 0.25 && share <= 0.5 ? 2 : share <= 0.65 ? 1 : 0;
  score += sharePoints;
  reasons.push(`+${sharePoints} talk share ${Math.round(share * 100)} %`);
  const mono = s.monologue.effectiveSeconds;
  // Short monologues earn a point only when the customer still had the floor: a rep who talks
  // two thirds of the call in short bursts did not listen either.
  if (mono <= MONOLOGUE_GOOD_SECONDS && share <= 0.65) {
    score++;
    reasons.push(`+1 longest monologue ${Math.round(mono)} s`);
  } else if (mono > MONOLOGUE_BAD_SECONDS) {
    score--;
    reasons.push(`-1 longest monologue ${Math.round(mono)} s`);
  }
  if (s.listening.length > 0) {
    score++;
    reasons.push(`+1 ${s.listening.length} mirrors, summaries or labels`);
  }
  if (s.interruptions.cuts.length >= 2) {
    score--;
    reasons.push(`-1 cut the customer off ${s.interruptions.cuts.length} times`);
  }
  if (s.interruptions.protests.length > 0) {
    // A protest is the customer saying it out loud: the clearest sign of not being heard.
    score -= 2;
    reasons.push('-2 the customer protested at being interrupted');
  }
  return { dimension: 'listening', score: clamp(score), reasons };
}

