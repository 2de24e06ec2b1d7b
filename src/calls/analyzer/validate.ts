// Validation of an analysis result (from the built-in analyzer or from an LLM): schema, verbatim
// quotes and the three language rules. Returns a list of problems; empty means valid.
//
// Depends only on the result types and the shared language heuristics, not on how the
// built-in analyzer works.

import { countFormsOfAddress, languageScores } from './coach/parse/language.ts';
import { type FormOfAddress, type Language, METHODS, SCORE_DIMENSIONS } from './types.ts';

export interface ValidationContext {
  transcript: string;
  /** Requested coaching language (why, coaching, commitment, method_label). */
  language: Language;
  /** Language the call was held in (what_to_say_instead). */
  callLanguage: Language;
  /** The salesperson's form of address in a German call; null when unknown or English. */
  formOfAddress: FormOfAddress | null;
}

/** Below this many signal words a text is too short to judge its language. */
const MIN_LANGUAGE_SIGNAL = 2;

export function normalizeForQuote(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function nonEmptyString(x: unknown): x is string {
  return typeof x === 'string' && x.trim().length > 0;
}

/** Problem text when `text` is not (clearly) in `lang`, else null. */
export function languageProblem(text: string, lang: Language): string | null {
  const s = languageScores(text);
  const total = s.de + s.en;
  if (total < MIN_LANGUAGE_SIGNAL) return null;
  const mine = lang === 'de' ? s.de : s.en;
  const other = lang === 'de' ? s.en : s.de;
  if (mine <= other) return `is not in ${lang === 'de' ? 'German' : 'English'} (de ${s.de}, en ${s.en} signal words)`;
  return null;
}

/** Problem text when `text` mixes du and Sie, or uses the other form than `form`, else null. */
export function addressProblem(text: string, form: FormOfAddress | null): string | null {
  const c = countFormsOfAddress(text);
  if (c.du > 0 && c.sie > 0) return `mixes du (${c.du}) and Sie (${c.sie})`;
  if (form === 'Sie' && c.du > 0) return 'uses du although the salesperson said Sie';
  if (form === 'du' && c.sie > 0) return 'uses Sie although the salesperson said du';
  return null;
}

function scoreProblems(scores: unknown): string[] {
  if (!isObject(scores)) return ['scores is missing or not an object'];
  const problems: string[] = [];
  for (const d of SCORE_DIMENSIONS) {
    const v = scores[d];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 5) problems.push(`scores.${d} must be an integer from 1 to 5 (got ${JSON.stringify(v)})`);
  }
  for (const k of Object.keys(scores)) {
    if (!(SCORE_DIMENSIONS as readonly string[]).includes(k)) problems.push(`scores.${k} is not a score dimension`);
  }
  return problems;
}

export function validateAnalysis(result: unknown, ctx: ValidationContext): string[] {
  const problems: string[] = [];
  if (!isObject(result)) return ['result is not an object'];
  const transcript = normalizeForQuote(ctx.transcript);

  problems.push(...scoreProblems(result.scores));

  const checkMoment = (m: unknown, path: string, isMiss: boolean) => {
    if (!isObject(m)) {
      problems.push(`${path} is missing or not an object`);
      return;
    }
    if (!nonEmptyString(m.quote)) problems.push(`${path}.quote must be a non-empty string`);
    else if (!transcript.includes(normalizeForQuote(m.quote))) problems.push(`${path}.quote is not verbatim in the transcript: ${JSON.stringify(m.quote.slice(0, 80))}`);
    if (!nonEmptyString(m.speaker)) problems.push(`${path}.speaker must be a non-empty string`);
    for (const f of ['why', 'coaching'] as const) {
      const v = m[f];
      if (!nonEmptyString(v)) {
        problems.push(`${path}.${f} must be a non-empty string`);
        continue;
      }
      const lp = languageProblem(v, ctx.language);
      if (lp) problems.push(`${path}.${f} ${lp}`);
    }
    if (m.method !== undefined) {
      if (typeof m.method !== 'string' || !Object.hasOwn(METHODS, m.method)) {
        problems.push(`${path}.method ${JSON.stringify(m.method)} is not in the method catalogue`);
      } else if (ctx.language === 'en') {
        const label = METHODS[m.method as keyof typeof METHODS];
        if (m.method_label === undefined) problems.push(`${path}.method_label is missing (language en requires it with method)`);
        else if (m.method_label !== label) problems.push(`${path}.method_label must be ${JSON.stringify(label)} (got ${JSON.stringify(m.method_label)})`);
      }
    }
    if (m.method_label !== undefined) {
      if (m.method === undefined) problems.push(`${path}.method_label is present without method`);
      else if (ctx.language === 'de') problems.push(`${path}.method_label must be absent when language is de`);
    }
    if (isMiss) {
      const w = m.what_to_say_instead;
      if (!nonEmptyString(w)) {
        problems.push(`${path}.what_to_say_instead must be a non-empty string`);
      } else {
        const lp = languageProblem(w, ctx.callLanguage);
        if (lp) problems.push(`${path}.what_to_say_instead ${lp}; it must stay in the language of the call`);
        if (ctx.callLanguage === 'de') {
          const ap = addressProblem(w, ctx.formOfAddress);
          if (ap) problems.push(`${path}.what_to_say_instead ${ap}`);
        }
      }
    }
  };

  checkMoment(result.strongest_moment, 'strongest_moment', false);
  checkMoment(result.biggest_miss, 'biggest_miss', true);
  if (!Array.isArray(result.moments)) problems.push('moments must be an array');
  else {
    if (result.moments.length !== 3) problems.push(`moments must have exactly three entries (got ${result.moments.length})`);
    result.moments.forEach((m, i) => checkMoment(m, `moments[${i}]`, false));
  }

  if (!nonEmptyString(result.commitment)) problems.push('commitment must be a non-empty string');
  else {
    const lp = languageProblem(result.commitment, ctx.language);
    if (lp) problems.push(`commitment ${lp}`);
  }

  // Optional envelope fields (the LLM analyzer may add them after validation).
  if (result.call_language !== undefined && result.call_language !== 'de' && result.call_language !== 'en') {
    problems.push('call_language must be de or en');
  }
  if (result.form_of_address !== undefined && result.form_of_address !== null && result.form_of_address !== 'du' && result.form_of_address !== 'Sie') {
    problems.push('form_of_address must be du, Sie or null');
  }
  return problems;
}
