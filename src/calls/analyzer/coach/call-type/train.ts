// Fits the call-type model: a multinomial logistic regression over callTypeFeatures, by full-batch
// gradient descent with momentum from zero weights (deterministic: same rows, same bytes).
import type { CallType } from './types.ts';
import type { FeatureVector } from './features.ts';

export interface CallTypeModel {
  version: 1;
  /** Hash of the labels, the transcripts and the utterance model the features came from. */
  data_hash: string;
  calls: number;
  types: CallType[];
  /** Below this top probability the type is `other` (chosen by eval/call-type.ts, leaving writers out). */
  threshold: number;
  features: string[];
  /** features.length × types.length weights, row by row. */
  weights: number[];
  bias: number[];
}

export interface TypedRow {
  features: FeatureVector;
  type: CallType;
}

export interface FitOptions {
  /** A word feature is kept when at least this many training calls have it. */
  minCalls?: number;
  l2?: number;
  iterations?: number;
}

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Features seen in enough calls, in code-unit order (locale-free, so stable everywhere). */
function vocabulary(rows: TypedRow[], minCalls: number): string[] {
  const df = new Map<string, number>();
  for (const r of rows) for (const f of r.features.keys()) df.set(f, (df.get(f) ?? 0) + 1);
  return [...df].filter(([f, n]) => n >= minCalls || f.startsWith('l:')).map(([f]) => f).sort(byCodeUnit);
}

interface Sparse {
  idx: Int32Array;
  val: Float64Array;
}

function sparse(fv: FeatureVector, index: Map<string, number>): Sparse {
  const pairs = [...fv].filter(([f]) => index.has(f)).map(([f, v]) => [index.get(f) as number, v] as const).sort((a, b) => a[0] - b[0]);
  return { idx: Int32Array.from(pairs.map((p) => p[0])), val: Float64Array.from(pairs.map((p) => p[1])) };
}

export function softmaxInPlace(z: Float64Array): Float64Array {
  let max = -Infinity;
  for (const x of z) max = Math.max(max, x);
  let sum = 0;
  for (let k = 0; k < z.length; k++) sum += z[k] = Math.exp(z[k] - max);
  for (let k = 0; k < z.length; k++) z[k] /= sum;
  return z;
}

function logits(x: Sparse, w: Float64Array, b: Float64Array, K: number): Float64Array {
  const z = Float64Array.from(b);
  for (let j = 0; j < x.idx.length; j++) {
    const base = x.idx[j] * K;
    for (let k = 0; k < K; k++) z[k] += x.val[j] * w[base + k];
  }
  return z;
}

export function fitCallTypeModel(rows: TypedRow[], types: readonly CallType[], opts: FitOptions = {}): Omit<CallTypeModel, 'data_hash' | 'threshold'> {
  const { minCalls = 4, l2 = 1e-5, iterations = 300 } = opts;
  const features = vocabulary(rows, minCalls);
  const index = new Map(features.map((f, i) => [f, i]));
  const K = types.length;
  const xs = rows.map((r) => sparse(r.features, index));
  const ys = rows.map((r) => types.indexOf(r.type));
  const w = new Float64Array(features.length * K);
  const b = new Float64Array(K);
  const vw = new Float64Array(w.length);
  const vb = new Float64Array(K);
  const lr = 2;
  const momentum = 0.9;
  for (let it = 0; it < iterations; it++) {
    const gw = new Float64Array(w.length);
    const gb = new Float64Array(K);
    for (let i = 0; i < xs.length; i++) {
      const p = softmaxInPlace(logits(xs[i], w, b, K));
      p[ys[i]] -= 1;
      for (let j = 0; j < xs[i].idx.length; j++) {
        const base = xs[i].idx[j] * K;
        for (let k = 0; k < K; k++) gw[base + k] += xs[i].val[j] * p[k];
      }
      for (let k = 0; k < K; k++) gb[k] += p[k];
    }
    const n = Math.max(1, xs.length);
    for (let q = 0; q < w.length; q++) {
      vw[q] = momentum * vw[q] - lr * (gw[q] / n + l2 * w[q]);
      w[q] += vw[q];
    }
    for (let k = 0; k < K; k++) {
      vb[k] = momentum * vb[k] - lr * (gb[k] / n);
      b[k] += vb[k];
    }
  }
  return compact({ version: 1, calls: rows.length, types: [...types], features, weights: [...w], bias: [...b] });
}

const round = (x: number) => Math.round(x * 1e4) / 1e4;

/** Weights to four decimals, and features whose weights all round to zero left out: a small file. */
function compact(m: Omit<CallTypeModel, 'data_hash' | 'threshold'>): Omit<CallTypeModel, 'data_hash' | 'threshold'> {
  const K = m.types.length;
  const features: string[] = [];
  const weights: number[] = [];
  m.features.forEach((f, i) => {
    const row = m.weights.slice(i * K, (i + 1) * K).map(round);
    if (row.every((x) => Math.abs(x) < 2e-4)) return;
    features.push(f);
    weights.push(...row.map((x) => (Object.is(x, -0) ? 0 : x)));
  });
  return { ...m, features, weights, bias: m.bias.map(round) };
}

/** Each type's probability, in model.types order. */
export function predictCallType(model: Pick<CallTypeModel, 'features' | 'weights' | 'bias' | 'types'>, fv: FeatureVector, index: Map<string, number>): Float64Array {
  const K = model.types.length;
  const z = Float64Array.from(model.bias);
  for (const [f, v] of fv) {
    const i = index.get(f);
    if (i === undefined) continue;
    for (let k = 0; k < K; k++) z[k] += v * model.weights[i * K + k];
  }
  return softmaxInPlace(z);
}
