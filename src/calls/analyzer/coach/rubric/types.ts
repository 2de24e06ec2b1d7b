import type { ScoreDimension } from '../../types.ts';

/** One dimension's score and the rubric items behind it (shown by `npm run eval -- NAME -v`). */
export interface DimensionScore {
  dimension: ScoreDimension;
  score: number;
  reasons: string[];
}

export const clamp = (n: number) => Math.max(1, Math.min(5, Math.round(n)));

