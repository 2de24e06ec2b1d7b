// The built-in analyzer: a pipeline of small pure stages, each in its folder.
//   parse -> utterances (+ classify) -> rep -> signals -> rubric -> moments -> render
// Offline, deterministic and linear in the transcript's length; the service runs it in worker
// threads (analysis-threads.ts).
import { customerFirstName } from './render/address.ts';
import { AnalysisError, type AnalysisResult, type AnalyzeInput, type Analyzer, type CallMetrics, type Language, type ScoreDimension } from '../types.ts';
import { analysisThreads } from './analysis-threads.ts';
import { classifyCallType, type CallTypeResult } from './call-type/classify-call.ts';
import { LANGUAGES } from './lang/index.ts';
import { selectMoments } from './moments/select.ts';
import type { Candidate } from './moments/types.ts';
import { parseTranscript } from './parse/transcript.ts';
import { renderCommitment, renderMiss, renderMoment, type RenderContext } from './render/render.ts';
import { findRep } from './rep/find-rep.ts';
import { scoreCall } from './rubric/index.ts';
import { measure, type Signals } from './signals/index.ts';
import { buildCall } from './utterances/build.ts';
import { callLanguage } from './utterances/call-language.ts';

const HAS_WORD_RE = /\p{L}/u;

/** Analyse one transcript. Throws AnalysisError only when there is nothing to analyse. */
export function analyzeTranscript(input: AnalyzeInput): AnalysisResult {
  return analyse(input).result;
}

/** The rubric items behind each score (for `npm run eval -- NAME -v`). */
export function explainScores(input: AnalyzeInput): Record<ScoreDimension, string[]> {
  return analyse(input).explain;
}

export interface DetailedAnalysis {
  result: AnalysisResult;
  explain: Record<ScoreDimension, string[]>;
  /** The dimension and kind of each shown moment (for the evaluation's checks). */
  kinds: { strongest: Candidate; miss: Candidate; moments: Candidate[]; candidates: Candidate[] };
  signals: Signals;
  callType: CallTypeResult;
}

/** The analysis with what the evaluation checks besides the result. */
export function analyseWithDetails(input: AnalyzeInput): DetailedAnalysis {
  return analyse(input);
}

/** The stages up to the measurements: what the rubric, its calibration and the moments read. */
export function measureTranscript(input: AnalyzeInput) {
  const transcript = typeof input?.transcript === 'string' ? input.transcript : '';
  const language: Language = input?.language === 'en' ? 'en' : 'de';
  if (!HAS_WORD_RE.test(transcript)) {
    throw new AnalysisError('The transcript contains no words. Send the text of the call, one utterance per line, e.g. "Anna: Hallo, hier ist Anna von Nordlicht." (WebVTT and SRT subtitles work too).');
  }
  const parsed = parseTranscript(transcript);
  const call = buildCall(parsed);
  if (call.utterances.length === 0) {
    throw new AnalysisError('The transcript has no spoken text after removing speaker labels, timestamps and markup. Send the words of the call, e.g. "Anna: Hallo, hier ist Anna von Nordlicht."');
  }
  const rep = findRep(call, { repSpeaker: input.repSpeaker, repName: input.repName });
  const spoken = callLanguage(call, rep.key, language);
  const signals = measure(call, rep.key, rep.colleagues, LANGUAGES[spoken.language]);
  return { language, parsed, call, rep, spoken, signals };
}

function analyse(input: AnalyzeInput): DetailedAnalysis {
  const { language, parsed, call, rep, spoken, signals } = measureTranscript(input);
  const { scores, expected, explain } = scoreCall(signals);
  const notes = [...parsed.notes];
  if (signals.speakers === 1 && !notes.includes('single_speaker_assumed')) notes.push('single_speaker');
  if (spoken.mixed) notes.push('mixed_language');
  const sel = selectMoments(signals, scores, expected);
  const callType = classifyCallType(signals.sides);
  const ctx: RenderContext = { coach: LANGUAGES[language], call: LANGUAGES[spoken.language], form: spoken.language === 'de' ? spoken.form : null, signals, speakerOf: (k) => call.labels.get(k) ?? k, customerName: customerFirstName(signals.sides), callType: callType.type };
  const note = noteText(notes, ctx);
  const result: AnalysisResult = {
    scores,
    strongest_moment: renderMoment(sel.strongest, ctx),
    biggest_miss: renderMiss(sel.miss, ctx, note),
    moments: sel.moments.map((c) => renderMoment(c, ctx)) as AnalysisResult['moments'],
    commitment: renderCommitment(sel.miss, ctx),
    call_language: spoken.language,
    form_of_address: spoken.language === 'de' ? spoken.form : null,
    rep_speaker: rep.label,
    metrics: metricsOf(signals, parsed.format, rep.reason, notes),
    analyzer: 'builtin',
  };
  return { result, explain, kinds: { strongest: sel.strongest, miss: sel.miss, moments: sel.moments, candidates: sel.candidates }, signals, callType };
}

function noteText(notes: string[], ctx: RenderContext): string | undefined {
  const n = ctx.coach.messages.notes;
  if (notes.includes('no_speaker_labels')) return notes.includes('single_speaker_assumed') ? n.no_labels_one_speaker : n.no_speaker_labels;
  if (notes.includes('single_speaker')) return n.single_speaker;
  if (notes.includes('mixed_language')) return n.mixed_language;
  return undefined;
}

function metricsOf(s: Signals, format: string, repDetection: string, notes: string[]): CallMetrics {
  const q = s.questions;
  return {
    rep_talk_share: Math.round(s.talkShare * 1000) / 1000,
    longest_monologue_seconds: s.monologue.seconds === null ? null : Math.round(s.monologue.seconds),
    longest_monologue_words: s.monologue.words,
    questions: q.all.length,
    open_questions: q.all.filter((u) => u.labels.has('question_open')).length,
    closed_questions: q.all.filter((u) => !u.labels.has('question_open')).length,
    pains: s.pains.length,
    // Where each objection was said and how the reply went: what the signals found, for the call page.
    objections: s.objections.map((o) => ({
      type: o.type, handled: o.quality >= 2 && !o.defended,
      utterance: o.utterance.index, quote: o.utterance.text, reply_utterances: o.reply.map((u) => u.index),
      acknowledged: o.acknowledged, explored: o.explored, answered: o.answered, checked_back: o.checkedBack, defended: o.defended, conceded: o.conceded,
    })),
    next_step_dated: s.nextStep.kind === 'dated' && s.nextStep.level >= 4,
    duration_seconds: durationOf(s),
    questions_by_third: q.byThird,
    pain_impacts: s.pains.filter((p) => p.impact).length,
    next_step: s.nextStep.kind,
    speakers: s.speakers,
    words: s.sides.call.totalWords,
    format,
    rep_detection: repDetection,
    notes,
    question_utterances: q.all.map((u) => u.index),
  };
}

function durationOf(s: Signals): number | null {
  if (!s.sides.call.hasTimestamps) return null;
  const turns = s.sides.call.turns;
  const first = turns.find((t) => t.start !== null)?.start ?? null;
  const last = [...turns].reverse().find((t) => t.end !== null || t.start !== null);
  const end = last ? (last.end ?? last.start) : null;
  return first === null || end === null ? null : Math.round(end - first);
}

/** The built-in analysis as the service runs it: in the process's analysis threads, off the event loop. */
export class BuiltinAnalyzer implements Analyzer {
  async analyze(input: AnalyzeInput): Promise<{ result: AnalysisResult; costCents: number }> {
    return { result: await analysisThreads().analyze(input), costCents: 0 };
  }
}
