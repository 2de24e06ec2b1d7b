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
 * Fit by full-batch gradient descent on the logistic loss with L2, from zero weights: the same
 * speakers always give the same weights. Each call's speakers are one group; the rep is the positive.
 */
export function fitRepWeights(groups: Array<{ speakers: SpeakerFeatures[]; rep: number }>, l2 = 0.01, epochs = 400, rate = 0.5): Omit<RepWeights, 'version' | 'data_hash' | 'calls'> {
  const names = [...new Set(groups.flatMap((g) => g.speakers.flatMap((s) => Object.keys(s))))].sort();
  const w = new Float64Array(names.length);
  let bias = 0;
  const rows = groups.flatMap((g) => g.speakers.map((s, i) => ({ x: names.map((n) => s[n] ?? 0), y: i === g.rep ? 1 : 0 })));
  for (let e = 0; e < epochs; e++) {
    const grad = new Float64Array(names.length);
    let gb = 0;
    for (const r of rows) {
      let z = bias;
      for (let j = 0; j < names.length; j++) z += w[j] * r.x[j];
      const err = 1 / (1 + Math.exp(-z)) - r.y;
      gb += err;
      for (let j = 0; j < names.length; j++) grad[j] += err * r.x[j];
    }
    for (let j = 0; j < names.length; j++) w[j] -= rate * (grad[j] / rows.length + l2 * w[j]);
    bias -= (rate * gb) / rows.length;
  }
  const weights: Record<string, number> = {};
  names.forEach((n, j) => (weights[n] = Math.round(w[j] * 1e6) / 1e6));
  return { bias: Math.round(bias * 1e6) / 1e6, weights };
}
