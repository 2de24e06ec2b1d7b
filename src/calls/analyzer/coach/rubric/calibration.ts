// The score calibration: per dimension, a five-class logistic model and an ordinal model
// (ordinal.ts) over the call's features (call-features.ts, the hand rubric's scores among them),
// fitted on coach-scored calls by `npm run train` (scripts/train-scores.ts) and kept in
// score-calibration.json. The score is the median of the two models' mean distribution, which
// keeps scores off by two rare. Fitted across writers it agreed with coaches far more often than
// the hand rubric alone (docs/coaching.md).
import { existsSync, readFileSync } from 'node:fs';
import { SCORE_DIMENSIONS, type ScoreDimension } from '../../types.ts';
import type { CallFeatures } from './call-features.ts';
import { fitOrdinal, type OrdinalModel, ordinalDistribution } from './ordinal.ts';

export interface ClassModel {
  /** Per score 1..5: a bias and one weight per feature (over standardised features). */
  bias: number[];
  weights: number[][];
}

export interface DimensionModel extends ClassModel {
  ordinal: OrdinalModel;
}

export interface ScoreCalibration {
  version: 1;
  data_hash: string;
  calls: number;
  features: string[];
  mean: number[];
  sd: number[];
  dimensions: Record<ScoreDimension, DimensionModel>;
}

export interface FitRow {
  features: CallFeatures;
  scores: Record<ScoreDimension, number>;
}

const CALIBRATION_URL = new URL('./score-calibration.json', import.meta.url);
let cached: ScoreCalibration | null | undefined;

export function scoreCalibration(): ScoreCalibration | null {
  if (cached === undefined) cached = existsSync(CALIBRATION_URL) ? (JSON.parse(readFileSync(CALIBRATION_URL, 'utf8')) as ScoreCalibration) : null;
  return cached;
}

function standardised(c: Pick<ScoreCalibration, 'features' | 'mean' | 'sd'>, f: CallFeatures): number[] {
  const byName = new Map(f.names.map((n, i) => [n, f.values[i]]));
  return c.features.map((n, j) => ((byName.get(n) ?? c.mean[j]) - c.mean[j]) / c.sd[j]);
}

function softmax(m: ClassModel, x: number[]): number[] {
  const z = m.bias.map((b, k) => b + x.reduce((a, v, j) => a + v * m.weights[k][j], 0));
  const top = Math.max(...z);
  const e = z.map((v) => Math.exp(v - top));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / sum);
}

/** The probability of each score 1..5 for one dimension: the mean of the two models'. */
export function scoreDistribution(c: ScoreCalibration, dim: ScoreDimension, f: CallFeatures): number[] {
  const x = standardised(c, f);
  const a = softmax(c.dimensions[dim], x);
  const b = ordinalDistribution(c.dimensions[dim].ordinal, x);
  return a.map((v, k) => (v + b[k]) / 2);
}

/** The median score of a distribution over 1..5. */
export function medianScore(p: number[]): number {
  let acc = 0;
  for (let k = 0; k < p.length; k++) {
    acc += p[k];
    if (acc >= 0.5) return k + 1;
  }
  return p.length;
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/**
 * Both models by full-batch gradient descent with L2 from a fixed start: the same rows always
 * give the same model. L2 = 10, the two models' mean and its median were chosen by leaving one
 * writer's calls out at a time (docs/coaching.md).
 */
export function fitCalibration(rows: FitRow[], l2 = 10, epochs = 300, rate = 0.5): Omit<ScoreCalibration, 'version' | 'data_hash' | 'calls'> {
  const features = rows[0].features.names;
  const n = rows.length;
  const mean = features.map((_, j) => rows.reduce((a, r) => a + r.features.values[j], 0) / n);
  const sd = features.map((_, j) => Math.sqrt(rows.reduce((a, r) => a + (r.features.values[j] - mean[j]) ** 2, 0) / n) || 1);
  const X = rows.map((r) => standardised({ features, mean, sd }, r.features));
  const dimensions = {} as Record<ScoreDimension, DimensionModel>;
  for (const dim of SCORE_DIMENSIONS) {
    const y = rows.map((r) => r.scores[dim] - 1);
    const m = fitClasses(X, y, l2, epochs, rate);
    const o = fitOrdinal(X, y, l2);
    dimensions[dim] = { bias: m.bias.map(round6), weights: m.weights.map((w) => w.map(round6)), ordinal: { weights: o.weights.map(round6), thresholds: o.thresholds.map(round6) } };
  }
  return { features, mean: mean.map(round6), sd: sd.map(round6), dimensions };
}

function fitClasses(X: number[][], y: number[], l2: number, epochs: number, rate: number): ClassModel {
  const d = X[0].length;
  const n = X.length;
  const m: ClassModel = { bias: new Array<number>(5).fill(0), weights: Array.from({ length: 5 }, () => new Array<number>(d).fill(0)) };
  for (let e = 0; e < epochs; e++) {
    const gb = new Array<number>(5).fill(0);
    const gw = Array.from({ length: 5 }, () => new Array<number>(d).fill(0));
    X.forEach((x, i) => {
      const p = softmax(m, x);
      for (let k = 0; k < 5; k++) {
        const err = p[k] - (y[i] === k ? 1 : 0);
        gb[k] += err / n;
        for (let j = 0; j < d; j++) gw[k][j] += (err * x[j]) / n;
      }
    });
    for (let k = 0; k < 5; k++) {
      m.bias[k] -= rate * gb[k];
      for (let j = 0; j < d; j++) m.weights[k][j] -= rate * (gw[k][j] + (l2 * m.weights[k][j]) / n);
    }
  }
  return m;
}
