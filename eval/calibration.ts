// How the score calibration does on a writer it was not fitted on: each folder of coach-scored
// calls (one folder, one writer) is left out in turn, the calibration fitted on the others and
// scored on it, beside the hand rubric on the same calls. The calls' features are the committed
// cross-fitted rows (scripts/train-scores.ts): measured with an utterance model that never saw
// their sentences, as a new call's are.
//   npm run eval:calibration
import { SCORE_DIMENSIONS } from '../src/calls/analyzer/types.ts';
import { fitCalibration, medianScore, scoreDistribution, type ScoreCalibration } from '../src/calls/analyzer/coach/rubric/calibration.ts';
import { readCrossFittedRows, type ScoredRow } from '../scripts/train-scores.ts';

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

export function leaveOneWriterOut(rows: ScoredRow[]): { hand: Tally; calibrated: Tally; folders: Map<string, { hand: Tally; calibrated: Tally }>; dimensions: Map<string, { hand: Tally; calibrated: Tally }> } {
  const hand = tally();
  const calibrated = tally();
  const dimensions = new Map(SCORE_DIMENSIONS.map((d) => [d as string, { hand: tally(), calibrated: tally() }]));
  const folders = new Map<string, { hand: Tally; calibrated: Tally }>();
  for (const folder of new Set(rows.map((r) => r.folder))) {
    const test = rows.filter((r) => r.folder === folder);
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

export function printCalibrationFigures(perFolder: boolean): void {
  const { rows } = readCrossFittedRows();
  const r = leaveOneWriterOut(rows);
  console.log(`score calibration, each writer's calls left out in turn, measured as new calls (${rows.length} calls):`);
  console.log(`  hand rubric   ${line(r.hand)}`);
  console.log(`  calibrated    ${line(r.calibrated)}`);
  for (const [dim, d] of r.dimensions) console.log(`    ${dim.padEnd(20)} hand ${pct(d.hand.exact, d.hand.n)} / ${pct(d.hand.offByTwo, d.hand.n)}   calibrated ${pct(d.calibrated.exact, d.calibrated.n)} / ${pct(d.calibrated.offByTwo, d.calibrated.n)}`);
  if (perFolder) for (const [folder, f] of r.folders) console.log(`  ${folder.padEnd(28)} hand ${pct(f.hand.exact, f.hand.n)} / ${pct(f.hand.offByTwo, f.hand.n)}   calibrated ${pct(f.calibrated.exact, f.calibrated.n)} / ${pct(f.calibrated.offByTwo, f.calibrated.n)}`);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) printCalibrationFigures(true);
