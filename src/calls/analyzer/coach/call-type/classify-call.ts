// The pipeline stage: the call's type from its words and what each side did, by the learned
// model (call-type-model.json, made by `npm run train`), read once per process. Below the model's
// threshold the type is `other`, and the general lines are used.
import { existsSync, readFileSync } from 'node:fs';
import type { Sides } from '../signals/sides.ts';
import { callTypeFeatures } from './features.ts';
import { predictCallType, type CallTypeModel } from './train.ts';
import type { CallType } from './types.ts';

const MODEL_URL = new URL('./call-type-model.json', import.meta.url);

let loaded: { model: CallTypeModel; index: Map<string, number> } | null | undefined;

function model(): { model: CallTypeModel; index: Map<string, number> } | null {
  if (loaded === undefined) {
    const m = existsSync(MODEL_URL) ? (JSON.parse(readFileSync(MODEL_URL, 'utf8')) as CallTypeModel) : null;
    loaded = m ? { model: m, index: new Map(m.features.map((f, i) => [f, i])) } : null;
  }
  return loaded;
}

export interface CallTypeResult {
  type: CallType;
  /** The model's probability of its top type (0 without a model). */
  probability: number;
}

export function classifyCallType(s: Sides): CallTypeResult {
  const m = model();
  if (!m || s.call.utterances.length === 0) return { type: 'other', probability: 0 };
  const probs = predictCallType(m.model, callTypeFeatures(s), m.index);
  let k = 0;
  for (let i = 1; i < probs.length; i++) if (probs[i] > probs[k]) k = i;
  return { type: probs[k] >= m.model.threshold ? m.model.types[k] : 'other', probability: probs[k] };
}

/** data_hash of the data the committed model was trained on (a test compares it with the data). */
export function callTypeModelDataHash(): string | null {
  return model()?.model.data_hash ?? null;
}
