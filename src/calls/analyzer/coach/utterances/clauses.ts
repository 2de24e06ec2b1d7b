// A long sentence often does several things (an acknowledgement, then a discount in the same
// breath): the classifier weighs all its words together, so one act can drown in the
// others. Long sentences are therefore also classified clause by clause, and an utterance carries
// each label's highest probability over the sentence and its clauses.
import { classify, labelsFromProbabilities } from '../classify/model.ts';
import type { Label } from '../classify/labels.ts';
import { countWords } from './sentences.ts';

const CLAUSE_MIN_WORDS = 4;
const LONG_SENTENCE_WORDS = 12;
const CLAUSE_BREAK_RE = /[,;:–—]\s+|\s+-\s+/u;

export function classifyWithClauses(text: string, words: number): { probs: Float32Array; labels: Set<Label> } {
  const probs = classify(text);
  if (words >= LONG_SENTENCE_WORDS) {
    for (const clause of text.split(CLAUSE_BREAK_RE)) {
      if (countWords(clause) < CLAUSE_MIN_WORDS) continue;
      const p = classify(clause);
      for (let i = 0; i < probs.length; i++) if (p[i] > probs[i]) probs[i] = p[i];
    }
  }
  return { probs, labels: labelsFromProbabilities(probs) };
}
