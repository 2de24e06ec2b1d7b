// The trained utterance classifier (utterance-model.json, made by `npm run train`). The model is
// read on first use and kept for the process: parsing ~MBs of JSON per call would dominate.

import { readFileSync } from 'node:fs';
import { LABELS, type Label } from './labels.ts';
import { UtteranceScorer, type ModelFile } from './scorer.ts';

export { hashTrainingData } from './data-hash.ts';

const MODEL_URL = new URL('./utterance-model.json', import.meta.url);

let loaded: { file: ModelFile; scorer: UtteranceScorer } | null = null;

function model(): { file: ModelFile; scorer: UtteranceScorer } {
  if (loaded) return loaded;
  const file = JSON.parse(readFileSync(MODEL_URL, 'utf8')) as ModelFile;
  // The weight columns follow the label order at training time; a changed LABELS needs a retrain.
  if (file.labels.length !== LABELS.length || file.labels.some((l, i) => l !== LABELS[i])) {
    throw new Error('utterance-model.json was trained on another label set: run `npm run train`');
  }
  loaded = { file, scorer: new UtteranceScorer(file) };
  return loaded;
}

/**
 * Scores with another model until called with null: the score calibration is fitted on features
 * from a model that never saw the call's sentences, as a new call's are (scripts/train-scores.ts).
 */
export function useUtteranceModel(file: ModelFile | null): void {
  loaded = file ? { file, scorer: new UtteranceScorer(file) } : null;
}

/** Probability of each label, in LABELS order. */
export function classify(text: string): Float32Array {
  return model().scorer.probabilities(text);
}

/** The labels whose probability reaches the label's threshold (chosen at training time). */
export function labelsFromProbabilities(probs: Float32Array): Set<Label> {
  const { thresholds } = model().scorer;
  const out = new Set<Label>();
  for (let l = 0; l < LABELS.length; l++) if (probs[l] >= thresholds[l]) out.add(LABELS[l]);
  return out;
}

export function labelsOf(text: string): Set<Label> {
  return labelsFromProbabilities(classify(text));
}

/** data_hash of the training data the loaded model was made from. */
export function modelDataHash(): string {
  return model().file.data_hash;
}

export function modelThresholds(): Float32Array {
  return model().scorer.thresholds;
}
