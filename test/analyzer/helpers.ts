// Shared helpers for the analyzer tests.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const corpusDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'eval', 'corpus');

export function corpus(name: string): string {
  return readFileSync(join(corpusDir, name), 'utf8');
}

export function corpusFiles(): string[] {
  return readdirSync(corpusDir).filter((f) => /\.(txt|vtt|srt)$/.test(f)).sort();
}

export function norm(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
