// The call page's transcript, as the analysis saw it: the analyzer's own parser and sentence
// splitter, so speakers, timestamps and sentence numbers (the `utterance` indices stored in the
// metrics) match. Everything here is one pass over the transcript (500,000 characters stay fast).
import { labelKey, parseTranscript } from '../../calls/analyzer/coach/parse/transcript.ts';
import { countWords, splitSentences } from '../../calls/analyzer/coach/utterances/sentences.ts';
import type { AnalysisResult, Moment } from '../../calls/analyzer/types.ts';

/** The analyzer's speech rate for a monologue without timestamps (signals/monologue.ts). */
const WORDS_PER_SECOND = 2.5;
/** What the analyzer takes for a question without its labels (utterances/build.ts). */
const QUESTION_MARK_RE = /\?\s*["”“'»)]*$/;

export interface Sentence {
  /** Offset in the segment's text and length. */
  offset: number;
  length: number;
  /** The utterance index the analyzer gave this sentence. */
  index: number;
}

export interface Segment {
  text: string;
  start: number | null;
  end: number | null;
  sentences: Sentence[];
}

export interface Block {
  /** Position among the blocks: the anchor `turn-N`. */
  no: number;
  key: string;
  speaker: string;
  rep: boolean;
  start: number | null;
  end: number | null;
  words: number;
  segments: Segment[];
}

export interface SpeakerShare {
  key: string;
  speaker: string;
  rep: boolean;
  words: number;
  seconds: number;
}

export interface Parsed {
  blocks: Block[];
  hasTimestamps: boolean;
  repKey: string | null;
}

/** Speaker turns (consecutive segments of one speaker) with their sentences numbered as the analyzer numbers them. */
export function transcriptBlocks(transcript: string, repSpeaker: string | undefined): Parsed {
  const parsed = parseTranscript(transcript);
  const repKey = repSpeaker ? labelKey(repSpeaker) : null;
  const blocks: Block[] = [];
  let index = 0;
  let cur: Block | null = null;
  for (const seg of parsed.segments) {
    if (!cur || cur.key !== seg.key) {
      const speaker = parsed.labels.get(seg.key) ?? seg.key;
      cur = { no: blocks.length, key: seg.key, speaker, rep: seg.key === repKey, start: seg.start, end: seg.end, words: 0, segments: [] };
      blocks.push(cur);
    }
    if (cur.start === null && seg.start !== null) cur.start = seg.start;
    if (seg.end !== null) cur.end = seg.end;
    const sentences: Sentence[] = [];
    for (const s of splitSentences(seg.text)) {
      const words = countWords(s.text);
      if (words === 0) continue; // the analyzer skips these, and so does its numbering
      sentences.push({ offset: s.offset, length: s.text.length, index: index++ });
      cur.words += words;
    }
    cur.segments.push({ text: seg.text, start: seg.start, end: seg.end, sentences });
  }
  return { blocks, hasTimestamps: parsed.hasTimestamps, repKey };
}

/** Seconds a block lasted: to the next block's start, else its cue end (as the analyzer measures). */
function blockSeconds(blocks: Block[], i: number, hasTimestamps: boolean): number | null {
  const b = blocks[i];
  const end = blocks[i + 1]?.start ?? b.end;
  return hasTimestamps && b.start !== null && end !== null && end >= b.start ? end - b.start : null;
}

/** Words and (where the transcript has timestamps) seconds per speaker, in order of first appearance. */
export function talkTime(p: Parsed): { speakers: SpeakerShare[]; byTime: boolean } {
  const by = new Map<string, SpeakerShare>();
  let timed = 0;
  p.blocks.forEach((b, i) => {
    const s = by.get(b.key) ?? { key: b.key, speaker: b.speaker, rep: b.rep, words: 0, seconds: 0 };
    by.set(b.key, s);
    s.words += b.words;
    const sec = blockSeconds(p.blocks, i, p.hasTimestamps);
    if (sec !== null) {
      s.seconds += sec;
      timed++;
    }
  });
  // Time only when (nearly) every turn has one (the last may not: nothing follows it); a few
  // timestamps would give a few turns all the time.
  const byTime = p.hasTimestamps && timed >= (p.blocks.length - 1) * 0.9 && [...by.values()].some((s) => s.seconds > 0);
  return { speakers: [...by.values()].filter((s) => s.words > 0 || s.seconds > 0), byTime };
}

/** The salesperson's longest uninterrupted turn, chosen as signals/monologue.ts chooses it. */
export function longestMonologue(p: Parsed): { block: Block; seconds: number | null; words: number } | null {
  let best: { block: Block; seconds: number | null; words: number; effective: number } | null = null;
  p.blocks.forEach((b, i) => {
    if (!b.rep || b.words === 0) return;
    const seconds = blockSeconds(p.blocks, i, p.hasTimestamps);
    const effective = seconds ?? b.words / WORDS_PER_SECOND;
    if (effective > (best?.effective ?? 0)) best = { block: b, seconds, words: b.words, effective };
  });
  return best;
}

/** The salesperson's questions: the analyzer's own list where stored, else the rep's sentences that end in "?". */
export function questionIndices(p: Parsed, result: AnalysisResult): Set<number> {
  const stored = result.metrics?.question_utterances;
  if (Array.isArray(stored)) return new Set(stored);
  const out = new Set<number>();
  for (const b of p.blocks) {
    if (!b.rep) continue;
    for (const seg of b.segments) {
      for (const s of seg.sentences) if (QUESTION_MARK_RE.test(seg.text.slice(s.offset, s.offset + s.length))) out.add(s.index);
    }
  }
  return out;
}

export interface Place {
  block: number;
  segment: number;
  from: number;
  to: number;
}

/** Where a quote was said: first in its own speaker's words, else anywhere; null if not verbatim in one segment. */
export function findQuote(p: Parsed, m: Pick<Moment, 'quote' | 'speaker'>): Place | null {
  const quote = m.quote.trim();
  if (!quote) return null;
  const key = labelKey(m.speaker ?? '');
  for (const own of [true, false]) {
    for (const b of p.blocks) {
      if (own !== (b.key === key)) continue;
      for (let j = 0; j < b.segments.length; j++) {
        const at = b.segments[j].text.indexOf(quote);
        if (at >= 0) return { block: b.no, segment: j, from: at, to: at + quote.length };
      }
    }
  }
  return null;
}

/** Where each utterance index sits (block, segment, offsets), for the indices asked for only. */
export function placesOf(p: Parsed, wanted: Set<number>): Map<number, Place> {
  const out = new Map<number, Place>();
  if (wanted.size === 0) return out;
  for (const b of p.blocks) {
    b.segments.forEach((seg, j) => {
      for (const s of seg.sentences) if (wanted.has(s.index)) out.set(s.index, { block: b.no, segment: j, from: s.offset, to: s.offset + s.length });
    });
  }
  return out;
}
