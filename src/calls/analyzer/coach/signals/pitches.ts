// What the rep presented, and whether it was tied to a problem the customer had stated: the
// classifier's value_tied, or a pitch that takes up the content words of an earlier pain.
import type { LanguagePack } from '../lang/types.ts';
import type { Utterance } from '../utterances/types.ts';
import { wordsOf } from '../utterances/sentences.ts';
import { PITCH_LABELS, type Sides, has } from './sides.ts';
import type { Pain } from './pains.ts';

export interface Pitch {
  utterance: Utterance;
  tied: boolean;
}

export interface Pitches {
  all: Pitch[];
  tied: number;
  /** Many features in a row, none tied to the customer. */
  featureDump: Pitch[] | null;
  /** The first pitch came after the first pain the customer named. */
  afterFirstPain: boolean;
}

export function repPitches(s: Sides, pains: Pain[], lang: LanguagePack): Pitches {
  const stop = new Set(lang.stopwords);
  const all: Pitch[] = [];
  for (const u of s.call.utterances) {
    if (u.key !== s.rep || !has(u, ...PITCH_LABELS)) continue;
    const earlier = pains.filter((p) => p.utterance.index < u.index);
    all.push({ utterance: u, tied: has(u, 'value_tied') || earlier.some((p) => sharesContent(p.utterance.text, u.text, stop)) });
  }
  const firstPain = pains[0]?.utterance.index ?? Infinity;
  return { all, tied: all.filter((p) => p.tied).length, featureDump: featureDump(s, all), afterFirstPain: all.length > 0 && all[0].utterance.index > firstPain };
}

/** Two content words (of five letters or more) in common. */
function sharesContent(a: string, b: string, stop: Set<string>): boolean {
  const content = (t: string) => new Set(wordsOf(t).map((w) => w.toLowerCase()).filter((w) => w.length >= 5 && !stop.has(w)));
  const A = content(a);
  let n = 0;
  for (const w of content(b)) if (A.has(w) && ++n >= 2) return true;
  return false;
}

/** Four or more untied pitches in one rep turn, or six in the call with under a fifth tied. */
function featureDump(s: Sides, all: Pitch[]): Pitch[] | null {
  const byTurn = new Map<number, Pitch[]>();
  for (const p of all) if (!p.tied) byTurn.set(p.utterance.turn, [...(byTurn.get(p.utterance.turn) ?? []), p]);
  for (const ps of byTurn.values()) if (ps.length >= 4) return ps;
  const untied = all.filter((p) => !p.tied);
  if (all.length >= 6 && untied.length / all.length > 0.8) return untied;
  return null;
}
