// Small helpers for building Unicode-aware regular expressions once, at module load.
//
// JavaScript's `\b` only knows ASCII word characters, so `\bärger` never matches. Patterns in
// this folder are written with `\b` and compiled through `rx()`, which swaps it for a
// Unicode word boundary.

const WORD = String.raw`[\p{L}\p{N}_]`;
const BOUNDARY = `(?:(?<!${WORD})(?=${WORD})|(?<=${WORD})(?!${WORD}))`;

/** Compile a pattern (written with `\b`) into a Unicode, case-insensitive RegExp. */
export function rx(source: string, flags = 'iu'): RegExp {
  return new RegExp(source.replace(/\\b/g, BOUNDARY), flags.includes('u') ? flags : flags + 'u');
}

/** Alternation of literal words/phrases (already regex-safe) wrapped in word boundaries. */
export function words(list: readonly string[], flags = 'iu'): RegExp {
  return rx(String.raw`\b(?:${list.join('|')})\b`, flags);
}

/** Word tokens (letters/digits with inner apostrophes and hyphens). */
export const WORD_RE = /[\p{L}\p{N}]+(?:['’\-][\p{L}\p{N}]+)*/gu;

export function countWords(text: string): number {
  let n = 0;
  WORD_RE.lastIndex = 0;
  while (WORD_RE.exec(text) !== null) n++;
  return n;
}

export function wordList(text: string): string[] {
  return text.match(WORD_RE) ?? [];
}

export function normalizeWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
