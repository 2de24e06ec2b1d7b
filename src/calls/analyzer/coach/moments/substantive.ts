// Where a moment quotes the rep's reply: a bare "Okay." says nothing about where the reply went
// (and is said a dozen times in a call); the first line of three words or more that moved on does.
import type { Utterance } from '../utterances/types.ts';

export const SUBSTANTIVE_WORDS = 3;

export function substantive(lines: Utterance[]): Utterance | undefined {
  return lines.find((u) => u.words >= SUBSTANTIVE_WORDS) ?? lines[0];
}
