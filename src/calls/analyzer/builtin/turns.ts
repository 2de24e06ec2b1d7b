// Turns (consecutive segments of one speaker) and sentences, with question classification.

import { OPEN_PROMPT_RE, OPEN_START_RE, QUESTION_FILLER_RE, STT_TAIL_CLOSED_RE, STT_TAIL_OPEN_RE, TAG_QUESTION_RE, UNMARKED_CLOSED_RE, UNMARKED_FILLER_RE, UNMARKED_OPEN_RE } from './lexicon.ts';
import { countWords } from './regex.ts';
import type { ParsedTranscript } from './transcript.ts';

export type QuestionKind = 'open' | 'closed';

export interface Sentence {
  /** Verbatim text (a substring of one segment). */
  text: string;
  /** The segment it was cut from and its offset there (for quoting adjacent sentences together). */
  segText: string;
  offset: number;
  turn: number;
  words: number;
  /** Words spoken in the call before this sentence. */
  wordPos: number;
  question: QuestionKind | null;
}

export interface Turn {
  index: number;
  key: string;
  speaker: string;
  isRep: boolean;
  /** Segment texts joined with a space, for matching. */
  text: string;
  words: number;
  wordPos: number;
  start: number | null;
  end: number | null;
  sentences: Sentence[];
}

const CLOSERS = '"”“\'»«)]';

/** Words after which a period does not end a sentence. */
const ABBREVIATIONS = new Set([
  'z', 'b', 'dr', 'prof', 'ca', 'nr', 'bzw', 'usw', 'etc', 'hr', 'fr', 'mr', 'mrs', 'ms', 'st', 'vs', 'e', 'g', 'i',
  'inkl', 'ggf', 'evtl', 'd', 'h', 'u', 'a', 'vgl', 'bspw', 'max', 'min', 'mio', 'mrd', 'tsd', 'jan', 'feb', 'apr', 'aug',
  'sep', 'sept', 'okt', 'oct', 'nov', 'dez', 'dec', 'co', 'inc', 'ltd', 'gmbh', 'no', 'approx',
]);

/** Split a segment into sentences with their offsets; each is an exact substring. Linear in the text length. */
export function splitSentences(text: string): Array<{ text: string; offset: number }> {
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

export function classifyQuestion(sentence: string, noQuestionMarks: boolean): QuestionKind | null {
  const isQ = sentence.includes('?');
  if (!isQ) {
    if (OPEN_PROMPT_RE.test(sentence)) return 'open';
    if (!noQuestionMarks) {
      // "Ähm, wie machen Sie das heute." – a question written with a period (speech-to-text).
      const bare = sentence.replace(UNMARKED_FILLER_RE, '');
      if (/,\s*(?:ist|sind|war|is|are|was|der|die|das)\b/i.test(bare)) return null;
      if (UNMARKED_OPEN_RE.test(bare)) return 'open';
      if (UNMARKED_CLOSED_RE.test(bare)) return 'closed';
      return null;
    }
    // Unpunctuated transcripts (raw speech-to-text): a sentence that starts like a question. A
    // sentence that ends with a period is punctuated, and a statement: "And when someone leaves, it
    // automatically revokes access." and "What I'll do is send you a deck." ask nothing; only a
    // W-word followed by a verb ("Ähm, wie machen Sie das heute.") is a question there.
    const s = sentence.replace(QUESTION_FILLER_RE, '');
    if (!OPEN_START_RE.test(s)) {
      // A question at the end of a turn that opens with an acknowledgement (only in unpunctuated text).
      if (/[.!]\s*$/.test(sentence)) return null;
      if (STT_TAIL_OPEN_RE.test(sentence)) return 'open';
      return STT_TAIL_CLOSED_RE.test(sentence) ? 'closed' : null;
    }
    if (!/[.!]\s*$/.test(sentence)) return 'open';
    return UNMARKED_OPEN_RE.test(sentence.replace(UNMARKED_FILLER_RE, '')) ? 'open' : null;
  }
  if (TAG_QUESTION_RE.test(sentence)) return 'closed';
  // Only the question part (after the last sentence-internal period, if any).
  const q = sentence.slice(0, sentence.lastIndexOf('?') + 1);
  const stripped = q.replace(QUESTION_FILLER_RE, '');
  if (OPEN_START_RE.test(stripped) || OPEN_PROMPT_RE.test(stripped)) return 'open';
  // "Darf ich fragen, wie Sie das heute machen?" - an embedded W-question.
  const clauses = stripped.split(/[,;:–-]\s+/);
  for (let i = 1; i < clauses.length; i++) {
    if (OPEN_START_RE.test(clauses[i].replace(QUESTION_FILLER_RE, ''))) return 'open';
  }
  return 'closed';
}

export function buildTurns(parsed: ParsedTranscript): Turn[] {
  const turns: Turn[] = [];
  let noQuestionMarks = true;
  for (const s of parsed.segments) {
    if (s.text.includes('?')) {
      noQuestionMarks = false;
      break;
    }
  }
  let wordPos = 0;
  let cur: Turn | null = null;
  const parts: string[] = [];
  const flush = () => {
    if (cur) {
      cur.text = parts.join(' ');
      parts.length = 0;
      turns.push(cur);
    }
  };
  for (const seg of parsed.segments) {
    if (!cur || cur.key !== seg.key) {
      flush();
      cur = {
        index: turns.length,
        key: seg.key,
        speaker: parsed.labels.get(seg.key) ?? seg.key,
        isRep: false,
        text: '',
        words: 0,
        wordPos,
        start: seg.start,
        end: seg.end,
        sentences: [],
      };
    }
    if (cur.start === null && seg.start !== null) cur.start = seg.start;
    if (seg.end !== null) cur.end = seg.end;
    parts.push(seg.text);
    for (const { text, offset } of splitSentences(seg.text)) {
      const w = countWords(text);
      if (w === 0 && !text.includes('?')) continue;
      cur.sentences.push({ text, segText: seg.text, offset, turn: cur.index, words: w, wordPos, question: classifyQuestion(text, noQuestionMarks) });
      cur.words += w;
      wordPos += w;
    }
  }
  flush();
  return turns.filter((t) => t.sentences.length > 0).map((t, i) => {
    t.index = i;
    for (const s of t.sentences) s.turn = i;
    return t;
  });
}
