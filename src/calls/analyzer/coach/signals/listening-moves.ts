// The rep's mirrors, summaries and labels: those the classifier recognises, and short replies
// that repeat the customer's last words (a mirror, measured by word overlap).
import type { LanguagePack } from '../lang/types.ts';
import type { Utterance } from '../utterances/types.ts';
import { wordsOf } from '../utterances/sentences.ts';
import { type Sides, has } from './sides.ts';

export interface ListeningMove {
  utterance: Utterance;
  kind: 'mirror' | 'summary' | 'label';
}

export function listeningMoves(s: Sides, lang: LanguagePack): ListeningMove[] {
  const out: ListeningMove[] = [];
  const turns = s.call.turns;
  for (let i = 1; i < turns.length; i++) {
    const t = turns[i];
    if (t.key !== s.rep || turns[i - 1].key === s.rep) continue;
    for (const u of t.utterances) {
      if (has(u, 'label')) out.push({ utterance: u, kind: 'label' });
      else if (has(u, 'summary')) out.push({ utterance: u, kind: 'summary' });
      else if (has(u, 'mirror') || repeatsLastWords(u, turns[i - 1].utterances.at(-1), lang)) out.push({ utterance: u, kind: 'mirror' });
    }
  }
  return out;
}

/** A reply of at most six words whose content words were all just said by the customer. */
function repeatsLastWords(u: Utterance, last: Utterance | undefined, lang: LanguagePack): boolean {
  if (!last || u.words > 6) return false;
  const stop = new Set(lang.stopwords);
  const said = new Set(wordsOf(last.text).map((w) => w.toLowerCase()));
  const content = wordsOf(u.text).map((w) => w.toLowerCase()).filter((w) => !stop.has(w));
  return content.length > 0 && content.every((w) => said.has(w));
}
