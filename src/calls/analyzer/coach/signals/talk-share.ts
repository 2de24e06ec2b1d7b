// The rep's share of the words spoken between seller and buyer; a colleague the rep brought
// along counts for neither side, so a solutions engineer's demo is not the rep's talk.
import { type Sides, isSeller } from './sides.ts';

export function talkShare(s: Sides): { share: number; repWords: number; customerWords: number } {
  let repWords = 0;
  let customerWords = 0;
  for (const t of s.call.turns) {
    if (t.key === s.rep) repWords += t.words;
    else if (!isSeller(s, t.key)) customerWords += t.words;
  }
  const all = repWords + customerWords;
  return { share: all === 0 ? 1 : repWords / all, repWords, customerWords };
}
