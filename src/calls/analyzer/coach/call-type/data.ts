// The call-type training data: training/call-types/labels.jsonl (one call a line: the
// transcript's path, the writer's folder, the type derived from the coach's title by
// scripts/label-call-types.ts) and the transcripts it names. Its hash also covers the utterance
// model and the rep finder, because the features are read through both.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { modelDataHash } from '../classify/model.ts';
import { repWeights } from '../rep/learned-rep.ts';
import type { CallType } from './types.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
export const CALL_TYPE_LABELS_FILE = 'training/call-types/labels.jsonl';

export interface LabelledCall {
  /** Path of the transcript, relative to the repository. */
  file: string;
  /** One folder, one writer: what the evaluation leaves out in turn. */
  folder: string;
  type: CallType;
}

export function readCallTypeLabels(root = REPO_ROOT): LabelledCall[] {
  return readFileSync(join(root, CALL_TYPE_LABELS_FILE), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as LabelledCall);
}

export function callTypeDataHash(root = REPO_ROOT): string {
  const h = createHash('sha256');
  h.update(readFileSync(join(root, CALL_TYPE_LABELS_FILE)));
  for (const c of readCallTypeLabels(root)) h.update(`${c.file}\n`).update(readFileSync(join(root, c.file)));
  return h.update(modelDataHash()).update(repWeights()?.data_hash ?? '').digest('hex');
}
