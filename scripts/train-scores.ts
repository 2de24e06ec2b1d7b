// `npm run train` (third step): fits the score calibration (src/calls/analyzer/coach/rubric/
// score-calibration.json) on coach-scored calls, with the utterance model and rep finder just
// trained. Deterministic. eval/sealed is never among the calls.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { casesIn } from '../eval/agreement.ts';
import { modelDataHash } from '../src/calls/analyzer/coach/classify/model.ts';
import { measureTranscript } from '../src/calls/analyzer/coach/index.ts';
import { repWeights } from '../src/calls/analyzer/coach/rep/learned-rep.ts';
import { callFeatures } from '../src/calls/analyzer/coach/rubric/call-features.ts';
import { fitCalibration, type FitRow, type ScoreCalibration } from '../src/calls/analyzer/coach/rubric/calibration.ts';
import { handScores } from '../src/calls/analyzer/coach/rubric/index.ts';

/** Calls a coach scored (eval/COACH-ANNOTATION.md): development sets and every eval/train-calls* folder. */
export const SCORE_TRAINING_DIRS = ['eval/dev', ...trainingCallDirs()];

/** eval/train-calls, eval/train-calls-b, …: one folder per writer. */
export function trainingCallDirs(): string[] {
  const evalDir = fileURLToPath(new URL('../eval', import.meta.url));
  return readdirSync(evalDir).filter((d) => d.startsWith('train-calls')).sort().map((d) => `eval/${d}`);
}

/** A scored call's features, with the folder it came from (one folder, one writer). */
export type ScoredRow = FitRow & { folder: string; hand: FitRow['scores'] };

export function scoreRows(root: string, dirs = SCORE_TRAINING_DIRS): { rows: ScoredRow[]; hash: string } {
  const rows: ScoredRow[] = [];
  const h = createHash('sha256');
  for (const dir of dirs) {
    if (!existsSync(`${root}/${dir}`)) continue;
    for (const c of casesIn(`${root}/${dir}`)) {
      if (!c.ann.scores) continue;
      // The coach's salesperson, so the features describe the person the coach scored.
      const { signals } = measureTranscript({ transcript: c.transcript, language: 'en', repSpeaker: c.ann.rep_speaker ?? c.ann.repSpeaker });
      h.update(c.name).update(c.transcript).update(JSON.stringify(c.ann.scores));
      const hand = handScores(signals).scores;
      rows.push({ features: callFeatures(signals, hand), scores: c.ann.scores, hand, folder: c.dir.slice(root.length).replace(/^\/+/, '') });
    }
  }
  return { rows, hash: h.digest('hex') };
}

export function trainScores(root: string): ScoreCalibration {
  const { rows, hash } = scoreRows(root);
  const data_hash = createHash('sha256').update(hash).update(modelDataHash()).update(repWeights()?.data_hash ?? '').digest('hex');
  return { version: 1, data_hash, calls: rows.length, ...fitCalibration(rows) };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const c = trainScores(root);
  const out = new URL('../src/calls/analyzer/coach/rubric/score-calibration.json', import.meta.url);
  writeFileSync(out, `${JSON.stringify(c)}\n`);
  console.log(`score calibration fitted on ${c.calls} calls; wrote ${fileURLToPath(out)}`);
}
