// What every later stage reads: the call as turns of speakers, each turn as utterances
// (sentences), each utterance with the labels the classifier gave it.
import type { Label } from '../classify/labels.ts';

export interface Utterance {
  /** Position in the call (0-based, over all speakers). */
  index: number;
  turn: number;
  /** Speaker key (lower-cased label). */
  key: string;
  /** Verbatim text: an exact substring of the transcript. */
  text: string;
  words: number;
  /** Words spoken in the call before this utterance. */
  wordPos: number;
  /** Ends with a question mark. */
  questionMark: boolean;
  labels: Set<Label>;
  /** Each label's probability, in LABELS order (the labels are those above their threshold). */
  probs: Float32Array;
}

export interface Turn {
  index: number;
  key: string;
  /** Label as written in the transcript. */
  speaker: string;
  words: number;
  wordPos: number;
  start: number | null;
  end: number | null;
  utterances: Utterance[];
  /** The turn breaks off mid-sentence ("… und dann –", "so we were…"): the next speaker cut in. */
  brokenOff: boolean;
}

export interface Call {
  turns: Turn[];
  utterances: Utterance[];
  /** Speaker key -> label as written. */
  labels: Map<string, string>;
  hasTimestamps: boolean;
  /** The transcript has no question marks at all (speech-to-text). */
  unpunctuated: boolean;
  totalWords: number;
}
