// What the LLM analyzer knows of a transcript without judging it: its speakers, each speaker's
// utterances (for checking that a quote was said by the speaker it names) and arithmetic
// measurements per speaker (word share, longest stretch, question marks). Nothing here decides
// who sells: that is the model's reading.
import { labelKey, parseTranscript } from '../coach/parse/transcript.ts';
import { normalizeForQuote } from '../validate.ts';

export interface SpeakerStats {
  label: string;
  words: number;
  share: number; // of all words, 0..1
  longestWords: number; // the longest stretch of consecutive words by this speaker
  longestSeconds: number | null; // null without timestamps
  questions: number; // sentences ending in a question mark
}

export interface TranscriptSpeakers {
  /** Speaker labels as written in the transcript, in order of first appearance. */
  labels: string[];
  /** Speaker key -> that speaker's utterances (consecutive segments joined), whitespace-normalised. */
  utterances: Map<string, string[]>;
  stats: SpeakerStats[];
}

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

export function readSpeakers(transcript: string): TranscriptSpeakers {
  const parsed = parseTranscript(transcript);
  const utterances = new Map<string, string[]>();
  const acc = new Map<string, { words: number; longestWords: number; longestSeconds: number | null; questions: number }>();
  let prevKey: string | null = null;
  let run = { words: 0, start: null as number | null, end: null as number | null };
  const closeRun = (key: string | null) => {
    if (key === null) return;
    const a = acc.get(key)!;
    a.longestWords = Math.max(a.longestWords, run.words);
    if (run.start !== null && run.end !== null) a.longestSeconds = Math.max(a.longestSeconds ?? 0, run.end - run.start);
  };
  for (const seg of parsed.segments) {
    if (!acc.has(seg.key)) acc.set(seg.key, { words: 0, longestWords: 0, longestSeconds: null, questions: 0 });
    const a = acc.get(seg.key)!;
    const w = words(seg.text);
    a.words += w;
    a.questions += (seg.text.match(/[?？](?=\s|$|["'”»)])/g) ?? []).length;
    const list = utterances.get(seg.key) ?? [];
    if (seg.key === prevKey && list.length > 0) list[list.length - 1] += ` ${normalizeForQuote(seg.text)}`;
    else list.push(normalizeForQuote(seg.text));
    utterances.set(seg.key, list);
    if (seg.key !== prevKey) {
      closeRun(prevKey);
      run = { words: 0, start: seg.start, end: null };
    }
    run.words += w;
    run.end = seg.end ?? seg.start ?? run.end;
    prevKey = seg.key;
  }
  closeRun(prevKey);
  const total = [...acc.values()].reduce((n, a) => n + a.words, 0) || 1;
  const stats = [...acc.entries()].map(([key, a]) => ({
    label: parsed.labels.get(key) ?? key, words: a.words, share: a.words / total,
    longestWords: a.longestWords, longestSeconds: parsed.hasTimestamps ? a.longestSeconds : null, questions: a.questions,
  }));
  return { labels: stats.map((s) => s.label), utterances, stats };
}

/** The transcript's label for `name` (case and spacing as written), or null when it names no speaker. */
export function speakerLabel(speakers: TranscriptSpeakers, name: unknown): string | null {
  if (typeof name !== 'string') return null;
  const key = labelKey(name);
  return speakers.labels.find((l) => labelKey(l) === key) ?? null;
}

/** True when `quote` is verbatim (whitespace-normalised) in one of the speaker's utterances. */
export function saidBy(speakers: TranscriptSpeakers, speaker: string, quote: string): boolean {
  const q = normalizeForQuote(quote);
  return (speakers.utterances.get(labelKey(speaker)) ?? []).some((u) => u.includes(q));
}

export function measurementLines(speakers: TranscriptSpeakers): string {
  return speakers.stats.map((s) => {
    const secs = s.longestSeconds === null ? '' : ` (${Math.round(s.longestSeconds)} s)`;
    return `- ${s.label}: ${Math.round(s.share * 100)} % of the words (${s.words}), longest stretch ${s.longestWords} words${secs}, ${s.questions} sentences ending in a question mark`;
  }).join('\n');
}
