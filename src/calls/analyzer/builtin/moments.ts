// Moment selection: candidate moments per dimension (strengths and misses), then the strongest
// moment, the biggest miss (weakest dimension, clearest moment) and three moments in call order.

import { type BiggestMiss, type Language, METHODS, type MethodKey, type Moment, SCORE_DIMENSIONS, type ScoreDimension, type Scores } from '../types.ts';
import { brokenEcho, echoPhrase, standsAlone } from './echo.ts';
import {
  ATTENDEE_NAME_RE,
  ATTENDEE_RE,
  DISCOUNT_OFFER_RE,
  FREE_EXTRA_RE,
  FEATURE_RE,
  PERMISSION_Q_RE,
  IMPACT_RE,
  IMPLICATION_Q_RE,
  NEED_PAYOFF_RE,
  OPENING_REASON_RE,
  INTRO_RE,
  GREETING_RE,
  ANSWERING_GREETING_RE,
  assentOnly,
  LABEL_RE,
  NO_POINT_RE,
  TIME_MONEY_RE,
  LOGISTIC_Q_RE,
  OBJECTION_RES,
  PAIN_RE,
  PARAPHRASE_RE,
  PITCH_RE,
  PUSH_PITCH_RE,
  HARD_NO_RE,
  quantifiesImpact,
  TAG_QUESTION_RE,
  CALL_PURPOSE_RE,
  AGREE_RE,
  CHECK_BACK_RE,
  DATE_RE,
  UNDATED_RE,
  VAGUE_RE,
  FAREWELL_RE,
  GATEKEEPER_LABEL_RE,
  TRANSFER_RE,
  SCHEDULED_PURPOSE_RE,
  FELT_RE,
  FOUND_RE,
  salutation,
  SWITCHBOARD_RE,
  type ObjectionType,
} from './lexicon.ts';
import { explores, type Measurements, type ObjectionEvent } from './measure.ts';
import { monologueSeconds, MONOLOGUE_GOOD_SECONDS, questionTarget } from './score.ts';
import {
  objectionAckFirstSay,
  objectionAskedNoAckWhy,
  objectionCoaching,
  objectionCommitment,
  objectionSay,
  objectionWhy,
  NO_PAIN_SAY,
  PROBLEM_FRAMED_KINDS,
  type FollowUp,
  type KindTexts,
  type SayMode,
  TEXTS,
  type TextKind,
  type TextParams,
  type NamedDecider,
} from './texts.ts';
import { rx, WORD_RE } from './regex.ts';
import type { Sentence, Turn } from './turns.ts';

export interface Candidate {
  dimension: ScoreDimension;
  positive: boolean;
  /** Stretch goal on a good call (not a real miss). */
  stretch: boolean;
  strength: number;
  sentence: Sentence;
  focus?: RegExp;
  kind: TextKind | 'objection';
  method?: MethodKey;
  /** The customer's words to echo in what_to_say_instead. */
  echo: string | null;
  /** Quote from `sentence` through this later sentence of the same segment (e.g. acknowledgement + question). */
  through?: Sentence;
  objection?: ObjectionEvent;
  /** The echo is a plain fact, said before the customer named any problem: no line may treat it as one. */
  plainEcho?: boolean;
  /** Only taken among the three moments when no other candidate has a quote left (a short call). */
  reserve?: boolean;
  /** A miss quoted at a line the analysis credits (a handled objection's answer, feel-felt-found, a tied pitch, a need-payoff or implication question, a mirror): never the biggest miss. */
  credited?: boolean;
  /** A praised question: what the rep did right after the answer. */
  followUp?: FollowUp;
  /** Call-specific facts for the texts (who decides, whether the impact is already known, …). */
  extra?: Partial<TextParams>;
  /** An objection in a turn that declines the conversation ("kein Interesse", "take us off your list"). */
  hardNo?: boolean;
  /** An objection given up at the close of the call ("Just send me an email." – "Sure, no problem! What's the best email?"). */
  givenUpAtClose?: boolean;
}

/** How much an unhandled objection of this type matters for the deal (moment ranking). */
const OBJECTION_WEIGHT: Record<ObjectionType, number> = {
  price: 10, competitor: 8, budget: 6, authority: 6, status_quo: 5, adoption: 5, timing: 3, send_material: 0,
};
/** Ignored and defended objections are both clear misses; a half-handled one much less so. */
const QUALITY_PENALTY = [0, 4, 20, 40, 40];
const TIEBREAK: ScoreDimension[] = ['objection_handling', 'discovery', 'value', 'next_step', 'listening'];
const MAX_QUOTE = 240;
/**
 * A reply that takes up the customer's point in their own words ("That's exactly what our wave planning
 * solves. Pick lists are sorted by location …" after "… the pick lists aren't sorted by location …
 * two hours every morning …") is only quoted for its length when it is genuinely long.
 */
const LONG_TURN_WORDS = 40;
/** Misses a tied pitch can still carry: they fault what came before or around it, or its length, not the tie. */
const PITCH_MISS_KINDS = new Set<string>([
  'pain_funnel', 'pain_unexplored', 'feature_dump', 'feature_dump_gap', 'risky_promise', 'concession', 'stretch_value', 'stretch_value_quantify',
  'no_qualification_bant', 'no_qualification_meddpicc', 'stretch_talk_share', 'talk_share', 'monologue_trial', 'monologue_calibrated',
]);

/** A verbatim quote: the sentence (through `through` when both fit), or a window of it around `focus` when it is very long. */
export function quoteOf(s: Sentence, focus?: RegExp, through?: Sentence): string {
  if (through && through.segText === s.segText && through.offset > s.offset) {
    const span = s.segText.slice(s.offset, through.offset + through.text.length);
    if (span.length <= MAX_QUOTE) return span;
  }
  const t = s.text;
  if (t.length <= MAX_QUOTE) return t;
  let center = 0;
  if (focus) {
    const m = (focus.global ? new RegExp(focus.source, focus.flags.replace('g', '')) : focus).exec(t);
    if (m) center = m.index;
  }
  let a = Math.max(0, center - 80);
  let b = Math.min(t.length, a + MAX_QUOTE);
  // Cut at word boundaries (still an exact substring).
  if (a > 0) {
    const sp = t.indexOf(' ', a);
    if (sp >= 0 && sp < center + 1) a = sp + 1;
  }
  if (b < t.length) {
    const sp = t.lastIndexOf(' ', b);
    if (sp > a) b = sp;
  }
  return t.slice(a, b).trim();
}

function objectionMethod(o: ObjectionEvent): MethodKey {
  switch (o.type) {
    case 'price':
      return o.quality === 0 ? 'voss_label' : 'laer';
    case 'budget':
      return 'bant';
    case 'timing':
      // A brush-off for lack of time right now ("I'm about to go into a meeting"): a callback slot, not what waiting costs.
      return o.early ? 'voss_accusation_audit' : o.brushOff ? 'voss_calibrated_question' : 'spin_implication';
    case 'competitor':
      return 'feel_felt_found';
    case 'status_quo':
      return o.early ? 'voss_accusation_audit' : 'gap_selling';
    case 'authority':
      return 'meddpicc';
    case 'adoption':
      return 'laer';
    case 'send_material':
      return 'voss_calibrated_question';
  }
}

/** A number in the customer's words ("vier Lager", "zweitausend Euro", "600 orders"); not the article "ein", "one". */
const NUMBER_RE = /\d|\b(?:zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|[\p{L}]+(?:zehn|zig|ßig|hundert|tausend)|hundert|tausend|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[a-z]+teen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand)\b/iu;

export function echoFrom(s: Sentence | null | undefined, focus?: RegExp, prefer: 'left' | 'right' = 'right'): string | null {
  if (!s) return null;
  // Without a focus, a number the customer put on something is the point of the sentence, with
  // its context ("four to five hours each"), never the clause after it ("every week").
  if (!focus && IMPACT_RE.test(s.text)) return echoFrom(s, TIME_MONEY_RE.test(s.text) ? TIME_MONEY_RE : IMPACT_RE, 'left');
  // A last clause that only agrees ("We're on NetSuite, so that's good."): the statement is the first clause.
  if (!focus) {
    const last = echoPhrase(s.text);
    if (last && assentOnly(last)) return echoFrom(s, /^\S+/);
  }
  // Said words, not layout: a phrase across a wrapped line is spoken with a space. Only a phrase
  // that reads as a clause of its own is quoted back ("die Bestelldaten nicht da sind" is not).
  // A German "dass" clause takes its main clause along ("Mich nervt vor allem, dass die Bestelldaten
  // nicht da sind"); else the sentence's last clause; when none does, the first choice all the same.
  // A last clause of fillers only ("…, honestly."): the sentence's first clause.
  const first = echoPhrase(s.text, focus, 9, prefer) ?? (focus ? echoPhrase(s.text) : null) ?? echoPhrase(s.text, /^\S+/);
  // Else the sentence's first clause ("A week and a half faster for each of them is real money"), before an afterthought.
  const tries = [first, withMainClause(s.text, first, true), withMainClause(s.text, first), echoPhrase(s.text), echoPhrase(s.text, /^\S+/, 12)];
  // A fragment no rep could say back ("Das Problem ist", "and it was", „nie was frei ist“): no echo from this sentence.
  const phrase = tries.find((x) => x && x.includes(' ') && standsAlone(s.text, x)) ?? (first && !brokenEcho(s.text, first) ? first : null);
  return phrase?.replace(/\s+/g, ' ') ?? null;
}

/**
 * "die Bestelldaten nicht da sind" after "Mich nervt vor allem, dass": the main clause with it, when short.
 * `nearest`: only the clause right before it ("Dann sind die Räume leer, und | andere Mitglieder
 * beschweren sich, dass nie was frei ist"), without a leading "und"/"and".
 */
function withMainClause(text: string, phrase: string | null, nearest = false): string | null {
  if (!phrase) return null;
  const at = text.indexOf(phrase);
  const conj = /,\s*(?:dass|weil|wenn|ob)\s+$/u.exec(text.slice(Math.max(0, at - 12), at));
  if (at < 0 || !conj) return null;
  const comma = at - (text.slice(Math.max(0, at - 12), at).length - conj.index);
  let start = comma;
  while (start > 0 && !(nearest ? /[.;:!?,]/ : /[.;:!?]/).test(text[start - 1])) start--;
  if (nearest) {
    const lead = /^\s*(?:und|oder|aber|and|or|but)\s+/iu.exec(text.slice(start, comma));
    if (lead) start += lead[0].length;
  }
  const out = text.slice(start, at + phrase.length).trim();
  return out.split(/\s+/).length <= 14 ? out : null;
}

/** The customer states our own price or offer ("Your offer is 142,000 euros", "Sie liegen bei 4,10 Euro"): never their pain. */
const OWN_OFFER_RE = rx(
  String.raw`\b(?:(?:your|ihr|ihre|ihrem|ihren|euer|eure|eurem|euren|dein|deine|deinem|deinen) (?:offer|price|pricing|quote|proposal|number|angebot|preis|kostenvoranschlag)|Sie liegen bei|ihr liegt bei|du liegst bei|you(?:'re| are) at)\b`,
);
/** A loss the customer names ("We lost 23,000 pounds", "40 drivers paid late", „hat uns 14.000 Euro gekostet“). */
const LOSS_RE = rx(String.raw`\b(?:lose|lost|losing|verlieren|verliert|verloren|quit|gekündigt|paid late|zu spät|cost|costs|gekostet|kostet|write-?offs?|nachzahlung|ausverkauft|weggeworfen)\b`);
/** The rep recaps the customer's words ("you mentioned", „Sie hatten erzählt“). */
const RECAP_RE = rx(String.raw`\b(?:you (?:mentioned|said|told me)|Sie (?:hatten|haben) (?:\S+ ){0,3}(?:erzählt|erwähnt|gesagt)|du hast (?:\S+ ){0,3}(?:erzählt|erwähnt|gesagt)|du hattest (?:\S+ ){0,3}(?:erzählt|erwähnt|gesagt))\b`);
/** A question about an offer or quote ("what's included in the Plexus quote", „was im Angebot von Mewa drin ist“). */
const OFFER_Q_RE = rx(String.raw`\b(?:quote[ds]?|quoting|offer|proposal|angebot\w*|kostenvoranschlag)\b`);
const FIRST_PERSON_RE = rx(String.raw`\b(?:I|I'm|I've|we|we're|we've|our|us|my|ich|wir|unser\w*|uns|mein\w*|mir|mich)\b`);
/** Questions about consequences the lexicon's implication pattern does not name ("Was macht das mit euren Verkäufen?", "Was bleibt in der Zeit liegen?"). */
const CONSEQUENCE_Q_RE = rx(
  String.raw`\b(?:was macht das mit|was bleibt (?:\S+ ){0,5}liegen|was heißt das für|was bedeutet es|what does (?:that|this|it) do (?:to|for)|what (?:gets|is) left|what falls through)\b`,
);
const consequenceQuestion = (t: string) => IMPLICATION_Q_RE.test(t) || CONSEQUENCE_Q_RE.test(t);
/** The customer takes the next step on themselves ("Let us talk internally and we'll get back to you", „Wir besprechen das intern und melden uns“). */
const CUSTOMER_GET_BACK_RE = rx(
  String.raw`\b(?:(?:we|I)(?:'ll| will) (?:\S+ ){0,2}?(?:get back to you|be in touch|let you know|come back to you|reach out)|(?:wir|ich) (?:\S+ ){0,2}?(?:melden uns|melde mich)|(?:melden|melde) (?:wir uns|ich mich) (?:dann |wieder |bei (?:Ihnen|dir|euch) )|(?:wir|ich) (?:geben|gebe) (?:Ihnen|dir|euch) (?:\S+ )?bescheid)\b`,
);
/** The customer confirms what the rep said ("Ja, genau so fühlt sich das an.", "Exactly.", "That's it.", „Stimmt.“). */
const CONFIRMS_RE = rx(String.raw`^\W*(?:(?:ja|jo|yes|yeah|yep|oh)\W+)?(?:genau|exakt|exactly|absolutely|richtig|stimmt|that's (?:it|right|exactly it)|so ist es|that's exactly|right|ja\W*$|yes\W*$|yeah\W*$)`);
/**
 * Who joins the follow-up, beyond the lexicon's roles and "mit Stefan": „dir und deinem Vater“, „lade ich
 * euch beide ein“, „bring ich den Jürgen mit“, "you, Priya and me", "both of you".
 */
const MORE_ATTENDEES_RE = rx(
  String.raw`\b(?:(?:und|and) (?:deinem|deiner|deinen|Ihrem|Ihrer|Ihren|eurem|eurer|euren|your) \p{L}+|(?:euch|Sie|ihr) (?:beide|alle|allen)\b|(?:mit |für )?(?:euch|Ihnen) (?:beiden|dreien|allen)\b|you both|both of you|you two|all (?:two|three|four|five|six) of you|all of you|bring\w* (?:ich|wir) (?:\S+ ){0,3}mit|(?:you|dir|Ihnen),? [A-ZÄÖÜ][a-zäöüß]+,? (?:and|und) (?:me|mir|mich)|loop (?:\S+ ){1,2}in)\b`,
);
/**
 * Who joins the follow-up, said in the turns around the agreement ("mit Stefan", "with your CTO",
 * "I'll bring our CTO"; with `more`, also „euch beide“, "you, Priya and me", "all three of you").
 */
function attendeesAround(turns: readonly Turn[], at: Sentence, more = true): boolean {
  return turns
    .slice(Math.max(0, at.turn - 2), at.turn + 3)
    .some((t) => ATTENDEE_RE.test(t.text) || ATTENDEE_NAME_RE.test(t.text) || (more && MORE_ATTENDEES_RE.test(t.text.replace(/\s+/g, ' '))));
}
/** What a follow-up is for, said by the rep ("I'll show him the dock view", „ich rechne dir das durch“, "walk Priya through the numbers"). */
const FOLLOW_UP_CONTENT_RE = rx(
  String.raw`\b(?:show|zeig\w*|go (?:through|over)|durchgeh\w*|walk (?:\S+ ){0,2}through|rechne\w* (?:\S+ ){0,8}durch|demo\w*|präsentier\w*|vorstell\w*|anschauen|ansehen|look at|to discuss|besprechen)\b`,
);
/** Month names as said, to the form the line uses ("Jänner" → "Januar"). */
const MONTH_DE: Record<string, string> = {
  januar: 'Januar', jänner: 'Januar', februar: 'Februar', feber: 'Februar', märz: 'März', april: 'April', mai: 'Mai', juni: 'Juni', juli: 'Juli', august: 'August',
  september: 'September', oktober: 'Oktober', november: 'November', dezember: 'Dezember',
};
const MONTH_EN: Record<string, string> = {
  january: 'January', february: 'February', march: 'March', april: 'April', may: 'May', june: 'June', july: 'July', august: 'August',
  september: 'September', october: 'October', november: 'November', december: 'December',
};
const MONTH_WORD = String.raw`(januar|jänner|februar|feber|märz|april|mai|juni|juli|august|september|oktober|november|dezember|january|february|march|may|june|july|october|december)`;
/**
 * The month from which the customer has time ("vor Mai wird das eh nichts", "erst ab Juni", "Meld dich
 * einfach im Mai", "not before March", "call me in January"): a proposed slot must lie inside it.
 */
const WINDOW_RES = [
  rx(String.raw`\b(?:vor|before) ${MONTH_WORD}\b(?:\s+\S+){0,5}?\s+(?:nichts|nix|nicht|kein\w*|no|not|nothing)\b`),
  rx(String.raw`\b(?:nicht vor|erst (?:im|ab|in|nach)|frühestens (?:im|ab)|ab|ab Anfang|Anfang|not before|not until|no earlier than|(?:from|starting|after) (?:early )?|early|in early) ${MONTH_WORD}\b`),
  rx(String.raw`\b(?:meld\w*|ruf\w*|anruf\w*|sprechen|telefonier\w*|schreib\w*|call|ring|reach out|get back|talk|email|check in)\b(?:\s+\S+){0,4}?\s+(?:im|in|Anfang|early) ${MONTH_WORD}\b`),
];
function monthWindow(text: string): string | null {
  for (const re of WINDOW_RES) {
    const mm = re.exec(text.replace(/\s+/g, ' '));
    if (mm) return mm[1].toLowerCase();
  }
  return null;
}
/** A default weekday slot of a line moved into the customer's month: "Dienstag um 10 Uhr" → "den ersten Dienstag im Mai um 10 Uhr". */
function slotInWindow(say: string, mode: SayMode, month: string): string {
  if (mode === 'en') {
    const name = MONTH_EN[month] ?? MONTH_EN[Object.keys(MONTH_EN).find((k) => MONTH_DE[month] && MONTH_DE[month].toLowerCase().startsWith(k.slice(0, 3))) ?? ''] ?? month;
    return say.replace(/\b(Monday|Tuesday|Wednesday|Thursday|Friday)\b/, `the first $1 in ${name}`);
  }
  const name = MONTH_DE[month] ?? MONTH_DE[Object.keys(MONTH_DE).find((k) => k.slice(0, 3) === month.slice(0, 3)) ?? ''] ?? month;
  return say
    .replace(/\bam (Montag|Dienstag|Mittwoch|Donnerstag|Freitag)\b/, `am ersten $1 im ${name}`)
    .replace(/\b(Passt (?:Ihnen|dir|euch)) (Montag|Dienstag|Mittwoch|Donnerstag|Freitag)\b/, `$1 der erste $2 im ${name}`)
    .replace(/(?<!ersten |erste )\b(Montag|Dienstag|Mittwoch|Donnerstag|Freitag)\b(?! im )/, `den ersten $1 im ${name}`);
}
/** Who the customer said they decide with ("mit meinem Mann besprechen", "check with my business partner", "Herrn Casutt"). */
const NAMED_DECIDER_DE_RE = /\b(?:mit|bei|an)? ?(mein|meine|meinem|meiner|meinen|unser|unsere|unserem|unserer|unseren)\s+(Mann|Frau|Partner|Partnerin|Geschäftspartner|Geschäftspartnerin|Chef|Chefin|Vater|Papa|Mutter|Bruder|Schwester|Sohn|Tochter|Geschäftsführer|Geschäftsführerin|Inhaber|Inhaberin|Teilhaber|Teilhaberin|Kompagnon|Vorgesetzten|Steuerberater|Steuerberaterin|Datenschutzbeauftragten|Datenschutzbeauftragte|Datenschutzbeauftragter)\b/u;
const NAMED_DECIDER_EN_RE = /\b(?:my|our)\s+(husband|wife|partner|business partner|boss|father|dad|mother|mom|brother|sister|son|daughter|co-?founder|owner|accountant|CFO|CEO|GM|general manager|compliance officer|data protection officer|privacy officer|security officer)\b/iu;
const FEMININE_DE = /(?:in|Frau|Mutter|Schwester|Tochter)$/u;
/** The decider's name right after the role ("our CFO, Rob, to look at this", „unseren Geschäftsführer, Herrn Wagner“). */
const DECIDER_NAME_EN_RE = /^,?\s+(?!(?:I|The|He|She|We|They|And|But|So|Then|Who|What|It)\b)(\p{Lu}\p{Ll}+)\b/u;
const DECIDER_NAME_DE_RE = /^,?\s+(?:(Herrn?|Frau)\s+)(?:Dr\.\s+)?(\p{Lu}\p{Ll}+)\b/u;
export function namedDecider(text: string): NamedDecider | null {
  const de = NAMED_DECIDER_DE_RE.exec(text);
  if (de) {
    const named = DECIDER_NAME_DE_RE.exec(text.slice(de.index + de[0].length));
    if (named) {
      // The line names the person: „Was ist Herrn Wagner dabei am wichtigsten? Sollen wir ihn gleich … dazuholen?“
      const person = `${named[1] === 'Frau' ? 'Frau' : 'Herrn'} ${named[2]}`;
      return { Sie: person, du: person, en: person.replace(/^Herrn/, 'Mr').replace(/^Frau/, 'Ms'), pronDe: named[1] === 'Frau' ? 'sie' : 'ihn', pronEn: named[1] === 'Frau' ? 'her' : 'him' };
    }
    const noun = de[2] === 'Papa' ? 'Vater' : de[2];
    const fem = FEMININE_DE.test(noun);
    // Dative, as the line needs it ("Was ist Ihrem Mann wichtig?"); "unser" becomes "euer" in du.
    const ours = de[1].startsWith('unser');
    return {
      Sie: `${fem ? 'Ihrer' : 'Ihrem'} ${noun}`, du: `${ours ? (fem ? 'eurer' : 'eurem') : fem ? 'deiner' : 'deinem'} ${noun}`, en: noun,
      pronDe: fem ? 'sie' : 'ihn', pronEn: fem ? 'her' : 'him',
    };
  }
  const en = NAMED_DECIDER_EN_RE.exec(text);
  if (en) {
    const noun = en[1];
    const after = text.slice(en.index + en[0].length);
    const name = DECIDER_NAME_EN_RE.exec(after)?.[1];
    // "He signs off on anything like that." after the name: him; "She …": her.
    const spoken = /\b(?:he|him|his)\b/i.test(after) ? 'him' : /\b(?:she|her)\b/i.test(after) ? 'her' : null;
    const pron = /^(?:husband|father|dad|brother|son)$/i.test(noun) ? 'him' : /^(?:wife|mother|mom|sister|daughter)$/i.test(noun) ? 'her' : spoken ?? 'them';
    // The person as the customer named them: "What will matter most to Rob?"
    return { Sie: noun, du: noun, en: name ?? `your ${noun}`, pronDe: 'ihn', pronEn: pron };
  }
  return null;
}
/** The customer says a problem is solved ("That's gone.", "That's fixed now.", „Das ist vorbei.“, „Das Problem haben wir nicht mehr.“). */
const SOLVED_RE = rx(
  String.raw`^\W*(?:(?:and|but|und|aber|now|jetzt|zum glück|thankfully)\W+)?(?:(?:that's|that is|it's|it is|that has|das ist|das hat sich|ist) (?:\S+ )?(?:gone|solved|fixed|over|history|a thing of the past|sorted|weg|vorbei|erledigt|gelöst|geschichte|passé|behoben|vom tisch)|(?:das|dieses) (?:problem )?(?:haben|hab) wir (?:\S+ )?nicht mehr|not (?:a problem|an issue) any ?more|no longer (?:a problem|an issue))\b`,
);
/** A question that proposes or asks for a next step ("Sollen wir …?", "Shall we …?", "Would it make sense to …?"). */
const PROPOSAL_WORDS_RE = rx(String.raw`\b(?:sollen wir|wollen wir|wollen Sie|willst du|shall we|should we|would it make sense|macht es sinn|wäre es sinnvoll|können wir|can we|how about|wie wäre es)\b`);
/** A pitch that points at the problem just named ("Genau dafür haben wir …", "Genau das löst …", "That's exactly what our … solves", "That's where … comes in"). */
const TIED_OPENER_RE = rx(
  String.raw`^\W*(?:(?:\S+\W+){0,4})?(?:genau dafür|genau das (?:löst|lösen|machen|macht)|genau da(?:für|rum) (?:gibt|haben)|dafür haben wir|that's exactly what|this is exactly what|exactly what (?:our|we)|that's (?:exactly )?where (?:our|we)|that's what (?:our|we) \S+ (?:solve|fix|handle)s?)\b`,
);
/** A question about frequency ("Wie oft kommt das vor?", "How often does that happen?"): situation, not consequences. */
const FREQUENCY_Q_RE = rx(String.raw`^\W*(?:\S+\W+){0,3}?(?:wie oft|wie häufig|how often|how many times|how frequently)\b`);
/** The customer offers du („sag ruhig Nadine", „sag einfach du", „bei uns duzen sich alle", „wir können uns gern duzen"). */
/** The rep speaks with du (case-insensitive: „Dich“ at the start of a sentence). */
const DU_FORM_RE = /(?:^|[^\p{L}])(?:du|dich|dir|dein\w*)(?![\p{L}])/iu;
const DU_OFFER_RE = /(?:\b[Ss]ag(?:t)? (?:ruhig|einfach|gern|gerne|doch) (?:du\b|\p{Lu}\p{Ll}+)|\bduzen\b)/u;
/** The formal „Sie“ inside a sentence ("Außerdem haben Sie ein Dashboard"), not a sentence-initial "Sie" (they). */
const FORMAL_MID_RE = /[\p{Ll},]\s+(?:Sie|Ihnen)\b/u;
/** A trial close after a proposal ("How does that sound?", "Wie klingt das?", "Would that work?"): asks for a reaction, not discovery. */
const TRIAL_CLOSE_RE = rx(String.raw`^(?:\S+,? ){0,3}(?:how does (?:that|this) sound|does (?:that|this) (?:sound|work)|would (?:that|this) work|wie klingt das|klingt das|passt das|wäre das (?:okay|ok|in ordnung))\b`);
/** Asking for a moment of the customer's time ("Darf ich Sie kurz was fragen", "Can I ask you something"): with a reason for the call, a cold call's upfront contract. */
const ASK_SOMETHING_RE = rx(String.raw`\b(?:darf ich (?:Sie|dich|euch) (?:\S+ ){0,2}(?:was|etwas) fragen|can I ask you (?:something|a quick question))\b`);
/** Someone the customer says decides or signs ("Simon signs anything over 25,000", "da müssten Sie mit Herrn Dr. Voss sprechen", "unser Geschäftsführer muss unterschreiben, Herr Albers"). */
const DECIDER_EN_RE = /\b(?!(?:The|That|This|Which|Who|Whoever|Nobody|Everyone|Someone|Somebody|Everybody|Finance|Procurement|Legal)\b)([A-Z][a-z]{2,})(?:,? (?:our|the|my) [A-Za-z]+)?,? (?:signs|decides|approves|makes the (?:final )?(?:call|decision)|has the final say|needs to (?:agree|sign|approve))\b/u;
const DECIDER_DE_RE = /\b(?:Herrn?|Frau) (?:Dr\. )?(\p{Lu}[\p{L}-]+)/u;
const DECIDES_DE_RE = rx(String.raw`\b(?:entscheid\w*|unterschreib\w*|unterzeichn\w*|chefsache|freigeb\w*|zustimm\w*|(?:mit|bei) (?:Herrn?|Frau) (?:Dr\. )?\S+ (?:sprechen|besprechen|klären|abstimmen)|(?:sprechen|besprechen|klären) mit (?:Herrn?|Frau))\b`);

/** A turn about deciding or signing, said by the customer or asked by the rep ("Er unterschreibt am Ende", "Who else would be involved in a decision like this?", "before we sign"). */
const DECISION_TALK_RE = rx(
  String.raw`\b(?:sign|signs|signed|signing|sign-?off|decid\w*|decision\w*|approv\w*|final say|entscheid\w*|unterschreib\w*|unterzeichn\w*|freigeb\w*|freigabe|zustimm\w*|mitred\w*|mitentscheid\w*|besprechen|absegn\w*)\b`,
);
/** A role with the person's name ("Our CFO, David Chen", "our head of talent, Rachel", "Rachel, our head of talent"). */
const ROLE_EN = String.raw`(?:CFO|CEO|COO|CTO|CIO|owner|co-?owner|founder|boss|manager|director|partner|president|VP(?: of [a-z]+)?|head of [a-z]+|[a-z]+ (?:manager|director|lead))`;
const ROLE_NAME_EN_RE = new RegExp(String.raw`\b(?:[Oo]ur|[Mm]y) ${ROLE_EN},? ([A-Z][a-z]+(?: [A-Z][a-z]+)?)\b|\b([A-Z][a-z]+(?: [A-Z][a-z]+)?), (?:our|my) ${ROLE_EN}\b`, 'u');
/** „Unser Geschäftsführer, Herr Wagner“, „Meine Partnerin Julia“, „unserer Geschäftsführerin, Frau Lange“. */
const ROLE_NAME_DE_RE =
  /\b(?:[Uu]nser|[Mm]ein|[Dd]ein|[Ee]uer)\w* (?:Geschäftsführer(?:in)?|Chef(?:in)?|Inhaber(?:in)?|Partner(?:in)?|Mitinhaber(?:in)?|Vorstand|Vorständin|Leiter(?:in)?|\p{Lu}\p{Ll}+(?:leiter|leiterin|chef|chefin))\b,? ((?:Herrn?|Frau) (?:Dr\. )?)?(\p{Lu}\p{Ll}+)/u;

/** The reason for a follow-up, said in the opening ("deshalb wollte ich kurz hören", "für unser Angebot", "to go through the proposal"). */
/** The customer talks about price („Was kostet das?“, "the price", "too expensive", „Rabatt“): a concession line may then speak of price. */
export const PRICE_TALK_RE = rx(String.raw`\b(?:preis\w*|kost\w*|teuer\w*|rabatt\w*|nachlass|budget\w*|price\w*|pricing|cost\w*|expensive|discount\w*|cheaper|budget)\b`);
/** The rep leaves the next step with the customer and someone else ("share it with her", "once she's had a look", „besprechen Sie das mit ihm“). */
export const LEFT_WITH_CUSTOMER_RE = rx(String.raw`\b(?:share (?:it|this|that) with (?:her|him|them)|(?:once|when|after) (?:she|he|they)(?:'s|'ve| has| have) (?:had a look|looked|seen it|reviewed)|run (?:it|this) by (?:her|him|them)|(?:besprechen|klären|zeigen) (?:Sie|du|ihr) (?:das|es) (?:\S+ ){0,3}mit (?:ihr|ihm|ihnen)|wenn (?:sie|er) (?:sich )?(?:das|es) angeschaut ha[bt])\b`);
/** What a third person wants or needs, said by the customer ("She'll want to see the BAA in writing", „Er will das schriftlich sehen“). */
export const PERSON_WANTS_RE = rx(String.raw`\b(?:(?:she|he|they)(?:'ll| will| would|'d)? (?:want|need|ask|insist)\w*|(?:sie|er) (?:will|möchte|braucht|wird) (?:\S+ ){0,4}(?:sehen|haben|wissen|prüfen))\b`);
/** The customer names what they compare a price with („bei der Konkurrenz“, "cheaper elsewhere"); a price in the same turn ("Vinport has a Chianti for fourteen.") does too. */
export const COMPARED_WITH_RE = rx(String.raw`\b(?:günstiger|billiger|bei (?:der konkurrenz|anderen)|woanders|cheaper|elsewhere|(?:other|another) (?:supplier|vendor|distributor))\b`);
/** Customers or staff gone („Stammkunden sind seitdem weg“, "two of our best people left"). */
export const GONE_RE = rx(String.raw`\b(?:(?:kunden|stammkunden|kundschaft|leute|mitarbeiter\w*|gäste) (?:\S+ ){0,3}(?:weg|abgesprungen|ausgeblieben|gegangen)|(?:customers|clients|regulars|people|staff|guests) (?:\S+ ){0,3}(?:left|gone|stopped coming|walked))\b`);
/** The rep calls about a meeting already agreed („wegen des Termins mit Herrn Krämer am Freitag“, "about our demo on Thursday"): a follow-up, never a cold call. */
export const AGREED_MEETING_RE = rx(
  String.raw`\b(?:(?:wegen|zu|zum|für|bezüglich) (?:des|dem|unseres|unserem|Ihres|Ihrem|deines|deinem|eures|eurem|der|unserer|Ihrer|deiner|eurer) (?:Termins?|Demo|Präsentation|Meetings?|Workshops?|Vor-Ort-Termins?)|(?:about|regarding|re) (?:the|our|your) (?:meeting|demo|appointment|call|session|workshop) (?:on|with|next|this|tomorrow)|(?:to|need to) (?:move|reschedule|push) (?:the|our|your) (?:meeting|demo|appointment|call|session))\b`,
);
const FOLLOW_UP_PURPOSE_RE = rx(
  String.raw`\b(?:(?:deshalb|darum|daher|deswegen) (?:wollte|möchte|würde|rufe|melde) ich|wollte (?:ich )?(?:\S+ )?(?:kurz |mal |noch mal |nochmal )?(?:hören|fragen|nachfragen|nachhören|besprechen|durchgehen)|(?:für|über|zu|wegen) (?:unser|unsere|unseren|das|dein|deinen|Ihr|Ihren|euer|euren)\w* (?:angebot|vorschlag|testphase|test)|(?:about|on|for|through|over|discuss|review) (?:the|our|my|your) (?:proposal|quote|offer|trial|pilot)|(?:wanted|want) to (?:check in|hear|follow up|see how)|so I wanted to|(?:letzte woche|letztes mal|beim letzten mal|neulich) (?:hast du|hattest du|haben Sie|hatten Sie|habt ihr|hattet ihr)|last (?:time|week|call),? you|follow-up|(?:the|our|my|your) (?:\S+ )?(?:proposal|quote|pilot|trial)|(?:Sie hatten sich|du hattest dich|ihr hattet euch) (?:\S+ ){0,4}(?:interessiert|gemeldet|angefragt)|you (?:had )?(?:requested|asked about|signed up|reached out|filled out))\b`,
);
/**
 * A call to someone who already knows the company: an existing customer ("Ihr Vertrag läuft im März
 * aus", "your renewal", the customer's "Ihre Software …"), a referral ("Marco suggested I give you a
 * call"), an inbound lead ("you signed up for the webinar", „Sie hatten angefragt“) or a follow-up.
 * Never a cold call's "ich rufe unangekündigt an" there.
 */
export const WARM_CALL_REP_RE = rx(
  String.raw`\b(?:(?:Ihr|Ihre|Ihren|dein|deine|deinen|euer|eure|euren)\s+(?:Vertrag|Verlängerung|Abo|Abonnement|Lizenz\w*|Kundenkonto|Account|Ticket)|(?:Sie sind|du bist|ihr seid) (?:ja )?(?:schon |seit \S+ )?(?:\S+ )?Kund\w*|(?:hat|hatte) mir (?:\S+ ){0,3}(?:empfohlen|gegeben|weitergegeben)|auf Empfehlung|(?:Sie hatten|du hattest|ihr hattet) (?:sich |dich |euch )?(?:\S+ ){0,7}?(?:angefragt|registriert|angemeldet|heruntergeladen|interessiert|gemeldet|besucht)|(?:danke|vielen dank) für (?:Ihren|deinen|euren) (?:Rückruf|Anruf)|your (?:contract|renewal|subscription|account|licen[cs]es?|ticket)|(?:suggested|recommended) (?:I|that I|we) (?:give you a call|call|reach out|get in touch)|referred (?:me|us)|you (?:had )?(?:signed up|registered|downloaded|requested|filled out|reached out|booked)|thanks for (?:calling|getting back|jumping back|reaching out|your (?:call|interest|request|inquiry))|as (?:a|an existing|our) customer)\b`,
);
/** The customer speaks of the product as theirs already ("Ihre Software ist seit dem Update …", "your app keeps crashing"). */
export const EXISTING_CUSTOMER_RE = rx(
  String.raw`\b(?:(?:Ihre|eure|deine) (?:Software|App|Plattform|Lösung)|(?:Ihr|euer|dein) (?:System|Tool|Programm|Update|Support)|your (?:software|app|platform|system|tool|update|support)|(?:seit|nach) dem (?:letzten )?Update|since (?:the|your) (?:last )?update)\b`,
);
/** A question the rep opens with a question word ("and what happens between the counts", „Und wie macht ihr das?“): never praised as a mirror or summary. */
export const OWN_QUESTION_RE = rx(String.raw`^\W*(?:(?:and|und|also|so|okay|ok)\W+)?(?:what|how|why|when|where|who|which|was|wie|warum|wieso|weshalb|wann|wo|wer|welche\w*)\b`);
/** The customer only says they remember the rep or the last contact ("Ja, ich erinnere mich.", "Sure, I remember you."): part of the greeting, no point to echo. */
export const RECALL_ONLY_RE = rx(String.raw`^\W*(?:(?:ja|jo|yes|yeah|oh|ah|klar|sure|natürlich|of course|genau)\W+){0,2}(?:ich erinnere mich|erinnere mich|I remember|I recall)\b(?:\W+\S+){0,3}\W*$`);
/** An amount per period ("a month", „im Monat“, "per week"). */
const PER_PERIOD_RE = rx(String.raw`\b(?:a|per|each|every|im|pro|jeden|jede|in der|in the) (?:day|week|month|quarter|year|tag|woche|monat|quartal|jahr)\b`);
/** A goodbye ("Bis Freitag!", "Have a great day!", "Talk Thursday, Mike.", "Auf Wiederhören, Herr Huber."): no place for a miss, nor a mirror to praise. */
const GOODBYE_RE = rx(
  String.raw`^\W*(?:(?:okay|ok|great|perfect|super|gut|prima|alles klar|thanks|thank you|danke|vielen dank|sure)(?:\W+(?:und|and))?\W+){0,3}(?:bis (?:dann|bald|später|morgen|montag|dienstag|mittwoch|donnerstag|freitag|nächste \w+)|tschüss|ciao|auf wiederhören|auf wiedersehen|schönen (?:tag|abend)|einen schönen \w+|have a (?:great|good|nice|lovely) (?:day|one|weekend|afternoon|evening)|talk (?:soon|then|to you|on \w+|monday|tuesday|wednesday|thursday|friday|next \w+)|see you|speak (?:soon|then)|bye|thanks (?:again )?for your time|thank you for your time|danke für (?:Ihre|deine|eure) zeit)\b`,
);
/** A goodbye, or thanks and well-wishes on their own ("Vielen Dank, Herr Hartmann.", "Viel Erfolg beim Release!"). */
const goodbye = (t: string): boolean => GOODBYE_RE.test(t) || FAREWELL_RE.test(t) || wellWishes(t);
/** Well-wishes and regards ("Dann noch schöne Feiertage und liebe Grüße an Ihren Mann.", "Enjoy the holidays, and say hi to Tom."). */
const WELL_WISH_RE = rx(
  String.raw`\b(?:(?:schöne|frohe|gute|erholsame)n? (?:feiertage|weihnachten|ostern|urlaub|ferien|wochenende|woche|tag|abend|rest\w*|start|reise|saison)|(?:schönes|frohes|gutes|erholsames) (?:wochenende|fest|neues jahr)|(?:liebe|viele|schöne|herzliche|beste) grüße|grüße an|grüß(?:en Sie| mir)? (?:\S+ )?(?:Ihren|Ihre|deinen|deine|euren|eure)|en schöne tag|happy (?:holidays|new year|easter|thanksgiving)|merry christmas|enjoy (?:the|your) (?:holidays|weekend|vacation|trip|break|evening|day)|(?:say hi|say hello|give my (?:best|regards)) to|(?:best|kind|warm) regards|have a (?:great|good|nice|lovely|happy|safe) (?:holiday|holidays|trip|vacation|weekend|evening|season))\b`,
);
function wellWishes(t: string): boolean {
  if (!WELL_WISH_RE.test(t) || t.includes('?') || DATE_RE.test(t)) return false;
  // Nothing besides the wishes: at most a few words of lead-in ("Dann noch", "And").
  const rest = t.replace(new RegExp(WELL_WISH_RE.source, 'giu'), ' ').replace(/\b(?:dann|noch|und|and|also|auch|too|you|Ihnen|dir|euch|an|to|Ihren|Ihre|deinen|deine|euren|eure|your|the|den|die|das|mann|frau|team|familie|family|wife|husband|allen|everyone|ihr|ihm|him|her|mir|me)\b/giu, ' ');
  return (rest.match(/[\p{L}\p{N}]+/gu) ?? []).length <= 2;
}
/** A short permission opener ("Hast du kurz?", "Got a sec?"): never a discovery question to reopen. */
const SHORT_PERMISSION_RE = rx(String.raw`^(?:\S+,? ){0,2}(?:hast du|haben Sie|hättest du|hätten Sie|habt ihr|got|have you got|do you have|you got) (?:mal )?(?:kurz|eben|a (?:sec|second|minute|moment)|einen (?:moment|augenblick))\W*$`);
/** Function words: a mirror repeats the customer's content words, not "wir machen das". */
const STOP_WORDS = new Set(
  ('der die das den dem des ein eine einen einem einer und oder aber ist sind war waren wir ihr sie ich du es mit für von auf bei zu im in an am nicht kein keine noch auch schon so wie was dann da hat haben wird man uns mir mich dir dich euch ihnen sich dass nur mal halt eben ' +
    'the and but was were are is you we they our your that this with for from have has had not no yes it its a an of to in on at by be been do does did so as just all can will would there their them what which who').split(' '),
);
/** A sentence cut by layout, not by the speaker: no end punctuation and the utterance goes on ("Genau dafür arbeiten wir mit" before a wrapped line, "It sounds like" before an inline tag). */
const OPEN_END_RE = /\b(?:mit|für|von|zu|zum|zur|und|oder|aber|dass|weil|der|die|das|den|dem|ein|eine|einen|the|a|an|of|to|with|for|and|or|but|that|like|because)$/iu;
function fragment(s: Sentence): boolean {
  const t = s.text.trim();
  if (/[.!?…]["”“'»)\]]*$/u.test(t)) return false;
  return OPEN_END_RE.test(t) || (s.segText.length > s.offset + s.text.length + 1 && s.words < 12);
}

export function buildCandidates(m: Measurements): Candidate[] {
  const c: Candidate[] = [];
  const turns = m.turns;
  const repSentences = turns.filter((t) => t.isRep).flatMap((t) => t.sentences);
  const customer = m.customerSentences;
  const substantive = (s: Sentence) => s.words >= 4;
  // The standard target even in a scheduling-only call (whose score counts against 3): a question
  // answered with content and then left without a follow-up is still the discovery miss there.
  const target = questionTarget(m.totalWords);
  // People the customer named as deciding or signing, in call order, each once.
  const deciders: { name: string; sentence: Sentence; focus: RegExp }[] = [];
  for (const x of m.customerSentences) {
    const found: string[] = [];
    const flat = x.text.replace(/\s+/g, ' ');
    for (const mm of flat.matchAll(new RegExp(DECIDER_EN_RE.source, 'gu'))) found.push(mm[1]);
    if (DECIDES_DE_RE.test(flat)) {
      const d = DECIDER_DE_RE.exec(flat);
      if (d) found.push(d[0].replace(/^Herrn\b/, 'Herr'));
    }
    for (const name of found) if (!deciders.some((d) => d.name === name)) deciders.push({ name, sentence: x, focus: DECIDES_DE_RE.test(flat) ? DECIDES_DE_RE : DECIDER_EN_RE });
  }
  // A person named with their role where deciding is the subject (in the customer's turn or the
  // rep's question before it): "Unser Geschäftsführer, Herr Wagner. Er unterschreibt am Ende.",
  // "Our CFO, David Chen. He signs anything over ten thousand.", „Meine Partnerin Julia“ after
  // „Gibt es noch jemanden, der bei der Entscheidung mitredet?“.
  // Once per turn, not per sentence: a turn of many thousand sentences stays linear.
  const decisionTalk = new Map<number, boolean>();
  const talksDecision = (i: number): boolean => {
    let v = decisionTalk.get(i);
    if (v === undefined) decisionTalk.set(i, (v = DECISION_TALK_RE.test(turns[i].text.replace(/\s+/g, ' '))));
    return v;
  };
  for (const x of m.customerSentences) {
    const asked = x.turn > 0 && turns[x.turn - 1].isRep && talksDecision(x.turn - 1);
    if (!asked && !talksDecision(x.turn)) continue;
    const flat = x.text.replace(/\s+/g, ' ');
    const en = ROLE_NAME_EN_RE.exec(flat);
    const de = ROLE_NAME_DE_RE.exec(flat);
    const name = en ? (en[1] ?? en[2]) : de ? `${de[1] ? de[1].replace(/^Herrn\b/, 'Herr') : ''}${de[2]}` : null;
    if (name && !deciders.some((d) => d.name === name || d.name.split(' ').includes(name.split(' ').pop() as string))) {
      deciders.push({ name, sentence: x, focus: en ? ROLE_NAME_EN_RE : ROLE_NAME_DE_RE });
    }
  }
  deciders.sort((a, b) => a.sentence.wordPos - b.sentence.wordPos);
  // The person who decides is known: named by the customer, or an authority objection answered with a meeting with them.
  const deciderKnown = deciders.length > 0 || m.objections.some((o) => o.type === 'authority' && o.quality >= 3);

  // A gatekeeper (a receptionist, an assistant) who hands the rep over to the person they called
  // for: the first customer speaker, who says nothing after a second one takes over, once the rep
  // asked to be put through or the label says so ("Empfang:", "Front Desk:"). Up to the handover
  // the rep's job is to get through: nothing there is a discovery miss, and what the receptionist
  // said is never echoed to the decision maker as their own words.
  const gateEnd = ((): number => {
    const first = turns.find((t) => !t.isRep);
    const handover = first ? turns.find((t) => !t.isRep && t.key !== first.key) : undefined;
    if (!first || !handover || turns.some((t) => t.index > handover.index && t.key === first.key)) return 0;
    const asked = turns.slice(0, handover.index).some((t) => t.isRep && TRANSFER_RE.test(t.text));
    return asked || GATEKEEPER_LABEL_RE.test(first.speaker.trim()) ? handover.index : 0;
  })();
  // A follow-up whose opening says what the call is for ("Last time you told me …", "Eure Testphase läuft
  // ja am Freitag aus, deshalb wollte ich kurz hören, …", "danke, dass du dir nochmal Zeit nimmst für
  // unser Angebot"): its greeting is no place to praise "who is calling" nor to fault a missing agenda.
  const followUpOpening = turns
    .filter((t) => t.isRep && t.index >= gateEnd)
    .slice(0, 2)
    .some((t) => SCHEDULED_PURPOSE_RE.test(t.text) || RECAP_RE.test(t.text) || FOLLOW_UP_PURPOSE_RE.test(t.text.replace(/\s+/g, ' ')) || AGREED_MEETING_RE.test(t.text.replace(/\s+/g, ' ')));
  // A call to someone who knows the company already (a customer, a referral, an inbound lead, a
  // follow-up): its early brush-off gets no cold-call line ("ich rufe unangekündigt an").
  const warmCall =
    followUpOpening ||
    turns.filter((t) => t.isRep && t.index >= gateEnd).slice(0, 2).some((t) => WARM_CALL_REP_RE.test(t.text.replace(/\s+/g, ' '))) ||
    turns.filter((t) => !t.isRep && t.index >= gateEnd).slice(0, 2).some((t) => EXISTING_CUSTOMER_RE.test(t.text.replace(/\s+/g, ' ')));
  // Nor the confirmation after an agreed, dated next step ("Prima, dann rufe ich Sie morgen um 7:30 Uhr an …"): the call is closed there.
  const agreedAt = m.nextStep.kind === 'dated' && m.nextStep.agreed && m.nextStep.sentence ? m.nextStep.sentence.turn : Infinity;
  const atGate = (x: Sentence) => x.turn < gateEnd;
  // What the customer said that can be echoed at a moment: the gatekeeper's words only to the gatekeeper.
  const heardAt = (x: Sentence, at: Sentence) => x.wordPos <= at.wordPos && (x.turn >= gateEnd || at.turn < gateEnd);

  // The customer's main pain (quantified first) in their own words, for the echo in
  // what_to_say_instead; else a quantified statement; else their longest non-objection sentence.
  const objectionSentences = new Set(m.objections.map((o) => o.sentence));
  // A problem the customer says is solved ("… we'd spend ages matching them to units. That's gone.",
  // „Früher haben wir alles abgetippt. Das ist vorbei.“): never echoed back as their pain.
  const solved = (x: Sentence): boolean => {
    const t = turns[x.turn];
    const i = t.sentences.indexOf(x);
    return t.sentences.slice(i + 1, i + 3).some((y) => y.words <= 8 && SOLVED_RE.test(y.text));
  };
  // A question the customer asks the rep („Leihgerät heißt, was kostet mich das?“) is no problem of theirs
  // to echo or to explore, as long as they named one as a statement.
  const openPains = m.pains.filter((p) => !solved(p.sentence));
  const statedPains = openPains.filter((p) => p.sentence.question === null);
  const livePains = statedPains.length > 0 ? statedPains : openPains;
  const mainPain = livePains.find((p) => p.impact) ?? livePains[0];
  const longestCustomer = customer.reduce<Sentence | null>((best, s) => (!best || s.words > best.words ? s : best), null);
  const plainCustomer = customer.filter((s) => !objectionSentences.has(s) && !GREETING_RE.test(s.text) && !ANSWERING_GREETING_RE.test(s.text) && !RECALL_ONLY_RE.test(s.text)).reduce<Sentence | null>((best, s) => (!best || s.words > best.words ? s : best), null);
  // Time or money first ("sieben Stunden die Woche"): a headcount ("38 Leute") is scale, not the pain.
  const painEchoOf = (s: Sentence): string | null =>
    solved(s) ? null : (TIME_MONEY_RE.test(s.text) ? echoFrom(s, TIME_MONEY_RE, 'left') : null) ?? (PAIN_RE.test(s.text) ? echoFrom(s, PAIN_RE) : null) ?? (IMPACT_RE.test(s.text) ? echoFrom(s, IMPACT_RE, 'left') : null) ?? echoFrom(s);
  let painEcho: string | null = mainPain ? painEchoOf(mainPain.sentence) : null;
  // The customer's answer to a question about an offer or quote ("how many days they've quoted
  // for?" – "Forty days, roughly.") describes that offer, not a pain of theirs.
  const aboutOffer = (s: Sentence) => {
    const prev = turns[s.turn - 1];
    // "Our office team spends two days a week typing those up" in that answer is the customer's own situation all the same.
    return prev !== undefined && prev.isRep && prev.sentences.some((x) => x.question !== null && OFFER_Q_RE.test(x.text)) && !FIRST_PERSON_RE.test(s.text);
  };
  const ownOffer = (s: Sentence) => OWN_OFFER_RE.test(s.text) || aboutOffer(s);
  const quantified = customer.find((s) => IMPACT_RE.test(s.text) && !objectionSentences.has(s) && !ownOffer(s));
  if (!painEcho && quantified) painEcho = painEchoOf(quantified);
  // Whether painEcho is a problem of the customer's (a pain, time or money), or only the longest
  // thing they said ("We actually just renewed with our current provider in September").
  const painEchoIsProblem = mainPain !== undefined || (quantified !== undefined && TIME_MONEY_RE.test(quantified.text));
  if (!painEcho && plainCustomer) painEcho = echoFrom(plainCustomer);
  const mainPainSentence = mainPain?.sentence ?? quantified ?? plainCustomer ?? longestCustomer ?? null;
  // The customer's last statement before a turn. A question the customer asked ("Gibt es eine
  // Begrenzung?") is no point of theirs to echo back; only a promise echoes the question it answered.
  const lastCustomerBefore = (turnIndex: number, questions = false, echo = true): Sentence | null => {
    for (let i = turnIndex - 1; i >= 0 && i >= turnIndex - 4; i--) {
      const t = turns[i];
      if (i < gateEnd && turnIndex >= gateEnd) break;
      if (!t.isRep) {
        for (let k = t.sentences.length - 1; k >= 0; k--) {
          const x = t.sentences[k];
          if ((echo ? echoable(x) && (makesPoint(x) || (questions && x.question !== null)) : substantive(x)) && (questions || x.question === null)) return x;
        }
      }
    }
    return null;
  };
  const firstRep = repSentences.find(substantive) ?? repSentences[0];
  // "Ja, zwei Minuten gehen." answers "Haben Sie zwei Minuten?": time granted, no point of the customer's.
  const answersPermission = (x: Sentence): boolean => {
    const prev = turns[x.turn - 1];
    return prev !== undefined && prev.isRep && prev.sentences.some((q) => q.question !== null && (PERMISSION_Q_RE.test(q.text) || SHORT_PERMISSION_RE.test(q.text))) && x.words <= 8;
  };
  // A customer sentence worth echoing: not a greeting ("Krämer Bau, Sekretariat, Schulz, guten
  // Tag.") and not only agreement ("Yeah, that's exactly it.").
  function echoable(x: Sentence): boolean {
    return substantive(x) && !answersPermission(x) && !GREETING_RE.test(x.text) && !ANSWERING_GREETING_RE.test(x.text) && !RECALL_ONLY_RE.test(x.text) && !assentOnly(x.text) && !NO_POINT_RE.test(x.text);
  }
  // The customer's last statement is echoed only when it makes a point of theirs: a problem, a
  // number with its context or an objection. Anything else ("Das ist nicht meine Baustelle.",
  // "Er hat das auch in der Bewertung geschrieben.") leaves the choice to echoAt.
  // The customer's answer to a need-payoff question ("Dann könnte ich endlich vorausplanen") is the
  // benefit in their words: a point as well.
  const painSentences = new Set(m.pains.map((p) => p.sentence));
  const payoffTurns = new Set(m.needPayoffs.map((q) => q.turn + 1));
  const makesPoint = (x: Sentence) =>
    painSentences.has(x) || objectionSentences.has(x) || payoffTurns.has(x.turn) || PAIN_RE.test(x.text) || IMPACT_RE.test(x.text) || TIME_MONEY_RE.test(x.text) || NUMBER_RE.test(x.text);
  const paraphrased = new Set(m.paraphrases);
  // A short rep sentence made of the customer's words just before it ("Zwei Tage im Monat nur fürs
  // Hinterherlaufen und Abtippen.", "So a separate login and double typing."): a mirror, good listening.
  const contentWords = (t: string) => (t.toLowerCase().match(WORD_RE) ?? []).filter((w) => w.length >= 3 && !STOP_WORDS.has(w));
  // A short question made of the customer's last words („Drei, vier No-Shows die Woche?“, "Fifteen grand in July?"): a mirror too.
  const mirrorQuestion = (x: Sentence): boolean => {
    if (!turns[x.turn].isRep || x.question === null || x.words > 8 || salutation(x.text)) return false;
    const prev = turns[x.turn - 1];
    if (!prev || prev.isRep || x !== turns[x.turn].sentences[0]) return false;
    const said = new Set(contentWords(prev.text));
    const mine = contentWords(x.text);
    const shared = mine.filter((w) => said.has(w)).length;
    return shared >= 2 && shared >= 0.6 * mine.length;
  };
  // A summary of the customer's last turn ("So two days a month on corrections, plus a four
  // thousand dollar penalty last quarter.") counts too, up to 20 words, when most of it is theirs.
  const saidIn = new Map<number, Set<string>>();
  const mirrorsCustomer = (x: Sentence): boolean => {
    if (!turns[x.turn].isRep || x.question !== null || x.words > 20 || salutation(x.text)) return false;
    const prev = turns[x.turn - 1];
    if (!prev || prev.isRep) return false;
    let said = saidIn.get(prev.index);
    if (!said) saidIn.set(prev.index, (said = new Set(contentWords(prev.text))));
    const mine = contentWords(x.text);
    const shared = mine.filter((w) => said.has(w)).length;
    return x.words <= 12 ? shared >= 2 && shared >= 0.4 * mine.length : shared >= 4 && shared >= 0.5 * mine.length;
  };
  // The turns in which the rep handled an objection well (acknowledged and asked): never quoted as a miss.
  const handledTurns = new Set(m.objections.filter((o) => o.quality >= 3 && o.response).map((o) => (o.response as Sentence).turn));
  // The rep's turns that handle a well-handled objection: the acknowledging reply, the answer after
  // exploring ("Wenn ich das zusammenrechne: … 1.000 Euro im Monat …") and the check-back; never
  // past the next objection or a dated close. Without a check-back, the reply and the next rep turn.
  const handledSpan = new Set<number>();
  const objectionTurns = m.objections.map((x) => x.sentence.turn).sort((a, b) => a - b);
  /** The first objection's turn after `from` (binary search: linear in the number of objections overall). */
  const nextObjectionTurn = (from: number): number => {
    let lo = 0;
    let hi = objectionTurns.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (objectionTurns[mid] <= from) lo = mid + 1;
      else hi = mid;
    }
    return lo < objectionTurns.length ? objectionTurns[lo] : turns.length;
  };
  for (const o of m.objections) {
    if (o.quality < 3 || !o.response) continue;
    const from = o.response.turn;
    const next = nextObjectionTurn(from);
    let seen = 0;
    for (let i = from; i < next && seen < (o.quality >= 4 ? 4 : 2); i++) {
      if (!turns[i].isRep) continue;
      if (i > from && DATE_RE.test(turns[i].text)) break;
      seen++;
      handledSpan.add(i);
      if (i > from && CHECK_BACK_RE.test(turns[i].text)) break;
    }
  }
  // Feel, felt, found after an objection ("Andere Agenturen haben am Anfang genau das Gleiche gedacht
  // wie du, und festgestellt haben sie dann, …"): the answer a coach teaches, never a miss.
  const firstObjectionPos = m.objections[0]?.sentence.wordPos ?? Infinity;
  const foundIn = new Map<number, boolean>();
  const found = (i: number): boolean => {
    let v = foundIn.get(i);
    if (v === undefined) foundIn.set(i, (v = FOUND_RE.test(turns[i].text)));
    return v;
  };
  const feelFeltFound = repSentences.filter((x) => x.wordPos > firstObjectionPos && FELT_RE.test(x.text) && found(x.turn));
  const praisedLines = new Set<Sentence>([...m.needPayoffs, ...m.paraphrases, ...feelFeltFound]);
  /** A line the analysis credits: never quoted as the biggest miss, nor as a talk-share miss. */
  const credited = (x: Sentence, withPitches = true): boolean =>
    turns[x.turn].isRep &&
    (handledSpan.has(x.turn) || praisedLines.has(x) || mirrorsCustomer(x) || (x.question !== null && consequenceQuestion(x.text)) || (withPitches && m.linkedPitches.includes(x)));
  // The same choice of echo among what the customer had said up to a moment: a suggestion for that
  // moment can only use words that were already spoken.
  const echoAt = (at: Sentence): string | null => {
    const before = (x: Sentence) => heardAt(x, at);
    const pain = livePains.find((p) => p.impact && before(p.sentence)) ?? livePains.find((p) => before(p.sentence));
    const fromPain = pain ? painEchoOf(pain.sentence) : null;
    if (fromPain) return fromPain;
    const q = customer.find((x) => before(x) && IMPACT_RE.test(x.text) && !objectionSentences.has(x) && !ownOffer(x) && !solved(x));
    const fromImpact = q ? painEchoOf(q) : null;
    if (fromImpact) return fromImpact;
    // A greeting ("Lindner am Apparat.") is nothing the customer "brought up".
    // Nor a name given when answering ("Gary Walsh."): three words at least.
    const said = customer.filter((x) => before(x) && x.words >= 3 && !answersPermission(x) && !GREETING_RE.test(x.text) && !ANSWERING_GREETING_RE.test(x.text) && !RECALL_ONLY_RE.test(x.text) && !assentOnly(x.text) && !NO_POINT_RE.test(x.text) && !ownOffer(x));
    const statements = said.filter((x) => !objectionSentences.has(x) && x.question === null);
    // A plain question the customer asked ("Worum geht es denn?") is no point of theirs: no echo
    // then. One that carries an objection ("I'm in the middle of something, what's this about?") is.
    const plain = (statements.length > 0 ? statements : said.filter((x) => !objectionSentences.has(x) && x.question === null)).reduce<Sentence | null>((best, x) => (!best || x.words > best.words ? x : best), null);
    const last = said.filter((x) => x.question === null || objectionSentences.has(x)).pop();
    return (plain ? echoFrom(plain) : null) ?? (last ? echoFrom(last) : null);
  };
  /**
   * Where a stretch goal is quoted: the rep's reply to `s`, unless that reply mirrors, paraphrases
   * or labels the customer ("Three times in a week."): good listening is never quoted as a miss.
   */
  const stretchReplyTo = (s: Sentence): Sentence | null => {
    const reply = repReplyTo(s);
    // Nor the agreed, dated next step: the rep's best move at the end of a call.
    const closing = m.nextStep.kind === 'dated' && m.nextStep.level >= 4 && m.nextStep.sentence !== null && reply !== null && reply.turn === m.nextStep.sentence.turn;
    // Nor a line the analysis credits (an implication question, a tied pitch, a handled objection's answer).
    return reply && !paraphrased.has(reply) && !LABEL_RE.test(reply.text) && !mirrorsCustomer(reply) && !handledTurns.has(reply.turn) && !credited(reply) && !closing ? reply : null;
  };
  /** The rep's first substantive sentence after `s` (within three turns): where the rep answered it. */
  const repReplyTo = (s: Sentence): Sentence | null => {
    for (let i = s.turn + 1; i < turns.length && i <= s.turn + 3; i++) {
      if (turns[i].isRep) return turns[i].sentences.find(substantive) ?? turns[i].sentences[0] ?? null;
    }
    return null;
  };

  // ---- Discovery
  // Whether the customer had already put a number on a problem (time, money, people) up to a
  // moment: a line then never asks "how much does it cost you" again.
  // "we lose maybe fifteen to twenty a week": a number in words counts too.
  const lossWithNumber = (x: Sentence) => NUMBER_RE.test(x.text) && LOSS_RE.test(x.text);
  const impactKnownAt = (at: Sentence) =>
    m.pains.some((p) => p.impact && p.sentence.wordPos <= at.wordPos) ||
    customer.some((x) => x.wordPos <= at.wordPos && (TIME_MONEY_RE.test(x.text) || IMPACT_RE.test(x.text) || lossWithNumber(x)) && !ownOffer(x) && !objectionSentences.has(x));
  // The latest number the customer put on the problem up to a moment, as said ("We had 40 drivers paid late").
  const impactEchoAt = (at: Sentence): string | null => {
    const earlier = [...customer].reverse().filter((y) => heardAt(y, at) && !ownOffer(y) && !objectionSentences.has(y));
    for (const x of [...earlier.filter(lossWithNumber), ...earlier.filter((y) => TIME_MONEY_RE.test(y.text) || IMPACT_RE.test(y.text))]) {
      const e = echoFrom(x, LOSS_RE, 'left') ?? painEchoOf(x);
      if (e) return e;
    }
    return null;
  };
  // A pain the customer put a number on needs no "how big is it?" (unless the rep pitched straight after it).
  // A pain the rep's reply mirrored or summarised ("double work every day.") was picked up: never "the reply moved on".
  const pickedUp = (p: { sentence: Sentence }) => {
    const r = repReplyTo(p.sentence);
    return r !== null && r.turn === p.sentence.turn + 1 && (mirrorsCustomer(r) || paraphrased.has(r) || LABEL_RE.test(r.text));
  };
  // A pain with a number the reply stepped over with the next checklist question ("… we still miss calls."
  // – "Got it. And do your techs have tablets?") was ignored all the same (coach review 6).
  const movedOn = (p: { sentence: Sentence }) => {
    const r = turns[p.sentence.turn + 1];
    return r !== undefined && r.isRep && r.sentences.some((q) => q.question !== null);
  };
  // Nor a question the customer asks the rep („Leihgerät heißt, was kostet mich das?“): the rep's answer to
  // it is no step over a problem. Nor the answer to the rep's need-payoff question („Dann würden wir die
  // hundert Euro nicht mehr verschenken“): the value of solving it, for the pitch that follows.
  const payoffAnswer = (x: Sentence) => {
    const prev = turns[x.turn - 1];
    return prev !== undefined && prev.isRep && prev.sentences.some((q) => m.needPayoffs.includes(q));
  };
  const unexplored = m.pains.find((p) => !p.explored && (!p.impact || p.pitchedNext || movedOn(p)) && !pickedUp(p) && p.sentence.question === null && !payoffAnswer(p.sentence));
  if (unexplored) {
    // Quoted where the rep went wrong: the reply that moved on or pitched (unless it mirrors the pain).
    const reply = repReplyTo(unexplored.sentence);
    // A guarantee in that reply has its own miss.
    const at = reply && !mirrorsCustomer(reply) && !paraphrased.has(reply) && !handledTurns.has(reply.turn) && !m.riskyPromises.includes(reply) ? reply : null;
    c.push({
      dimension: 'discovery', positive: false, stretch: false, strength: 80, sentence: at ?? unexplored.sentence, focus: at ? undefined : PAIN_RE,
      kind: unexplored.pitchedNext ? 'pain_funnel' : 'pain_unexplored',
      method: unexplored.pitchedNext ? 'sandler_pain_funnel' : 'spin_implication',
      echo: (impactKnownAt(unexplored.sentence) ? impactEchoAt(unexplored.sentence) : null) ?? painEchoOf(unexplored.sentence),
      extra: { impactKnown: impactKnownAt(unexplored.sentence) },
    });
  }
  // "Never quantified – ask an implication question" only when nobody did: not when the customer put a
  // number on it later in the call, nor when the pain answered the rep's consequence question or the rep
  // went on to ask one (coach review 6: "Was heisst das für Sie an einem Samstag …?" – "Stress pur.").
  const quantifiedLater = (x: Sentence) => {
    for (let i = Math.max(0, x.turn - 1); i < turns.length; i++) {
      const t = turns[i];
      if (t.isRep ? t.sentences.some((q) => q.question !== null && consequenceQuestion(q.text)) : t.sentences.some((y) => y.wordPos >= x.wordPos && (quantifiesImpact(y.text) || TIME_MONEY_RE.test(y.text) || lossWithNumber(y)) && !ownOffer(y) && !objectionSentences.has(y))) return true;
    }
    return false;
  };
  const exploredNoImpact = m.pains.find((p) => p.explored && !p.impact && !quantifiedLater(p.sentence));
  if (exploredNoImpact && m.impacts === 0 && !m.pains.some((p) => p.impact)) {
    c.push({
      dimension: 'discovery', positive: false, stretch: false, strength: 60, sentence: exploredNoImpact.sentence, focus: PAIN_RE,
      kind: 'pain_no_impact', method: 'spin_implication', echo: echoFrom(exploredNoImpact.sentence, PAIN_RE),
    });
  }
  // A recap of what the customer said last time ("Last time, Nate, you mentioned …") is no pitch;
  // one that goes on to the offer ("…, deshalb haben wir …") is.
  const pureRecap = (x: Sentence) => RECAP_RE.test(x.text) && !PITCH_RE.test(x.text) && !/\b(?:deshalb|darum|daher|deswegen|that's why|which is why|so we)\b/i.test(x.text);
  // The offer tied to the problem (praised, or the stretch goal's place): the pitch itself, not the recap of the customer's words before it.
  const tiedPitch = m.linkedPitches.find((x) => !pureRecap(x)) ?? m.linkedPitches[0];
  // An authority objection left half handled is this miss already (MEDDPICC, at the objection).
  // Not when the customer named who decides (or the rep booked a meeting with them): that is qualified.
  // Only at a real pitch: a recap of last time ("Last time you told me …") is none.
  const realPitches = m.pitches.filter((x) => !pureRecap(x) && !fragment(x));
  if (m.qualifyingQuestions === 0 && realPitches.length > 0 && !deciderKnown && !m.objections.some((o) => o.type === 'authority' && o.quality < 3)) {
    // Complex, later-stage conversations get MEDDPICC; short or early ones BANT.
    const late = m.objections.some((o) => o.type === 'authority') || m.totalWords > 2500 || m.pitches.length >= 5;
    // A pitch tied to the customer's words is never quoted for this when an untied one exists.
    const firstPitch = realPitches.find((p) => !m.linkedPitches.includes(p)) ?? realPitches[0];
    c.push({
      dimension: 'discovery', positive: false, stretch: false, strength: 55, sentence: firstPitch, focus: PITCH_RE,
      kind: late ? 'no_qualification_meddpicc' : 'no_qualification_bant', method: late ? 'meddpicc' : 'bant', echo: echoAt(firstPitch),
    });
  }
  /**
   * The rep's statement right after the customer answered `q` with content (five words or more, no
   * question back, no objection), when that rep turn asks nothing: where the follow-up belonged.
   */
  const droppedAnswer = (q: Sentence): Sentence | null => {
    const answer = turns[q.turn + 1];
    const reply = turns[q.turn + 2];
    if (!turns[q.turn].isRep || answer === undefined || answer.isRep || reply === undefined || !reply.isRep) return null;
    if (answer.words < 5 || answer.sentences.some((x) => x.question !== null || objectionSentences.has(x)) || reply.sentences.some((x) => x.question !== null)) return null;
    // Only the last question of its turn is the one the customer answered.
    if (turns[q.turn].sentences.some((x) => x.question !== null && x.wordPos > q.wordPos)) return null;
    return reply.sentences.find((x) => !goodbye(x.text) && !fragment(x) && !credited(x)) ?? null;
  };
  /** The answer the rep left: its clause, or the whole short sentence („Er hat erwähnt, dass ihm … wichtig ist“), which reads as a quote even when it starts with „er“. */
  const droppedEcho = (reply: Sentence): string | null => {
    const answer = turns[reply.turn - 1].sentences.find(echoable);
    if (!answer) return null;
    return echoFrom(answer) ?? (answer.words <= 14 ? answer.text.replace(/\s+/g, ' ').replace(/[.!?…]+$/u, '').trim() : null);
  };
  if (m.discoveryQuestions < Math.ceil(target / 2)) {
    // A closed question to reopen; without questions, the rep's longest statement (where a question belonged).
    const longestRep = repSentences.reduce<Sentence | null>((best, x) => (!best || x.words > best.words ? x : best), null);
    // Permission, identity and logistics questions ("Passt es gerade?", "Is this Karen?") are no
    // discovery questions to reopen: then the rep's statement after the customer's longest turn,
    // where a question belonged, else the rep's longest statement (not the permission question itself).
    // Nor a date proposal or an offer ("Wollen wir am Montag, den 7. Dezember, um 10 Uhr …?", "What if I could get you 15 percent off?").
    // Nor asking to be put through ("Können Sie mich durchstellen?"), nor anything said to a gatekeeper.
    const asking = (q: Sentence) => !atGate(q) && ![LOGISTIC_Q_RE, PERMISSION_Q_RE, SHORT_PERMISSION_RE, GREETING_RE, DATE_RE, DISCOUNT_OFFER_RE, FREE_EXTRA_RE, TRANSFER_RE].some((re) => re.test(q.text));
    let statementAfter: Sentence | null = null;
    let longestTurnWords = 0;
    const statementReplies: Sentence[] = [];
    // The rep's answers to the customer's questions that ask nothing back ("Yes, every lot is
    // tracked from receiving to shipping."): each one a place where a question belonged too.
    const plainAnswers: Sentence[] = [];
    for (const t of turns) {
      const next = turns[t.index + 1];
      if (t.isRep || !next?.isRep || next.sentences.some((x) => x.question !== null) || next.index < gateEnd) continue;
      if (t.words < 30) {
        // Also the rep going on after a short "Hm, okay." ("Und das Beste ist, …"): a question belonged there too.
        const answer = next.sentences.find((x) => substantive(x) && !goodbye(x.text) && !fragment(x) && x.turn < agreedAt);
        if (answer) plainAnswers.push(answer);
        continue;
      }
      const s = next.sentences.find(substantive);
      if (!s) continue;
      statementReplies.push(s);
      if (t.words > longestTurnWords) {
        statementAfter = s;
        longestTurnWords = t.words;
      }
    }
    const longestStatementOf = (intro: boolean) => repSentences.reduce<Sentence | null>(
      // Nor the rep's introduction ("Gary, it's Luke from ClaimBridge, we help body shops …"): who calls and why, no place for a question yet.
      (best, x) => (x.question === null && !atGate(x) && x.turn <= agreedAt && !fragment(x) && !mirrorsCustomer(x) && !goodbye(x.text) && (intro || !CALLER_RE.test(x.text)) && (!best || x.words > best.words) ? x : best),
      null,
    );
    const longestStatement = longestStatementOf(m.totalWords < 120) ?? longestStatementOf(true);
    // The question praised as the call's best is kept for the praise: the miss then sits at another
    // question, where a follow-up belonged, or at a statement.
    const best = m.bestQuestion?.sentence;
    const question = m.repQuestions.find((q) => q.question === 'closed' && asking(q) && q !== best) ?? [...m.repQuestions].reverse().find((q) => asking(q) && q !== best);
    // A question the customer answered with content („Er hat erwähnt, dass ihm die Auswertung der
    // Standzeiten wichtig ist.“) that the rep then left with a statement („Danke, das nehme ich mit.“):
    // the miss is the missing follow-up, quoted at that statement and echoing the answer – never the
    // rep's question itself, which was the right move.
    const dropped = question ? droppedAnswer(question) : null;
    const closed = dropped ?? question ?? statementAfter ?? longestStatement ?? m.repQuestions.find(asking) ?? longestRep ?? firstRep;
    // A very short call where the customer had no time and the rep turned that into an agreed, dated
    // callback ("gerade ganz schlecht" – „Donnerstag um zwei?“ – „Passt.“) did the right thing: asking
    // about their situation then would have cost the callback.
    if (closed && !callbackTurned(m)) {
      // Not a single discovery question while the rep held the floor (a talk share above 65 %): that
      // is the call's clearest miss, before the missing next step it leads to.
      const noDiscovery = m.discoveryQuestions === 0 && m.talkShare > 0.65 && m.speakers > 1;
      c.push({
        dimension: 'discovery', positive: false, stretch: false, strength: noDiscovery ? 88 : 50 + (target - m.discoveryQuestions) * 3, sentence: closed,
        kind: 'few_questions', method: 'voss_calibrated_question',
        echo: (dropped ? droppedEcho(dropped) : null) ?? echoFrom(lastCustomerBefore(closed.turn)) ?? echoAt(closed),
        extra: { impactKnown: impactKnownAt(closed), quotedOpen: closed.question === 'open', ...(dropped ? { dropped: true } : {}) },
      });
      // The other statements after a long turn of the customer's: more places a question belonged,
      // so that a call full of material never repeats the biggest miss among its moments.
      for (const s of statementReplies) {
        if (s === closed) continue;
        c.push({
          dimension: 'discovery', positive: false, stretch: false, strength: 45, sentence: s,
          kind: 'few_questions', method: 'voss_calibrated_question', echo: echoFrom(lastCustomerBefore(s.turn)) ?? echoAt(s),
          extra: { impactKnown: impactKnownAt(s), quotedOpen: false },
        });
      }
      // Held in reserve: in a short call they give the three moments different quotes.
      for (const s of plainAnswers) {
        if (s === closed) continue;
        c.push({
          dimension: 'discovery', positive: false, stretch: false, strength: 40, sentence: s, reserve: true,
          kind: 'few_questions', method: 'voss_calibrated_question', echo: echoFrom(lastCustomerBefore(s.turn)) ?? echoAt(s),
          extra: { impactKnown: impactKnownAt(s), quotedOpen: false },
        });
      }
    }
  }
  // "One more level on this problem" needs a problem: a pain or a number the customer put on
  // something, never the customer's longest remark when no problem was named.
  const stretchPain = mainPain?.sentence ?? quantified ?? null;
  if (stretchPain) {
    // Quoted where the rep could have gone one level deeper: the reply to the main pain.
    const reply = stretchReplyTo(stretchPain);
    c.push({
      dimension: 'discovery', positive: false, stretch: true, strength: 10, sentence: reply ?? stretchPain, focus: reply ? undefined : PAIN_RE,
      kind: 'stretch_discovery', method: 'sandler_pain_funnel', echo: echoAt(stretchPain),
    });
  }

  // ---- Listening
  const mono = monologueSeconds(m);
  if (m.monologueTurn && mono > MONOLOGUE_GOOD_SECONDS) {
    const t = m.monologueTurn;
    const s = t.sentences.find(substantive) ?? t.sentences[0];
    const pitchy = t.sentences.some((x) => PITCH_RE.test(x.text)) || m.featureDump?.turn === t;
    c.push({
      dimension: 'listening', positive: false, stretch: false, strength: 50 + Math.min(40, (mono - MONOLOGUE_GOOD_SECONDS) / 3), sentence: s,
      kind: pitchy ? 'monologue_trial' : 'monologue_calibrated', method: pitchy ? 'trial_close' : 'voss_calibrated_question',
      echo: echoFrom(lastCustomerBefore(t.index)) ?? echoAt(s),
    });
  }
  // The rep cut the customer off (a customer turn that breaks off with a dash or an ellipsis before
  // the rep speaks, or the customer's „Darf ich kurz ausreden?“; measured as `interruptions`): a real
  // listening miss, quoted at the rep's words that cut in – at a problem the customer was describing
  // first („Im Dezember tippen wir …“ –) – and its line apologises and hands the floor back with a mirror.
  const interruptions = m.interruptions;
  if (interruptions.length > 0) {
    const cutCustomer = (x: Sentence) => lastCustomerBefore(x.turn) ?? lastCustomerBefore(x.turn, false, false);
    // Where the customer was putting a number on a problem first, then at a number or a problem.
    const cutAt = (x: Sentence, problem: boolean, number: boolean) => {
      const said = turns[x.turn - 1];
      if (said === undefined || said.isRep) return false;
      const hasProblem = said.sentences.some((y) => painSentences.has(y) || PAIN_RE.test(y.text) || IMPACT_RE.test(y.text) || TIME_MONEY_RE.test(y.text));
      return (!problem || hasProblem) && (!number || NUMBER_RE.test(said.text));
    };
    // Never a cut that repeats the customer's own words (the mirror "Two days!" cuts in too, but
    // quoting it as the miss would fault the rep's best listening). After a cut at a number (a problem
    // with a number first), the cut the customer protested against („Can I just finish?“ right after it).
    const open = interruptions.filter((x) => !mirrorsCustomer(x));
    const finish = m.finishRequest;
    const provoked = (xs: Sentence[]) => (finish ? xs.find((x) => x.turn === finish.turn - 1) : undefined);
    const s =
      [open, interruptions]
        .map((xs) => xs.find((x) => cutAt(x, true, true)) ?? xs.find((x) => cutAt(x, false, true)) ?? provoked(xs) ?? xs.find((x) => cutAt(x, true, false)) ?? xs[0])
        .find((x) => x !== undefined) ?? interruptions[0];
    const said = cutCustomer(s);
    c.push({
      // A customer who had to ask to be let finish, or was cut off twice or more: the clearest miss of the
      // call when listening scored lowest, before a request for material given up at the close.
      dimension: 'listening', positive: false, stretch: false, strength: m.finishRequest || interruptions.length >= 2 ? 95 : 60, sentence: s,
      kind: 'interruption', method: 'voss_mirror', echo: echoFrom(said) ?? echoAt(s),
    });
  }
  // A label ("it sounds like ...") picks the statement up as well as a question does; and once a
  // dated next step is agreed, what follows is confirming logistics, not taking over. Neither is
  // ever quoted for talking too much.
  const mirrored = (t: Turn) => t.sentences.some((x) => paraphrased.has(x) || x.question !== null || LABEL_RE.test(x.text));
  const closedAt = m.nextStep.kind === 'dated' && m.nextStep.agreed && m.nextStep.sentence ? m.nextStep.sentence.turn : Infinity;
  if (m.talkShare > 0.65 && m.speakers > 1) {
    const TAKEOVER_WORDS = 15;
    // The rep's reply to the customer's longest statement.
    // Only a reply that takes over with statements: one that mirrors, paraphrases or asks is
    // exactly what this moment asks for, never quote it.
    let best = -1;
    for (const t of turns) {
      // A short reply ("Thanks Greg, see you Thursday.") does not take the floor: only a reply of
      // TAKEOVER_WORDS or more is where the rep talked instead of listening.
      if (t.isRep || t.index + 1 >= turns.length || !turns[t.index + 1].isRep || mirrored(turns[t.index + 1]) || t.index > closedAt) continue;
      // Nor an answer to a gatekeeper: getting through is the job there.
      if (turns[t.index + 1].words < TAKEOVER_WORDS || t.index + 1 < gateEnd) continue;
      if (best < 0 || t.words > turns[best].words) best = t.index;
    }
    // Every reply picked the customer up: the share comes from the opening or a pitch, and a
    // monologue has its own moment above. Nothing to quote here then.
    const reply = best >= 0 ? turns[best + 1] : null;
    const s = reply?.sentences.find(substantive) ?? reply?.sentences[0];
    const talkShareEcho = (at: number): string | null => {
      const said = lastCustomerBefore(at + 1);
      // The fullest point of that turn: „ein paar Stammkunden sind seitdem weg“, not the „Das tut schon weh.“ after it.
      if (said && said.turn === at) {
        const points = turns[at].sentences.filter((x) => x.wordPos <= said.wordPos && echoable(x) && makesPoint(x) && echoFrom(x) !== null);
        return echoFrom(points.reduce<Sentence>((b, x) => (x.words > b.words ? x : b), said));
      }
      const own = turns[at].sentences.filter((x) => echoable(x) && x.question === null && echoFrom(x) !== null);
      return echoFrom(own.reduce<Sentence | null>((b, x) => (!b || x.words > b.words ? x : b), null)) ?? echoFrom(said);
    };
    if (s && (!m.monologueTurn || reply !== m.monologueTurn || mono <= MONOLOGUE_GOOD_SECONDS)) {
      c.push({
        dimension: 'listening', positive: false, stretch: false, strength: 45 + (m.talkShare - 0.65) * 100, sentence: s,
        // The line mirrors what the customer had just said in that statement („ein paar Stammkunden sind
        // seitdem weg“), never an earlier point the rep had already mirrored and asked about.
        kind: 'talk_share', method: 'voss_mirror', echo: talkShareEcho(best) ?? echoAt(s),
      });
    }
  }
  // Stretch goal on listening, never advising what the rep already did: a talk share above the
  // benchmark first; else a summary when there was none; else labelling when there were only summaries.
  const labelled = m.paraphrases.some((p) => LABEL_RE.test(p.text));
  if (m.talkShare > 0.5 && m.talkShare <= 0.65 && m.speakers > 1) {
    // The rep's longest explanation (20+ words) that ends without handing over, else the rep's longest
    // turn after the customer first spoke; quoted at its last statement.
    // Never a mirror or a summary of the customer's words ("So two days a month on corrections …"):
    // that is the listening this goal asks for. Without a turn that ends open, the longest
    // explanation that ends with a question (a pitch with a trial close), quoted at its longest statement.
    const longest = (ts: Turn[]) => ts.reduce<Turn | null>((best, x) => (!best || x.words > best.words ? x : best), null);
    // Four or more of the content words of the customer's turn just before it.
    const takesUpCustomer = (t: Turn): boolean => {
      const prev = turns[t.index - 1];
      if (!prev || prev.isRep) return false;
      const theirs = new Set(contentWords(prev.text));
      return new Set(contentWords(t.text).filter((w) => theirs.has(w))).size >= 4;
    };
    const explainsAny = (x: Sentence) => substantive(x) && x.question === null && !paraphrased.has(x) && !LABEL_RE.test(x.text) && !mirrorsCustomer(x) && !fragment(x);
    // Quoted never at a line the analysis credits (feel-felt-found, a tied pitch, a handled objection's answer).
    const explains = (x: Sentence) => explainsAny(x) && !credited(x, false);
    const statementWords = (t: Turn) => t.sentences.filter(explainsAny).reduce((n, x) => n + x.words, 0);
    // Nor the reply to a well-handled objection or a turn that asked a need-payoff question: praised moves.
    const payoffTurnSet = new Set(m.needPayoffs.map((q) => q.turn));
    // Nor a cold call's "Ich rufe an, weil …" (the upfront contract).
    const repTurns = turns.filter(
      (t) =>
        t.isRep && t.words >= 20 && !(t.words < LONG_TURN_WORDS && takesUpCustomer(t)) && t.index < closedAt && !handledTurns.has(t.index) && !payoffTurnSet.has(t.index) && lastCustomerBefore(t.index, false, false) !== null && statementWords(t) >= 20 && t.sentences.some(explains) && !CALL_PURPOSE_RE.test(t.text),
    );
    const endsOpen = (t: Turn) => t.sentences.length > 0 && t.sentences[t.sentences.length - 1].question === null && !mirrored(t);
    // A proposal that ends with a trial close ("Rather than cutting to 200 today, we renew at 300
    // seats … Would that work for finance?") hands over as it should: its length is the offer, not talking too much.
    const proposes = (t: Turn) => t.sentences.length > 0 && TRIAL_CLOSE_RE.test(t.sentences[t.sentences.length - 1].text.replace(/\s+/g, ' '));
    const open = longest(repTurns.filter(endsOpen));
    const t = open ?? longest(repTurns.filter((x) => !proposes(x)));
    const s = t
      ? open
        ? [...t.sentences].reverse().find(explains) ?? null
        : t.sentences.filter(explains).reduce<Sentence | null>((best, x) => (!best || x.words > best.words ? x : best), null)
      : null;
    // The customer's last point when it is a problem or a number ("four to five hours each"), else
    // their main problem up to here: never a side remark ("she has also the Zoll audits").
    const lastPoint = t ? lastCustomerBefore(t.index) : null;
    const problemPoint = (x: Sentence) => !solved(x) && (painSentences.has(x) || PAIN_RE.test(x.text) || IMPACT_RE.test(x.text) || TIME_MONEY_RE.test(x.text));
    if (t && s) {
      c.push({
        dimension: 'listening', positive: false, stretch: true, strength: 15, sentence: s,
        // The line picks up the customer's problem in their words, with its number when they put one
        // on it ("onboarding new warehouse staff takes three weeks"), not a side remark of their last turn.
        kind: 'stretch_talk_share', method: 'voss_calibrated_question', echo: (lastPoint && problemPoint(lastPoint) ? echoFrom(lastPoint) : null) ?? echoAt(s) ?? echoFrom(lastPoint),
        extra: { handedOver: !open },
      });
    }
  } else if ((mainPainSentence || longestCustomer) && !labelled) {
    const anchor = (mainPainSentence ?? longestCustomer) as Sentence;
    c.push({
      dimension: 'listening', positive: false, stretch: true, strength: m.paraphrases.length === 0 ? 15 : 5,
      sentence: stretchReplyTo(anchor) ?? anchor, kind: m.paraphrases.length === 0 && !repSentences.some(mirrorsCustomer) ? 'stretch_listening' : 'stretch_label', method: 'voss_label',
      echo: echoAt(anchor),
    });
  }

  // ---- Value
  if (m.featureDump) {
    const t = m.featureDump.turn;
    // Quoted where the list is: the pitch sentence, else the sentence with the most features.
    const featureCount = (x: Sentence) => x.text.match(new RegExp(FEATURE_RE.source, 'gi'))?.length ?? 0;
    const listing = t.sentences.reduce<Sentence | null>((best, x) => (featureCount(x) > (best ? featureCount(best) : 0) ? x : best), null);
    const s = t.sentences.find((x) => PITCH_RE.test(x.text)) ?? listing ?? t.sentences.find(substantive) ?? t.sentences[0];
    const hasPain = m.pains.length > 0;
    c.push({
      dimension: 'value', positive: false, stretch: false, strength: 70, sentence: s, focus: PITCH_RE,
      kind: hasPain ? 'feature_dump' : 'feature_dump_gap', method: hasPain ? 'spin_need_payoff' : 'gap_selling', echo: echoAt(s),
    });
  }
  if (m.pitchBeforePain) {
    c.push({
      dimension: 'value', positive: false, stretch: false, strength: 60, sentence: m.pitchBeforePain, focus: PITCH_RE,
      kind: 'pitch_early', method: 'gap_selling', echo: echoAt(m.pitchBeforePain),
    });
  }
  // A pitch with nothing to tie to: before it the customer named no problem (no pain, no
  // objection). That is a pitch too early, not one that ignored the customer's problem.
  const problemBefore = (x: Sentence) => m.pains.some((p) => p.sentence.wordPos < x.wordPos) || m.objections.some((o) => o.sentence.wordPos < x.wordPos);
  if (m.pitches.length > 0 && m.linkedPitches.length === 0 && !m.pitches.some(problemBefore)) {
    if (!m.pitchBeforePain) {
      c.push({
        dimension: 'value', positive: false, stretch: false, strength: 55, sentence: m.pitches[0], focus: PITCH_RE,
        kind: 'pitch_early', method: 'gap_selling', echo: echoAt(m.pitches[0]),
      });
    }
  } else if (m.pitches.length > 0 && m.linkedPitches.length === 0) {
    const firstPainPos = m.pains[0]?.sentence.wordPos ?? 0;
    const s = m.pitches.find((p) => p.wordPos > firstPainPos) ?? m.pitches[0];
    // A pitch that opens by pointing at the problem just named ("Genau dafür haben wir …", "That's exactly
    // what our … solves") is tied to it; its fault is pitching before exploring (the pain funnel), not a missing link.
    // Only right after the customer named that problem: "Genau dafür" after another remark points at that remark.
    const tied = turns[s.turn].sentences.some((x) => x.wordPos <= s.wordPos && TIED_OPENER_RE.test(x.text)) && m.pains.some((p) => p.sentence.turn === s.turn - 1);
    if (!tied) c.push({
      dimension: 'value', positive: false, stretch: false, strength: 50, sentence: s, focus: PITCH_RE,
      kind: 'value_unlinked', method: 'spin_need_payoff', echo: echoAt(s),
    });
  }
  if (m.riskyPromises[0]) {
    // An unhedged guarantee: quoted at the rep, echoing what the customer asked for (the date, the result).
    const s = m.riskyPromises[0];
    c.push({
      dimension: 'value', positive: false, stretch: false, strength: 65, sentence: s,
      // Its line asks by when it has to stand and what depends on it: a calibrated question.
      kind: 'risky_promise', method: 'voss_calibrated_question', echo: echoFrom(lastCustomerBefore(s.turn, true)) ?? echoAt(s),
    });
  }
  {
    // After a need-payoff question the next level is a number for the benefit, not another need-payoff question.
    const asked = m.needPayoffs.length > 0;
    // Without a pitch tied to the customer: after a need-payoff question the customer's answer (the
    // benefit in their words: "Dann hätte ich meinen Sonntag zurück", not the pain before it); else
    // the rep's reply to the main problem, never a mirror of it. Without any problem (a pain or a
    // number) there is nothing "on the table": never the customer's greeting.
    const payoffAnswer = asked
      ? turns[m.needPayoffs[0].turn + 1]?.isRep === false
        ? turns[m.needPayoffs[0].turn + 1].sentences.filter((x) => substantive(x) && x.question === null).reduce<Sentence | null>((best, x) => (!best || x.words > best.words ? x : best), null)
        : null
      : null;
    const problem = mainPain?.sentence ?? quantified ?? null;
    // The customer already put a number on the benefit in that answer ("… one more client project per
    // quarter. That's probably 40 or 50 thousand."): that stretch goal is reached.
    const payoffQuantified = payoffAnswer !== null && quantifiesImpact(turns[payoffAnswer.turn].text);
    // Never at a question the rep asked instead ("And do your techs have tablets?", "was müsste er sehen,
    // damit er sagt, okay?"): a need-payoff label does not fit another question; then the problem itself.
    const reply = problem ? stretchReplyTo(problem) : null;
    const s = payoffQuantified ? null : tiedPitch ?? payoffAnswer ?? (problem ? (reply && reply.question === null ? reply : problem) : null);
    if (s) {
      c.push({
        dimension: 'value', positive: false, stretch: true, strength: 10, sentence: s, kind: asked ? 'stretch_value_quantify' : 'stretch_value',
        method: 'spin_need_payoff', echo: s === payoffAnswer ? echoFrom(s) : echoAt(s),
        // Only a pitch tied to the customer is called an offer that was "well tied to the problems".
        extra: { pitched: m.linkedPitches.includes(s) },
      });
    }
  }

  // The rep's dated proposal behind an agreed next step: "Bis Freitag!" or the customer's "Freitag
  // um zehn, ja." is where it was confirmed, the proposal is where the rep closed.
  const datedProposal: Sentence | null = (() => {
    const x = m.nextStep.sentence;
    if (m.nextStep.kind !== 'dated' || !x) return null;
    if (turns[x.turn].isRep && !goodbye(x.text) && x.words > 3) return x;
    for (let i = x.turn; i >= 0 && i >= x.turn - 4; i--) {
      const t = turns[i];
      if (!t.isRep) continue;
      const found = [...t.sentences].reverse().find((y) => y.wordPos <= x.wordPos && y !== x && DATE_RE.test(y.text) && !goodbye(y.text));
      if (found) return found;
    }
    return turns[x.turn].isRep ? x : null;
  })();

  // ---- Objection handling
  const nextQuestionInSegment = (x: Sentence): Sentence | undefined => {
    const t = turns[x.turn];
    const i = t.sentences.indexOf(x);
    const n = t.sentences[i + 1];
    return n && n.question !== null && n.segText === x.segText ? n : undefined;
  };
  // A check-back in the rep's turn or the rep's next two turns ("would that take care of it for your team?").
  const checkedBackAfter = (x: Sentence): boolean => {
    let seen = 0;
    for (let i = x.turn; i < turns.length && seen < 3; i++) {
      if (!turns[i].isRep) continue;
      seen++;
      if (CHECK_BACK_RE.test(turns[i].text) || /\b(?:would that (?:take care of|solve|fix)|wäre das damit gelöst|löst das)\b/i.test(turns[i].text)) return true;
    }
    return false;
  };
  // The objection in the customer's words; a competitor named by its phrasing ("Wir nutzen schon
  // Dampsoft, seit fünfzehn Jahren.") is echoed at the clause that names it, not at "seit fünfzehn Jahren".
  // A request for material asked as a question ("Can you send me something I can look at?") is no
  // point of the customer's to quote back: the line echoes what they said before it.
  // The objection's turn ("… our CFO, Rob, to look at this. He signs off …").
  // The objection may sit at either sentence: the whole turn names the person.
  const turnFrom = (x: Sentence): string => turns[x.turn].text.replace(/\s+/g, ' ');
  const objectionEchoOwn = (o: ObjectionEvent): string | null =>
    o.type === 'send_material' && o.sentence.question !== null
      ? echoAt(o.sentence)
      : OBJECTION_RES[o.type].test(o.sentence.text) || o.type !== 'competitor' ? echoFrom(o.sentence, OBJECTION_RES[o.type]) : echoFrom(o.sentence, /(?<=\s)\p{Lu}[\p{L}\d.-]+/u);
  // When the objection's sentence offers no clause to say back („Das ist jetzt nicht Ihr Ernst, oder?“
  // has a form of address in it), the line takes the point of the same turn ("Ihre Software ist seit
  // dem Update … eine Zumutung"), else what the customer said before.
  const objectionEcho = (o: ObjectionEvent): string | null => {
    const own = objectionEchoOwn(o);
    if (own) return own;
    const rest = turns[o.sentence.turn].sentences.filter((x) => x !== o.sentence && echoable(x) && x.question === null);
    const point = rest.find((x) => painSentences.has(x) || PAIN_RE.test(x.text) || TIME_MONEY_RE.test(x.text)) ?? rest.find(makesPoint) ?? rest[0];
    return (point ? painEchoOf(point) : null) ?? echoAt(o.sentence);
  };
  const confirmedLabel = (x: Sentence): boolean => {
    if (!turns[x.turn].isRep || !LABEL_RE.test(x.text)) return false;
    const next = turns[x.turn + 1];
    // "Right, but the price …" pushes back: no confirmation.
    return next !== undefined && !next.isRep && CONFIRMS_RE.test(next.text) && !/^\W*(?:\S+\W+){0,2}(?:but|aber|allerdings|however|trotzdem)\b/iu.test(next.text);
  };
  // Giving up on an objection ("Soll ich Ihnen Unterlagen schicken?") is where the deal is lost.
  const missStrength = (o: ObjectionEvent, index: number) => 86 - QUALITY_PENALTY[o.quality] + OBJECTION_WEIGHT[o.type] + (o.capitulated ? 5 : 0) - index / 10;
  // One reply that gave up two objections ("Not really, I'm about to go into a meeting. Just send me
  // an email." – "Sure, no problem.") is quoted once, at the weightier objection; the other is
  // quoted at the customer's words, so a short call still has five different moments.
  const quotedAtReply = new Map<Sentence, { o: ObjectionEvent; strength: number }>();
  for (const [index, o] of m.objections.entries()) {
    if (o.quality >= 3 || o.response === null) continue;
    const strength = missStrength(o, index);
    if (strength > (quotedAtReply.get(o.response)?.strength ?? -Infinity)) quotedAtReply.set(o.response, { o, strength });
  }
  for (const [index, o] of m.objections.entries()) {
    if (o.quality >= 3) continue;
    // A label the customer confirmed ("Klingt so, als ob ihr euer eigenes Material quasi zweimal
    // bezahlt." – "Ja, genau so fühlt sich das an.") landed: a voss_label strength, never half an
    // answer to an objection, whatever the customer says after it.
    // (A status-quo objection: labelling the gap is the answer; a price or competitor objection still needs exploring.)
    if (o.type === 'status_quo' && o.response !== null && confirmedLabel(o.response)) continue;
    // Quote the rep where the rep went wrong (a defence, an offer of material instead of a question).
    // Never at well-wishes or a goodbye ("Dann noch schöne Feiertage …"): then at the customer's words.
    const quoteRep = o.response !== null && quotedAtReply.get(o.response)?.o === o && !goodbye(o.response.text);
    c.push({
      dimension: 'objection_handling', positive: false, stretch: false, strength: missStrength(o, index),
      sentence: quoteRep ? (o.response as Sentence) : o.sentence,
      through: quoteRep && o.quality === 0 && !o.capitulated ? nextQuestionInSegment(o.response as Sentence) : undefined,
      focus: quoteRep ? undefined : OBJECTION_RES[o.type],
      kind: 'objection', method: objectionMethod(o), echo: objectionEcho(o), objection: o,
      extra: {
        warm: warmCall, checkedBack: o.response !== null && checkedBackAfter(o.response), decider: o.type === 'authority' ? namedDecider(turnFrom(o.sentence)) ?? undefined : undefined,
        // The customer already said what they compare with ("Vinport has a Chianti for fourteen."): no "compared to what?".
        compared: o.type === 'price' && turns[o.sentence.turn].sentences.some((y) => y !== o.sentence && (NUMBER_RE.test(y.text) || COMPARED_WITH_RE.test(y.text))),
      },
      hardNo: HARD_NO_RE.test(turns[o.sentence.turn].text),
      givenUpAtClose: o.quality === 0 && o.response !== null && (o.capitulated !== false || o.type === 'send_material') && !turns.slice(o.response.turn + 1).some((t) => !t.isRep && t.words > 12),
    });
  }
  // A discount or a free extra given away: quoted at the rep; trade it or keep it. Not again when it
  // is the reply that gave up a price objection (that objection's miss quotes it), and ranked after
  // objections given up, ignored or defended.
  const concession = m.concessions.find((x) => !m.objections.some((o) => o.response === x));
  if (concession) {
    const s = concession;
    // The echo is what the customer said right before it (a criterion: "A payback under a year, and they
    // want it on one slide."), even when it names no problem; "price" only once price came up.
    const before = lastCustomerBefore(s.turn, false, false);
    const priceTalk = m.objections.some((o) => ['price', 'budget', 'competitor'].includes(o.type) && o.sentence.wordPos < s.wordPos) || customer.some((x) => x.wordPos < s.wordPos && PRICE_TALK_RE.test(x.text));
    c.push({
      dimension: 'objection_handling', positive: false, stretch: false, strength: 70, sentence: s,
      kind: 'concession', method: 'laer', echo: (before && echoable(before) ? echoFrom(before) : null) ?? echoFrom(lastCustomerBefore(s.turn)) ?? echoAt(s),
      extra: { negotiation: priceTalk },
    });
  }
  if (m.objections.length === 0 && !m.concernInvite && m.concessions.length === 0) {
    // Where a concern could have been invited: before the close. An agreed, dated close is the
    // rep's best move and a goodbye ("Bis Freitag!") no place for advice: then the rep's last
    // statement before the proposal; else the closing proposal or the last question.
    const proposal = datedProposal;
    const praisedClose = proposal !== null && m.nextStep.level >= 4;
    const closingQuestion = (q: Sentence) =>
      DATE_RE.test(q.text) || DECISION_TALK_RE.test(q.text) || TRIAL_CLOSE_RE.test(q.text) || PROPOSAL_WORDS_RE.test(q.text);
    const beforeClose = praisedClose
      ? (() => {
          // In the closing part of the call (its last 40 %), a real statement ("Das ist gut zu wissen,
          // danke." is only a thank-you), else the rep's last question before the proposal ("Would it
          // make sense to look at this properly with your operations lead?").
          // Before the turn with the proposal: "Ich zeige euch beiden in zwanzig Minuten, …" leads into the dated proposal and belongs to it.
          const late = (x: Sentence) => x.wordPos >= 0.6 * m.totalWords && x.turn < proposal.turn;
          const fits = (x: Sentence) => late(x) && substantive(x) && x.question === null && !goodbye(x.text) && !paraphrased.has(x) && !mirrorsCustomer(x) && !m.linkedPitches.includes(x) && !handledTurns.has(x.turn) && !fragment(x);
          // A discovery question ("What does a no-show cost a clinic, roughly?") is no place for "who else has to agree".
          const asks = (x: Sentence) => late(x) && x.question !== null && !LOGISTIC_Q_RE.test(x.text) && !m.needPayoffs.includes(x) && !LABEL_RE.test(x.text) && x !== m.bestQuestion?.sentence && (closingQuestion(x) || !explores(x));
          return [...repSentences].reverse().find((x) => fits(x) && x.words >= 8) ?? [...repSentences].reverse().find(fits) ?? [...repSentences].reverse().find(asks);
        })()
      : undefined;
    const closing =
      beforeClose ??
      (!praisedClose && m.nextStep.sentence && turns[m.nextStep.sentence.turn].isRep && !goodbye(m.nextStep.sentence.text) ? m.nextStep.sentence : null) ??
      // A question about the close or the decision; a discovery question ("Habt ihr schon mal was
      // anderes ausprobiert?") is no place for "who else has to agree": then the rep's last statement.
      // Never in the turn with the praised dated proposal („Ich zeige euch beiden in zwanzig Minuten, …",
      // "Rather than me pitching you over the phone, how about I come by …? Would Wednesday at ten work?").
      [...m.repQuestions].reverse().find((q) => !LOGISTIC_Q_RE.test(q.text) && !(praisedClose && q.turn >= proposal.turn) && closingQuestion(q)) ??
      [...repSentences].reverse().find((x) => x.words >= 6 && x.question === null && x.wordPos >= 0.5 * m.totalWords && (!praisedClose || x.turn < proposal.turn) && !goodbye(x.text) && !mirrorsCustomer(x) && !paraphrased.has(x) && !fragment(x)) ??
      [...m.repQuestions].reverse().find((q) => !LOGISTIC_Q_RE.test(q.text) && !(praisedClose && q.turn >= proposal.turn)) ??
      [...repSentences].reverse().find((x) => substantive(x) && !goodbye(x.text)) ??
      firstRep;
    // A dated close that brings the right people in, with no statement of the rep's before it to
    // hang the advice on, leaves no place for it: not on a discovery question asked earlier.
    const nsAt = m.nextStep.sentence;
    const peopleIn = praisedClose && nsAt !== null && attendeesAround(turns, nsAt);
    if (closing && !(peopleIn && !beforeClose && closing.question !== null && explores(closing) && !closingQuestion(closing))) {
      // Call-specific: the people the customer said decide, else the decision process when it was
      // never asked (nor anyone invited to the next meeting: "mit eurem CTO", "Ich lade Julian mit
      // ein"), else what could still stand in the way; echoing where the customer named them.
      const named = deciders.filter((d) => d.sentence.wordPos <= closing.wordPos);
      const echo = (named.length > 0 ? echoFrom(named[0].sentence, named[0].focus) : impactEchoAt(closing)) ?? echoAt(closing);
      const invited = m.nextStep.kind === 'dated' && nsAt !== null && attendeesAround(turns, nsAt, false);
      c.push({
        dimension: 'objection_handling', positive: false, stretch: true, strength: 12, sentence: closing,
        kind: 'stretch_objection', method: 'voss_accusation_audit', echo,
        extra: { deciders: named.map((d) => d.name), qualified: m.qualifyingQuestions > 0 || invited },
      });
    }
  }

  // ---- Next step
  const ns = m.nextStep;
  // The call's end is quoted at the rep's last real sentence, never at a goodbye ("Have a great day!").
  // Nor at a logistics question after it ("Welche E-Mail-Adresse nehme ich?"): at what the rep settled for
  // („Klar, kein Problem, dann warte ich einfach auf die Unterschrift.“).
  const lastRep =
    [...repSentences].reverse().find((x) => substantive(x) && !goodbye(x.text) && !(x.question !== null && LOGISTIC_Q_RE.test(x.text))) ??
    [...repSentences].reverse().find((x) => substantive(x) && !goodbye(x.text)) ?? [...repSentences].reverse().find(substantive) ?? repSentences[repSentences.length - 1];
  // An objection left open before the close ("We're happy with our broker, not interested"): the
  // line for the close answers it first, instead of proposing a meeting as if nothing was said.
  const openObjectionBefore = (x: Sentence) => [...m.objections].reverse().find((o) => o.quality < 3 && (o.type === 'status_quo' || o.type === 'competitor') && o.sentence.wordPos < x.wordPos);
  // A decider the customer named in an authority objection the rep left with the customer ("I'd need
  // to get our CFO, Rob, to look at this." – "Why don't you chat with Rob …?"): the close brings them in.
  const openDeciderBefore = (x: Sentence): { o: ObjectionEvent; d: NamedDecider } | null => {
    const o = [...m.objections].reverse().find((y) => y.type === 'authority' && y.sentence.wordPos < x.wordPos);
    const d = o ? namedDecider(turnFrom(o.sentence)) : null;
    if (o && d) return { o, d };
    // Or a person whose sign-off the customer named in any objection ("Our compliance officer will never
    // sign off on that."), when the rep then left the next step with the customer ("share it with her").
    if (!LEFT_WITH_CUSTOMER_RE.test(x.text)) return null;
    for (const y of [...m.objections].reverse()) {
      if (y.sentence.wordPos >= x.wordPos) continue;
      const named = namedDecider(turnFrom(y.sentence));
      if (named) return { o: y, d: named };
    }
    return null;
  };
  const closeEcho = (x: Sentence): { echo: string | null; extra: Partial<TextParams> } => {
    const o = openObjectionBefore(x);
    const e = o ? echoFrom(o.sentence, OBJECTION_RES[o.type]) : null;
    if (o && e) return { echo: e, extra: { openObjection: o.type } };
    const dec = openDeciderBefore(x);
    // What the customer said that person wants ("She'll want to see the BAA in writing."), else where they were named.
    const wants = dec ? [...customer].reverse().find((y) => y.wordPos > dec.o.sentence.wordPos && y.wordPos < x.wordPos && PERSON_WANTS_RE.test(y.text)) : undefined;
    const wantsEcho = wants ? echoFrom(wants, PERSON_WANTS_RE) : null;
    if (dec && wantsEcho) return { echo: wantsEcho, extra: { decider: dec.d } };
    if (dec && dec.o.type !== 'authority') return { echo: echoFrom(dec.o.sentence), extra: { decider: dec.d } };
    if (dec) {
      // Echoed where the customer named the person ("I'd need to get our CFO, Rob, to look at this"), not "He signs off …".
      const naming = turns[dec.o.sentence.turn].sentences.find((y) => NAMED_DECIDER_EN_RE.test(y.text) || NAMED_DECIDER_DE_RE.test(y.text));
      const focus = naming && NAMED_DECIDER_EN_RE.test(naming.text) ? NAMED_DECIDER_EN_RE : NAMED_DECIDER_DE_RE;
      return { echo: (naming ? echoFrom(naming, focus, 'left') : null) ?? echoFrom(dec.o.sentence, OBJECTION_RES.authority), extra: { decider: dec.d } };
    }
    return { echo: painEcho, extra: { plainFact: painEcho !== null && !painEchoIsProblem } };
  };
  // The customer's "Let us talk internally and we'll get back to you", accepted by the rep without a
  // date ("Sounds good."): the miss is the accepted "we'll get back to you", quoted where it was said.
  const getBack = ns.kind === 'undated' || ns.kind === 'vague'
    ? customer.find((x) => {
      if (!CUSTOMER_GET_BACK_RE.test(x.text) || (ns.sentence && x.wordPos < ns.sentence.wordPos - 60)) return false;
      const reply = turns.slice(x.turn + 1).find((t) => t.isRep);
      return reply !== undefined && !turns.slice(x.turn, reply.index + 1).some((t) => DATE_RE.test(t.text)) && !reply.sentences.some((y) => y.question !== null && !TRIAL_CLOSE_RE.test(y.text));
    })
    : undefined;
  if (getBack) {
    c.push({
      dimension: 'next_step', positive: false, stretch: false, strength: ns.kind === 'vague' ? 75 : 60, sentence: getBack,
      kind: 'accepted_get_back', method: 'calendar_close', echo: echoFrom(getBack, CUSTOMER_GET_BACK_RE),
    });
  } else if (ns.kind === 'none' && lastRep) {
    const e = closeEcho(lastRep);
    c.push({ dimension: 'next_step', positive: false, stretch: false, strength: 85, sentence: lastRep, kind: 'no_next_step', method: 'calendar_close', echo: e.echo, extra: e.extra });
  } else if (ns.kind === 'vague' && ns.sentence) {
    // The customer's "Sounds good, let's touch base sometime." takes up the rep's own vague proposal
    // ("… and we'll touch base sometime after that?"): the miss is the rep's proposal.
    const byCustomer = !turns[ns.sentence.turn].isRep;
    const prevRep = byCustomer ? turns.slice(Math.max(0, ns.sentence.turn - 2), ns.sentence.turn).reverse().find((t) => t.isRep) : undefined;
    const at = prevRep?.sentences.find((x) => VAGUE_RE.test(x.text) && !goodbye(x.text)) ?? ns.sentence;
    const e = closeEcho(at);
    c.push({ dimension: 'next_step', positive: false, stretch: false, strength: 75, sentence: at, kind: 'vague_next_step', method: 'calendar_close', echo: e.echo, extra: e.extra });
  } else if (ns.kind === 'undated' && ns.sentence) {
    // The customer's "irgendwann nächste Woche" is echoed; the miss is the rep's reply that accepted it.
    // When the rep said the time frame ("Sie sprechen nächste Woche mit Herrn Kessler."), the
    // customer's own words for it before that ("Irgendwann nächste Woche, wenn er zurück ist.").
    const byCustomer = !turns[ns.sentence.turn].isRep;
    // The rep's own undated proposal the customer agreed to ("…, dann lass uns doch nächste Woche noch mal
    // telefonieren" – "ruf nächste Woche mal an"): the miss is there, not at the "Mach ich!" after it;
    // its line echoes only what the customer had said before it.
    const prevRep = byCustomer ? turns.slice(Math.max(0, ns.sentence.turn - 2), ns.sentence.turn).reverse().find((t) => t.isRep) : undefined;
    const repProposal = prevRep?.sentences.find((x) => UNDATED_RE.test(x.text) && !goodbye(x.text));
    const at = repProposal ?? ns.sentence;
    const said = byCustomer && !repProposal ? ns.sentence : [...customer].reverse().find((x) => x.wordPos < at.wordPos && UNDATED_RE.test(x.text)) ?? null;
    const undatedEcho = said ? echoFrom(said, UNDATED_RE) : null;
    c.push({
      dimension: 'next_step', positive: false, stretch: false, strength: 60, sentence: repProposal ?? (byCustomer ? repReplyTo(ns.sentence) : null) ?? ns.sentence,
      kind: 'undated_next_step', method: 'calendar_close', echo: undatedEcho ?? (repProposal ? echoFrom(lastCustomerBefore(repProposal.turn)) : null) ?? echoAt(at),
      // "lassen Sie uns das gleich festmachen": "das" is the time frame, only when that is what is echoed.
      extra: { undated: UNDATED_RE.exec(ns.sentence.text)?.[0] ?? null, plainFact: undatedEcho === null },
    });
  } else if (ns.kind === 'dated' && ns.sentence && ns.level < 5) {
    c.push({
      dimension: 'next_step', positive: false, stretch: ns.level >= 4, strength: ns.level >= 4 ? 15 : 40, sentence: ns.sentence,
      kind: 'unconfirmed_next_step', method: 'calendar_close', echo: null,
    });
  }
  // A cold call that said why it calls and asked for the time has its upfront contract; asking
  // "Darf ich Sie kurz was fragen" in the rep's first turns counts as asking for permission.
  // Behind a gatekeeper the opening is the one to the person called for ("Herr Kramer, … Ich rufe an, weil …").
  const openingTurns = turns.filter((t) => t.isRep && t.index >= gateEnd).slice(0, 2);
  const purposeAndPermission =
    m.purposeAndPermission ||
    (openingTurns.some((t) => CALL_PURPOSE_RE.test(t.text)) && openingTurns.some((t) => t.sentences.some((x) => x.question !== null && (PERMISSION_Q_RE.test(x.text) || ASK_SOMETHING_RE.test(x.text)))));
  // Never at a greeting or an identity check ("Hi, is this Gary?"): at the opening that says who calls and why.
  const openingRep = openingTurns.flatMap((t) => t.sentences).find((x) => substantive(x) && !GREETING_RE.test(x.text)) ?? openingTurns[0]?.sentences.find(substantive) ?? firstRep;
  // A follow-up or renewal whose opening names what the call is for has its purpose: no stretch goal at its greeting.
  const scheduledPurpose = ns.level >= 4 && followUpOpening;
  // An inbound call answered at the switchboard ("Thanks for calling Shipwell, how can I help?"): the
  // caller brings the purpose, and the answer is no place for a missing agenda.
  const answeredInbound = openingTurns[0] !== undefined && openingTurns[0].index === turns.findIndex((t) => t.isRep) && SWITCHBOARD_RE.test(openingTurns[0].sentences[0]?.text ?? '');
  if (!m.agenda && !purposeAndPermission && !scheduledPurpose && !answeredInbound && openingRep) {
    c.push({
      dimension: 'next_step', positive: false, stretch: ns.level >= 4, strength: ns.level <= 2 ? 30 : 20, sentence: openingRep,
      kind: 'no_agenda', method: 'sandler_upfront_contract', echo: echoAt(openingRep),
    });
  }

  // ---- Strengths
  // What the rep did after the customer answered a question (the next two turns): praise says
  // what comes next, never what the rep just did ("repeat the number and ask about the consequences").
  const followUpOf = (q: Sentence): FollowUp => {
    const answer = turns[q.turn + 1];
    const next = answer && !answer.isRep ? turns[q.turn + 2] : undefined;
    const reply = next?.isRep ? next : undefined;
    const asked = reply?.sentences.some((x) => x.question !== null && !LOGISTIC_Q_RE.test(x.text)) ?? false;
    const second = reply ? turns[reply.index + 1] : undefined;
    // A short sentence made mostly of the answer's words ("Zwei bis drei Tage jeden Monat.") repeats it.
    const said = new Set(answer?.text.toLowerCase().match(WORD_RE) ?? []);
    const repeats = (x: Sentence) => {
      const mine = (x.text.toLowerCase().match(WORD_RE) ?? []).filter((w) => w.length >= 3);
      const shared = mine.filter((w) => said.has(w)).length;
      return x.words <= 8 && shared >= 2 && shared >= 0.5 * mine.length;
    };
    // The rep put the answer's number into a calculation ("that's about 4,800 a week against 3,120 a month").
    const reckoned = (x: Sentence) => x.question === null && /\d/.test(x.text) && /\b(?:that's|that is|das sind|das wären|macht|against|gegen(?:über)?|versus|vs)\b/i.test(x.text);
    return {
      mirrored: reply?.sentences.some((x) => paraphrased.has(x) || LABEL_RE.test(x.text) || repeats(x) || mirrorsCustomer(x) || reckoned(x)) ?? false,
      asked,
      consequences: reply?.sentences.some((x) => x.question !== null && consequenceQuestion(x.text)) ?? false,
      // "we overpay about two thousand a month": an amount in words per period counts too.
      quantified: asked && second !== undefined && !second.isRep && (quantifiesImpact(second.text) || (NUMBER_RE.test(second.text) && PER_PERIOD_RE.test(second.text))),
      payoff: m.needPayoffs.some((x) => x.wordPos > q.wordPos),
      summarised: m.paraphrases.some((x) => x.wordPos > q.wordPos),
    };
  };
  const bq = m.bestQuestion;
  // A need-payoff question ("What would it mean for you if …") that got the best answer is praised
  // as one, never as a question about the current situation.
  const bqPayoff = bq !== null && NEED_PAYOFF_RE.test(bq.sentence.text);
  if (bq && bqPayoff) {
    c.push({
      dimension: 'value', positive: true, stretch: false, strength: Math.max(65, (bq.impact ? 50 : 40) + bq.score / 4), sentence: bq.sentence,
      kind: 'need_payoff', method: 'spin_need_payoff', echo: null,
    });
  } else if (bq && TRIAL_CLOSE_RE.test(bq.sentence.text.replace(/\s+/g, ' '))) {
    // "How does that sound?" after a proposal is a trial close, never "real discovery".
    c.push({ dimension: 'next_step', positive: true, stretch: false, strength: 40, sentence: bq.sentence, kind: 'trial_close', method: 'trial_close', echo: null });
  } else if (bq && (bq.pain || bq.impact || bq.score >= 20)) {
    // "Wie oft kommt das bei euch vor?" asks how often, not about consequences.
    const implication = consequenceQuestion(bq.sentence.text) && !FREQUENCY_Q_RE.test(bq.sentence.text);
    c.push({
      dimension: 'discovery', positive: true, stretch: false, strength: (bq.impact ? 50 : 40) + bq.score / 4, sentence: bq.sentence,
      // Only a question about consequences is called one; a situation question that got a number is praised as such.
      kind: bq.impact ? (implication ? 'impact_question' : 'open_question_impact') : 'good_question', method: implication ? 'spin_implication' : undefined, echo: null,
      followUp: followUpOf(bq.sentence),
      // "Fully loaded, maybe fifty dollars.": a number, not the problem described with it.
      extra: { answerPain: bq.pain },
    });
  }
  // Never a goodbye ("Talk Thursday, Mike.") nor a label cut by an inline tag ("It sounds like").
  // A label split by an inline tag is praised at its words after the tag ("the spreadsheets depend on …").
  const continued = (x: Sentence): Sentence | undefined => {
    if (!fragment(x)) return x;
    const t = turns[x.turn];
    const next = t.sentences[t.sentences.indexOf(x) + 1];
    return next && !fragment(next) && next.question === null ? next : undefined;
  };
  // Nor an open question of the rep's own ("and what happens between the counts"): a question, not a mirror or a summary.
  const praisedParaphrase = m.paraphrases.filter((x) => !goodbye(x.text) && !salutation(x.text) && !(x.question !== null && OWN_QUESTION_RE.test(x.text))).map(continued).find((x) => x !== undefined);
  if (praisedParaphrase) {
    const p = praisedParaphrase;
    // The words that make it a label or a summary, also when the tag split them off.
    const said = m.paraphrases.find((x) => !goodbye(x.text) && continued(x) === p) ?? p;
    c.push({
      dimension: 'listening', positive: true, stretch: false, strength: 55, sentence: p, kind: 'paraphrase',
      method: LABEL_RE.test(said.text) ? 'voss_label' : !PARAPHRASE_RE.test(said.text) ? 'voss_mirror' : undefined, echo: null,
    });
  }
  if (m.needPayoffs[0] && !(bqPayoff && bq?.sentence === m.needPayoffs[0])) {
    c.push({ dimension: 'value', positive: true, stretch: false, strength: 65, sentence: m.needPayoffs[0], kind: 'need_payoff', method: 'spin_need_payoff', echo: null });
  }
  if (tiedPitch) {
    c.push({ dimension: 'value', positive: true, stretch: false, strength: 60, sentence: tiedPitch, kind: 'linked_pitch', echo: null });
  }
  const handled = [...m.objections].filter((o) => o.quality >= 3 && o.response).sort((a, b) => b.quality - a.quality)[0];
  if (handled) {
    // Quote the acknowledgement through the clarifying question when they are said together.
    const resp = handled.response as Sentence;
    const turn = turns[resp.turn];
    const q = turn.sentences.find((x) => x.question !== null && x.wordPos >= resp.wordPos);
    c.push({
      dimension: 'objection_handling', positive: true, stretch: false, strength: 70 + handled.quality * 5,
      sentence: resp.words < 4 && q && q.segText !== resp.segText ? q : resp, through: q && q !== resp ? q : undefined,
      kind: handled.quality >= 4 ? 'objection_handled_checked' : 'objection_handled', method: handled.feelFeltFound ? 'feel_felt_found' : 'laer', echo: null, objection: handled,
    });
  }
  // Feel, felt, found in the answer to an objection, outside the reply praised above: a strength of its own.
  const fff = feelFeltFound.find((x) => !(handled && (handled.response === x || handled.feelFeltFound === true && handled.response?.turn === x.turn)));
  if (fff) {
    c.push({ dimension: 'objection_handling', positive: true, stretch: false, strength: 62, sentence: fff, kind: 'feel_felt_found', method: 'feel_felt_found', echo: null });
  }
  if (ns.kind === 'dated' && ns.level >= 4 && ns.sentence) {
    const around = turns.slice(Math.max(0, ns.sentence.turn - 2), ns.sentence.turn + 3);
    const attendees = attendeesAround(turns, ns.sentence);
    // What the follow-up is for, said by the rep around the agreement ("I'll show him the dock view", „ich rechne dir … durch“).
    const purpose = around.some((t) => t.isRep && FOLLOW_UP_CONTENT_RE.test(t.text.replace(/\s+/g, ' ')));
    // A person the customer said decides or signs, and whom the rep does not name around the agreement, is not invited.
    // By first name or surname ("you and David" for "David Chen", "Herrn Wagner" for "Herr Wagner").
    const nameParts = (n: string) => n.split(' ').filter((w) => !/^(?:Herrn?|Frau|Dr\.)$/.test(w));
    const missing = deciders.filter((d) => d.sentence.wordPos <= ns.sentence!.wordPos + 40 && !around.some((t) => t.isRep && nameParts(d.name).some((w) => t.text.includes(w)))).map((d) => d.name);
    // Praise the rep's proposal, not the customer's "Freitag um zehn, ja.".
    const accepted = !turns[ns.sentence.turn].isRep && ns.sentence.words <= 8 && AGREE_RE.test(ns.sentence.text);
    // Nor the rep's "Bis Freitag!" at the end: the proposal before it.
    const proposal = accepted
      ? [...turns.slice(Math.max(0, ns.sentence.turn - 2), ns.sentence.turn)].reverse().find((t) => t.isRep)?.sentences.find((x) => DATE_RE.test(x.text))
      : goodbye(ns.sentence.text) && datedProposal !== ns.sentence ? datedProposal ?? undefined : undefined;
    c.push({
      dimension: 'next_step', positive: true, stretch: false, strength: 50 + ns.level * 5, sentence: proposal ?? ns.sentence,
      kind: missing.length > 0 ? 'next_step_dated_missing' : attendees ? 'next_step_dated_attendees' : purpose ? 'next_step_dated_purpose' : 'next_step_dated', method: 'calendar_close', echo: null,
      extra: { deciders: missing },
    });
  }
  if (m.agenda) {
    c.push({ dimension: 'next_step', positive: true, stretch: false, strength: 45, sentence: m.agenda, kind: 'agenda', method: 'sandler_upfront_contract', echo: null });
  }
  // Fallback strength: the rep's best question, else their first real sentence.
  // Never a permission question ("have you got two minutes?") nor a concession ("What if I could get you 15 percent off?").
  // Nor a push to pitch after an objection ("verstehe, aber darf ich Ihnen trotzdem kurz erklären …?").
  const usable = (q: Sentence) => ![LOGISTIC_Q_RE, TAG_QUESTION_RE, GREETING_RE, PERMISSION_Q_RE, DISCOUNT_OFFER_RE, FREE_EXTRA_RE, PUSH_PITCH_RE].some((re) => re.test(q.text));
  // In a follow-up, picking up what the customer said last time ("Letztes Mal hatten Sie erzählt, dass …") rather than the greeting.
  const recap = followUpOpening
    ? turns.filter((t) => t.isRep && t.index >= gateEnd).slice(0, 2).flatMap((t) => t.sentences).find((x) => x.question === null && substantive(x) && (RECAP_RE.test(x.text) || SCHEDULED_PURPOSE_RE.test(x.text) || FOLLOW_UP_PURPOSE_RE.test(x.text.replace(/\s+/g, ' '))))
    : undefined;
  const fallback =
    bq?.sentence ?? m.repQuestions.find((q) => q.question === 'open' && usable(q)) ?? recap ?? repSentences.find((x) => INTRO_RE.test(x.text)) ?? firstRep;
  if (fallback) {
    c.push({
      dimension: 'discovery', positive: true, stretch: false, strength: 1, sentence: fallback,
      // "…, spreche ich mit Herrn Lindner?" is an opening, not a question that drew the customer in.
      kind:
        fallback === recap ? 'fallback_recap' : fallback.question && !GREETING_RE.test(fallback.text) && !PERMISSION_Q_RE.test(fallback.text) ? 'fallback_strength' : 'fallback_opening',
      echo: null,
    });
  }
  // A very short call (a brush-off) has few moments: the rep's greeting is one more ("a friendly
  // opening"), rather than praising or faulting something the call did not have.
  const greeting = repSentences[0];
  // … and a cold call's upfront contract (why the rep calls, and may I?) is one more strength there.
  const permission = purposeAndPermission ? openingTurns.flatMap((t) => t.sentences).find((x) => x.question !== null && (PERMISSION_Q_RE.test(x.text) || ASK_SOMETHING_RE.test(x.text))) : undefined;
  // In a longer call it is a moment only when too few others are left (never the strongest over a real strength).
  if (permission) {
    // In a call to someone who knows the company (a follow-up, an agreed demo) it is no cold call's upfront contract.
    c.push({ dimension: 'next_step', positive: true, stretch: false, strength: m.totalWords < 120 ? 30 : 1, sentence: permission, kind: 'upfront_permission', echo: null, extra: { warm: warmCall } });
  }
  if (m.totalWords < 120 && !followUpOpening && greeting && greeting !== fallback && greeting.wordPos < (fallback?.wordPos ?? Infinity)) {
    c.push({ dimension: 'discovery', positive: true, stretch: false, strength: 0.25, sentence: greeting, kind: 'fallback_opening', echo: null });
  }
  // Never a goodbye or a thank-you ("Viel Erfolg beim Release!"): the rep's last sentence with content.
  const lastRepSentence = [...repSentences].reverse().find((x) => substantive(x) && !goodbye(x.text));
  if (lastRepSentence && lastRepSentence !== fallback) {
    const confirmed = m.nextStep.kind === 'dated' && m.nextStep.agreed && m.nextStep.sentence !== null && m.nextStep.sentence.wordPos < lastRepSentence.wordPos;
    c.push({
      dimension: 'next_step', positive: true, stretch: false, strength: 0.5, sentence: lastRepSentence, kind: confirmed ? 'fallback_closing_dated' : 'fallback_closing', echo: null,
      extra: { closingSays: DATE_RE.test(lastRepSentence.text) || /\b(?:schick\w*|send\w*|einladung|invite|trage|bis (?:dann|montag|dienstag|mittwoch|donnerstag|freitag)|talk on|see you)\b/i.test(lastRepSentence.text) },
    });
  }
  // The goodbye itself ("Super, vielen Dank und einen schönen Tag noch.") only in reserve, after
  // every other line: in a very short call, better than quoting a moment twice.
  const farewellLine = [...repSentences].reverse().find(substantive);
  if (farewellLine && farewellLine !== lastRepSentence && farewellLine !== fallback && goodbye(farewellLine.text)) {
    c.push({ dimension: 'next_step', positive: true, stretch: false, strength: 0.1, sentence: farewellLine, reserve: true, kind: 'fallback_closing', echo: null, extra: { closingSays: false } });
  }
  // A miss at a line the analysis credits is never the biggest miss. A tied pitch counts, except for
  // misses about what came before it or around it (a pain not explored, no qualification, a feature
  // list, a promise or a concession in it), its length in a genuinely long turn, and the stretch goal
  // that praises the tie and asks for the customer's own words next.
  for (const x of c) {
    if (x.positive) continue;
    // A missing date faults the close, not the line that proposed it (the meeting with the person who
    // decides); an untied pitch faults the missing tie, which handling the objection did not give it.
    if (['undated_next_step', 'vague_next_step', 'no_next_step', 'unconfirmed_next_step', 'value_unlinked'].includes(x.kind)) continue;
    // An objection given up or argued against faults the reply itself, even when it repeats the
    // customer's words ("Sure, I'll send you some info by email." after "Just send me some info."):
    // giving in with their words is no mirror.
    // A half-handled objection (a question, no acknowledgement, no defence) whose reply is itself a
    // move the analysis credits – a mirror („Drei, vier No-Shows die Woche?“), a need-payoff or a
    // consequence question – is no place for the biggest miss either.
    if (x.kind === 'objection' && x.objection !== undefined && x.objection.quality < 3) {
      const o = x.objection;
      if (o.quality === 2 && !o.defense && !o.capitulated && x.sentence === o.response && (mirrorQuestion(x.sentence) || m.needPayoffs.includes(x.sentence) || (x.sentence.question !== null && consequenceQuestion(x.sentence.text)))) x.credited = true;
      continue;
    }
    const withPitches = !PITCH_MISS_KINDS.has(x.kind);
    if ([x.sentence, ...(x.through ? [x.through] : [])].some((q) => credited(q, withPitches))) x.credited = true;
  }
  // A quote is a whole sentence: a line cut by layout ("Genau dafür arbeiten wir mit" before a wrapped
  // line, "It sounds like" before an inline tag) is verbatim but says nothing on its own.
  for (let i = c.length - 1; i >= 0; i--) if (fragment(c[i].sentence) && c.filter((x) => !fragment(x.sentence)).length >= 5) c.splice(i, 1);
  // No problem named up to the moment, and the echo is neither an objection nor time or money the
  // customer spends: "Wir sind ein Familienbetrieb mit 40 Leuten" is a fact, not the problem.
  // A very short call turned from "no time now" into an agreed, dated callback: no discovery
  // question now, only what the callback should cover.
  const callbackSaved = callbackTurned(m);
  // A loss the customer names („ein paar Stammkunden sind seitdem weg“, "we lost two clients") is a problem too.
  const problemWords = customer.filter((x) => objectionSentences.has(x) || TIME_MONEY_RE.test(x.text) || LOSS_RE.test(x.text) || GONE_RE.test(x.text)).map((x) => x.text.replace(/\s+/g, ' '));
  for (const x of c) {
    // A tied pitch or recap names the problem itself ("Last time you said your recruiters spend about ten hours a week …"): its line can build on it.
    if (x.positive || !PROBLEM_FRAMED_KINDS.has(x.kind) || m.pains.some((p) => p.sentence.wordPos <= x.sentence.wordPos) || (x.kind === 'stretch_value' && x.extra?.pitched)) continue;
    const echo = x.echo;
    if (echo === null || !problemWords.some((t) => t.includes(echo))) x.plainEcho = true;
    // After a price, budget or competitor objection the call is a negotiation: no "what isn't working".
    x.extra = { ...x.extra, negotiation: m.objections.some((o) => (o.type === 'price' || o.type === 'competitor' || o.type === 'budget') && o.sentence.wordPos <= x.sentence.wordPos), callback: callbackSaved };
  }
  // Back to „Sie“ after the customer offered du („sag ruhig Nadine, bei uns duzen sich alle“ – later
  // „Außerdem haben Sie ein Dashboard …“): a note among the moments, never the biggest miss.
  if (m.callLanguage === 'de') {
    const offer = customer.find((x) => DU_OFFER_RE.test(x.text));
    const duForm = (x: Sentence) => DU_FORM_RE.test(x.text);
    // The rep took the du up ("ich bin Paul. Was hat dich …"), then slipped.
    const tookUp = offer ? repSentences.find((x) => x.turn > offer.turn && duForm(x)) : undefined;
    const slip = offer && tookUp ? repSentences.find((x) => x.wordPos > tookUp.wordPos && FORMAL_MID_RE.test(x.text) && !duForm(x)) : undefined;
    if (slip) c.push({ dimension: 'listening', positive: false, stretch: false, strength: 20, sentence: slip, kind: 'form_slip', echo: null });
  }
  // The month from which the customer has time, as said up to each moment: a line's slot lies in it.
  const windows = customer.map((x) => ({ at: x.wordPos, month: monthWindow(x.text) })).filter((w) => w.month !== null);
  if (windows.length > 0) {
    for (const x of c) {
      const w = [...windows].reverse().find((y) => y.at <= x.sentence.wordPos);
      if (w) x.extra = { ...x.extra, window: w.month as string };
    }
  }
  return c;
}

export interface Selection {
  strongest: Candidate;
  miss: Candidate;
  moments: [Candidate, Candidate, Candidate];
}

export function selectMoments(all: Candidate[], scores: Scores): Selection {
  // Stretch goals are advice for a dimension that went well: used where it scored 3 or more in a
  // call that went well overall, unless the call has too few other moments to choose from.
  const mean = SCORE_DIMENSIONS.reduce((sum, d) => sum + scores[d], 0) / SCORE_DIMENSIONS.length;
  const fitting = all.filter((x) => !x.stretch || (scores[x.dimension] >= 3 && mean >= 3));
  const first = selectFrom(new Set(fitting.filter((x) => !x.reserve).map((x) => x.sentence)).size >= 5 ? fitting : all, scores);
  // Too few different quotes among the fitting ones (a quote may span two sentences): all of them.
  return first.short && fitting.length < all.length ? selectFrom(all, scores) : first;
}

function selectFrom(candidates: Candidate[], scores: Scores): Selection & { short: boolean } {
  const negatives = candidates.filter((x) => !x.positive);
  const positives = candidates.filter((x) => x.positive);
  const rankNeg = (a: Candidate, b: Candidate) =>
    scores[a.dimension] - scores[b.dimension] ||
    Number(a.stretch) - Number(b.stretch) ||
    b.strength - a.strength ||
    TIEBREAK.indexOf(a.dimension) - TIEBREAK.indexOf(b.dimension) ||
    a.sentence.wordPos - b.sentence.wordPos;
  negatives.sort(rankNeg);
  // A price, competitor or budget objection that was defended, ignored or given up is the clearest
  // miss of a call: the biggest miss even when another dimension scored one point lower (too few
  // questions, a missing agenda), because that is where the deal was put at risk. So is a hard no
  // ("kein Interesse", "take us off your list") argued or pitched against: after it the lesson is the
  // brush-off, never a meeting slot.
  const weakest = negatives[0];
  if (weakest && weakest.kind !== 'objection') {
    const objection = negatives.find(
      (x) =>
        x.kind === 'objection' && x.objection !== undefined && x.objection.quality <= 1 && (['price', 'competitor', 'budget'].includes(x.objection.type) || x.hardNo === true) &&
        scores[x.dimension] <= scores[weakest.dimension] + 1,
    ) ??
      // Not a single question, no agenda or a loose close ranks after an objection given up at that
      // close ("Just send me an email." – "Sure, no problem! What's the best email?"): the line then
      // answers what the customer just said.
      (['few_questions', 'talk_share', 'no_agenda', 'no_next_step', 'vague_next_step', 'undated_next_step'].includes(weakest.kind)
        ? negatives.find((x) => x.kind === 'objection' && x.givenUpAtClose === true && !x.stretch && scores[x.dimension] <= scores[weakest.dimension] + 1)
        : undefined);
    if (objection) {
      negatives.splice(negatives.indexOf(objection), 1);
      negatives.unshift(objection);
    }
  }
  // The strongest moment: a real strength in a dimension that scored at least 3, strongest first.
  const tier = (x: Candidate) => (x.strength <= 1 ? 0 : scores[x.dimension] >= 3 ? 2 : 1);
  // The dated close is the strongest moment only when nothing better happened: a real strength
  // (a handled objection, a need-payoff or an implication question that got a number, a label)
  // in a dimension that went well comes first.
  const dated = (x: Candidate) => x.kind === 'next_step_dated' || x.kind === 'next_step_dated_attendees' || x.kind === 'next_step_dated_missing';
  const rank = (x: Candidate) => tier(x) * 2 + (x.strength >= 50 && !dated(x) ? 1 : 0);
  positives.sort((a, b) => rank(b) - rank(a) || b.strength - a.strength || a.sentence.wordPos - b.sentence.wordPos);
  // A quote may run from its sentence through a later one (acknowledgement + question): two
  // moments that share any of those sentences would quote the same words.
  const quoted = (x: Candidate): Sentence[] => (x.through ? [x.sentence, x.through] : [x.sentence]);
  // A stretch goal never sits on a sentence that is praised as a real strength (a dated close, a handled objection).
  const praised = new Set(positives.filter((p) => p.strength >= 40).flatMap(quoted));
  // A tied pitch's praise holds back only the stretch goals a tied pitch cannot carry: the value stretch
  // (its why praises the tie) and the talk-share stretch of a turn long enough for it may sit there.
  const praisedBeyondTie = new Set(positives.filter((p) => p.strength >= 40 && p.kind !== 'linked_pitch').flatMap(quoted));
  const fits = (x: Candidate) =>
    !x.stretch || x.kind === 'stretch_objection' || !quoted(x).some((q) => (PITCH_MISS_KINDS.has(x.kind) ? praisedBeyondTie : praised).has(q));
  // A du/Sie slip is a note among the moments, never the biggest miss.
  const missable = negatives.filter((x) => x.kind !== 'form_slip');
  const miss = missable.find((x) => fits(x) && !x.credited) ?? missable.find(fits) ?? missable[0] ?? candidates[candidates.length - 1];
  const strongest = positives.find((p) => !quoted(p).some((q) => quoted(miss).includes(q))) ?? positives[0] ?? miss;
  // Three more moments to learn from, other than the strongest moment and the biggest miss: real
  // misses (one per dimension) and real strengths in turn, then stretch goals and fallbacks; the
  // strongest moment and the biggest miss only when the call has too few other moments.
  const used = new Set<Sentence>([...quoted(miss), ...quoted(strongest)]);
  const free = (x: Candidate) => quoted(x).every((q) => !used.has(q));
  const dims = new Set<ScoreDimension>([miss.dimension]);
  const picked: Candidate[] = [];
  const take = (x: Candidate | undefined): boolean => {
    if (!x || picked.length >= 3) return false;
    picked.push(x);
    for (const q of quoted(x)) used.add(q);
    dims.add(x.dimension);
    return true;
  };
  // A miss at a credited line (a qualification gap quoted at a pitch that answered an objection) only after the others.
  const nextMiss = () =>
    negatives.find((x) => !x.stretch && !x.reserve && !x.credited && free(x) && !dims.has(x.dimension)) ??
    negatives.find((x) => !x.stretch && !x.reserve && !x.credited && free(x)) ??
    negatives.find((x) => !x.stretch && !x.reserve && free(x) && !dims.has(x.dimension));
  // Strengths of other dimensions first: a dated close that is not the strongest moment is still one of the moments.
  const nextStrength = () => positives.find((x) => x.strength > 1 && free(x) && !dims.has(x.dimension) && x.dimension !== strongest.dimension) ?? positives.find((x) => x.strength > 1 && free(x));
  // The obvious misses a coach always names: a discount or extra given away unasked, an unhedged guarantee.
  for (const x of negatives) if ((x.kind === 'concession' || x.kind === 'risky_promise') && !x.stretch && free(x)) take(x);
  // And the answer a coach always praises by name: feel, felt, found after an objection, even when the
  // objection's acknowledgement is already the strongest moment (a mirror or a tied pitch in the same turn takes no slot from it).
  for (const x of positives) if (x.kind === 'feel_felt_found' && x !== strongest && free(x)) take(x);
  for (let round = 0; round < 3 && picked.length < 3; round++) {
    const progressed = [take(nextMiss()), take(nextStrength())].some(Boolean);
    if (!progressed) break;
  }
  const unreserved = (x: Candidate) => !x.reserve && free(x);
  while (picked.length < 3 && take(negatives.find((x) => unreserved(x) && !x.credited) ?? candidates.find(unreserved)));
  const short = picked.length < 3;
  // Too few: the rep's plain answers held in reserve, before any quote is repeated.
  while (picked.length < 3 && take(candidates.find(free)));
  for (const x of [miss, strongest, ...negatives]) if (picked.length < 3 && !picked.includes(x)) picked.push(x);
  while (picked.length < 3) picked.push(strongest);
  const three = picked.slice(0, 3).sort((a, b) => a.sentence.wordPos - b.sentence.wordPos) as [Candidate, Candidate, Candidate];
  return { strongest, miss, moments: three, short };
}

// ------------------------------------------------------------------ rendering

export interface RenderContext {
  language: Language;
  mode: SayMode;
  params: Omit<TextParams, 'echo' | 'objection' | 'quality'>;
  speakerOf: (s: Sentence) => string;
  note: string;
}

function capitalise(s: string): string {
  const i = s.search(/[\p{L}]/u);
  if (i < 0) return s;
  // Only when the text starts with the letter (no opening quote before it).
  if (i !== 0) return s;
  return s[0].toUpperCase() + s.slice(1);
}

/** "it's Chris from Fieldwise": the caller names themselves and their company. */
const CALLER_RE = /\b(?:it's|it is|hier ist|ich bin)\s+\p{Lu}[\p{L}-]+(?:\s+\p{Lu}[\p{L}-]+)?\s+(?:from|with|von|vom)\s/u;

function paramsFor(c: Candidate, ctx: RenderContext, strongest = false): TextParams {
  const text = c.sentence.text;
  const opening = c.kind === 'fallback_opening' ? { who: INTRO_RE.test(text) || CALLER_RE.test(text), why: OPENING_REASON_RE.test(text) } : undefined;
  return { ...ctx.params, echo: c.echo, objection: c.objection?.type as ObjectionType | undefined, quality: c.objection?.quality, followUp: c.followUp, strongest, opening, ...c.extra };
}

/** `strongest`: rendered as the strongest moment; only then do its texts call it that. */
/** Half handled by a question without an acknowledgement (not a defence): the question was the right move. */
const askedNoAck = (o: ObjectionEvent) => o.quality === 2 && o.question && !o.ack && !o.defense && o.response !== null && o.response.question !== null;

export function renderMoment(c: Candidate, ctx: RenderContext, withNote = false, strongest = false): Moment {
  const p = paramsFor(c, ctx, strongest);
  let why: string;
  let coaching: string;
  if (c.kind === 'objection') {
    const o = c.objection as ObjectionEvent;
    why = askedNoAck(o) ? objectionAskedNoAckWhy(ctx.language, o.type, c.extra?.checkedBack ?? false) : objectionWhy(ctx.language, o.type, o.quality, o.capitulated, o.brushOff);
    coaching = objectionCoaching(ctx.language, c.method as string, o.brushOff);
    // The call's form of address is known: one example, not both.
    if (ctx.mode === 'Sie') coaching = coaching.replace(' bzw. „Du denkst wahrscheinlich ...“', '');
    else if (ctx.mode === 'du') coaching = coaching.replace('„Sie denken wahrscheinlich ...“ bzw. ', '');
  } else {
    const t: KindTexts = TEXTS[c.kind];
    why = t.why[ctx.language](p);
    coaching = t.coaching[ctx.language](p);
  }
  if (withNote && ctx.note) coaching = `${coaching} ${ctx.note}`;
  const moment: Moment = {
    quote: quoteOf(c.sentence, c.focus, c.through),
    speaker: ctx.speakerOf(c.sentence),
    why,
    coaching,
  };
  if (c.method) {
    moment.method = c.method;
    if (ctx.language === 'en') moment.method_label = METHODS[c.method];
  }
  return moment;
}

/**
 * A very short call where the customer had no time and the rep turned that into an agreed, dated
 * callback ("gerade ganz schlecht" – „Donnerstag um zwei?“ – „Passt.“): the right outcome; asking
 * about their situation then would have cost the callback.
 */
function callbackTurned(m: Measurements): boolean {
  return m.totalWords < 150 && m.nextStep.level >= 4 && m.objections.some((o) => o.type === 'timing' && o.quality >= 2);
}

export function renderMiss(c: Candidate, ctx: RenderContext): BiggestMiss {
  const base = renderMoment(c, ctx, true);
  let say: string;
  if (c.kind === 'objection' && askedNoAck(c.objection as ObjectionEvent)) {
    // The rep's own question was right: the line adds the acknowledgement it lacked.
    say = objectionAckFirstSay(ctx.mode, c.echo, quoteOf(c.sentence));
  } else if (c.kind === 'objection') {
    say = objectionSay(ctx.mode, c.method as string, c.echo, c.objection?.type, c.objection?.brushOff, c.extra?.decider, c.extra?.warm, c.extra?.compared);
  } else {
    const t: KindTexts = TEXTS[c.kind];
    const fn = c.plainEcho ? NO_PAIN_SAY[ctx.mode] : t.say?.[ctx.mode] ?? TEXTS.no_next_step.say[ctx.mode];
    say = fn(paramsFor(c, ctx));
  }
  // A slot the line proposes lies inside the time the customer gave ("vor Mai wird das eh nichts").
  // Only in the line's own words, never inside the customer's quoted words.
  if (c.extra?.window) {
    const w = c.extra.window;
    say = c.echo && say.includes(c.echo) ? say.split(c.echo).map((part) => slotInWindow(part, ctx.mode, w)).join(c.echo) : slotInWindow(say, ctx.mode, w);
  }
  return { ...base, what_to_say_instead: capitalise(say) };
}

export function renderCommitment(c: Candidate, ctx: RenderContext): string {
  if (c.kind === 'objection') return objectionCommitment(ctx.language, c.method as string, c.objection?.brushOff, c.extra?.warm);
  const t: KindTexts = TEXTS[c.kind];
  const fn = t.commitment?.[ctx.language] ?? TEXTS.no_next_step.commitment[ctx.language];
  return fn(paramsFor(c, ctx));
}

