// The learned part of the rep finder: a logistic score per speaker over speakerFeatures, fitted by
// `npm run train` (scripts/train-rep.ts) on calls whose salesperson is known, kept in
// rep-weights.json. The speaker with the highest score is the salesperson.
import { existsSync, readFileSync } from 'node:fs';
import type { SpeakerFeatures } from './speaker-features.ts';

export interface RepWeights {
  version: 1;
  data_hash: string;
  calls: number;
  bias: number;
  weights: Record<string, number>;
}

const WEIGHTS_URL = new URL('./rep-weights.json', import.meta.url);
let cached: RepWeights | null | undefined;

export function repWeights(): RepWeights | null {
  if (cached === undefined) cached = existsSync(WEIGHTS_URL) ? (JSON.parse(readFileSync(WEIGHTS_URL, 'utf8')) as RepWeights) : null;
  return cached;
}

export function sellerScore(w: RepWeights, f: SpeakerFeatures): number {
  let z = w.bias;
  for (const [k, v] of Object.entries(f)) z += (w.weights[k] ?? 0) * v;
  return z;
}

/**
 * Fit by full-batch gradient descent on the conditional logit (a softmax over each call's
 * speakers: the rep is the one of them), with L2, from zero weights: the same speakers always
 * give the same weights. Comparing a call's speakers with each other is the question the rep
 * finder answers; an absolute "is this a seller" score per speaker is not.
 */
export function fitRepWeights(groups: Array<{ speakers: SpeakerFeatures[]; rep: number }>, l2 = 0.01, epochs = 400, rate = 0.5): Omit<RepWeights, 'version' | 'data_hash' | 'calls'> {
  const names = [...new Set(groups.flatMap((g) => g.speakers.flatMap((s) => Object.keys(s))))].sort();
  const w = new Float64Array(names.length);
  const calls = groups.map((g) => ({ x: g.speakers.map((s) => names.map((n) => s[n] ?? 0)), rep: g.rep }));
  for (let e = 0; e < epochs; e++) {
    const grad = new Float64Array(names.length);
    for (const c of calls) {
      const z = c.x.map((x) => x.reduce((a, v, j) => a + v * w[j], 0));
      const top = Math.max(...z);
      const ex = z.map((v) => Math.exp(v - top));
      const sum = ex.reduce((a, b) => a + b, 0);
      c.x.forEach((x, i) => {
        const err = ex[i] / sum - (i === c.rep ? 1 : 0);
        for (let j = 0; j < names.length; j++) grad[j] += err * x[j];
      });
    }
    for (let j = 0; j < names.length; j++) w[j] -= rate * (grad[j] / calls.length + l2 * w[j]);
  }
  const weights: Record<string, number> = {};
  names.forEach((n, j) => (weights[n] = Math.round(w[j] * 1e6) / 1e6));
  return { bias: 0, weights };
}
