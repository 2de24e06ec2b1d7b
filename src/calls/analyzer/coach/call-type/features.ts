// What the call-type model reads of a call: the words said in its first 3,000 words (unigrams and
// bigrams, digits folded, the opening fifth marked apart, because a cold call or a cancellation
// shows in its first minutes), and how often each side did what the utterance classifier labels (language-free,
// so a German call teaches the English side too).
import { LABELS } from '../classify/labels.ts';
import { isSeller, type Sides } from '../signals/sides.ts';

const WORD_RE = /[\p{L}\p{N}]+(?:['’\-][\p{L}\p{N}]+)*/gu;
const OPENING_SHARE = 0.2;
/**
 * Words after the first 3,000 (about twenty minutes) add nothing a call's type needs, and reading
 * them would make this stage grow with a transcript of any length; the label means stay over all.
 */
const MAX_WORDS = 3000;

export type FeatureVector = Map<string, number>;

function words(text: string): string[] {
  return (text.toLowerCase().match(WORD_RE) ?? []).map((w) => w.replace(/\d/g, '0'));
}

/** The words of the call as a set of n-gram features, each scaled so the set has unit length. */
function wordFeatures(s: Sides): FeatureVector {
  const seen = new Set<string>();
  const opening = Math.min(s.call.totalWords, MAX_WORDS) * OPENING_SHARE;
  for (const u of s.call.utterances) {
    if (u.wordPos >= MAX_WORDS) break;
    const ws = words(u.text);
    const early = u.wordPos < opening;
    for (let i = 0; i < ws.length; i++) {
      seen.add(`w:${ws[i]}`);
      if (i > 0) seen.add(`b:${ws[i - 1]} ${ws[i]}`);
      if (early) seen.add(`o:${ws[i]}`);
    }
  }
  const v = 1 / Math.sqrt(Math.max(1, seen.size));
  return new Map([...seen].map((f) => [f, v]));
}

/** Each label's mean probability per side (seller, customer), scaled to unit length. */
function labelFeatures(s: Sides): FeatureVector {
  const sums = { r: new Float64Array(LABELS.length), c: new Float64Array(LABELS.length) };
  const n = { r: 0, c: 0 };
  for (const u of s.call.utterances) {
    const side = isSeller(s, u.key) ? 'r' : 'c';
    n[side]++;
    for (let l = 0; l < LABELS.length; l++) sums[side][l] += u.probs[l];
  }
  const out: FeatureVector = new Map();
  for (const side of ['r', 'c'] as const) {
    for (let l = 0; l < LABELS.length; l++) if (n[side] > 0) out.set(`l:${side}:${LABELS[l]}`, sums[side][l] / n[side]);
  }
  const norm = Math.sqrt([...out.values()].reduce((a, x) => a + x * x, 0)) || 1;
  for (const [k, x] of out) out.set(k, x / norm);
  return out;
}

export function callTypeFeatures(s: Sides): FeatureVector {
  return new Map([...wordFeatures(s), ...labelFeatures(s)]);
}
