// `npm run train` (third step): fits the call-text model and the score calibration
// (src/calls/analyzer/coach/rubric/call-text-model.json, score-calibration.json) on coach-scored
// calls, with the utterance model and rep finder just trained. Deterministic. eval/sealed is never
// among the calls.
//
// The calibration learns from the calls' features as a new call's look: many scored calls are
// also labelled training data of the utterance model, which knows their sentences better than any
// new call's. So the writers are split into CROSS_FIT_FOLDS groups and each group's calls are
// measured with an utterance model trained without their sentences (cross-fitting, as in
// stacking); so are the call-text model's predictions, from a model fitted without their calls.
// Those rows are kept in training/calibration/cross-fitted-rows.json with the hash of
// what they were made from: the tests refit from them and check the hash, without retraining.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { casesIn } from '../eval/agreement.ts';
import { loadTrainingData, type Example } from '../src/calls/analyzer/coach/classify/data.ts';
import { modelDataHash, useUtteranceModel } from '../src/calls/analyzer/coach/classify/model.ts';
import type { ModelFile } from '../src/calls/analyzer/coach/classify/scorer.ts';
import { trainModel } from '../src/calls/analyzer/coach/classify/train.ts';
import { measureTranscript } from '../src/calls/analyzer/coach/index.ts';
import { repWeights } from '../src/calls/analyzer/coach/rep/learned-rep.ts';
import { callFeatures, withTextFeatures } from '../src/calls/analyzer/coach/rubric/call-features.ts';
import { type CallTerms, type CallTextModel, callTerms, textScores } from '../src/calls/analyzer/coach/rubric/call-text.ts';
import { type CallTextFit, fitCallText } from '../src/calls/analyzer/coach/rubric/call-text-fit.ts';
import { SCORE_DIMENSIONS } from '../src/calls/analyzer/types.ts';
import { fitCalibration, type FitRow, type ScoreCalibration } from '../src/calls/analyzer/coach/rubric/calibration.ts';
import { handScores } from '../src/calls/analyzer/coach/rubric/index.ts';

/** Calls a coach scored (eval/COACH-ANNOTATION.md): development sets and every eval/train-calls* folder. */
export const SCORE_TRAINING_DIRS = ['eval/dev', ...trainingCallDirs()];

export const CROSS_FIT_FOLDS = 5;

export const CALL_TEXT_MODEL = fileURLToPath(new URL('../src/calls/analyzer/coach/rubric/call-text-model.json', import.meta.url));

export const CROSS_FITTED_ROWS = fileURLToPath(new URL('../training/calibration/cross-fitted-rows.json', import.meta.url));

/** eval/train-calls, eval/train-calls-b, …: one folder per writer. */
export function trainingCallDirs(): string[] {
  const evalDir = fileURLToPath(new URL('../eval', import.meta.url));
  return readdirSync(evalDir).filter((d) => d.startsWith('train-calls')).sort().map((d) => `eval/${d}`);
}

/** A scored call's features, with the folder it came from (one folder, one writer); `terms` only while training. */
export type ScoredRow = FitRow & { folder: string; hand: FitRow['scores']; terms?: CallTerms };

const folderOf = (root: string, dir: string) => dir.slice(root.length).replace(/^\/+/, '');

function scoredCases(root: string, dirs: string[]) {
  return dirs.filter((d) => existsSync(`${root}/${d}`)).flatMap((d) => casesIn(`${root}/${d}`).filter((c) => c.ann.scores));
}

/** The hash of the scored calls: names, transcripts and the coach's scores. */
export function scoredCallsHash(root: string, dirs = SCORE_TRAINING_DIRS): string {
  const h = createHash('sha256');
  for (const c of scoredCases(root, dirs)) h.update(c.name).update(c.transcript).update(JSON.stringify(c.ann.scores));
  return h.digest('hex');
}

type ScoredCase = ReturnType<typeof scoredCases>[number];

/** The calls' features with the utterance model currently loaded, before the call-text features. */
function measureCases(root: string, cases: ScoredCase[]): ScoredRow[] {
  return cases.map((c) => {
    // The coach's salesperson, so the features describe the person the coach scored.
    const { signals } = measureTranscript({ transcript: c.transcript, language: 'en', repSpeaker: c.ann.rep_speaker ?? c.ann.repSpeaker });
    const hand = handScores(signals).scores;
    return { features: callFeatures(signals, hand, null), scores: c.ann.scores as FitRow['scores'], hand, folder: folderOf(root, c.dir), terms: callTerms(signals) };
  });
}

const scoreVector = (r: ScoredRow) => SCORE_DIMENSIONS.map((d) => r.scores[d] - 1);

/** The call-text model fitted on these rows' calls. */
export function fitTextOn(rows: ScoredRow[]): CallTextFit {
  return fitCallText(rows.map((r) => r.terms as CallTerms), rows.map(scoreVector));
}

/**
 * Adds to each writer's rows what a call-text model fitted on the other writers' calls predicts
 * for them. One writer at a time, not the five groups: the model at work is fitted on every
 * writer, and the calibration should learn how far to trust a prediction that strong (measured
 * leaving one writer out: 68.0 % exact, against 67.5 % with five groups; docs/coaching.md).
 */
function addCrossFittedText(rows: ScoredRow[]): ScoredRow[] {
  const text = new Map<ScoredRow, number[]>();
  for (const folder of new Set(rows.map((r) => r.folder))) {
    const model = { version: 1, data_hash: '', ...fitTextOn(rows.filter((r) => r.folder !== folder)) } as CallTextModel;
    for (const r of rows.filter((x) => x.folder === folder)) text.set(r, textScores(model, r.terms as CallTerms));
  }
  return rows.map((r) => ({ ...r, features: withTextFeatures(r.features, text.get(r) as number[]) }));
}

export interface CrossFitOptions {
  folds?: number;
  dirs?: string[];
  /** Trains the utterance model a fold is measured with (default: the real trainer). */
  train?: (examples: Example[]) => ModelFile;
}

/**
 * Each writer group's calls measured with an utterance model trained without their sentences, and
 * each writer's with a call-text model fitted without their calls.
 */
export function crossFittedRows(root: string, { folds = CROSS_FIT_FOLDS, dirs = SCORE_TRAINING_DIRS, train = (ex) => trainModel(ex) }: CrossFitOptions = {}): ScoredRow[] {
  const cases = scoredCases(root, dirs);
  const folders = [...new Set(cases.map((c) => folderOf(root, c.dir)))];
  const { examples } = loadTrainingData();
  const rows = new Map<ScoredCase, ScoredRow>();
  try {
    for (let k = 0; k < folds; k++) {
      const fold = new Set(folders.filter((_, i) => i % folds === k));
      const inFold = cases.filter((c) => fold.has(folderOf(root, c.dir)));
      const calls = new Set(inFold.map((c) => c.name));
      useUtteranceModel(train(examples.filter((e) => !e.call || !calls.has(e.call))));
      measureCases(root, inFold).forEach((r, i) => rows.set(inFold[i], r));
    }
  } finally {
    useUtteranceModel(null);
  }
  // In the order of the calls, whatever the folds.
  return addCrossFittedText(cases.map((c) => rows.get(c) as ScoredRow));
}

/** What the rows were made from: the calls and the utterance training data. */
export function rowsInputHash(root: string): string {
  return createHash('sha256').update(scoredCallsHash(root)).update(modelDataHash()).update(String(CROSS_FIT_FOLDS)).digest('hex');
}

interface RowsFile {
  input_hash: string;
  features: string[];
  rows: Array<{ folder: string; values: number[]; scores: FitRow['scores']; hand: FitRow['scores'] }>;
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

export function writeCrossFittedRows(root: string, rows: ScoredRow[]): void {
  const file: RowsFile = { input_hash: rowsInputHash(root), features: rows[0].features.names, rows: rows.map((r) => ({ folder: r.folder, values: r.features.values.map(round6), scores: r.scores, hand: r.hand })) };
  mkdirSync(dirname(CROSS_FITTED_ROWS), { recursive: true });
  writeFileSync(CROSS_FITTED_ROWS, `${JSON.stringify(file)}\n`);
}

/** The committed rows, with the hash of what they were made from. */
export function readCrossFittedRows(): { inputHash: string; rows: ScoredRow[] } {
  const file = JSON.parse(readFileSync(CROSS_FITTED_ROWS, 'utf8')) as RowsFile;
  return { inputHash: file.input_hash, rows: file.rows.map((r) => ({ folder: r.folder, features: { names: file.features, values: r.values }, scores: r.scores, hand: r.hand })) };
}

/** The calibration from the committed cross-fitted rows. */
export function trainScores(): ScoreCalibration {
  const { inputHash, rows } = readCrossFittedRows();
  const data_hash = createHash('sha256').update(inputHash).update(repWeights()?.data_hash ?? '').digest('hex');
  return { version: 1, data_hash, calls: rows.length, ...fitCalibration(rows) };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const rows = crossFittedRows(root);
  writeCrossFittedRows(root, rows);
  console.log(`${rows.length} calls measured as new calls (${CROSS_FIT_FOLDS} writer groups); wrote ${CROSS_FITTED_ROWS}`);
  const text: CallTextModel = { version: 1, data_hash: scoredCallsHash(root), ...fitTextOn(rows) };
  writeFileSync(CALL_TEXT_MODEL, `${JSON.stringify(text)}\n`);
  console.log(`call-text model fitted on ${text.calls} calls (${Object.keys(text.terms).length} terms); wrote ${CALL_TEXT_MODEL}`);
  const c = trainScores();
  const out = new URL('../src/calls/analyzer/coach/rubric/score-calibration.json', import.meta.url);
  writeFileSync(out, `${JSON.stringify(c)}\n`);
  console.log(`score calibration fitted on ${c.calls} calls; wrote ${fileURLToPath(out)}`);
}
