// Fits the call-text model (call-text.ts): kernel ridge regression in its dual form, which is exact
// and fast here because there are far fewer calls (hundreds) than terms (tens of thousands):
// solve (K + αI) c = y - mean with K the calls' TF-IDF dot products, then the weight of a term is
// Σ c_i x_i(term). Deterministic: the same calls always give the same model.
import type { CallTerms, CallTextModel } from './call-text.ts';
import { termVector } from './call-text.ts';

export type CallTextFit = Omit<CallTextModel, 'version' | 'data_hash'>;

interface Sparse {
  index: Int32Array;
  value: Float64Array;
}

/** Terms said in at least `minDf` calls, in a fixed order, with their idf = ln((1+n)/(1+df)) + 1. */
function vocabulary(docs: CallTerms[], minDf: number): Map<string, { id: number; idf: number }> {
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const kept = [...df].filter(([, n]) => n >= minDf).map(([t]) => t).sort();
  return new Map(kept.map((t, id) => [t, { id, idf: Math.log((1 + docs.length) / (1 + (df.get(t) as number))) + 1 }]));
}

function sparse(vocab: ReturnType<typeof vocabulary>, doc: CallTerms): Sparse {
  const v = [...termVector((t) => vocab.get(t)?.idf, doc)].map(([t, x]) => [vocab.get(t)!.id, x] as const).sort((a, b) => a[0] - b[0]);
  return { index: Int32Array.from(v.map((e) => e[0])), value: Float64Array.from(v.map((e) => e[1])) };
}

/** K = X Xᵀ over sparse rows, with one dense row at a time. */
function gram(xs: Sparse[], terms: number): Float64Array[] {
  const K = xs.map(() => new Float64Array(xs.length));
  const dense = new Float64Array(terms);
  xs.forEach((xi, i) => {
    xi.index.forEach((t, k) => (dense[t] = xi.value[k]));
    for (let j = 0; j <= i; j++) {
      const xj = xs[j];
      let dot = 0;
      for (let k = 0; k < xj.index.length; k++) dot += dense[xj.index[k]] * xj.value[k];
      K[i][j] = dot;
      K[j][i] = dot;
    }
    xi.index.forEach((t) => (dense[t] = 0));
  });
  return K;
}

/** Solves A c = b for a symmetric positive definite A (Cholesky), for several right-hand sides. */
export function solveSpd(A: Float64Array[], B: number[][]): number[][] {
  const n = A.length;
  const L = A.map(() => new Float64Array(n));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = A[i][j];
      for (let k = 0; k < j; k++) s -= L[i][k] * L[j][k];
      L[i][j] = i === j ? Math.sqrt(s) : s / L[j][j];
    }
  }
  const columns = B[0].map((_, d) => {
    const y = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let s = B[i][d];
      for (let k = 0; k < i; k++) s -= L[i][k] * y[k];
      y[i] = s / L[i][i];
    }
    const x = new Float64Array(n);
    for (let i = n - 1; i >= 0; i--) {
      let s = y[i];
      for (let k = i + 1; k < n; k++) s -= L[k][i] * x[k];
      x[i] = s / L[i][i];
    }
    return x;
  });
  return B.map((_, i) => columns.map((x) => x[i]));
}

const round = (v: number) => Number(v.toPrecision(6));

/**
 * `scores`: per call the coach's five scores minus one. α = 0.05 and terms in at least 3 calls
 * were chosen by leaving one writer out at a time (docs/coaching.md).
 */
export function fitCallText(docs: CallTerms[], scores: number[][], alpha = 0.05, minDf = 3): CallTextFit {
  const vocab = vocabulary(docs, minDf);
  const xs = docs.map((d) => sparse(vocab, d));
  const dims = scores[0].length;
  const mean = Array.from({ length: dims }, (_, d) => scores.reduce((a, s) => a + s[d], 0) / scores.length);
  const K = gram(xs, vocab.size);
  K.forEach((row, i) => (row[i] += alpha));
  const c = solveSpd(K, scores.map((s) => s.map((v, d) => v - mean[d])));
  // The primal weights: w(term) = Σ_i c_i x_i(term).
  const weights = Array.from({ length: vocab.size }, () => new Float64Array(dims));
  xs.forEach((x, i) => {
    for (let k = 0; k < x.index.length; k++) {
      for (let d = 0; d < dims; d++) weights[x.index[k]][d] += c[i][d] * x.value[k];
    }
  });
  const terms: Record<string, number[]> = {};
  for (const [t, { id, idf }] of vocab) terms[t] = [round(idf), ...[...weights[id]].map(round)];
  return { calls: docs.length, alpha, mean: mean.map(round), terms };
}
