// The five scores: one hand rubric file per dimension (docs/coaching.md, "Scoring rubric"), then
// the calibration fitted on coaches' scores (calibration.ts) reads the rubric's scores together
// with the measurements behind them and gives the score a coach would most likely give.
import type { ScoreDimension, Scores } from '../../types.ts';
import type { Signals } from '../signals/index.ts';
import { callFeatures } from './call-features.ts';
import { medianScore, scoreCalibration, scoreDistribution } from './calibration.ts';
import { callTerms, callTextModel, textScores } from './call-text.ts';
import { scoreDiscovery } from './discovery.ts';
import { scoreListening } from './listening.ts';
import { scoreNextStep } from './next-step.ts';
import { scoreObjectionHandling } from './objection-handling.ts';
import { scoreValue } from './value.ts';

export interface CallScores {
  scores: Scores;
  /** The hand rubric's scores, before calibration. */
  hand: Scores;
  /** The expected score per dimension (the mean of the calibrated distribution): finer than the score, for ranking. */
  expected: Record<ScoreDimension, number>;
  explain: Record<ScoreDimension, string[]>;
}

export function handScores(s: Signals): { scores: Scores; explain: Record<ScoreDimension, string[]> } {
  const scores = {} as Scores;
  const explain = {} as Record<ScoreDimension, string[]>;
  for (const d of [scoreDiscovery(s), scoreListening(s), scoreValue(s), scoreObjectionHandling(s), scoreNextStep(s)]) {
    scores[d.dimension] = d.score;
    explain[d.dimension] = d.reasons;
  }
  return { scores, explain };
}

/** What the calibration reads of a call: its features with what the call-text model predicts from its words. */
export function calibrationFeatures(s: Signals, hand: Scores) {
  const text = callTextModel();
  return callFeatures(s, hand, text && textScores(text, callTerms(s)));
}

export function scoreCall(s: Signals): CallScores {
  const hand = handScores(s);
  const calibration = scoreCalibration();
  // A call with one speaker is outside what the calibration saw: the rubric's floor rules hold.
  if (!calibration || s.speakers <= 1) return { scores: hand.scores, hand: hand.scores, expected: { ...hand.scores }, explain: hand.explain };
  const features = calibrationFeatures(s, hand.scores);
  const scores = {} as Scores;
  const explain = {} as Record<ScoreDimension, string[]>;
  const expected = {} as Record<ScoreDimension, number>;
  for (const dim of Object.keys(hand.scores) as ScoreDimension[]) {
    const p = scoreDistribution(calibration, dim, features);
    scores[dim] = medianScore(p);
    expected[dim] = p.reduce((a, v, k) => a + v * (k + 1), 0);
    explain[dim] = [...hand.explain[dim], `rubric ${hand.scores[dim]}, calibrated ${scores[dim]} (p ${p.map((v) => v.toFixed(2)).join(' ')})`];
  }
  return { scores, hand: hand.scores, expected, explain };
}
