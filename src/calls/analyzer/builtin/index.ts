// The built-in analyzer: offline, deterministic, no LLM. Pure and synchronous; linear in the
// length of the transcript. The service runs it in worker threads (BuiltinAnalyzer).

import {
  type AnalysisResult,
  AnalysisError,
  type AnalyzeInput,
  type Analyzer,
  type CallMetrics,
  type Language,
  type ScoreDimension,
} from '../types.ts';
import { buildTurns } from './turns.ts';
import { detectRep } from './speakers.ts';
import { measure } from './measure.ts';
import { questionTarget, score, monologueSeconds } from './score.ts';
import { buildCandidates, renderCommitment, renderMiss, renderMoment, selectMoments, type RenderContext } from './moments.ts';
import { parseTranscript } from './transcript.ts';
import { sayMode, transcriptNote } from './texts.ts';
import { analysisThreads } from './analysis-threads.ts';

export { detectLanguage, detectFormOfAddress, countFormsOfAddress, languageScores } from './language.ts';
export { parseTranscript } from './transcript.ts';

// A word has letters: numbers and punctuation alone ('... ??? 123', '1 2 3') are no call to coach.
const HAS_WORD_RE = /\p{L}/u;

/** Analyse one transcript. Throws AnalysisError only when there is nothing to analyse. */
export function analyzeTranscript(input: AnalyzeInput): AnalysisResult {
  const transcript = typeof input?.transcript === 'string' ? input.transcript : '';
  const language: Language = input?.language === 'en' ? 'en' : 'de';
  if (!HAS_WORD_RE.test(transcript)) {
    throw new AnalysisError(
      'The transcript contains no words. Send the text of the call, one utterance per line, e.g. "Anna: Hallo, hier ist Anna von Nordlicht." (WebVTT and SRT subtitles work too).',
    );
  }
  const parsed = parseTranscript(transcript);
  const turns = buildTurns(parsed);
  if (turns.length === 0 || turns.every((t) => t.words === 0)) {
    throw new AnalysisError(
      'The transcript has no spoken text after removing speaker labels, timestamps and markup. Send the words of the call, e.g. "Anna: Hallo, hier ist Anna von Nordlicht."',
    );
  }
  const rep = detectRep(turns, parsed.labels, { repSpeaker: input.repSpeaker, repName: input.repName });
  const m = measure(turns, rep.key, parsed.hasTimestamps, language, rep.colleagues);
  const notes = [...parsed.notes];
  if (m.speakers === 1 && !notes.includes('single_speaker_assumed')) notes.push('single_speaker');
  if (m.mixedLanguage) notes.push('mixed_language');
  const { scores } = score(m);

  const candidates = buildCandidates(m);
  const sel = selectMoments(candidates, scores);
  const mono = monologueSeconds(m);
  const ctx: RenderContext = {
    language,
    mode: sayMode(m.callLanguage, m.formOfAddress),
    params: {
      talkPct: Math.round(m.talkShare * 100),
      monoSeconds: Math.round(mono),
      monoWords: m.monologueWords,
      measuredSeconds: m.monologueSeconds !== null,
      // Coaching counts the questions that explore (not "Passt es gerade?", "Is this Karen?", "What's the best email?").
      questions: m.discoveryQuestions,
      open: m.openDiscoveryQuestions,
      target: questionTarget(m.totalWords, m.schedulingOnly),
      pains: m.pains.length,
      features: m.featureDump?.features ?? 0,
      form: sayMode(m.callLanguage, m.formOfAddress),
    },
    speakerOf: (s) => turns[s.turn].speaker,
    note: transcriptNote(language, notes, m.mixedLanguage),
  };
  const strongest = renderMoment(sel.strongest, ctx, true, true);
  const miss = renderMiss(sel.miss, ctx);
  const moments = sel.moments.map((c) => (c === sel.miss ? renderMoment(c, ctx, false) : c === sel.strongest ? strongest : renderMoment(c, ctx))) as AnalysisResult['moments'];

  const metrics: CallMetrics = {
    rep_talk_share: Math.round(m.talkShare * 1000) / 1000,
    longest_monologue_seconds: m.monologueSeconds,
    longest_monologue_words: m.monologueWords,
    questions: m.repQuestions.length,
    open_questions: m.openQuestions,
    closed_questions: m.closedQuestions,
    pains: m.pains.length,
    objections: m.objections.map((o) => ({ type: o.type, handled: o.quality >= 2 })),
    next_step_dated: m.nextStep.kind === 'dated' && m.nextStep.level >= 4,
    duration_seconds: m.durationSeconds,
    questions_by_third: m.questionsByThird,
    pain_impacts: m.impacts,
    next_step: m.nextStep.kind,
    speakers: m.speakers,
    words: m.totalWords,
    format: parsed.format,
    rep_detection: rep.reason,
    notes,
  };

  return {
    scores,
    strongest_moment: strongest,
    biggest_miss: miss,
    moments,
    commitment: renderCommitment(sel.miss, ctx),
    call_language: m.callLanguage,
    form_of_address: m.callLanguage === 'de' ? m.formOfAddress : null,
    rep_speaker: m.repLabel,
    metrics,
    analyzer: 'builtin',
  };
}

/** The rubric items behind each score (for docs, debugging and `npm run eval -- NAME -v`). */
export function explainScores(input: AnalyzeInput): Record<ScoreDimension, string[]> {
  const parsed = parseTranscript(input.transcript);
  const turns = buildTurns(parsed);
  const rep = detectRep(turns, parsed.labels, { repSpeaker: input.repSpeaker, repName: input.repName });
  return score(measure(turns, rep.key, parsed.hasTimestamps, input.language === 'en' ? 'en' : 'de', rep.colleagues)).explain;
}

/** The built-in analysis as the service runs it: in the process's analysis threads, off the event loop. */
export class BuiltinAnalyzer implements Analyzer {
  async analyze(input: AnalyzeInput): Promise<{ result: AnalysisResult; costCents: number }> {
    return { result: await analysisThreads().analyze(input), costCents: 0 };
  }
}
