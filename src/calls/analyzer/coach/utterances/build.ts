// Turns and utterances from the parsed transcript, each utterance labelled by the classifier.
import type { Label } from '../classify/labels.ts';
import type { ParsedTranscript } from '../parse/transcript.ts';
import { classifyWithClauses } from './clauses.ts';
import { countWords, splitSentences } from './sentences.ts';
import type { Call, Turn, Utterance } from './types.ts';

// A turn that ends in a dash or an ellipsis (without a sentence end before it) was cut off.
const BROKEN_OFF_RE = /(?:[-–—]|\.\.\.|…)\s*$/u;

export function buildCall(parsed: ParsedTranscript): Call {
  const turns: Turn[] = [];
  const utterances: Utterance[] = [];
  let wordPos = 0;
  let unpunctuated = true;
  for (const seg of parsed.segments) {
    if (/[?.!]/.test(seg.text)) {
      unpunctuated = false;
      break;
    }
  }
  let cur: Turn | null = null;
  for (const seg of parsed.segments) {
    if (!cur || cur.key !== seg.key) {
      if (cur && cur.utterances.length > 0) turns.push(cur);
      cur = { index: turns.length, key: seg.key, speaker: parsed.labels.get(seg.key) ?? seg.key, words: 0, wordPos, start: seg.start, end: seg.end, utterances: [], brokenOff: false };
    }
    if (cur.start === null && seg.start !== null) cur.start = seg.start;
    if (seg.end !== null) cur.end = seg.end;
    for (const { text } of splitSentences(seg.text)) {
      const words = countWords(text);
      if (words === 0) continue;
      const u: Utterance = { index: utterances.length, turn: cur.index, key: cur.key, text, words, wordPos, questionMark: /\?\s*["”“'»)]*$/.test(text), ...classifyWithClauses(text, words) };
      cur.utterances.push(u);
      utterances.push(u);
      cur.words += words;
      wordPos += words;
    }
    cur.brokenOff = BROKEN_OFF_RE.test(seg.text);
  }
  if (cur && cur.utterances.length > 0) turns.push(cur);
  if (utterances.some((u) => u.questionMark)) keepQuestionsMarked(utterances);
  return { turns, utterances, labels: parsed.labels, hasTimestamps: parsed.hasTimestamps, unpunctuated, totalWords: wordPos };
}

const QUESTION_FORMS: Label[] = ['question_open', 'question_closed', 'question_tag', 'question_leading'];

/**
 * A transcript that writes question marks marks its questions: there a sentence without one is
 * not asked, however much it reads like a question to a classifier that also learned speech-to-
 * text without punctuation ("Ich zeig Ihnen erst mal, wie so ein Lead aussieht.").
 */
function keepQuestionsMarked(utterances: Utterance[]): void {
  for (const u of utterances) if (!u.questionMark) for (const l of QUESTION_FORMS) u.labels.delete(l);
}
