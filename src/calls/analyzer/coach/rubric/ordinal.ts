// The ordinal half of the score calibration: one weight per feature and four ordered thresholds
// (a cumulative-logit model: P(score <= k) = sigmoid(threshold_k - w·x)). It knows that 4 lies
// between 3 and 5, which the five-class model does not, and so errs by one rather than by two.

export interface OrdinalModel {
  weights: number[];
  thresholds: number[];
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function ordinalDistribution(m: OrdinalModel, x: number[]): number[] {
  const s = x.reduce((a, v, j) => a + v * m.weights[j], 0);
  const c = m.thresholds.map((t) => sigmoid(t - s));
  return [c[0], c[1] - c[0], c[2] - c[1], c[3] - c[2], 1 - c[3]];
}

/** Full-batch gradient descent on the negative log-likelihood with L2, from a fixed start: deterministic. */
export function fitOrdinal(X: number[][], y: number[], l2: number, epochs = 1500, rate = 0.1): OrdinalModel {
  const d = X[0].length;
  const n = X.length;
  const w = new Array<number>(d).fill(0);
  const t = [-1.5, -0.5, 0.5, 1.5];
  for (let e = 0; e < epochs; e++) {
    const gw = new Array<number>(d).fill(0);
    const gt = [0, 0, 0, 0];
    X.forEach((x, i) => {
      const s = x.reduce((a, v, j) => a + v * w[j], 0);
      const k = y[i];
      const up = k < 4 ? sigmoid(t[k] - s) : 1;
      const lo = k > 0 ? sigmoid(t[k - 1] - s) : 0;
      const p = Math.max(up - lo, 1e-9);
      const dUp = k < 4 ? up * (1 - up) : 0;
      const dLo = k > 0 ? lo * (1 - lo) : 0;
      const gs = (dUp - dLo) / p;
      for (let j = 0; j < d; j++) gw[j] += (gs * x[j]) / n;
      if (k < 4) gt[k] -= dUp / p / n;
      if (k > 0) gt[k - 1] += dLo / p / n;
    });
    for (let j = 0; j < d; j++) w[j] -= rate * (gw[j] + (l2 * w[j]) / n);
    for (let k = 0; k < 4; k++) t[k] -= rate * gt[k];
    t.sort((a, b) => a - b);
  }
  return { weights: w, thresholds: t };
}
