// The customer's own words for what_to_say_instead: a verbatim fragment (at most eight words)
// of what they said up to the miss: the pain or objection the moment answers, else their last
// statement with content. Greetings, yes, questions and gatekeeper lines are not echoed.
import { isAddressToken } from '../parse/language.ts';
import type { LanguagePack } from '../lang/types.ts';
import type { Signals } from '../signals/index.ts';
import { has, isCustomerU } from '../signals/sides.ts';
import type { Utterance } from '../utterances/types.ts';
import type { Candidate } from '../moments/types.ts';

const MAX_ECHO_WORDS = 8;
const WORD_RE = /[\p{L}\p{N}]+(?:['’\-][\p{L}\p{N}]+)*/gu;

/**
 * Misses about the call as a whole (no dated close, an unasked discount, an unhedged promise)
 * answer the customer's main problem, not whatever they said last.
 */
const ANSWERS_THE_PAIN = new Set<Candidate['kind']>(['weak_close', 'no_close', 'concession', 'guarantee']);

export function echoFor(c: Candidate, s: Signals, pack: LanguagePack): string | null {
  const own = c.context && c.context.index < c.quote.index ? c.context : null;
  const source = own ?? (ANSWERS_THE_PAIN.has(c.kind) ? mainPain(s, c.quote.index) : null) ?? lastStatement(s, c.quote.index);
  return source ? fragment(source.text, pack) : null;
}

/** The customer's weightiest problem before the miss: one with an impact, else one the rep explored, else the first. */
function mainPain(s: Signals, before: number): Utterance | null {
  const earlier = s.pains.filter((p) => p.utterance.index < before);
  return (earlier.find((p) => p.impact) ?? earlier.find((p) => p.explored) ?? earlier[0])?.utterance ?? null;
}

function lastStatement(s: Signals, before: number): Utterance | null {
  for (let i = before - 1; i >= 0; i--) {
    const u = s.sides.call.utterances[i];
    if (!isCustomerU(s.sides, u) || u.words < 3 || u.questionMark) continue;
    if (has(u, 'greeting', 'goodbye', 'gatekeeper', 'small_talk', 'agreement', 'self_intro')) continue;
    return u;
  }
  return null;
}

/**
 * Up to eight words, fillers at the start left out, ending at a clause break when there is one
 * after three words, cut before the first du/Sie word, and never ending on a function word
 * ("… Pakete, und").
 */
export function fragment(text: string, pack: LanguagePack): string | null {
  const fillers = new Set(pack.fillers);
  const stop = new Set(pack.stopwords);
  const words: Array<[number, number, string]> = [];
  WORD_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = WORD_RE.exec(text)) !== null) words.push([m.index, m.index + m[0].length, m[0]]);
  let a = 0;
  while (a < words.length && fillers.has(words[a][2].toLowerCase())) a++;
  let b = a;
  while (b < words.length && b - a < MAX_ECHO_WORDS && !isAddressToken(words[b][2])) {
    b++;
    if (b - a >= 3 && b < words.length && CLAUSE_BREAK_RE.test(text.slice(words[b - 1][1], words[b][0]))) break;
  }
  while (b - a > 2 && stop.has(words[b - 1][2].toLowerCase())) b--;
  if (b - a < 2) return null;
  return text.slice(words[a][0], words[b - 1][1]);
}

const CLAUSE_BREAK_RE = /[,;:.!?–—]/;
