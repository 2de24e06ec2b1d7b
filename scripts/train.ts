// npm run train: fits the utterance classifier on training/utterances/*.jsonl and writes
// src/calls/analyzer/coach/classify/utterance-model.json (deterministic: same data, same bytes).

import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { loadTrainingData, splitOf } from '../src/calls/analyzer/coach/classify/data.ts';
import { trainModel } from '../src/calls/analyzer/coach/classify/train.ts';

const OUT = fileURLToPath(new URL('../src/calls/analyzer/coach/classify/utterance-model.json', import.meta.url));

const t0 = performance.now();
const { examples, skipped, dataHash } = loadTrainingData();
const test = examples.filter((e) => splitOf(e.text) === 'test').length;
console.log(`${examples.length} utterances (${test} held out for the test split), ${skipped} lines skipped (not parseable)`);
const model = trainModel(examples, { dataHash });
const json = `${JSON.stringify(model)}\n`;
writeFileSync(OUT, json);
const mb = (Buffer.byteLength(json) / 1e6).toFixed(2);
console.log(`trained on ${model.trained_examples} utterances, ${model.features.length} features, ${mb} MB`);
console.log(`data_hash ${dataHash}`);
console.log(`wrote ${OUT} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
