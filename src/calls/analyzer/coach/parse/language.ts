// Language (de/en) and form-of-address (du/Sie) heuristics.
//
// Shared by the built-in analyzer and by validate.ts (which also checks LLM output), so they
// depend on nothing else in the analyzer.

import type { FormOfAddress, Language } from '../../types.ts';

// Frequent function words that are unambiguous between German and English. Words that exist
// in both languages (in, so, was, will, also, an, am, man, war, um, bin) are left out.
const DE_WORDS = new Set(
  (
    'der die das und ist nicht ich wir sie es ein eine einen einem einer eines mit auf für von zu ' +
    'den dem des im sind haben hat habe hast wird werden kann können kannst auch noch schon wie ' +
    'wenn dass oder aber bei nach mal ja nein genau dann uns unser unsere unseren ihnen ihr ihre ' +
    'mein meine dein deine sehr gut über diese dieser dieses mehr nur doch weil gibt jetzt hier ' +
    'heute gerne gern danke bitte wäre würde würden sich sein keine kein keinen eigentlich vielleicht ' +
    'immer warum welche welcher wer du dich dir euch zum zur vom beim wirklich etwas nichts da ' +
    'müssen muss soll sollte sollten könnte könnten geht gehen machen macht wo wann weil damit ' +
    'dafür davon darüber sagen gesagt sagten erwähnt bedeuten bedeutet woche wochen stunden ' +
    'kunden frage fragen gespräch termin nächsten nächste ob einmal bevor zwischen ihrem ihren ' +
    'ihrer deinem deinen deiner euer eure euren lass lassen wäre schicke schicken wurde wurden worden statt ' +
    'sofort jeder jede jedem jeden alle allen nach vor durch gegen ohne sondern weiter genauso nochmal eben ' +
    'gleich schon nun selbst mich mir dich uns wieder klar nicht nichts gerade'
  ).split(' '),
);
const EN_WORDS = new Set(
  (
    'the and is are were to of a on for with that this it you your we our they not be have has ' +
    'had would can could do does did what how why which when there their about just if but or at ' +
    'from by as my me i i\'m don\'t it\'s that\'s yes great good thanks thank please really ' +
    'should shall been being into than then them these those he she his her its who where while ' +
    'because before after next week weeks hours customer customers call meeting let\'s let ' +
    'you\'re we\'re they\'re i\'ll you\'ll we\'ll i\'ve you\'ve can\'t won\'t didn\'t doesn\'t ' +
    'isn\'t say said mentioned mean means time team something nothing any every right sure ' +
    'think know want need see look work works would\'ve here now today tomorrow some more most ' +
    'much many one two three instead ask asked question questions'
  ).split(' '),
);

const LANG_WORD_RE = /[\p{L}]+(?:['’][\p{L}]+)?/gu;
const UMLAUT_RE = /[äöüß]/i;

export interface LanguageScores {
  de: number;
  en: number;
}

/** Counts of German and English signal words in `text`. */
export function languageScores(text: string): LanguageScores {
  let de = 0;
  let en = 0;
  LANG_WORD_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = LANG_WORD_RE.exec(text)) !== null) {
    const w = m[0].toLowerCase().replace('’', "'");
    if (DE_WORDS.has(w)) de++;
    else if (EN_WORDS.has(w)) en++;
    else if (UMLAUT_RE.test(w)) de += 0.5;
  }
  return { de, en };
}

/** The language `text` is written in (de or en); `fallback` when there is no signal either way. */
export function detectLanguage(text: string, fallback: Language = 'de'): Language {
  const s = languageScores(text);
  if (s.de > s.en) return 'de';
  if (s.en > s.de) return 'en';
  return fallback;
}

// --- du / Sie -------------------------------------------------------------------------------

const DU_FORMS = new Set([
  'du', 'dich', 'dir', 'dein', 'deine', 'deinen', 'deinem', 'deiner', 'deines',
  'euch', 'euer', 'eure', 'euren', 'eurem', 'eurer', 'eures',
]);
const SIE_FORMS = new Set(['Sie', 'Ihnen', 'Ihr', 'Ihre', 'Ihren', 'Ihrem', 'Ihrer', 'Ihres']);
const ADDRESS_TOKEN_RE = /[\p{L}]+/gu;
const SENTENCE_START_CHARS = '.!?:;…„"“”«»(-–—\n';

function atSentenceStart(text: string, index: number): boolean {
  let i = index - 1;
  while (i >= 0 && (text[i] === ' ' || text[i] === '\t' || text[i] === '\r')) i--;
  if (i < 0) return true;
  return SENTENCE_START_CHARS.includes(text[i]);
}

export interface AddressCounts {
  du: number;
  sie: number;
}

/**
 * Counts forms of address. du: du/dich/dir/dein.../euch/euer... in any case. Sie: Sie/Ihnen
 * capitalised anywhere except that a sentence-initial "Ihr..." is ambiguous (plural "ihr" or a
 * possessive) and is not counted; lower-case "sie"/"ihr" are third person and never counted.
 */
export function countFormsOfAddress(text: string): AddressCounts {
  let du = 0;
  let sie = 0;
  ADDRESS_TOKEN_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = ADDRESS_TOKEN_RE.exec(text)) !== null) {
    const w = m[0];
    if (w.length > 6) continue;
    const lower = w.toLowerCase();
    if (DU_FORMS.has(lower)) {
      du++;
    } else if (SIE_FORMS.has(w)) {
      if (w === 'Sie' || w === 'Ihnen') sie++;
      else if (!atSentenceStart(text, m.index)) sie++;
    }
  }
  return { du, sie };
}

/** du or Sie, by majority; null when `text` addresses nobody. */
export function detectFormOfAddress(text: string): FormOfAddress | null {
  const c = countFormsOfAddress(text);
  if (c.du === 0 && c.sie === 0) return null;
  return c.du > c.sie ? 'du' : 'Sie';
}

/** True when `token` (a single word) is a form of address, du or Sie. */
export function isAddressToken(token: string): boolean {
  return DU_FORMS.has(token.toLowerCase()) || SIE_FORMS.has(token);
}
