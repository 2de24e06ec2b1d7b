// The rep's longest uninterrupted turn: in seconds where the transcript has timestamps (turn
// start to the next speaker's start, or the cue end), else in words at 150 words a minute.
import type { Turn } from '../utterances/types.ts';
import type { Sides } from './sides.ts';

export const WORDS_PER_SECOND = 2.5;

export interface Monologue {
  seconds: number | null;
  words: number;
  /** Seconds measured, or estimated from the words. */
  effectiveSeconds: number;
  turn: Turn | null;
}

export function longestMonologue(s: Sides): Monologue {
  const turns = s.call.turns;
  let best: Monologue = { seconds: null, words: 0, effectiveSeconds: 0, turn: null };
  for (let i = 0; i < turns.length; i++) {
    const t = turns[i];
    if (t.key !== s.rep) continue;
    const next = turns[i + 1];
    const end = next?.start ?? t.end;
    const seconds = s.call.hasTimestamps && t.start !== null && end !== null && end >= t.start ? end - t.start : null;
    const effective = seconds ?? t.words / WORDS_PER_SECOND;
    if (effective > best.effectiveSeconds) best = { seconds, words: t.words, effectiveSeconds: effective, turn: t };
  }
  return best;
}
