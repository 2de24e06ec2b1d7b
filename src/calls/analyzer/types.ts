// The shape of a call analysis: shared by the built-in analyzer, the LLM analyzer,
// the validator, the API serializer and the web application.

export type Language = 'de' | 'en';
export type FormOfAddress = 'du' | 'Sie';

export const SCORE_DIMENSIONS = ['discovery', 'listening', 'value', 'objection_handling', 'next_step'] as const;
export type ScoreDimension = (typeof SCORE_DIMENSIONS)[number];
export type Scores = Record<ScoreDimension, number>; // integers 1..5

/** Method catalogue of decisions.md: stable key -> English label. */
export const METHODS = {
  spin_implication: 'SPIN implication question',
  spin_need_payoff: 'SPIN need-payoff question',
  challenger_teach: 'Challenger: teach, tailor, take control',
  meddpicc: 'MEDDPICC qualification',
  bant: 'BANT qualification',
  sandler_pain_funnel: 'Sandler pain funnel',
  sandler_upfront_contract: 'Sandler upfront contract',
  gap_selling: 'Gap Selling',
  feel_felt_found: 'Feel, felt, found',
  laer: 'Listen, acknowledge, explore, respond',
  voss_label: 'Labeling',
  voss_mirror: 'Mirroring',
  voss_calibrated_question: 'Calibrated question',
  voss_accusation_audit: 'Accusation audit',
  trial_close: 'Trial close',
  calendar_close: 'Calendar close',
} as const;
export type MethodKey = keyof typeof METHODS;

export interface Moment {
  /** Verbatim substring of the transcript (one utterance or part of it, without the speaker label). */
  quote: string;
  /** Speaker name/label as written in the transcript. */
  speaker: string;
  /** Coaching texts: in the requested `language`. */
  why: string;
  coaching: string;
  method?: MethodKey;
  /** Present with `method` when language is en. */
  method_label?: string;
}

export interface BiggestMiss extends Moment {
  /** In the call's own language and the salesperson's form of address, whatever `language` is. */
  what_to_say_instead: string;
}

/** An objection the customer raised; where it was said and how it was answered are optional extras. */
export interface ObjectionMetric {
  type: string;
  handled: boolean;
  /** Index of the customer's utterance (sentence) among the call's utterances, as the analyzer split them. */
  utterance?: number;
  /** The customer's words, verbatim from the transcript. */
  quote?: string;
  /** Indices of the seller's utterances that answered it (until the customer spoke again). */
  reply_utterances?: number[];
  /** The LAER steps the reply took, and whether it argued back or gave in. */
  acknowledged?: boolean;
  explored?: boolean;
  answered?: boolean;
  checked_back?: boolean;
  defended?: boolean;
  conceded?: boolean;
}

export interface CallMetrics {
  rep_talk_share: number; // 0..1
  longest_monologue_seconds: number | null; // null when the transcript has no timestamps
  longest_monologue_words: number;
  questions: number;
  open_questions: number;
  closed_questions: number;
  pains: number;
  objections: ObjectionMetric[];
  next_step_dated: boolean;
  duration_seconds: number | null;
  // Optional extras (the built-in analyzer fills them; an LLM analyzer may leave them out).
  /** Rep questions in the first, second and last third of the call (by words). */
  questions_by_third?: [number, number, number];
  /** Customer statements that quantify the impact of a problem (hours, money, counts). */
  pain_impacts?: number;
  /** How the call ended: a dated next step, an undated one, a vague promise, or nothing. */
  next_step?: 'dated' | 'undated' | 'vague' | 'none';
  speakers?: number;
  words?: number;
  /** Transcript format recognised: labelled, webvtt, srt, unlabelled. */
  format?: string;
  /** Which rule identified the salesperson: hint, role_label, rep_name, inbound, introduction, selling, questions, single_speaker. */
  rep_detection?: string;
  /** Caveats about the transcript, e.g. no_speaker_labels, alternating_speakers_assumed, single_speaker, mixed_language. */
  notes?: string[];
  /** Indices of the salesperson's questions among the call's utterances (what `questions` counts). */
  question_utterances?: number[];
  /** LLM analyzer: the prompt version and response format used, or (after a fallback) how the LLM failed. */
  llm?: LlmRunInfo;
}

export interface LlmRunInfo {
  prompt_version: string;
  /** json_schema, json_object or text: the response format the endpoint accepted. */
  response_format?: string;
  /** Job attempts the analysis took (a failing endpoint puts the job back with backoff). */
  attempts?: number;
  /** A call longer than the model's context: how many parts it was read in. */
  parts?: number;
  /** What the LLM's tokens cost for this analysis, in cents with fractions (also when the built-in result stands in). */
  cost_cents?: number;
  /** Set when the built-in result stands in: what went wrong with the LLM. */
  failure?: 'unavailable' | 'refused' | 'invalid_output' | 'too_long';
}

export interface AnalysisResult {
  scores: Scores;
  strongest_moment: Moment;
  biggest_miss: BiggestMiss;
  moments: [Moment, Moment, Moment];
  commitment: string;
  /** Which language the call itself was held in (may differ from the requested coaching language). */
  call_language: Language;
  /** German calls: how the salesperson addressed the customer; null for English calls. */
  form_of_address: FormOfAddress | null;
  /** The speaker identified as the salesperson. */
  rep_speaker: string;
  metrics: CallMetrics;
  /** Which analyzer produced the result ('builtin' or 'llm'), and whether the LLM fell back. */
  analyzer: 'builtin' | 'llm';
  fallback_reason?: string;
}

export interface AnalyzeInput {
  transcript: string;
  /** Language of the coaching texts (why, coaching, commitment, method_label). */
  language: Language;
  /** Optional hint from the push: the speaker label of the salesperson. */
  repSpeaker?: string | null;
  /** The key owner's name: a strong hint for who the salesperson is. */
  repName?: string | null;
}

/** A transcript that cannot be analysed; `message` tells the user what to fix. */
export class AnalysisError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnalysisError';
  }
}

/** Where the analysis runs in its job: an analyzer that can wait (the LLM) retries until the last attempt. */
export interface AnalyzeRun {
  attempt: number;
  maxAttempts: number;
}

/** The analyzer cannot work now (its endpoint is rate limited or down): the job is put back. */
export class AnalyzerUnavailableError extends Error {
  /** costCents: what the answers before the outage cost (counted into the day's spend even so). */
  constructor(message: string, readonly retryAfterMs: number | null, readonly costCents = 0) {
    super(message);
    this.name = 'AnalyzerUnavailableError';
  }
}

export interface Analyzer {
  /** `costCents` may be fractional (an LLM call often costs a fraction of a cent). */
  analyze(input: AnalyzeInput, run?: AnalyzeRun): Promise<{ result: AnalysisResult; costCents: number }>;
}
