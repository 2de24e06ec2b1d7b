// Short verbatim phrases of the customer's own words, for mirroring in what_to_say_instead.

import { isAddressToken } from './language.ts';
import { ECHO_TRIM_WORDS } from './lexicon.ts';

const TOKEN_RE = /\S+/g;
const EDGE_PUNCT_RE = /^[\s"„“”'‚‘’»«(\[–—-]+|[\s"„“”'‚‘’»«)\].,;:!?…–—-]+$/g;

interface Tok {
  start: number;
  end: number;
  word: string;
}

function tokenize(text: string): Tok[] {
  const out: Tok[] = [];
  TOKEN_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = TOKEN_RE.exec(text)) !== null) {
    out.push({ start: m.index, end: m.index + m[0].length, word: m[0].replace(EDGE_PUNCT_RE, '') });
  }
  return out;
}

/**
 * A phrase of 2–7 words from `sentence` around the first match of `focus` (or its end),
 * verbatim, without the speaker's forms of address (so it fits a du or Sie reply), without
 * fillers at its edges and without crossing a comma/period boundary.
 */
export function echoPhrase(sentence: string, focus?: RegExp, maxWords = 7): string | null {
  const toks = tokenize(sentence);
  if (toks.length === 0) return null;
  let fa = -1;
  let fb = -1;
  if (focus) {
    const re = new RegExp(focus.source, focus.flags.replace('g', ''));
    const m = re.exec(sentence);
    if (m) {
      const ms = m.index;
      const me = m.index + m[0].length;
      for (let i = 0; i < toks.length; i++) {
        if (toks[i].end > ms && toks[i].start < me) {
          if (fa < 0) fa = i;
          fb = i;
        }
      }
    }
  }
  if (fa < 0) {
    // No focus: the end of the sentence, where the point usually is.
    fb = toks.length - 1;
    fa = Math.max(0, fb - 1);
  }
  // The focus itself must not contain forms of address: keep only what follows the last one.
  for (let i = fa; i <= fb; i++) if (isAddressToken(toks[i].word)) fa = i + 1;
  if (fa > fb) return null;
  let a = fa;
  let b = fb;
  // Grow to the left and right alternately within clause boundaries.
  let growLeft = true;
  while (b - a + 1 < maxWords) {
    let grew = false;
    for (let attempt = 0; attempt < 2 && !grew; attempt++) {
      if (growLeft && a > 0) {
        const prev = toks[a - 1];
        if (!/[,.;:!?…]$/.test(sentence.slice(prev.start, prev.end)) && !isAddressToken(prev.word)) {
          a--;
          grew = true;
        }
      } else if (!growLeft && b < toks.length - 1) {
        const cur = toks[b];
        const next = toks[b + 1];
        if (!/[,.;:!?…]$/.test(sentence.slice(cur.start, cur.end)) && !isAddressToken(next.word)) {
          b++;
          grew = true;
        }
      }
      growLeft = !growLeft;
    }
    if (!grew) break;
  }
  while (a < b && ECHO_TRIM_WORDS.has(toks[a].word.toLowerCase())) a++;
  while (b > a && ECHO_TRIM_WORDS.has(toks[b].word.toLowerCase())) b--;
  let phrase = sentence.slice(toks[a].start, toks[b].end).replace(EDGE_PUNCT_RE, '');
  if (!phrase || !/[\p{L}\p{N}]/u.test(phrase)) return null;
  if (phrase.length > 80) phrase = phrase.slice(0, 80).replace(/\s+\S*$/, '');
  return phrase;
}
