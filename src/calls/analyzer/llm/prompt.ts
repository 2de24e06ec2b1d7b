// The LLM analyzer's system prompt: a versioned text file (prompt-v2.md) read once at start,
// so the rubric can be reviewed and changed like documentation; results record its version.
import { readFileSync } from 'node:fs';
import { METHODS, type AnalyzeInput } from '../types.ts';
import { measurementLines, type TranscriptSpeakers } from './speakers.ts';

const PROMPT_FILE = new URL('./prompt-v2.md', import.meta.url);
const TEMPLATE = readFileSync(PROMPT_FILE, 'utf8');

/** "v2": from the file's first line (`<!-- prompt: v2 ...`). */
export const PROMPT_VERSION = /prompt:\s*(v[\w.-]+)/.exec(TEMPLATE)?.[1] ?? 'unknown';

/** When the built-in analyzer names each method (docs/coaching.md), as guidance for the model. */
const METHOD_USE: Record<keyof typeof METHODS, string> = {
  spin_implication: 'a pain stepped over or never quantified; as a strength, a question about the impact of a problem',
  spin_need_payoff: 'as a strength, a question that lets the customer state the value of solving the problem',
  challenger_teach: 'the salesperson teaches the customer something new about their business and takes control',
  meddpicc: 'an authority or decision-process objection argued with, given in to or stepped over',
  bant: 'budget, authority, need or timing never qualified',
  sandler_pain_funnel: 'as a strength, a question into a pain the customer just named',
  sandler_upfront_contract: 'no agreed agenda or outcome for the call at its start',
  gap_selling: 'presenting before asking enough; a feature dump; a pitch tied to nothing the customer said; as a strength, a pitch tied to the customer\'s problem',
  feel_felt_found: 'a price or trust objection argued with, given in to or stepped over',
  laer: 'other objections argued with, given in to, stepped over or answered without a check-back; as a strength, an objection acknowledged and answered',
  voss_label: 'as a strength, a label ("it sounds like ...")',
  voss_mirror: 'cutting the customer off; no summary after the customer\'s longest explanation; as a strength, a mirror or summary',
  voss_calibrated_question: 'only closed questions; an unhedged guarantee; an unasked concession; an objection not explored; as a strength, a question into an objection',
  voss_accusation_audit: 'a likely negative reaction not named before it comes up',
  trial_close: 'a long monologue without checking the customer\'s reaction',
  calendar_close: 'a next step without an agreed date, or none; as a strength, a dated, agreed next step',
};

export function systemPrompt(input: AnalyzeInput, speakers: TranscriptSpeakers, repFact: string | null): string {
  const values: Record<string, string> = {
    speakers: speakers.labels.map((l) => JSON.stringify(l)).join(', ') || '(none)',
    rep_fact: repFact
      ? `- FACT from the dialer, not to be questioned: the salesperson is the speaker ${JSON.stringify(repFact)}. Answer rep_speaker with this label.`
      : '',
    measurements: measurementLines(speakers) || '(no words)',
    methods: Object.entries(METHODS).map(([k, label]) => `- ${k} (${label}): ${METHOD_USE[k as keyof typeof METHODS]}`).join('\n'),
    coaching_language: input.language === 'en' ? 'English' : 'German',
    coaching_language_note: input.language === 'en'
      ? 'This holds even when the call was held in German.'
      : 'Speak about "die Kundin oder der Kunde" and use infinitives, so the texts fit du and Sie teams alike; this holds even when the call was held in English.',
  };
  return TEMPLATE
    .replace(/^<!--[\s\S]*?-->\n/, '')
    .replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '')
    .replace(/\n\n\n+/g, '\n\n');
}
