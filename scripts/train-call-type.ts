// `npm run train` (fourth step): fits the call-type model (src/calls/analyzer/coach/call-type/
// call-type-model.json) on the calls of training/call-types/labels.jsonl, with the utterance model
// and rep finder just trained. Deterministic. The threshold below which a call counts as `other`
// is chosen leaving each writer's calls out in turn (eval/call-type.ts prints the figures).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { callTypeRows, chooseThreshold, leaveOneWriterOut, type WriterRow } from '../eval/call-type.ts';
import { callTypeDataHash } from '../src/calls/analyzer/coach/call-type/data.ts';
import { fitCallTypeModel, type CallTypeModel } from '../src/calls/analyzer/coach/call-type/train.ts';
import { CALL_TYPES } from '../src/calls/analyzer/coach/call-type/types.ts';

export function trainCallType(rows: WriterRow[], threshold: number, dataHash: string): CallTypeModel {
  const fit = fitCallTypeModel(rows, CALL_TYPES);
  return { version: 1, data_hash: dataHash, calls: fit.calls, types: fit.types, threshold, features: fit.features, weights: fit.weights, bias: fit.bias };
}

export const CALL_TYPE_MODEL_FILE = fileURLToPath(new URL('../src/calls/analyzer/coach/call-type/call-type-model.json', import.meta.url));

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const rows = callTypeRows();
  const threshold = chooseThreshold(leaveOneWriterOut(rows));
  const model = trainCallType(rows, threshold, callTypeDataHash());
  const json = `${JSON.stringify(model)}\n`;
  writeFileSync(CALL_TYPE_MODEL_FILE, json);
  console.log(`call-type model fitted on ${model.calls} calls, ${model.features.length} features, threshold ${threshold}, ${(json.length / 1e3).toFixed(0)} kB; wrote ${CALL_TYPE_MODEL_FILE}`);
}
