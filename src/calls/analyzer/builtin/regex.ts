// Small helpers for building Unicode-aware regular expressions once, at module load.
//
// JavaScript's `\b` only knows ASCII word characters, so `\bärger` never matches. Patterns in
// this folder are written with `\b` and compiled through `rx()`, which swaps it for a
// Unicode word boundary.

// Latin letters (incl. umlauts and accents), digits and underscore. An explicit range compiles
// much faster than \p{L} in case-insensitive Unicode mode, and the analyzer only reads de/en.
const WORD = String.raw`[A-Za-z0-9_\u00C0-\u024F]`;
const BOUNDARY = `(?:(?<!${WORD})(?=${WORD})|(?<=${WORD})(?!${WORD}))`;
const START = `(?<!${WORD})`;
const END = `(?!${WORD})`;

/**
 * Replace each `\b` by the cheapest equivalent: a word start where the pattern before it
 * cannot end in a word character and a word follows, a word end in the opposite case, and the
 * full two-sided boundary when it cannot tell. Fewer lookarounds make matching much faster.
 */
function expandBoundaries(source: string): string {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    if (source[i] === '\\' && source[i + 1] === 'b' && !escaped(source, i)) {
      const prev = i > 0 ? source[i - 1] : '';
      const next = source[i + 2] ?? '';
      const prevOpen = prev === '' || prev === '(' || prev === '|' || prev === ':' || prev === '^' || prev === ' ';
      const nextWord = /[\p{L}\p{N}([\\]/u.test(next);
      const prevWord = /[\p{L}\p{N})*+?}\]]/u.test(prev);
      const nextClosed = next === '' || next === ')' || next === '|' || next === '$' || next === ' ';
      if (prevOpen && nextWord) out += START;
      else if (prevWord && nextClosed) out += END;
      else out += BOUNDARY;
      i++;
      continue;
    }
    out += source[i];
  }
  return out;
}

/** True when the backslash at `i` is itself escaped. */
function escaped(source: string, i: number): boolean {
  let n = 0;
  for (let j = i - 1; j >= 0 && source[j] === '\\'; j--) n++;
  return n % 2 === 1;
}

/**
 * A number (`\d[\d.,]*`, `\d+`) is only matched from its first digit. Unanchored, a pattern tried
 * at every digit of a long run of digits reads to the run's end each time and fails: quadratic,
 * minutes of CPU for a crafted transcript. Left alone where the pattern before may end in a digit.
 */
function anchorNumbers(source: string): string {
  return source.replace(/\\d(\[\\d\.,\]\*|\+)/g, (m, rest: string, i: number) => {
    if (escaped(source, i) || /[\]d})]$/.test(source.slice(0, i))) return m;
    return `(?<![\\d.,])\\d${rest}`;
  });
}

/** Compile a pattern (written with `\b`) into a case-insensitive RegExp with Unicode-aware word boundaries. */
export function rx(source: string, flags = 'i'): RegExp {
  return new RegExp(anchorNumbers(expandBoundaries(source)), flags);
}

/** Alternation of literal words/phrases (already regex-safe) wrapped in word boundaries. */
export function words(list: readonly string[], flags = 'i'): RegExp {
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
