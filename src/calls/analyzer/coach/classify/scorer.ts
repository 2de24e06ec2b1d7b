// The model file's format and the scoring that the classifier and the trainer share, so the
// thresholds the trainer chooses are chosen on exactly the numbers classify() will produce.

import { inflateRawSync } from 'node:zlib';
import { FeatureBuffer, featureHash, hashContextFeatures, hashFeatures, hashWordFeatures, tokenize } from './features.ts';

export const MODEL_VERSION = 1;

/**
 * utterance-model.json. features: the vocabulary (strings as featurize() makes them); weights:
 * int8, one row of labels.length per feature, raw deflate, base64. The logit of label l is
 * bias[l] + scale[l] × (sum of the rows of the text's known features)[l] / sqrt(number of features
 * of the text, known or not).
 */
export interface ModelFile {
  version: number;
  data_hash: string;
  trained_examples: number;
  labels: string[];
  thresholds: number[];
  features: string[];
  weights: { dtype: 'int8'; encoding: 'deflate-raw-base64'; scale: number[]; data: string };
  bias: number[];
  training: Record<string, number | string | boolean>;
}

/**
 * Open-addressing table from a feature's hash pair to its vocabulary row. One slot is three
 * adjacent int32 (hash 1, hash 2, row + 1; 0 = empty), so a probe touches one cache line.
 */
export class FeatureIndex {
  private readonly slots: Int32Array;
  private readonly mask: number;

  constructor(features: readonly string[]) {
    let cap = 16;
    while (cap < features.length * 2) cap *= 2;
    this.slots = new Int32Array(cap * 3);
    this.mask = cap - 1;
    features.forEach((f, i) => {
      const [a, b] = featureHash(f);
      if (this.lookup(a, b) < 0) this.insert(a, b, i);
    });
  }

  private insert(a: number, b: number, i: number): void {
    let s = a & this.mask;
    while (this.slots[s * 3 + 2] !== 0) s = (s + 1) & this.mask;
    this.slots[s * 3] = a;
    this.slots[s * 3 + 1] = b;
    this.slots[s * 3 + 2] = i + 1;
  }

  /** The row of the feature with this hash pair (unsigned 32-bit values), or -1. */
  lookup(a: number, b: number): number {
    const t = this.slots;
    let s = a & this.mask;
    for (;;) {
      const k = s * 3;
      const r = t[k + 2];
      if (r === 0) return -1;
      if (t[k] === (a | 0) && t[k + 1] === (b | 0)) return r - 1;
      s = (s + 1) & this.mask;
    }
  }
}

/** Vocabulary rows of a text's features (with repeats) and how many features it had in all. */
export function rowsOf(index: FeatureIndex, text: string, buf: FeatureBuffer): { rows: number[]; total: number } {
  const total = hashFeatures(text, buf);
  const rows: number[] = [];
  for (let i = 0; i < total; i++) {
    const r = index.lookup(buf.h1[i], buf.h2[i]);
    if (r >= 0) rows.push(r);
  }
  return { rows, total };
}

/** Input scaling: features count 1/sqrt(total), so long and short utterances score alike. */
export function inputScale(total: number): number {
  return total > 0 ? 1 / Math.sqrt(total) : 0;
}

/** acc[l] += w[base + l] for l < L; unrolled by 4, measured ~2× faster in V8 (the hot loop). */
function addRow(acc: Int32Array, w: Int8Array, base: number, L: number): void {
  const L4 = L - (L % 4);
  let l = 0;
  for (; l < L4; l += 4) {
    acc[l] += w[base + l];
    acc[l + 1] += w[base + l + 1];
    acc[l + 2] += w[base + l + 2];
    acc[l + 3] += w[base + l + 3];
  }
  for (; l < L; l++) acc[l] += w[base + l];
}

/** Label sums of a word's own features and how many features it has (known or not). */
interface WordSums {
  sums: Int32Array;
  count: number;
}

// Enough for the vocabulary of many calls; when full the cache starts over (results do not change).
const MAX_CACHED_WORDS = 20_000;

/**
 * Scores texts with int8 weights summed in integers. A word's unigram and character n-grams
 * (~9 of 10 features) are summed once per word and cached: speech repeats words, and this
 * makes classification ~4× faster (measured). Integer sums make the result exactly that of
 * summing every feature.
 */
export class UtteranceScorer {
  readonly labelCount: number;
  readonly thresholds: Float32Array;
  private readonly index: FeatureIndex;
  private readonly w: Int8Array;
  private readonly scale: Float64Array;
  private readonly bias: Float64Array;
  private readonly buf = new FeatureBuffer();
  private readonly acc: Int32Array;
  private readonly words = new Map<string, WordSums>();

  constructor(m: ModelFile) {
    const L = m.labels.length;
    this.labelCount = L;
    this.index = new FeatureIndex(m.features);
    const bytes = inflateRawSync(Buffer.from(m.weights.data, 'base64'));
    this.w = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length);
    if (this.w.length !== m.features.length * L) throw new Error('utterance model: weights do not match features × labels');
    this.scale = Float64Array.from(m.weights.scale);
    this.bias = Float64Array.from(m.bias);
    this.thresholds = Float32Array.from(m.thresholds);
    this.acc = new Int32Array(L);
  }

  /** Adds the weight rows of the known features in buf to acc. */
  private addRows(buf: FeatureBuffer, acc: Int32Array): void {
    const { w, labelCount: L } = this;
    for (let i = 0; i < buf.n; i++) {
      const r = this.index.lookup(buf.h1[i], buf.h2[i]);
      if (r < 0) continue;
      addRow(acc, w, r * L, L);
    }
  }

  private wordSums(word: string): WordSums {
    const hit = this.words.get(word);
    if (hit) return hit;
    this.buf.n = 0;
    hashWordFeatures(word, this.buf);
    const sums = new Int32Array(this.labelCount);
    this.addRows(this.buf, sums);
    const e = { sums, count: this.buf.n };
    if (this.words.size >= MAX_CACHED_WORDS) this.words.clear();
    this.words.set(word, e);
    return e;
  }

  /** Probabilities per label, in the model's label order. */
  probabilities(text: string, out: Float32Array = new Float32Array(this.labelCount)): Float32Array {
    const L = this.labelCount;
    const { acc, buf } = this;
    const tokens = tokenize(text);
    acc.fill(0);
    let total = 0;
    for (const word of tokens.words) {
      const { sums, count } = this.wordSums(word);
      total += count;
      for (let l = 0; l < L; l++) acc[l] += sums[l];
    }
    buf.n = 0;
    hashContextFeatures(tokens, buf);
    total += buf.n;
    this.addRows(buf, acc);
    const x = inputScale(total);
    for (let l = 0; l < L; l++) out[l] = 1 / (1 + Math.exp(-(this.bias[l] + acc[l] * this.scale[l] * x)));
    return out;
  }

  /** The same probabilities without the word cache: every feature hashed and looked up. */
  probabilitiesUncached(text: string, out: Float32Array = new Float32Array(this.labelCount)): Float32Array {
    const L = this.labelCount;
    const { acc, buf } = this;
    acc.fill(0);
    const total = hashFeatures(text, buf);
    this.addRows(buf, acc);
    const x = inputScale(total);
    for (let l = 0; l < L; l++) out[l] = 1 / (1 + Math.exp(-(this.bias[l] + acc[l] * this.scale[l] * x)));
    return out;
  }
}
