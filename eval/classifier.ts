// Evaluation of the utterance classifier on the held-out test split of training/utterances
// (the split function is the trainer's, so these utterances were never trained on).
//
//   npm run eval:classifier     per-label table, micro/macro, and by style (stt/clean) and language

import { pathToFileURL } from 'node:url';
import { loadTrainingData, splitOf, type Example } from '../src/calls/analyzer/coach/classify/data.ts';
import { LABELS, type Label } from '../src/calls/analyzer/coach/classify/labels.ts';
import { labelsOf } from '../src/calls/analyzer/coach/classify/model.ts';
import { UtteranceScorer, type ModelFile } from '../src/calls/analyzer/coach/classify/scorer.ts';

export interface LabelScore {
  label: Label;
  support: number;
  precision: number;
  recall: number;
  f1: number;
}
export interface Averages {
  precision: number;
  recall: number;
  f1: number;
}
export interface ClassifierScores {
  examples: number;
  perLabel: LabelScore[];
  micro: Averages;
  macro: Averages;
}

type Predict = (text: string) => Set<Label>;

function ratio(a: number, b: number): number {
  return b === 0 ? 0 : a / b;
}

/** Per-label P/R/F1 of predict on the examples; macro averages the labels that occur (support > 0). */
export function scoreExamples(examples: Example[], predict: Predict): ClassifierScores {
  const tp = new Map<Label, number>();
  const fp = new Map<Label, number>();
  const fn = new Map<Label, number>();
  const add = (m: Map<Label, number>, l: Label) => m.set(l, (m.get(l) ?? 0) + 1);
  for (const ex of examples) {
    const got = predict(ex.text);
    const want = new Set(ex.labels);
    for (const l of got) add(want.has(l) ? tp : fp, l);
    for (const l of want) if (!got.has(l)) add(fn, l);
  }
  const perLabel = LABELS.map((label) => {
    const [t, p, n] = [tp.get(label) ?? 0, fp.get(label) ?? 0, fn.get(label) ?? 0];
    return { label, support: t + n, precision: ratio(t, t + p), recall: ratio(t, t + n), f1: ratio(2 * t, 2 * t + p + n) };
  });
  const sum = (m: Map<Label, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const [T, P, N] = [sum(tp), sum(fp), sum(fn)];
  const present = perLabel.filter((s) => s.support > 0);
  const mean = (k: 'precision' | 'recall' | 'f1') => ratio(present.reduce((a, s) => a + s[k], 0), present.length);
  return {
    examples: examples.length,
    perLabel,
    micro: { precision: ratio(T, T + P), recall: ratio(T, T + N), f1: ratio(2 * T, 2 * T + P + N) },
    macro: { precision: mean('precision'), recall: mean('recall'), f1: mean('f1') },
  };
}

export function testSplit(examples: Example[] = loadTrainingData().examples): Example[] {
  return examples.filter((e) => splitOf(e.text) === 'test');
}

/** A predictor from an in-memory model file (for experiments and tests); default: the committed model. */
export function predictorOf(model?: ModelFile): Predict {
  if (!model) return labelsOf;
  const scorer = new UtteranceScorer(model);
  return (text) => {
    const p = scorer.probabilities(text);
    return new Set(LABELS.filter((_, l) => p[l] >= scorer.thresholds[l]));
  };
}

export function evaluateClassifier(opts: { model?: ModelFile; examples?: Example[] } = {}): ClassifierScores {
  return scoreExamples(testSplit(opts.examples), predictorOf(opts.model));
}

const pct = (x: number) => (100 * x).toFixed(1).padStart(5);

function averagesLine(name: string, s: ClassifierScores): string {
  const a = (x: Averages) => `P ${pct(x.precision)}  R ${pct(x.recall)}  F1 ${pct(x.f1)}`;
  return `${name.padEnd(14)} n=${String(s.examples).padStart(4)}  micro ${a(s.micro)}   macro ${a(s.macro)}`;
}

function printReport(): void {
  const test = testSplit();
  const all = scoreExamples(test, labelsOf);
  console.log(`utterance classifier on the test split: ${test.length} utterances\n`);
  console.log(`${'label'.padEnd(24)} support      P      R     F1`);
  for (const s of all.perLabel) {
    console.log(`${s.label.padEnd(24)} ${String(s.support).padStart(7)}  ${pct(s.precision)}  ${pct(s.recall)}  ${pct(s.f1)}`);
  }
  console.log('');
  console.log(averagesLine('all', all));
  const groups: Array<[string, (e: Example) => boolean]> = [
    ['style clean', (e) => e.style === 'clean'],
    ['style stt', (e) => e.style === 'stt'],
    ['lang de', (e) => e.lang === 'de'],
    ['lang en', (e) => e.lang === 'en'],
  ];
  for (const [name, keep] of groups) console.log(averagesLine(name, scoreExamples(test.filter(keep), labelsOf)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) printReport();
