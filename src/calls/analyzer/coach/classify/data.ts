// The labelled utterances (training/utterances/*.jsonl, format in training/LABELS.md) and the
// deterministic train/dev/test split that the trainer, the eval and the tests share.

import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { hashFiles, readTrainingFiles } from './data-hash.ts';
import { isLabel, type Label } from './labels.ts';

export const TRAINING_DIR = fileURLToPath(new URL('../../../../../training/utterances', import.meta.url));

export interface Example {
  text: string;
  labels: Label[];
  lang?: 'de' | 'en';
  style?: 'clean' | 'stt';
  role?: 'rep' | 'customer';
  /** The call the utterance was taken from, when it was labelled in context. */
  call?: string;
}

export interface TrainingData {
  examples: Example[];
  /** Non-blank lines that are not JSON or lack a text, a labels array or a known label. */
  skipped: number;
  dataHash: string;
}

function parseLine(line: string): Example | null {
  let o: unknown;
  try {
    o = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof o !== 'object' || o === null) return null;
  const r = o as Record<string, unknown>;
  if (typeof r.text !== 'string' || !Array.isArray(r.labels)) return null;
  if (!r.labels.every((l) => typeof l === 'string' && isLabel(l))) return null;
  const ex: Example = { text: r.text, labels: [...new Set(r.labels as Label[])] };
  if (r.lang === 'de' || r.lang === 'en') ex.lang = r.lang;
  if (r.style === 'clean' || r.style === 'stt') ex.style = r.style;
  if (r.role === 'rep' || r.role === 'customer') ex.role = r.role;
  if (typeof r.call === 'string') ex.call = r.call;
  return ex;
}

/** Reads every file once, so the hash is of exactly the bytes that were parsed. */
export function loadTrainingData(dir: string = TRAINING_DIR): TrainingData {
  const files = readTrainingFiles(dir);
  const examples: Example[] = [];
  let skipped = 0;
  for (const f of files) {
    for (const line of f.bytes.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      const ex = parseLine(line);
      if (ex) examples.push(ex);
      else skipped++;
    }
  }
  return { examples, skipped, dataHash: hashFiles(files) };
}

export type Split = 'train' | 'dev' | 'test';

export const TEST_SHARE = 0.15;
/** Share of the train part (not of all) held out to choose the thresholds. */
export const DEV_SHARE_OF_TRAIN = 0.1;

/**
 * The split of an utterance, by a hash of its text with case, punctuation and spacing removed,
 * so a clean sentence and its speech-to-text spelling (or a duplicate) never straddle the split.
 */
export function splitOf(text: string): Split {
  const key = text.normalize('NFC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  const u = createHash('sha256').update(key, 'utf8').digest().readUInt32BE(0) / 2 ** 32;
  if (u < TEST_SHARE) return 'test';
  return u < TEST_SHARE + (1 - TEST_SHARE) * DEV_SHARE_OF_TRAIN ? 'dev' : 'train';
}
