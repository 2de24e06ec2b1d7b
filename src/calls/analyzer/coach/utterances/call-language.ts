// The language the call was held in and the salesperson's form of address (du or Sie).
import type { FormOfAddress, Language } from '../../types.ts';
import { countFormsOfAddress, languageScores } from '../parse/language.ts';
import type { Call } from './types.ts';

export interface CallLanguage {
  language: Language;
  form: FormOfAddress | null;
  /** Both languages are spoken at length. */
  mixed: boolean;
}

const LOWER_SIE_RE = /(?<![\p{L}])(?:sie|ihnen)(?![\p{L}])/u;

export function callLanguage(call: Call, rep: string, fallback: Language): CallLanguage {
  let de = 0;
  let en = 0;
  const repText: string[] = [];
  const otherText: string[] = [];
  for (const u of call.utterances) {
    const s = languageScores(u.text);
    de += s.de;
    en += s.en;
    (u.key === rep ? repText : otherText).push(u.text);
  }
  const language: Language = de > en ? 'de' : en > de ? 'en' : fallback;
  const mixed = Math.min(de, en) >= 20 && Math.min(de, en) / Math.max(de, en) >= 0.25;
  if (language === 'en') return { language, form: null, mixed };
  // Without any form in the rep's words, the customer's form is the call's.
  return { language, form: formOf(repText.join('\n')) ?? formOf(otherText.join('\n')) ?? 'Sie', mixed };
}

/** du or Sie by majority in the rep's words; lower-case speech-to-text says "sie"/"ihnen" for Sie. */
function formOf(text: string): FormOfAddress | null {
  const c = countFormsOfAddress(text);
  if (c.du > c.sie) return 'du';
  if (c.sie > 0) return 'Sie';
  return LOWER_SIE_RE.test(text) ? 'Sie' : null;
}
