// Features of one utterance for the utterance classifier.
//
// Two views of the same features:
// - featurize(text): readable strings ("w:teuer", "c:<te", "^w:was"); the trainer counts these
//   to build the vocabulary that is stored in the model.
// - hashFeatures(text, buf): a 2×32-bit hash of each of those strings, in the same order, computed
//   from the words without building any string. Classification (and the trainer, for the fitted
//   examples) goes through this path: a string per feature and a Map lookup cost ~7× more (measured).
// featureHash(s) === the pair hashFeatures emits for s; the test checks both views agree.

/** Normalised words plus the punctuation facts the features need. */
export interface Tokens {
  words: string[];
  questionEnd: boolean;
  noPunct: boolean;
}

// Letters/digits runs; currency and percent signs as words of their own (prices, discounts).
const WORD_RE = /[\p{L}\p{N}]+|[€$£%]/gu;
// Apostrophes are dropped, not split on: "don't"/"dont", "geht's"/"gehts" become one word, as
// speech-to-text writes them either way.
const APOSTROPHE_RE = /['’ʼ`´]/g;
const DIGIT_RE = /\p{Nd}/gu;
// Sentence punctuation only: hyphens and apostrophes survive in speech-to-text output too.
const PUNCT_RE = /[.,!?;:…]/;
const QUESTION_END_RE = /[?？]["'“”»«)\]\s]*$/;

export function tokenize(text: string): Tokens {
  const t = text.normalize('NFC').toLowerCase();
  const words = t.replace(APOSTROPHE_RE, '').replace(DIGIT_RE, '0').match(WORD_RE) ?? [];
  return { words, questionEnd: QUESTION_END_RE.test(t), noPunct: !PUNCT_RE.test(t) };
}

export const F_QUESTION_END = 'p:?$';
export const F_NO_PUNCT = 'p:none';

/**
 * The features of a text: per word its unigram and character n-grams, then the bigrams, the
 * positions and the punctuation. A word's own features do not depend on its neighbours, so the
 * classifier can cache them per word (see UtteranceScorer).
 */
export function featurize(text: string): string[] {
  const { words, questionEnd, noPunct } = tokenize(text);
  const out: string[] = [];
  for (const w of words) {
    out.push(`w:${w}`);
    const bounded = `<${w}>`;
    for (let s = 0; s < bounded.length - 1; s++) {
      for (let len = 2; len <= 5 && s + len <= bounded.length; len++) out.push(`c:${bounded.slice(s, s + len)}`);
    }
  }
  const n = words.length;
  for (let i = 1; i < n; i++) out.push(`b:${words[i - 1]} ${words[i]}`);
  if (n > 0) {
    out.push(`^w:${words[0]}`, `$w:${words[n - 1]}`);
    if (n > 1) out.push(`^w:${words[0]} ${words[1]}`, `$w:${words[n - 2]} ${words[n - 1]}`);
  }
  if (questionEnd) out.push(F_QUESTION_END);
  if (noPunct) out.push(F_NO_PUNCT);
  return out;
}

// ---- hashing -------------------------------------------------------------------------------
// Lane 1 is FNV-1a, lane 2 a multiply-xorshift with another seed; both get a murmur3 finaliser.
// 64 bits make a collision between a vocabulary feature and an unseen one practically impossible.

const SEED1 = 0x811c9dc5;
const SEED2 = 0x2545f491;

function step1(h: number, c: number): number {
  return Math.imul(h ^ c, 16777619);
}
function step2(h: number, c: number): number {
  const x = Math.imul(h ^ c, 0x5bd1e995);
  return x ^ (x >>> 15);
}
function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The hash pair of a feature string, as hashFeatures computes it. */
export function featureHash(s: string): [number, number] {
  let h1 = SEED1;
  let h2 = SEED2;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = step1(h1, c);
    h2 = step2(h2, c);
  }
  return [fmix(h1), fmix(h2)];
}

function prefixState(prefix: string): [number, number] {
  let h1 = SEED1;
  let h2 = SEED2;
  for (let i = 0; i < prefix.length; i++) {
    h1 = step1(h1, prefix.charCodeAt(i));
    h2 = step2(h2, prefix.charCodeAt(i));
  }
  return [h1, h2];
}

const [W1, W2] = prefixState('w:');
const [B1, B2] = prefixState('b:');
const [C1, C2] = prefixState('c:');
const [S1, S2] = prefixState('^w:');
const [E1, E2] = prefixState('$w:');
const Q_END = featureHash(F_QUESTION_END);
const NO_PUNCT = featureHash(F_NO_PUNCT);
const SPACE = 32;
const LT = 60;
const GT = 62;

/** Reusable output of hashFeatures: n hash pairs in h1/h2 (grown as needed). */
export class FeatureBuffer {
  h1 = new Uint32Array(1024);
  h2 = new Uint32Array(1024);
  n = 0;

  push(a: number, b: number): void {
    if (this.n === this.h1.length) this.grow();
    this.h1[this.n] = a;
    this.h2[this.n] = b;
    this.n++;
  }

  private grow(): void {
    const h1 = new Uint32Array(this.h1.length * 2);
    const h2 = new Uint32Array(this.h2.length * 2);
    h1.set(this.h1);
    h2.set(this.h2);
    this.h1 = h1;
    this.h2 = h2;
  }
}

/** Appends the hashes of a word's own features (unigram, character n-grams), in featurize's order. */
export function hashWordFeatures(w: string, buf: FeatureBuffer): void {
  pushSingle(buf, W1, W2, w);
  pushCharGrams(buf, w);
}

function pushPair(buf: FeatureBuffer, s1: number, s2: number, x: string, y: string): void {
  let a = s1;
  let b = s2;
  for (let k = 0; k < x.length; k++) {
    a = step1(a, x.charCodeAt(k));
    b = step2(b, x.charCodeAt(k));
  }
  a = step1(a, SPACE);
  b = step2(b, SPACE);
  for (let k = 0; k < y.length; k++) {
    a = step1(a, y.charCodeAt(k));
    b = step2(b, y.charCodeAt(k));
  }
  buf.push(fmix(a), fmix(b));
}

function pushSingle(buf: FeatureBuffer, s1: number, s2: number, x: string): void {
  let a = s1;
  let b = s2;
  for (let k = 0; k < x.length; k++) {
    a = step1(a, x.charCodeAt(k));
    b = step2(b, x.charCodeAt(k));
  }
  buf.push(fmix(a), fmix(b));
}

/** Character 2–5-grams of "<w>"; one running hash per start position. */
function pushCharGrams(buf: FeatureBuffer, w: string): void {
  const len = w.length + 2;
  for (let s = 0; s < len - 1; s++) {
    let a = C1;
    let b = C2;
    const end = Math.min(len, s + 5);
    for (let p = s; p < end; p++) {
      const c = p === 0 ? LT : p === len - 1 ? GT : w.charCodeAt(p - 1);
      a = step1(a, c);
      b = step2(b, c);
      if (p > s) buf.push(fmix(a), fmix(b));
    }
  }
}

/** Appends the hashes of the features that span words or the whole text, in featurize's order. */
export function hashContextFeatures(tokens: Tokens, buf: FeatureBuffer): void {
  const { words, questionEnd, noPunct } = tokens;
  const n = words.length;
  for (let i = 1; i < n; i++) pushPair(buf, B1, B2, words[i - 1], words[i]);
  if (n > 0) {
    pushSingle(buf, S1, S2, words[0]);
    pushSingle(buf, E1, E2, words[n - 1]);
    if (n > 1) {
      pushPair(buf, S1, S2, words[0], words[1]);
      pushPair(buf, E1, E2, words[n - 2], words[n - 1]);
    }
  }
  if (questionEnd) buf.push(Q_END[0], Q_END[1]);
  if (noPunct) buf.push(NO_PUNCT[0], NO_PUNCT[1]);
}

/** Fills buf (from 0) with the hashes of featurize(text), in the same order; returns buf.n. */
export function hashFeatures(text: string, buf: FeatureBuffer): number {
  const tokens = tokenize(text);
  buf.n = 0;
  for (const w of tokens.words) hashWordFeatures(w, buf);
  hashContextFeatures(tokens, buf);
  return buf.n;
}
