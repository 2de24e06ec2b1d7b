// Short verbatim phrases of the customer's own words, for mirroring in what_to_say_instead.

import { isAddressToken } from './language.ts';
import { ECHO_LEAD_WORDS, ECHO_TAIL_WORDS } from './lexicon.ts';

const TOKEN_RE = /\S+/g;
const LEADING = `"„“”'‚‘’»«([–—-`;
const TRAILING = `"„“”'‚‘’»«)].,;:!?…–—-`;
const SPACE_RE = /\s/;
/**
 * Without whitespace, quotes, brackets and dashes at its start and punctuation at its end. A loop:
 * the regex this was (`…|[…]+$`) tried every position of a long run of spaces or quotes inside
 * the text and scanned to the run's end, quadratic on a padded transcript.
 */
function trimEdges(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && (SPACE_RE.test(s[a]) || LEADING.includes(s[a]))) a++;
  while (b > a && (SPACE_RE.test(s[b - 1]) || TRAILING.includes(s[b - 1]))) b--;
  return s.slice(a, b);
}
const CLAUSE_END_RE = /[,;:.!?…]["”“'»)]*$/;
const SUBORDINATE_RE = /^(?:dass|that)$/i;
/** Words a part of a clause starts after ("and make the case …", "that onboarding … takes three weeks"). */
const CLAUSE_START_WORDS = new Set(['and', 'but', 'or', 'that', 'which', 'because', 'so', 'und', 'aber', 'oder', 'dass', 'weil', 'denn', 'sondern']);
const LEAD_COPULA = new Set(['is', 'are', 'was', 'were', "it's", 'ist', 'sind', 'war', 'waren']);
/** A German verb in second place after an adverbial ("Ehrlich gesagt ist mir das zu teuer"): its subject follows. */
const INVERTED_VERB = new Set(['ist', 'sind', 'war', 'waren', 'hat', 'haben', 'wird', 'werden', 'kostet', 'wäre', 'wären']);
// German inversions ("ist mir das zu teuer") and English questions ("but is it expensive?", "are they
// reliable?"): the verb before its subject starts the clause and stays in the echo.
// In English the question starts at its verb ("is it expensive"), not at the "Okay, but" before it.
const QUESTION_SUBJECT = new Set(['it', 'this', 'that', 'they', 'we', 'you', 'he', 'she', 'there']);
const INVERTED_SUBJECT = new Set(['mir', 'uns', 'das', 'es', 'dir', 'ihm', 'euch', 'ihnen', 'der', 'die', 'wir', 'ich', ...QUESTION_SUBJECT]);

/** Words an echo cut inside its clause never ends on: articles, prepositions, and quantifiers that need their noun ("every", „jeden“). */
const NEEDS_NEXT = new Set([
  ...ECHO_TAIL_WORDS,
  'every', 'each', 'all', 'any', 'some', 'per', 'no', 'our', 'their', 'my', 'your', 'this', 'these', 'those', 'and', 'or', 'but', 'by', 'from', 'than', 'as',
  'jede', 'jeden', 'jedem', 'jeder', 'jedes', 'alle', 'allen', 'pro', 'kein', 'keine', 'keinen', 'unser', 'unsere', 'unseren', 'unserem', 'mein', 'meine', 'meinen',
  'dieser', 'diese', 'diesen', 'diesem', 'und', 'oder', 'aber', 'als', 'vom', 'zum', 'zur', 'am', 'an', 'aus', 'über', 'nach',
]);

/**
 * Copulas and auxiliaries: a phrase cut right after one ("Das Problem ist", "and it was") leaves its
 * predicate behind. Only a clause of its own with its conjunction or question word ends on one
 * ("dass es DSGVO-konform ist", "what it was").
 */
const AUX_TAIL = new Set([
  'ist', 'sind', 'war', 'waren', 'wäre', 'wären', 'wird', 'werden', 'hat', 'haben', 'hatte', 'hatten', 'bin', 'bist',
  'is', 'are', 'was', 'were', 'be', 'been', 'being', 'has', 'have', 'had', 'will', 'would', "it's", "that's", "there's",
]);
const CLAUSE_OPENER_RE = /^(?:dass|weil|wenn|ob|obwohl|da|als|bis|damit|sodass|falls|sobald|nachdem|bevor|während|seit|seitdem|wie|wo|wer|was|warum|wieso|that|because|if|when|whether|what|how|where|why|who|which|while|since|unless|until|although)$/i;

/** A connector that adds to what was said before ("plus a one-star review", „sowie …“): not the start of an echo. */
const ADDED_LEAD = new Set(['plus', 'sowie', 'außerdem', 'also']);
/** Particles between a copula and its predicate („Das ist jetzt …“, "it's just …"). */
const AUX_PARTICLES = new Set(['jetzt', 'gerade', 'halt', 'eben', 'schon', 'auch', 'ja', 'doch', 'eigentlich', 'wirklich', 'nun', 'just', 'really', 'still', 'also', 'now', 'actually']);
/** Negations a clause cut right after has lost what it negates („Das ist jetzt nicht | Ihr Ernst“). */
const NEGATION_TAIL = new Set(['nicht', 'not', 'nie', 'never', "isn't", "aren't", "wasn't"]);

/** A phrase that ends on a copula or auxiliary without being a clause of its own ("Das Problem ist", "it was", „Das ist jetzt“). */
export function endsOnAuxiliary(phrase: string): boolean {
  const words = phrase.split(/\s+/).map((w) => trimEdges(w).toLowerCase()).filter(Boolean);
  let end = words.length - 1;
  while (end > 0 && AUX_PARTICLES.has(words[end])) end--;
  if (words.length === 0 || !AUX_TAIL.has(words[end])) return false;
  return !words.slice(0, end).some((w) => CLAUSE_OPENER_RE.test(w));
}

/** Cut inside its clause right after a negation, the words it negates left behind („Das ist jetzt nicht“ of „… nicht Ihr Ernst“). */
function cutAfterNegation(sentence: string, phrase: string): boolean {
  const words = phrase.split(/\s+/).map((w) => trimEdges(w).toLowerCase()).filter(Boolean);
  if (words.length === 0 || !NEGATION_TAIL.has(words[words.length - 1]) || /[,;:.!?…]$/.test(phrase.trim())) return false;
  const at = sentence.indexOf(phrase);
  return at >= 0 && /^\s+[\p{L}\d]/u.test(sentence.slice(at + phrase.length));
}

/** A German relative clause without the noun it belongs to („die ich wiederbekomme“, „den wir jeden Tag brauchen“). */
const RELATIVE_NO_ANTECEDENT_RE = /^(?:die|der|das|den|dem|denen|deren|dessen)\s+(?:ich|wir|du|er|sie|es|man|ihr|Sie)\s+(?:\S+\s+){0,5}\p{Ll}[\p{L}]*(?:en|t|e)$/u;

interface Tok {
  start: number;
  end: number;
  word: string;
}

function tokenize(text: string): Tok[] {
  const out: Tok[] = [];
  TOKEN_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = TOKEN_RE.exec(text)) !== null) {
    out.push({ start: m.index, end: m.index + m[0].length, word: trimEdges(m[0]) });
  }
  return out;
}

/**
 * A phrase (at most `maxWords`) of the customer's words around the first match of `focus` (or the end of the
 * sentence): the clause that contains it, cut to `maxWords` around the match, without forms of
 * address (so it fits a du or a Sie reply) and without fillers at its edges. Always an exact
 * substring of `sentence`.
 */
export function echoPhrase(sentence: string, focus?: RegExp, maxWords = 9, prefer: 'left' | 'right' = 'right'): string | null {
  const toks = tokenize(sentence);
  if (toks.length === 0) return null;
  let fa = -1;
  let fb = -1;
  if (focus) {
    const re = focus.global ? new RegExp(focus.source, focus.flags.replace('g', '')) : focus;
    const m = re.exec(sentence);
    if (m) {
      const ms = m.index;
      const me = m.index + m[0].length;
      for (let i = 0; i < toks.length; i++) {
        if (toks[i].end > ms && toks[i].start < me) {
          if (fa < 0) fa = i;
          fb = i;
        }
      }
    }
  }
  if (fa < 0) {
    fb = toks.length - 1;
    fa = fb;
  }
  // Clause boundaries around the focus.
  const endsClause = (i: number) => CLAUSE_END_RE.test(sentence.slice(toks[i].start, toks[i].end));
  let ca = fa;
  while (ca > 0 && !endsClause(ca - 1)) ca--;
  let cb = fb;
  while (cb < toks.length - 1 && !endsClause(cb)) cb++;
  // "Das Hauptproblem ist, dass wir ständig Fehlbestände haben": the substance follows.
  if (cb - ca + 1 <= 8 && cb + 1 < toks.length && SUBORDINATE_RE.test(toks[cb + 1].word)) {
    let nb = cb + 1;
    while (nb < toks.length - 1 && !endsClause(nb)) nb++;
    const sub = { a: cb + 2, b: nb };
    if (sub.b - sub.a + 1 >= 2) {
      ca = sub.a;
      cb = sub.b;
      fa = ca;
      fb = Math.min(cb, ca + maxWords - 1);
    }
  }
  // "Das Problem ist, wenn jemand früher abreist …", "The thing is, when …": a short clause that ends
  // on its copula takes the clause it introduces along; on its own it says nothing.
  let forceWhole = false;
  if (cb - ca + 1 <= 4 && AUX_TAIL.has(toks[cb].word.toLowerCase()) && cb + 1 < toks.length && /^(?:wenn|weil|als|dass|when|because|if|that)$/i.test(toks[cb + 1].word)) {
    let nb = cb + 1;
    while (nb < toks.length - 1 && !endsClause(nb)) nb++;
    if (nb - ca + 1 <= maxWords + 5 && sentence.slice(toks[ca].start, toks[nb].end).length <= 90) {
      cb = nb;
      fb = nb;
      forceWhole = true;
    }
  }
  let a = ca;
  let b = cb;
  // A clause a little longer than the window is quoted whole: "Letztes Jahr hat der Aufbau zwei
  // Tage länger gedauert als geplant", not "Jahr hat der Aufbau zwei Tage".
  const wholeClause = forceWhole || (b - a + 1 <= maxWords + 3 && sentence.slice(toks[a].start, toks[b].end).length <= 80);
  if (b - a + 1 > maxWords && !wholeClause) {
    // Window inside the clause: a focus of three words or more stands alone; a shorter one
    // grows by up to four words, to the preferred side first.
    a = fa;
    b = Math.min(fb, fa + maxWords - 1);
    const size = b - a + 1 >= 3 ? b - a + 1 : Math.min(maxWords, b - a + 1 + 4);
    for (const side of prefer === 'right' ? ['right', 'left'] : ['left', 'right']) {
      while (b - a + 1 < size && (side === 'right' ? b < cb : a > ca)) {
        if (side === 'right') b++;
        else a--;
      }
    }
    // German nouns are capitalised: don't stop right before the noun of the phrase.
    if (b < cb && b - a + 1 < maxWords + 2 && /^\p{Lu}/u.test(toks[b + 1].word) && !isAddressToken(toks[b + 1].word)) b++;
  }
  // A window cut inside a clause never ends on a word that needs the next one ("two hours every",
  // „jeden“, "the", "of"): it takes the next words along ("two hours every morning"), up to two;
  // else the tail trim below drops it.
  if (b < cb) {
    let grown = b;
    // Nor on a copula or auxiliary ("and it was" takes "a disaster" along).
    const needsNext = (i: number) => NEEDS_NEXT.has(toks[i].word.toLowerCase()) || AUX_TAIL.has(toks[i].word.toLowerCase());
    while (grown < cb && grown - b < 2 && needsNext(grown)) grown++;
    if (!needsNext(grown)) b = grown;
  }
  // A window cut inside a clause starts where its part of the clause starts, when that is close:
  // "… and | make the case for the sixth clinic", "… complaining that | onboarding new warehouse
  // staff takes three weeks" – not "case for the sixth clinic".
  if (a > ca) {
    for (let i = a - 1; i >= Math.max(ca, a - 3); i--) {
      if (CLAUSE_START_WORDS.has(toks[i].word.toLowerCase())) {
        if (b - i <= maxWords + 1) a = i + 1;
        break;
      }
    }
  }
  // Forms of address: keep the side of the focus that has none.
  for (let i = a; i <= b; i++) {
    if (!isAddressToken(toks[i].word)) continue;
    if (i < fa) a = i + 1;
    else if (i > fb) {
      b = i - 1;
      break;
    } else {
      a = i + 1;
    }
  }
  // Fillers at the start, and a verb left without its subject ("that is more than we budgeted"
  // echoes as "more than we budgeted", not "is more than ...").
  // Not a German inversion, though: "Ehrlich gesagt ist mir das zu teuer" keeps its start (the
  // subject follows the verb; "das zu teuer" is no clause), and a sentence that is a "dass" clause
  // of its own ("Dass es nicht nervt und dass es DSGVO-konform ist.") keeps its "Dass".
  const a0 = a;
  const word = (i: number) => toks[i].word.toLowerCase();
  const sentenceStart = (i: number) => {
    let k = i;
    while (k > 0 && !/[.!?]$/.test(sentence.slice(toks[k - 1].start, toks[k - 1].end + 1).trim())) k--;
    return k;
  };
  // A verb after skipped words, with its subject right behind it: the skipped words were the inversion's start.
  const inversionAt = (i: number) => i > a0 && i + 1 <= b && (LEAD_COPULA.has(word(i)) || INVERTED_VERB.has(word(i))) && INVERTED_SUBJECT.has(word(i + 1));
  while (a <= b && (ECHO_LEAD_WORDS.has(word(a)) || ADDED_LEAD.has(word(a)) || (a > 0 && a < b && LEAD_COPULA.has(word(a))))) {
    if (inversionAt(a) || (a === 0 && b === cb && SUBORDINATE_RE.test(toks[a].word) && b > a + 1)) break;
    // The main clause after a fronted "wenn" clause starts with its verb ("Wenn wir die Hälfte füllen,
    // | sind das ja schon über tausend Euro im Monat"): without verb and subject (and the particles
    // after them) what it says stands alone ("über tausend Euro im Monat"); else the verb stays.
    if (a === a0 && a > 0 && a + 1 <= b && LEAD_COPULA.has(word(a)) && INVERTED_SUBJECT.has(word(a + 1)) && /^(?:wenn|falls|sobald|weil|als)$/i.test(toks[sentenceStart(a)].word)) {
      let rest = a + 2;
      while (rest <= b && /^(?:ja|schon|doch|eh|halt|eigentlich|auch|dann|locker|bestimmt)$/.test(word(rest))) rest++;
      if (b - rest + 1 >= 3) a = rest;
      break;
    }
    a++;
  }
  if (inversionAt(a) && !QUESTION_SUBJECT.has(word(a + 1))) a = a0;
  const conditionFirst = (st: number) => /^(?:wenn|falls|sobald|weil|als)$/i.test(toks[st].word) || (/^(?:und|aber|also)$/i.test(toks[st].word) && st + 1 < toks.length && /^(?:wenn|falls|sobald|weil|als)$/i.test(toks[st + 1].word));
  // The subject of that main clause without its verb („Wenn die Beanstandungen wegfallen, sind |
  // das bei uns locker zwanzig Stunden …“): what it says stands alone without the subject too.
  if (a > 0 && a + 3 <= b && /^(?:das|es)$/.test(word(a)) && LEAD_COPULA.has(word(a - 1)) && conditionFirst(sentenceStart(a))) {
    a++;
    while (a < b && /^(?:ja|schon|doch|eh|halt|eigentlich|auch|dann|locker|bestimmt)$/.test(word(a))) a++;
  }
  // Articles, prepositions and pronouns are trimmed only where the window cut the clause: at the
  // clause's own end they belong to it ("My boss would love it", "… DSGVO-konform ist").
  while (b >= a && ((b < cb && NEEDS_NEXT.has(toks[b].word.toLowerCase())) || ECHO_LEAD_WORDS.has(toks[b].word.toLowerCase()))) b--;
  if (a > b) return null;
  let phrase = trimEdges(sentence.slice(toks[a].start, toks[b].end));
  if (!phrase || !/[\p{L}\p{N}]/u.test(phrase)) return null;
  // A lone short word ("was", "it") says nothing of the customer's own: no echo then.
  if (a === b && phrase.replace(/[^\p{L}\p{N}]/gu, '').length < 5) return null;
  if (phrase.length > (forceWhole ? 90 : 80)) phrase = phrase.slice(0, 80).replace(/\s+\S*$/, '');
  return phrase;
}

// A pronoun that points at someone or something said before ("Die rennt am Monatsende …" about a
// colleague, "Then we have a problem"): out of context once quoted back on its own.
const BACK_REFERENCE_RE = /^(?:(?:[Dd]ie|[Dd]er|[Dd]en|[Dd]em|[Ee]r|[Ss]ie|[Dd]ann|[Dd]a)\s+\p{Ll}|(?:[Hh]e|[Ss]he|[Tt]hey|[Tt]hen)\b)/u;
const AFTERTHOUGHT_RE = /^(?:more|less|fewer|rather|instead|even|mehr|weniger|eher|statt|anstatt|sogar)\b|\b(?:fewer|instead|more|less|weniger|mehr)(?:\s+\S+){0,2}$/iu;
const SUBJECT_BEFORE_RE = /(?:^|\s)(?:[Ii]ch|[Ww]ir|Sie|[Dd]u|[Ii]hr|[Ee]r|sie|[Ee]s|man|I|[Ww]e|[Yy]ou|[Tt]hey|[Hh]e|[Ss]he)\s*$/u;
const CONJUNCTION_BEFORE_RE = /(?:^|\s)(?:dass|weil|wenn|ob|obwohl|damit|sodass|da)\s*$/iu;

/**
 * Whether a phrase cut from `sentence` reads as a clause of its own after "Sie sagten:" / "You said":
 * not a German dependent clause without its conjunction ("die Bestelldaten nicht da sind"), not a
 * verb without its subject ("liegen bei 4,10 Euro"), not a pronoun pointing back ("Die rennt …").
 */
export function standsAlone(sentence: string, phrase: string): boolean {
  const at = sentence.indexOf(phrase);
  if (at < 0) return true;
  const before = sentence.slice(Math.max(0, at - 20), at);
  if (BACK_REFERENCE_RE.test(phrase)) return false;
  // An afterthought after a comma ("…, probably more than the licence", "…, two or three fewer a quarter"): a comparison without its clause.
  if (/,\s*(?:\S+\s+)?$/u.test(before) && AFTERTHOUGHT_RE.test(phrase)) return false;
  // The subject was cut off ("Sie | liegen bei 4,10 Euro"): a verb without its subject.
  if (/^\p{Ll}/u.test(phrase) && SUBJECT_BEFORE_RE.test(before)) return false;
  // A short noun phrase cut before its apposition ("Another company | , Transdoc, they make us an offer"): the point comes after it.
  if (phrase.split(/\s+/).length <= 3 && /^,\s*\p{Lu}[\p{L}\d-]*(?:\s+\p{Lu}[\p{L}\d-]*)?,/u.test(sentence.slice(at + phrase.length))) return false;
  // A name cut from its title ("Herrn Dr. | Voss sprechen").
  if (/(?:Herrn?|Frau|Dr\.|Mr\.|Mrs\.|Ms\.)\s*$/u.test(before)) return false;
  // A German separable verb's particle without its verb: the cut fell after "tippt sie die" ("Kilometer für die Abrechnung ab").
  if (/\s(?:ab|an|auf|aus|ein|mit|nach|vor|zu|weg|zurück|hinterher|fest|los|durch)$/u.test(phrase) && /(?:^|\s)(?:die|der|das|den|dem)\s*$/iu.test(before)) return false;
  if (verbFinalWithoutConjunction(before, phrase)) return false;
  // A clause cut after its copula or auxiliary ("Das Problem ist", "and it was"), or after a negation.
  if (endsOnAuxiliary(phrase) || cutAfterNegation(sentence, phrase) || RELATIVE_NO_ANTECEDENT_RE.test(trimEdges(phrase))) return false;
  // A condition without its main clause („Wenn wir nur die Hälfte der Ausfälle wieder füllen“).
  if (/^(?:wenn|falls|sofern|sobald|if|unless|once)\s/iu.test(phrase) && !phrase.includes(',')) return false;
  return true;
}

function verbFinalWithoutConjunction(before: string, phrase: string): boolean {
  return CONJUNCTION_BEFORE_RE.test(before) && /\p{Ll}\p{L}*[.!?]?$/u.test(phrase) && /\b(?:ist|sind|war|waren|hat|haben|wird|werden|kann|können|muss|müssen|gibt|geht|läuft|fehlt|fehlen|kommt|kommen|\p{Ll}+(?:en|t))$/u.test(phrase);
}

/**
 * A phrase no rep could say back as the customer's words: cut after its copula or auxiliary, or a
 * German verb-final clause without its conjunction („nie was frei ist“ after „dass“).
 */
export function brokenEcho(sentence: string, phrase: string): boolean {
  const at = sentence.indexOf(phrase);
  const before = at < 0 ? '' : sentence.slice(Math.max(0, at - 20), at);
  return endsOnAuxiliary(phrase) || verbFinalWithoutConjunction(before, phrase) || cutAfterNegation(sentence, phrase) || RELATIVE_NO_ANTECEDENT_RE.test(trimEdges(phrase));
}
