// Training of the utterance classifier: one-vs-rest logistic regression over the features of
// features.ts, fitted by AdaGrad in an order drawn from a seeded PRNG, so the same examples and
// options always give the same model file, byte for byte (no clock, no Math.random).
//
// Measured on the held-out split (and 4-fold cross-validation on the train part) while the data
// was being written: a dead zone in the loss (minGradient) +3–5 points micro-F1 over plain
// logistic regression, character n-grams at half the input value of word features +2, the
// speech-to-text augmentation +1–2 macro-F1; a folded ä→ae word variant changed nothing (the
// data has no such spellings, and the character n-grams carry the rest), so there is none.

import { deflateRawSync } from 'node:zlib';
import { FeatureBuffer, featurize } from './features.ts';
import { LABELS } from './labels.ts';
import { splitOf, type Example } from './data.ts';
import { FeatureIndex, MODEL_VERSION, UtteranceScorer, inputScale, rowsOf, type ModelFile } from './scorer.ts';

export interface TrainOptions {
  epochs: number;
  learningRate: number;
  l2: number;
  /** Features seen fewer times than this (over the augmented examples) are dropped. */
  minCount: number;
  /** At most this many features, the most frequent (bounds the model file as the data grows). */
  maxFeatures: number;
  seed: number;
  /** Each clean example also trains as its speech-to-text spelling. */
  augment: boolean;
  /** Thresholds are chosen on the dev split (else all are `defaultThreshold`). */
  chooseThresholds: boolean;
  thresholdFloor: number;
  defaultThreshold: number;
  /** Weight of the all-labels threshold against a label's own, in dev positives (see chooseThresholds). */
  thresholdShrink: number;
  /** Loss weight of a positive example (labels are rare: few positives among many negatives). */
  positiveWeight: number;
  /** A label whose |error| on an example is below this is not updated (saves most of the work). */
  minGradient: number;
  /** Input value of a character n-gram relative to a word feature (folded into the weights). */
  charWeight: number;
  dataHash: string;
}

export const DEFAULT_TRAIN_OPTIONS: TrainOptions = {
  epochs: 8,
  learningRate: 0.2,
  l2: 1e-5,
  minCount: 2,
  maxFeatures: 200_000,
  seed: 1,
  augment: true,
  chooseThresholds: true,
  thresholdFloor: 0.25,
  defaultThreshold: 0.5,
  thresholdShrink: 10,
  positiveWeight: 1,
  minGradient: 0.1,
  charWeight: 0.5,
  dataHash: '',
};

// Sentence punctuation and quotes; apostrophes and in-word hyphens stay, as speech-to-text keeps them.
const STT_STRIP_RE = /[.,!?;:…"„“”‚‘«»()[\]]|\s[-–—]+(?=\s)/g;

/** The speech-to-text spelling of a written utterance: lower case, no punctuation. */
export function sttVariant(text: string): string {
  return text.toLowerCase().replace(STT_STRIP_RE, ' ').replace(/\s+/g, ' ').trim();
}

function augmented(examples: Example[], augment: boolean): Example[] {
  const out: Example[] = [];
  for (const ex of examples) {
    out.push(ex);
    if (!augment || ex.style === 'stt') continue;
    const text = sttVariant(ex.text);
    if (text !== ex.text) out.push({ ...ex, text, style: 'stt' });
  }
  return out;
}

/** Features seen at least minCount times, the maxFeatures most frequent, ties by code unit (stable). */
function vocabulary(examples: Example[], minCount: number, maxFeatures: number): string[] {
  const counts = new Map<string, number>();
  for (const ex of examples) for (const f of featurize(ex.text)) counts.set(f, (counts.get(f) ?? 0) + 1);
  const vocab: Array<[string, number]> = [];
  for (const [f, c] of counts) if (c >= minCount) vocab.push([f, c]);
  vocab.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return vocab.slice(0, maxFeatures).map(([f]) => f);
}

/** An example as the optimiser sees it: distinct rows with their input values, and its labels. */
interface Encoded {
  rows: Int32Array;
  vals: Float64Array;
  y: Uint8Array;
}

function rowWeights(vocab: string[], opt: TrainOptions): Float64Array {
  return Float64Array.from(vocab, (f) => (f.startsWith('c:') ? opt.charWeight : 1));
}

function encode(examples: Example[], index: FeatureIndex, rw: Float64Array): Encoded[] {
  const buf = new FeatureBuffer();
  const labelIndex = new Map<string, number>(LABELS.map((l, i) => [l, i]));
  return examples.map((ex) => {
    const { rows, total } = rowsOf(index, ex.text, buf);
    rows.sort((a, b) => a - b);
    const ur: number[] = [];
    const uv: number[] = [];
    for (const r of rows) {
      if (ur.length > 0 && ur[ur.length - 1] === r) {
        uv[uv.length - 1]++;
      } else {
        ur.push(r);
        uv.push(1);
      }
    }
    const x = inputScale(total);
    const y = new Uint8Array(LABELS.length);
    for (const l of ex.labels) {
      const i = labelIndex.get(l);
      if (i !== undefined) y[i] = 1;
    }
    return { rows: Int32Array.from(ur), vals: Float64Array.from(uv, (c, j) => c * x * rw[ur[j]]), y };
  });
}

/** mulberry32: a small seeded PRNG, enough to shuffle the order reproducibly. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled(n: number, rand: () => number): Int32Array {
  const order = Int32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  return order;
}

interface Weights {
  w: Float64Array;
  bias: Float64Array;
}

/** Bias starts at each label's log-odds, so rare labels need not first climb out of 0.5. */
function priorBias(data: Encoded[], L: number): Float64Array {
  const bias = new Float64Array(L);
  for (let l = 0; l < L; l++) {
    let pos = 0;
    for (const e of data) pos += e.y[l];
    const p = (pos + 0.5) / (data.length + 1);
    bias[l] = Math.log(p / (1 - p));
  }
  return bias;
}

/**
 * AdaGrad on the logistic loss of every label, with a dead zone: a label whose error on the
 * example is below minGradient is not updated. The many easy negatives then stop pulling rare
 * labels down (a margin, as in a hinge loss), and most updates are skipped. L2 is applied to the
 * weights an example touches.
 */
function optimise(data: Encoded[], V: number, opt: TrainOptions): Weights {
  const L = LABELS.length;
  const w = new Float64Array(V * L);
  const g2 = new Float64Array(V * L);
  const bias = priorBias(data, L);
  const bg2 = new Float64Array(L);
  const grad = new Float64Array(L);
  const z = new Float64Array(L);
  const active = new Int32Array(L);
  const rand = prng(opt.seed);
  const lr = opt.learningRate;
  for (let epoch = 0; epoch < opt.epochs; epoch++) {
    for (const k of shuffled(data.length, rand)) {
      const { rows, vals, y } = data[k];
      z.set(bias);
      for (let j = 0; j < rows.length; j++) {
        const base = rows[j] * L;
        const v = vals[j];
        for (let l = 0; l < L; l++) z[l] += w[base + l] * v;
      }
      let na = 0;
      for (let l = 0; l < L; l++) {
        const err = 1 / (1 + Math.exp(-z[l])) - y[l];
        if (Math.abs(err) < opt.minGradient) continue;
        const g = y[l] ? err * opt.positiveWeight : err;
        bg2[l] += g * g;
        bias[l] -= (lr * g) / (Math.sqrt(bg2[l]) + 1e-8);
        active[na] = l;
        grad[na++] = g;
      }
      for (let j = 0; j < rows.length; j++) {
        const base = rows[j] * L;
        const v = vals[j];
        for (let a = 0; a < na; a++) {
          const i = base + active[a];
          const g = grad[a] * v + opt.l2 * w[i];
          g2[i] += g * g;
          w[i] -= (lr * g) / (Math.sqrt(g2[i]) + 1e-8);
        }
      }
    }
  }
  return { w, bias };
}

function trainingRecord(opt: TrainOptions): ModelFile['training'] {
  const { dataHash: _omit, ...rest } = opt;
  return rest;
}

/** Raw deflate then base64: a third of the bytes. Deterministic for a given zlib; level 9 is 10× slower for 2 % less. */
function pack(bytes: Int8Array): string {
  return deflateRawSync(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), { level: 6 }).toString('base64');
}

/** int8 weights with one scale per label; features whose weights all round to 0 are dropped. */
function quantize(vocab: string[], fit: Weights, opt: TrainOptions, trained: number): ModelFile {
  const L = LABELS.length;
  const scale = Array.from({ length: L }, (_, l) => {
    let max = 0;
    for (let i = l; i < fit.w.length; i += L) max = Math.max(max, Math.abs(fit.w[i]));
    return max > 0 ? max / 127 : 1;
  });
  const q = new Int8Array(fit.w.length);
  for (let i = 0; i < q.length; i++) q[i] = Math.round(fit.w[i] / scale[i % L]);
  const keep: number[] = [];
  for (let r = 0; r < vocab.length; r++) if (q.subarray(r * L, (r + 1) * L).some((v) => v !== 0)) keep.push(r);
  const data = new Int8Array(keep.length * L);
  keep.forEach((r, k) => data.set(q.subarray(r * L, (r + 1) * L), k * L));
  return {
    version: MODEL_VERSION,
    data_hash: opt.dataHash,
    trained_examples: trained,
    labels: [...LABELS],
    thresholds: LABELS.map(() => opt.defaultThreshold),
    features: keep.map((r) => vocab[r]),
    weights: {
      dtype: 'int8',
      encoding: 'deflate-raw-base64',
      scale: scale.map((s) => Number(s.toPrecision(9))),
      data: pack(data),
    },
    bias: Array.from(fit.bias, (b) => Number(b.toPrecision(9))),
    training: trainingRecord(opt),
  };
}

/** One fit on the examples as given (augmented, vocabulary, optimise, quantize). */
export function fitModel(examples: Example[], opt: TrainOptions): ModelFile {
  const all = augmented(examples, opt.augment);
  const vocab = vocabulary(all, opt.minCount, opt.maxFeatures);
  const rw = rowWeights(vocab, opt);
  const fit = optimise(encode(all, new FeatureIndex(vocab), rw), vocab.length, opt);
  // The scorer has no input weights: a row's weight w·rw gives the same score for input 1.
  for (let r = 0; r < vocab.length; r++) for (let l = 0; l < LABELS.length; l++) fit.w[r * LABELS.length + l] *= rw[r];
  return quantize(vocab, fit, opt, examples.length);
}

function f1(tp: number, fp: number, fn: number): number {
  return tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
}

/** Candidate thresholds: a 0.01 grid from the floor to 0.95. */
function grid(floor: number): number[] {
  const out: number[] = [];
  for (let k = Math.round(floor * 100); k <= 95; k++) out.push(k / 100);
  return out;
}

/** [tp, fp, fn] of the labels ls at threshold t. */
function counts(probs: Float32Array[], ys: Uint8Array[], ls: number[], t: number): [number, number, number] {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (let i = 0; i < probs.length; i++) {
    for (const l of ls) {
      const predicted = probs[i][l] >= t;
      if (predicted && ys[i][l]) tp++;
      else if (predicted) fp++;
      else if (ys[i][l]) fn++;
    }
  }
  return [tp, fp, fn];
}

/** The threshold with the best F1 over the labels ls; of equally good ones the median (off a plateau's edge). */
function bestThreshold(probs: Float32Array[], ys: Uint8Array[], ls: number[], floor: number): number {
  let best = -1;
  let tied: number[] = [];
  for (const t of grid(floor)) {
    const f = f1(...counts(probs, ys, ls, t));
    if (f > best + 1e-12) {
      best = f;
      tied = [t];
    } else if (Math.abs(f - best) <= 1e-12) tied.push(t);
  }
  return tied[Math.floor((tied.length - 1) / 2)];
}

/**
 * Per label the F1-best threshold on the dev examples, pulled towards the threshold that is best
 * for all labels together by weight shrink : positives. A dev split has a handful of positives of
 * most labels; their own best threshold alone is noise (measured: several points of micro-F1).
 */
export function chooseThresholds(probs: Float32Array[], dev: Example[], opt: TrainOptions): number[] {
  const ys = dev.map((e) => Uint8Array.from(LABELS, (l) => (e.labels.includes(l) ? 1 : 0)));
  const all = LABELS.map((_, l) => l);
  const global = bestThreshold(probs, ys, all, opt.thresholdFloor);
  return LABELS.map((_, l) => {
    const pos = ys.reduce((a, y) => a + y[l], 0);
    if (pos === 0) return global;
    const own = bestThreshold(probs, ys, [l], opt.thresholdFloor);
    return Math.round((100 * (pos * own + opt.thresholdShrink * global)) / (pos + opt.thresholdShrink)) / 100;
  });
}

/**
 * The whole training: thresholds from a fit on the train split scored on the dev split, then
 * the final fit on train + dev. Test-split examples are dropped here, so they are never trained on.
 */
export function trainModel(examples: Example[], options: Partial<TrainOptions> = {}): ModelFile {
  const opt: TrainOptions = { ...DEFAULT_TRAIN_OPTIONS, ...options };
  const split = examples.map((e) => splitOf(e.text));
  const usable = examples.filter((_, i) => split[i] !== 'test');
  let thresholds = LABELS.map(() => opt.defaultThreshold);
  const fitPart = examples.filter((_, i) => split[i] === 'train');
  const dev = examples.filter((_, i) => split[i] === 'dev');
  if (opt.chooseThresholds && fitPart.length > 0 && dev.length > 0) {
    const scorer = new UtteranceScorer(fitModel(fitPart, opt));
    thresholds = chooseThresholds(dev.map((e) => scorer.probabilities(e.text)), dev, opt);
  }
  return { ...fitModel(usable, opt), thresholds };
}
