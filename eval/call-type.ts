// How the call-type model does on writers it was not fitted on: each folder of labelled calls
// (one folder, one writer) is left out in turn, the model fitted on the others and run on it.
// Prints the accuracy, the confusion matrix, and for each threshold how many calls get a typed
// line and how often that type is right (the trainer picks the threshold from this).
//   npm run eval:call-type
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCallTypeLabels, REPO_ROOT } from '../src/calls/analyzer/coach/call-type/data.ts';
import { callTypeFeatures } from '../src/calls/analyzer/coach/call-type/features.ts';
import { fitCallTypeModel, predictCallType, type FitOptions, type TypedRow } from '../src/calls/analyzer/coach/call-type/train.ts';
import { CALL_TYPES, type CallType } from '../src/calls/analyzer/coach/call-type/types.ts';
import { measureTranscript } from '../src/calls/analyzer/coach/index.ts';

export type WriterRow = TypedRow & { folder: string; file: string };

/** Each labelled call's features, read as the analyzer reads an unknown call (no hints). */
export function callTypeRows(root = REPO_ROOT): WriterRow[] {
  return readCallTypeLabels(root).map((c) => {
    const { signals } = measureTranscript({ transcript: readFileSync(join(root, c.file), 'utf8'), language: 'en' });
    return { features: callTypeFeatures(signals.sides), type: c.type, folder: c.folder, file: c.file };
  });
}

export interface Prediction {
  file: string;
  folder: string;
  truth: CallType;
  top: CallType;
  p: number;
}

export function leaveOneWriterOut(rows: WriterRow[], opts: FitOptions = {}): Prediction[] {
  const out: Prediction[] = [];
  for (const folder of [...new Set(rows.map((r) => r.folder))].sort()) {
    const model = fitCallTypeModel(rows.filter((r) => r.folder !== folder), CALL_TYPES, opts);
    const index = new Map(model.features.map((f, i) => [f, i]));
    for (const r of rows.filter((x) => x.folder === folder)) {
      const probs = predictCallType(model, r.features, index);
      const k = probs.indexOf(Math.max(...probs));
      out.push({ file: r.file, folder, truth: r.type, top: model.types[k], p: probs[k] });
    }
  }
  return out;
}

/** The type a call is given: the top type when the model is at least `threshold` sure, else `other`. */
export const givenType = (p: Prediction, threshold: number): CallType => (p.p >= threshold ? p.top : 'other');

export const THRESHOLDS = [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9];
/** A typed line must be the right type at least this often; else the general line is the safer one. */
export const MIN_TYPED_PRECISION = 0.85;

export function typedFigures(preds: Prediction[], threshold: number): { typed: number; right: number } {
  const typed = preds.filter((p) => givenType(p, threshold) !== 'other');
  return { typed: typed.length, right: typed.filter((p) => p.top === p.truth).length };
}

/** The lowest threshold at which the typed calls are right often enough. */
export function chooseThreshold(preds: Prediction[]): number {
  for (const t of THRESHOLDS) {
    const { typed, right } = typedFigures(preds, t);
    if (typed > 0 && right / typed >= MIN_TYPED_PRECISION) return t;
  }
  return 1;
}

const pct = (a: number, n: number) => `${Math.round((100 * a) / Math.max(1, n))} %`;

export function printCallTypeFigures(preds: Prediction[], threshold: number): void {
  const right = preds.filter((p) => p.top === p.truth).length;
  console.log(`call type, each writer's calls left out in turn (${preds.length} calls, ${new Set(preds.map((p) => p.folder)).size} writers):`);
  console.log(`  top type = title's type: ${right}/${preds.length} (${pct(right, preds.length)})`);
  const t = typedFigures(preds, threshold);
  console.log(`  at the threshold ${threshold}: ${t.typed} calls typed (${pct(t.typed, preds.length)}), right ${t.right}/${t.typed} (${pct(t.right, t.typed)}); the rest keep the general lines`);
  for (const th of THRESHOLDS) {
    const f = typedFigures(preds, th);
    console.log(`    threshold ${th.toFixed(2)}: typed ${String(f.typed).padStart(3)} (${pct(f.typed, preds.length).padStart(5)}), right ${pct(f.right, f.typed)}`);
  }
  printConfusion(preds);
  const folders = [...new Set(preds.map((p) => p.folder))].sort();
  console.log('  per writer (top type right):');
  for (const f of folders) {
    const ps = preds.filter((p) => p.folder === f);
    console.log(`    ${f.padEnd(32)} ${ps.filter((p) => p.top === p.truth).length}/${ps.length}`);
  }
}

function printConfusion(preds: Prediction[]): void {
  const short = (t: string) => t.slice(0, 8).padStart(8);
  console.log(`  confusion (rows: title's type, columns: model's top type)\n  ${''.padEnd(11)}${CALL_TYPES.map(short).join(' ')}`);
  for (const truth of CALL_TYPES) {
    const cells = CALL_TYPES.map((top) => String(preds.filter((p) => p.truth === truth && p.top === top).length).padStart(8));
    console.log(`  ${truth.padEnd(11)}${cells.join(' ')}`);
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const preds = leaveOneWriterOut(callTypeRows());
  printCallTypeFigures(preds, chooseThreshold(preds));
}
