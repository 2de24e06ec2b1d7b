// Sentences of one segment, each an exact substring (quotes stay verbatim). Unpunctuated
// speech-to-text has no sentence ends: long stretches are cut into pieces of at most
// MAX_PIECE_WORDS words at word boundaries, so each piece is classified on its own.

const MAX_PIECE_WORDS = 30;

const CLOSERS = '"”“\'»«)]';

/** Words after which a period does not end a sentence. */
const ABBREVIATIONS = new Set([
  'z', 'b', 'dr', 'prof', 'ca', 'nr', 'bzw', 'usw', 'etc', 'hr', 'fr', 'mr', 'mrs', 'ms', 'st', 'vs', 'e', 'g', 'i',
  'inkl', 'ggf', 'evtl', 'd', 'h', 'u', 'a', 'vgl', 'bspw', 'max', 'min', 'mio', 'mrd', 'tsd', 'jan', 'feb', 'apr', 'aug',
  'sep', 'sept', 'okt', 'oct', 'nov', 'dez', 'dec', 'co', 'inc', 'ltd', 'gmbh', 'no', 'approx',
]);

/** Split a segment at sentence ends with their offsets. Linear in the text length. */
function splitAtPunctuation(text: string): Array<{ text: string; offset: number }> {
  const out: Array<{ text: string; offset: number }> = [];
  let begin = 0;
  const n = text.length;
  const push = (from: number, to: number) => {
    let a = from;
    let b = to;
    while (a < b && /\s/.test(text[a])) a++;
    while (b > a && /\s/.test(text[b - 1])) b--;
    if (b > a) out.push({ text: text.slice(a, b), offset: a });
  };
  for (let i = 0; i < n; i++) {
    const c = text[i];
    if (c !== '.' && c !== '!' && c !== '?' && c !== '…') continue;
    let j = i + 1;
    while (j < n && (text[j] === '.' || text[j] === '!' || text[j] === '?' || text[j] === '…' || CLOSERS.includes(text[j]))) j++;
    if (j < n && !/\s/.test(text[j])) {
      i = j - 1;
      continue;
    }
    if (c === '.' && j < n) {
      // A period before a lower-case word or a digit is an abbreviation or a date ("z. B.", "14.3. um").
      let k = j;
      while (k < n && /\s/.test(text[k])) k++;
      const next = text[k] ?? '';
      if (next && (/\d/.test(next) || (next !== next.toUpperCase() && next === next.toLowerCase()))) {
        i = j - 1;
        continue;
      }
      // "Dr. Maier", "am 8. April": the word before the period is an abbreviation or an ordinal.
      let w = i;
      while (w > begin && /[\p{L}\p{N}]/u.test(text[w - 1])) w--;
      const word = text.slice(w, i).toLowerCase();
      if (j - i === 1 && (ABBREVIATIONS.has(word) || /^\d{1,2}$/.test(word))) {
        i = j - 1;
        continue;
      }
    }
    push(begin, j);
    begin = j;
    i = j - 1;
  }
  push(begin, n);
  return out;
}


/** Sentences with offsets; a sentence longer than MAX_PIECE_WORDS words is cut at word boundaries. */
export function splitSentences(text: string): Array<{ text: string; offset: number }> {
  const out: Array<{ text: string; offset: number }> = [];
  for (const s of splitAtPunctuation(text)) {
    const bounds = wordBounds(s.text);
    if (bounds.length <= MAX_PIECE_WORDS * 1.5) {
      out.push(s);
      continue;
    }
    // Cut into roughly equal pieces, so no tail piece of one or two words remains.
    const pieces = Math.ceil(bounds.length / MAX_PIECE_WORDS);
    const size = Math.ceil(bounds.length / pieces);
    for (let w = 0; w < bounds.length; w += size) {
      const from = bounds[w][0];
      const to = bounds[Math.min(bounds.length, w + size) - 1][1];
      out.push({ text: s.text.slice(from, to), offset: s.offset + from });
    }
  }
  return out;
}

const WORD_RE = /[\p{L}\p{N}]+(?:['’\-][\p{L}\p{N}]+)*/gu;

function wordBounds(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  WORD_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = WORD_RE.exec(text)) !== null) out.push([m.index, m.index + m[0].length]);
  // A piece ends after the punctuation that follows its last word ("…, right?").
  for (let i = 0; i < out.length; i++) {
    const next = i + 1 < out.length ? out[i + 1][0] : text.length;
    let end = out[i][1];
    while (end < next && !/\s/.test(text[end])) end++;
    out[i][1] = end;
  }
  return out;
}

export function countWords(text: string): number {
  let n = 0;
  WORD_RE.lastIndex = 0;
  while (WORD_RE.exec(text) !== null) n++;
  return n;
}

export function wordsOf(text: string): string[] {
  return text.match(WORD_RE) ?? [];
}
