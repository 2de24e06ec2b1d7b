// How the score calibration does on a writer it was not fitted on: each folder of coach-scored
// calls (one folder, one writer) is left out in turn, the calibration fitted on the others and
// scored on it, beside the hand rubric on the same calls.
//   npm run eval:calibration
//   npm run eval:calibration -- --cross-fit   (about 10 min: also with an utterance model that
//                                              never saw the left-out calls' sentences)
import { fileURLToPath } from 'node:url';
import { loadTrainingData } from '../src/calls/analyzer/coach/classify/data.ts';
import { useUtteranceModel } from '../src/calls/analyzer/coach/classify/model.ts';
import { trainModel } from '../src/calls/analyzer/coach/classify/train.ts';
import { SCORE_DIMENSIONS } from '../src/calls/analyzer/types.ts';
import { fitCalibration, medianScore, scoreDistribution, type ScoreCalibration } from '../src/calls/analyzer/coach/rubric/calibration.ts';
import { scoreRows, type ScoredRow } from '../scripts/train-scores.ts';
import { casesIn } from './agreement.ts';

interface Tally {
  n: number;
  exact: number;
  offByTwo: number;
}

const tally = (): Tally => ({ n: 0, exact: 0, offByTwo: 0 });
const add = (t: Tally, got: number, want: number) => {
  t.n++;
  t.exact += Number(got === want);
  t.offByTwo += Number(Math.abs(got - want) >= 2);
};
const pct = (a: number, n: number) => `${Math.round((100 * a) / Math.max(1, n))} %`;
const line = (t: Tally) => `exact ${t.exact}/${t.n} (${pct(t.exact, t.n)}), off by two ${t.offByTwo} (${pct(t.offByTwo, t.n)})`;

export function leaveOneWriterOut(rows: ScoredRow[], testRows: ScoredRow[] = rows): { hand: Tally; calibrated: Tally; folders: Map<string, { hand: Tally; calibrated: Tally }>; dimensions: Map<string, { hand: Tally; calibrated: Tally }> } {
  const hand = tally();
  const calibrated = tally();
  const dimensions = new Map(SCORE_DIMENSIONS.map((d) => [d as string, { hand: tally(), calibrated: tally() }]));
  const folders = new Map<string, { hand: Tally; calibrated: Tally }>();
  for (const folder of new Set(rows.map((r) => r.folder))) {
    const test = testRows.filter((r) => r.folder === folder);
    const model = { version: 1, data_hash: '', calls: 0, ...fitCalibration(rows.filter((r) => r.folder !== folder)) } as ScoreCalibration;
    const f = { hand: tally(), calibrated: tally() };
    for (const r of test) {
      for (const dim of SCORE_DIMENSIONS) {
        const got = medianScore(scoreDistribution(model, dim, r.features));
        const perDim = dimensions.get(dim)!;
        for (const [t, v] of [[hand, r.hand[dim]], [f.hand, r.hand[dim]], [perDim.hand, r.hand[dim]], [calibrated, got], [f.calibrated, got], [perDim.calibrated, got]] as const) add(t, v, r.scores[dim]);
      }
    }
    folders.set(folder, f);
  }
  return { hand, calibrated, folders, dimensions };
}

/**
 * The calls' features as a new call's are: the sentences of many scored calls are also labelled
 * training data of the utterance model, which then knows them better than any new call. Writers are
 * split into `folds` groups; each group's calls are measured with a model trained without their
 * sentences.
 */
export function crossFittedRows(root: string, folds = 5): ScoredRow[] {
  const all = scoreRows(root).rows;
  const folders = [...new Set(all.map((r) => r.folder))];
  const callsOf = new Map(folders.map((f) => [f, new Set(casesIn(`${root}/${f}`).filter((c) => c.dir === `${root}/${f}`).map((c) => c.name))]));
  const { examples } = loadTrainingData();
  const out: ScoredRow[] = [];
  try {
    for (let k = 0; k < folds; k++) {
      const fold = folders.filter((_, i) => i % folds === k);
      const calls = new Set(fold.flatMap((f) => [...(callsOf.get(f) ?? [])]));
      useUtteranceModel(trainModel(examples.filter((e) => !e.call || !calls.has(e.call))));
      out.push(...scoreRows(root, fold).rows.filter((r) => fold.includes(r.folder)));
    }
  } finally {
    useUtteranceModel(null);
  }
  return out;
}

export function printCalibrationFigures(perFolder: boolean, crossFit = false): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const { rows } = scoreRows(root);
  const r = leaveOneWriterOut(rows);
  console.log(`score calibration, each writer's calls left out in turn (${rows.length} calls):`);
  console.log(`  hand rubric   ${line(r.hand)}`);
  console.log(`  calibrated    ${line(r.calibrated)}`);
  for (const [dim, d] of r.dimensions) console.log(`    ${dim.padEnd(20)} hand ${pct(d.hand.exact, d.hand.n)} / ${pct(d.hand.offByTwo, d.hand.n)}   calibrated ${pct(d.calibrated.exact, d.calibrated.n)} / ${pct(d.calibrated.offByTwo, d.calibrated.n)}`);
  if (crossFit) {
    const cf = leaveOneWriterOut(rows, crossFittedRows(root));
    console.log(`  as new calls (their sentences unseen by the utterance model): hand rubric ${line(cf.hand)}; calibrated ${line(cf.calibrated)}`);
    for (const [dim, d] of cf.dimensions) console.log(`    ${dim.padEnd(20)} hand ${pct(d.hand.exact, d.hand.n)} / ${pct(d.hand.offByTwo, d.hand.n)}   calibrated ${pct(d.calibrated.exact, d.calibrated.n)} / ${pct(d.calibrated.offByTwo, d.calibrated.n)}`);
  }
  if (perFolder) for (const [folder, f] of r.folders) console.log(`  ${folder.padEnd(28)} hand ${pct(f.hand.exact, f.hand.n)} / ${pct(f.hand.offByTwo, f.hand.n)}   calibrated ${pct(f.calibrated.exact, f.calibrated.n)} / ${pct(f.calibrated.offByTwo, f.calibrated.n)}`);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) printCalibrationFigures(true, process.argv.includes('--cross-fit'));
