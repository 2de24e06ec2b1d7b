// The fingerprint of the labelled data a model was trained on. The trainer stores it in the
// model; a test recomputes it so that changed data without `npm run train` fails CI.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DataFile {
  name: string;
  bytes: Buffer;
}

/** The *.jsonl files of dir, sorted by code unit (locale-independent, so stable everywhere). */
export function readTrainingFiles(dir: string): DataFile[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((name) => ({ name, bytes: readFileSync(join(dir, name)) }));
}

/** sha256 over (file name + "\n" + file bytes) of the files, in the given order. */
export function hashFiles(files: DataFile[]): string {
  const h = createHash('sha256');
  for (const f of files) {
    h.update(`${f.name}\n`, 'utf8');
    h.update(f.bytes);
  }
  return h.digest('hex');
}

export function hashTrainingData(dir: string): string {
  return hashFiles(readTrainingFiles(dir));
}
