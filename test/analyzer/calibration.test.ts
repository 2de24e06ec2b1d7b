import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyseWithDetails, measureTranscript } from '../../src/calls/analyzer/coach/index.ts';
import { fitCalibration, medianScore, scoreDistribution, type FitRow, type ScoreCalibration } from '../../src/calls/analyzer/coach/rubric/calibration.ts';
import { crossFittedRows, readCrossFittedRows, rowsInputHash, trainScores } from '../../scripts/train-scores.ts';
import { casesIn } from '../../eval/agreement.ts';
import { loadTrainingData, type Example } from '../../src/calls/analyzer/coach/classify/data.ts';
import type { ModelFile } from '../../src/calls/analyzer/coach/classify/scorer.ts';
import { calibrationFeatures, handScores } from '../../src/calls/analyzer/coach/rubric/index.ts';

const DIMS = ['discovery', 'listening', 'value', 'objection_handling', 'next_step'] as const;

test('the committed score calibration is what `npm run train` makes from the committed calls and models', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const committed = JSON.parse(readFileSync(new URL('../../src/calls/analyzer/coach/rubric/score-calibration.json', import.meta.url), 'utf8'));
  const { inputHash, rows } = readCrossFittedRows();
  assert.equal(inputHash, rowsInputHash(root), 'scored calls or labelled utterances changed: run `npm run train`');
  const { signals } = measureTranscript({ transcript: 'A: Hallo, wie läuft es bei Ihnen?\nB: Gut, danke.', language: 'de' });
  assert.deepEqual(rows[0].features.names, calibrationFeatures(signals, handScores(signals).scores).names, 'the features a call is scored by are those the calibration was fitted on (call-text predictions included): run `npm run train`');
  assert.deepEqual(trainScores(), committed);
});

test('cross-fitting measures each writer\'s calls with a model trained without their sentences, and every other labelled sentence', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const dirs = ['eval/train-calls-k', 'eval/train-calls-l'];
  const namesOf = (dir: string) => new Set(casesIn(`${root}/${dir}`).map((c) => c.name));
  const committed = JSON.parse(readFileSync(new URL('../../src/calls/analyzer/coach/classify/utterance-model.json', import.meta.url), 'utf8')) as ModelFile;
  const all = loadTrainingData().examples;
  const leftOut: Array<Set<string>> = [];
  const given: number[] = [];
  const rows = crossFittedRows(root, {
    folds: 2,
    dirs,
    train: (examples: Example[]) => {
      const seen = new Set(examples.map((e) => e.call));
      leftOut.push(new Set([...dirs.flatMap((d) => [...namesOf(d)])].filter((n) => !seen.has(n))));
      given.push(examples.length);
      return committed;
    },
  });
  assert.deepEqual(leftOut, dirs.map(namesOf), 'each fold leaves out exactly its writer\'s calls');
  const outside = (names: Set<string>) => all.filter((e) => !e.call || !names.has(e.call)).length;
  assert.deepEqual(given, dirs.map((d) => outside(namesOf(d))), 'every other labelled sentence reaches the trainer');
  assert.deepEqual(rows.map((r) => r.folder), dirs.flatMap((d) => [...namesOf(d)].map(() => d)));
  assert.ok(rows.every((r) => r.features.values.every(Number.isFinite)));
});

test('the calibrated score is the median of the distribution, so a split distribution does not jump to an edge', () => {
  assert.equal(medianScore([0.1, 0.1, 0.6, 0.1, 0.1]), 3);
  assert.equal(medianScore([0.45, 0, 0, 0, 0.55]), 5);
  assert.equal(medianScore([0.3, 0.1, 0.05, 0.1, 0.45]), 4);
  assert.equal(medianScore([1, 0, 0, 0, 0]), 1);
});

test('the calibration learns a relation between a measurement and the coach score, and refits to the same numbers', () => {
  // Coaches give listening 5 at a low talk share and 1 at a high one; the other dimensions are 3.
  const rows: FitRow[] = [];
  for (let i = 0; i < 60; i++) {
    const share = (i % 10) / 10;
    const listening = share < 0.3 ? 5 : share < 0.5 ? 4 : share < 0.7 ? 2 : 1;
    rows.push({ features: { names: ['talk_share', 'noise'], values: [share, (i * 7) % 5] }, scores: { discovery: 3, listening, value: 3, objection_handling: 3, next_step: 3 } });
  }
  const fit = fitCalibration(rows, 1, 600);
  assert.deepEqual(fitCalibration(rows, 1, 600), fit);
  const model = { version: 1, data_hash: '', calls: rows.length, ...fit } as ScoreCalibration;
  const at = (share: number) => ({ names: ['talk_share', 'noise'], values: [share, 2] });
  assert.equal(medianScore(scoreDistribution(model, 'listening', at(0.1))), 5);
  assert.equal(medianScore(scoreDistribution(model, 'listening', at(0.9))), 1);
  assert.equal(medianScore(scoreDistribution(model, 'discovery', at(0.9))), 3);
});

test('a call with one speaker keeps the rubric floor (listening 1: nobody else got the floor)', () => {
  const transcript = 'Anna: Guten Tag, hier ist Anna von Nordlicht. Ich rufe an wegen Ihrer Tourenplanung. Wir haben eine Software, die Touren automatisch plant. Rufen Sie mich gern zurück unter 0171 234567. Vielen Dank und einen schönen Tag.';
  const d = analyseWithDetails({ transcript, language: 'de' });
  assert.equal(d.result.scores.listening, 1);
  for (const dim of DIMS) assert.ok(!d.explain[dim].some((r) => r.startsWith('rubric ')), `${dim} not calibrated`);
});

test('scores of a two-sided call come from the calibration, and the explanation names the rubric score beside it', () => {
  const transcript = [
    'Anna: Hallo Herr Brandt, Anna von Nordlicht. Wie planen Sie heute Ihre Touren?',
    'Ben: Mit Excel, das dauert jeden Morgen zwei Stunden.',
    'Anna: Zwei Stunden jeden Morgen – was bedeutet das für Ihre Disponenten?',
    'Ben: Die fangen zu spät an, und die Fahrer warten.',
    'Anna: Wollen wir uns das am Donnerstag um 10 Uhr zusammen ansehen? Ich schicke Ihnen eine Einladung.',
    'Ben: Ja, gern.',
  ].join('\n');
  const d = analyseWithDetails({ transcript, language: 'de' });
  for (const dim of DIMS) {
    const line = d.explain[dim].find((r) => r.startsWith('rubric '));
    assert.ok(line, dim);
    assert.match(line, new RegExp(`calibrated ${d.result.scores[dim]} `));
  }
});
