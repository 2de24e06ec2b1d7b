// Measurements of one call. Every loop is a single pass over turns/sentences with a bounded
// look-ahead (the next rep turn, the next customer turn), so the cost is linear in the length.

import type { FormOfAddress, Language } from '../types.ts';
import { countFormsOfAddress, languageScores } from './language.ts';
import {
  ACK_RE,
  AGENDA_RE,
  AGREE_RE,
  AGREEMENT_TAG_RE,
  ASK_PERMISSION_RE,
  CALL_PURPOSE_RE,
  CHECK_BACK_RE,
  CONCERN_INVITE_RE,
  CUT_OFF_RE,
  FINISH_REQUEST_RE,
  ATTENDEE_NAME_RE,
  ATTENDEE_RE,
  DATE_RE,
  DEFENSE_RE,
  DISCOUNT_OFFER_RE,
  CHEAPER_PLAN_RE,
  CONCESSION_ASK_RE,
  complianceGateOnly,
  DELIVERY_RE,
  FEATURE_RE,
  FELT_RE,
  FOUND_RE,
  FREE_EXTRA_RE,
  FREE_NOW_RE,
  INTEGRATION_RE,
  onlyIntegratedPlatforms,
  REFRAME_RE,
  TRADE_RE,
  adoptionConcern,
  GREETING_RE,
  salutation,
  CRITERIA_Q_RE,
  IMPLICATION_Q_RE,
  INTEREST_Q_RE,
  INVITE_RE,
  LABEL_RE,
  ONE_SIDED_FOLLOW_UP_RE,
  OFFER_DEADLINE_RE,
  PROPOSAL_Q_RE,
  LINK_RE,
  PROBLEM_LINK_RE,
  LOGISTIC_Q_RE,
  MEETING_RE,
  namesCompetitor,
  NEED_PAYOFF_RE,
  NON_PROBLEM_NUMBER_RE,
  OBJECTION_NEGATION_RE,
  BUSY_NOW_RE,
  LEAVING_RE,
  OFFER_TIME_RE,
  OFFER_MATERIAL_RE,
  NO_TIME_TO_RE,
  PUSH_PITCH_RE,
  PERMISSION_Q_RE,
  OBJECTION_RES,
  PRICE_CONTEXT_RE,
  PRICE_MENTION_RE,
  PRICE_NUMBER_RES,
  PRICE_QUESTION_RE,
  SCHEDULING_PURPOSE_RE,
  THIRD_PARTY_REPORT_RE,
  GOAL_RE,
  LOCKED_IN_RE,
  OBJECTION_TYPES,
  type ObjectionType,
  painText,
  PAIN_RE,
  PARAPHRASE_RE,
  PITCH_RE,
  promiseHedged,
  PROMISE_TOPIC_RE,
  quantifiesImpact,
  QUALIFY_RE,
  QUALIFY_TOPIC_RES,
  REFUSE_RE,
  RISKY_PROMISE_RE,
  THIRD_PARTY_NO_TIME_RE,
  UNDATED_RE,
  VAGUE_RE,
} from './lexicon.ts';
import { WORD_RE, rx } from './regex.ts';
import type { Sentence, Turn } from './turns.ts';

export const WORDS_PER_SECOND = 2.5; // 150 words per minute

export interface PainEvent {
  sentence: Sentence;
  /** The rep's next turn asked a question about it (or labelled or paraphrased it). */
  explored: boolean;
  /** The rep asked about consequences (implication) or the customer quantified the impact. */
  implication: boolean;
  /** Impact quantified (numbers, time, money) in the pain sentence or the customer's next answer. */
  impact: boolean;
  /** The rep answered the pain with a pitch instead of a question. */
  pitchedNext: boolean;
  /** The pain came in answer to the rep's open question ("Wie planen Sie Ihre Einsätze heute?"). */
  answersOpenQuestion: boolean;
  /**
   * The rep's reply asked a question, but about something else: the next checklist item or the
   * requirements („Und die Schnittstelle zu Ihrem ERP …?“, "What do you need this time?", coach review 8).
   */
  steppedOver: boolean;
}

export type HandlingQuality = 0 | 1 | 2 | 3 | 4;

export interface ObjectionEvent {
  type: ObjectionType;
  sentence: Sentence;
  /** 0 ignored, 1 defended, 2 acknowledged or clarified, 3 acknowledged and clarified, 4 plus check-back. */
  quality: HandlingQuality;
  ack: boolean;
  question: boolean;
  defense: boolean;
  /** The rep's sentence that best shows the reply (defence, acknowledgement, question), if any. */
  response: Sentence | null;
  /** Early in the call (first 15 %): a brush-off rather than a considered objection. */
  early: boolean;
  /**
   * The objection was given up on, not explored (quality 0): the reply only offered to send
   * material, or answered a price or budget objection with a discount before any question.
   */
  capitulated: false | 'material' | 'discount' | 'cheaper_plan';
  /** Acknowledged, then what other customers felt at first and what they found, before the question: feel, felt, found. */
  feelFeltFound?: boolean;
  /** A timing objection about this very moment ("Ich habe gleich noch einen Termin", "I'm about to go into a meeting"): a brush-off of the call. */
  brushOff?: boolean;
}

export type NextStepKind = 'dated' | 'undated' | 'vague' | 'none';

export interface NextStepInfo {
  level: 1 | 2 | 3 | 4 | 5;
  kind: NextStepKind;
  sentence: Sentence | null;
  invite: boolean;
  agreed: boolean;
}

export interface Measurements {
  turns: Turn[];
  repKey: string;
  repLabel: string;
  totalWords: number;
  repWords: number;
  talkShare: number;
  speakers: number;
  monologueTurn: Turn | null;
  monologueWords: number;
  monologueSeconds: number | null;
  durationSeconds: number | null;
  repQuestions: Sentence[];
  /** Rep questions that explore the customer (not permission, identity checks, logistics, offers of material, concessions or date proposals). */
  discoveryQuestions: number;
  /** Of those, the open ones. */
  openDiscoveryQuestions: number;
  /**
   * Concessions the rep gave away: a discount or a free extra not asked for, offered before the
   * objection was explored, or without anything asked in return. Not the direct reply to a price
   * or budget objection (that is a capitulated objection).
   */
  concessions: Sentence[];
  openQuestions: number;
  closedQuestions: number;
  questionsByThird: [number, number, number];
  pains: PainEvent[];
  impacts: number;
  objections: ObjectionEvent[];
  paraphrases: Sentence[];
  /**
   * Where the rep cut the customer off: the rep's first sentence after a customer turn that ends in a
   * dash or an ellipsis („… und dann –“), or before the customer asked to be let finish (coach review 7).
   */
  interruptions: Sentence[];
  /** The customer's request to be let finish („Darf ich kurz ausreden?“, "Let me finish."). */
  finishRequest: Sentence | null;
  pitches: Sentence[];
  linkedPitches: Sentence[];
  needPayoffs: Sentence[];
  /** Unhedged guarantees by the rep about a delivery, a date or a result ("das kann ich Ihnen zusagen", "I can guarantee that"). */
  riskyPromises: Sentence[];
  featureDump: { turn: Turn; features: number } | null;
  pitchBeforePain: Sentence | null;
  qualifyingQuestions: number;
  agenda: Sentence | null;
  /** The rep stated the reason for the call and asked permission or for time early on: a cold call's upfront contract. */
  purposeAndPermission: boolean;
  concernInvite: Sentence | null;
  nextStep: NextStepInfo;
  /**
   * A short call (under 250 words) only to move or confirm an agreed meeting: the rep's opening says so
   * and nothing is pitched (coach review 8). Its question target is the short-call minimum.
   */
  schedulingOnly: boolean;
  /** Best open rep question: the one that got the longest customer answer (with pain/impact bonus). */
  bestQuestion: { sentence: Sentence; score: number; impact: boolean; pain: boolean } | null;
  callLanguage: Language;
  mixedLanguage: boolean;
  formOfAddress: FormOfAddress | null;
  /** Customer sentences for echoing, in order (pains, objections and the rest). */
  customerSentences: Sentence[];
}

const STOP = new Set([
  'eigentlich', 'natürlich', 'wirklich', 'einfach', 'gerade', 'momentan', 'aktuell', 'vielleicht', 'irgendwie', 'schon',
  'immer', 'wieder', 'manchmal', 'ziemlich', 'ehrlich', 'gesagt', 'deshalb', 'deswegen', 'allerdings', 'trotzdem',
  'haben', 'werden', 'wurden', 'können', 'müssen', 'sollen', 'würden', 'hätten', 'unsere', 'unseren', 'unserer', 'unserem',
  'dieser', 'diese', 'dieses', 'welche', 'wieder', 'etwas', 'nichts', 'jemand', 'andere', 'anderen', 'something',
  'really', 'actually', 'because', 'basically', 'probably', 'everything', 'anything', 'nothing', 'there', 'their',
  'these', 'those', 'would', 'could', 'should', 'about', 'which', 'where', 'right', 'think', 'know', 'going', 'always',
  'problem', 'probleme', 'problems', 'issue', 'issues',
]);

/** A greeting back ("Guten Tag Frau Ott, Jan Petersen von Werkstattplaner.") repeats names, not facts. */
const GREETING_START_RE = /^\W*(?:guten (?:tag|morgen|abend)|hallo|hi|hey|hello|good (?:morning|afternoon|evening)|moin|servus)\b/i;
/** Words that carry no fact of the customer's: a summary is judged on the rest. */
const FUNCTION_WORDS = new Set([
  'the', 'and', 'you', 'your', 'for', 'are', 'was', 'were', 'but', 'not', 'can', "can't", 'has', 'had', 'have', 'who', 'how', 'why',
  'what', 'its', "it's", 'our', 'out', 'all', 'any', 'this', 'that', "that's", 'with', 'from', 'they', 'them', 'then', 'than', 'just',
  'also', 'very', 'into', 'about', 'there', 'their', 'here', 'some', 'get', 'got', 'now', 'well', 'yes', 'yeah', 'okay', 'too', 'let',
  "i'm", "i'll", "we're", "you're", "there's", 'und', 'der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'einen', 'einem', 'einer',
  'ist', 'sind', 'war', 'wir', 'ihr', 'sie', 'mit', 'von', 'vom', 'zum', 'zur', 'für', 'auf', 'aus', 'bei', 'nicht', 'auch', 'noch',
  'nur', 'mal', 'dann', 'wie', 'was', 'wer', 'oder', 'aber', 'uns', 'euch', 'ihnen', 'dich', 'dir', 'mich', 'mir', 'ich', 'sich',
  'hat', 'haben', 'habe', 'wird', 'werden', 'schon', 'doch', 'also', 'plus', 'jetzt', 'gerade', 'dass', 'weil', 'wenn', 'denn',
  'gut', 'klar', 'okay', 'genau', 'verstehe', 'got', 'sure', 'right',
]);
function factWords(text: string): string[] {
  return [...new Set((text.toLowerCase().replace(/’/g, "'").match(WORD_RE) ?? []).filter((w) => (w.length >= 3 || /\d/.test(w)) && !FUNCTION_WORDS.has(w)).map(stem))];
}
/**
 * The rep's statement sums up the customer's turn just before: up to 18 words, fewer than the
 * customer said, at least three of the customer's fact words (numbers, nouns) and at least half of
 * its own. Not an argument, an offer, a date or a feature ("18 Euro ist ein fairer Preis").
 */
function summarises(x: Sentence, customer: Turn, earlier: readonly Turn[] = []): boolean {
  if (x.question !== null || x.words > 18 || x.words >= customer.words + earlier.reduce((a, t) => a + t.words, 0)) return false;
  if ([DEFENSE_RE, OFFER_MATERIAL_RE, DISCOUNT_OFFER_RE, FREE_EXTRA_RE, DATE_RE, REFRAME_RE, PITCH_RE].some((re) => re.test(x.text)) || countMatches(FEATURE_RE, x.text) > 0) return false;
  const facts = (t: Turn) => t.sentences.filter((y) => y.question === null).flatMap((y) => factWords(y.text));
  const last = new Set(facts(customer));
  const theirs = new Set([...last, ...earlier.flatMap(facts)]);
  const mine = factWords(x.text);
  const shared = mine.filter((w) => theirs.has(w)).length;
  // A summary of the last few answers ("also eine stunde excel jeden abend und an jedem wochenende rund
  // vierhundert euro die wieder umdrehen") takes up the last one and the ones before (coach review 7).
  return shared >= 3 && shared >= 0.5 * mine.length && (earlier.length === 0 || mine.some((w) => last.has(w)));
}

/** A crude stem, so that inflections match ("Angebote" – "Angebot", "approvals" – "approval"). */
const SUFFIX_RE = /(?:en|er|es|em|e|n|s)$/;
function stem(w: string): string {
  const cut = w.replace(SUFFIX_RE, '');
  if (cut.length < 4) return w;
  // Twice, so that a plural and its singular meet ("certifications" – "certification", both "certificatio").
  const again = cut.replace(SUFFIX_RE, '');
  return again.length >= 4 ? again : cut;
}

function contentWords(text: string, into: Set<string>): void {
  WORD_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = WORD_RE.exec(text)) !== null) {
    const w = m[0].toLowerCase();
    if ((w.length >= 5 || /\d/.test(w)) && !STOP.has(w)) into.add(stem(w));
  }
}

/** A closed question that refers back to what was just said ("Und passieren da Fehler?", "Does that happen every week?"). */
const REFERS_BACK_RE = /\b(?:da|dabei|dadurch|das|dann|davon|damit|dort|that|this|it|then|those|them|there)\b/i;
/** The rep's question is about the pain just named, not the next item on a checklist. */
function asksAboutPain(q: Sentence, painTurn: Turn): boolean {
  if (IMPLICATION_Q_RE.test(q.text)) return true;
  // The next item on a checklist („Und die Schnittstelle zu Ihrem ERP, das war SAP Business One,
  // richtig?“) or the requirements ("What do you need this time?") leave the pain behind, however
  // they point back ("das", "this"), unless they take up a word of it (coach review 8).
  const topic = NEW_TOPIC_Q_RE.exec(q.text)?.[1];
  if (REQUIREMENTS_Q_RE.test(q.text) || (topic !== undefined && !factWords(painTurn.text).includes(stem(topic.toLowerCase())))) return false;
  if (q.question === 'open' || REFERS_BACK_RE.test(q.text)) return true;
  const said = new Set<string>();
  contentWords(painTurn.text, said);
  return overlap(q.text, said) >= 1;
}
/** A question that opens a new topic with "and the …" („Und die Schnittstelle zu Ihrem ERP …?", "And your dispatch board?"): its noun. */
// German: an article and a capitalised noun (not „Und das passiert jede Woche?“); English: "the" or "your" and a word.
const NEW_TOPIC_Q_RE = /^\W*(?:(?:[Uu]nd|[Jj]etzt)\W+(?:die|der|das|den|dem|Ihre?[mnrs]?|deine?[mnrs]?|eure?[mnrs]?)\s+(?=[A-ZÄÖÜ])|(?:[Aa]nd|[Nn]ow)\W+(?:the|your)\s+)([A-Za-zÄÖÜäöüß]{3,})/;
/** A question for the requirements ("What do you need this time?", „Was brauchen Sie von uns?"): it moves on to the offer. */
const REQUIREMENTS_Q_RE = rx(String.raw`\b(?:what (?:do|would|will) you (?:need|want|require|have in mind)(?: from us| this time| for (?:it|this|the \w+))?\s*\?|was (?:brauchen|bräuchten|wollen|möchten|wünschen) (?:Sie|du|ihr)(?: diesmal| dieses mal| von uns| dafür)?\s*\?|was (?:brauchst|bräuchtest|willst|möchtest|wünschst) du(?: diesmal| dieses mal| von uns| dafür)?\s*\?)`);

function overlap(text: string, vocab: Set<string>): number {
  if (vocab.size === 0) return 0;
  const seen = new Set<string>();
  WORD_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = WORD_RE.exec(text)) !== null) {
    const w = stem(m[0].toLowerCase());
    if (vocab.has(w)) seen.add(w);
  }
  return seen.size;
}

const PRODUCT_NAME_RE = /\b\p{Lu}\p{Ll}+\s+(?:from|von|vom)\s+(\p{Lu}\p{Ll}{3,}(?:\p{Lu}\p{Ll}+)?)\b/u;
const ESCAPE_RE = /[.*+?^${}()|[\]\\]/g;
/**
 * "Paydock automates …", "Taskhive übernimmt …", "That's what Specsheet's supplier monitoring does: …":
 * the rep's company ("Olivia from Paydock" in the rep's first two turns), or its named product, followed by a verb.
 */
function productPitchRe(turns: Turn[]): RegExp | null {
  for (const t of turns.filter((x) => x.isRep).slice(0, 2)) {
    const name = PRODUCT_NAME_RE.exec(t.text)?.[1];
    if (!name) continue;
    const n = name.replace(ESCAPE_RE, '\\$&');
    // Also with an adverb before the verb ("Cleanroute automatically finds …") and after a
    // preposition ("Mit Rechnungsprofi schreibst du …", "Bei Taskhive hängen die Stunden …", "With Cleanroute you …"),
    // also after a conjunction ("Because with Drafthour, everyone logs time …", coach review 8).
    return new RegExp(
      String.raw`(?:^|[,;:–-]\s*|\b(?:where|wo|denn|weil|because|what|was)\s+)${n}(?:['’]s(?:\s+\p{Ll}+){1,2})?\s+(?:(?:\p{Ll}+ly|also|auch|einfach|automatisch|direkt|sofort|gleich|just|simply|then|dann)\s+)?(?:\p{Ll}+(?:s|t|et|ert)|can|will|kann|wird|does|macht|hilft)\b|(?:^|\b(?:[Bb]ecause|[Aa]nd|[Ss]o|[Bb]ut|[Pp]lus|[Ww]eil|[Dd]enn|[Uu]nd|[Aa]lso|[Aa]ber)\s+)(?:[Mm]it|[Bb]ei|[Ii]n|[Ww]ith|[Uu]sing)\s+${n}\b(?!\s+(?:gesprochen|telefoniert|talked|spoke))`,
      'u',
    );
  }
  return null;
}

/** "Last time you said …", „im letzten Gespräch hatten Sie erwähnt …“: a reference to an earlier call, whose words are not in this transcript. */
const EARLIER_CALL_RE =
  /\b(?:last time|last week|(?:in |on |during )?(?:our|the|your) (?:last|previous|earlier|first) (?:call|meeting|conversation|chat|demo)|(?:beim )?letzte[ns]? mal|letzte woche|(?:im|in unserem|beim|in unserer|bei unserem) (?:letzten|ersten|vorigen|vorherigen) (?:gespräch|telefonat|termin|call|meeting|demo)|neulich)\b/i;
/**
 * The rep quotes the customer ("Sie hatten gesagt …", "I think you mentioned around three hundred
 * employees"): a tie only when the words after it are the customer's own (at least one content word
 * they said before), or the quote refers to an earlier call (named, or before the customer said
 * anything in this one). An invented reference ties nothing.
 */
function quotesCustomer(text: string, said: () => Set<string>): boolean {
  const clean = text.replace(PROBLEM_LINK_RE, ' ');
  const re = new RegExp(LINK_RE.source, LINK_RE.flags.includes('g') ? LINK_RE.flags : LINK_RE.flags + 'g');
  let m: RegExpExecArray | null;
  while ((m = re.exec(clean)) !== null) {
    const start = Math.max(clean.lastIndexOf('.', m.index), clean.lastIndexOf('?', m.index), clean.lastIndexOf('!', m.index)) + 1;
    const end = clean.slice(m.index).search(/[.?!]/);
    const sentence = clean.slice(start, end < 0 ? clean.length : m.index + end);
    // "You mentioned your store managers spend hours every week on the rota" before the customer
    // said anything of substance in this call can only refer to an earlier conversation.
    if (EARLIER_CALL_RE.test(sentence) || said().size === 0) return true;
    const after = clean.slice(m.index + m[0].length, m.index + m[0].length + 120);
    if (overlap(after, said()) >= 1) return true;
    if (m[0].length === 0) re.lastIndex++;
  }
  return false;
}

/**
 * A rep question that explores the customer: not permission, identity checks or small talk
 * ("na wie läufts?"), logistics, offers of material, concessions, date or meeting proposals
 * ("How about we set up a demo?"), nor a closed question for interest ("Wäre es für Sie
 * interessant, das automatisch auszuwerten?").
 */
const exploresCache = new WeakMap<Sentence, boolean>();
export function explores(s: Sentence): boolean {
  if (!s.question) return false;
  const known = exploresCache.get(s);
  if (known !== undefined) return known;
  const r = exploresUncached(s);
  exploresCache.set(s, r);
  return r;
}
function exploresUncached(s: Sentence): boolean {
  return ![PERMISSION_Q_RE, GREETING_RE, LOGISTIC_Q_RE, DATE_RE, PROPOSAL_Q_RE].some((re) => re.test(s.text)) && !sellingQuestion(s) && !(s.question === 'closed' && AGREEMENT_TAG_RE.test(s.text));
}
/** A question that sells: an offer of material or a contract, a concession, or a closed question for interest. */
function sellingQuestion(s: Sentence): boolean {
  return [OFFER_MATERIAL_RE, DISCOUNT_OFFER_RE, FREE_EXTRA_RE].some((re) => re.test(s.text)) || (s.question === 'closed' && INTEREST_Q_RE.test(s.text));
}

/**
 * An enumeration: three commas or more between short items ("Dashboard, Reporting, Schnittstellen
 * und App"), not a sentence whose clauses are separated by commas ("With Compliio, every
 * certification has an expiry date, and thirty days before it runs out, the employee … get a reminder").
 */
function commaList(text: string): boolean {
  const parts = text.split(',');
  if (parts.length < 4) return false;
  const words = parts.reduce((n, p) => n + (p.match(WORD_RE)?.length ?? 0), 0);
  return words / parts.length <= 5;
}

function countMatches(re: RegExp, text: string): number {
  re.lastIndex = 0;
  let n = 0;
  while (re.exec(text) !== null) n++;
  return n;
}

/** A short assent that opens a reply ("Of course.", "Natürlich.", "Klar."). */
const WEAK_ACK_RE = /^\W*(?:of course|natürlich|selbstverständlich|certainly)\b[^.?!]{0,20}[.!,]?\s*$/i;
/** Words that turn a repetition into pushback ("Fünfzehn Prozent ist aber unrealistisch."). */
const COUNTER_RE = /\b(?:aber|doch|jedoch|nicht|kein\w*|unrealistisch|but|however|not|no|unrealistic)\b/i;
/** Words of three letters or more that two sentences share ("Fünfzehn Prozent" – "fünfzehn Prozent Nachlass"). */
function sharedWords(a: string, b: string): number {
  const words = (t: string) => new Set((t.toLowerCase().match(WORD_RE) ?? []).filter((w) => w.length >= 3 && !STOP.has(w)));
  const wb = words(b);
  let n = 0;
  for (const w of words(a)) if (wb.has(w)) n++;
  return n;
}

function firstSentences(turn: Turn, n: number): string {
  return turn.sentences
    .slice(0, n)
    .map((s) => s.text)
    .join(' ');
}

/** `requested`: the push's language, taken as the call's language only when the words give no sign either way ("hello"). */
/** `colleagues`: speakers the rep brought along (a solutions engineer): the seller's side in every measurement, `repKey` stays the salesperson. */
export function measure(turns: Turn[], repKey: string, hasTimestamps: boolean, requested: Language = 'de', colleagues: readonly string[] = []): Measurements {
  const n = turns.length;
  for (const t of turns) t.isRep = t.key === repKey || colleagues.includes(t.key);
  const repLabel = turns.find((t) => t.key === repKey)?.speaker ?? repKey;

  // Look-ahead tables: next rep turn / next customer turn after index i.
  const nextRep = new Array<number>(n + 1).fill(-1);
  const nextCust = new Array<number>(n + 1).fill(-1);
  for (let i = n - 1; i >= 0; i--) {
    nextRep[i] = i + 1 < n ? (turns[i + 1].isRep ? i + 1 : nextRep[i + 1]) : -1;
    nextCust[i] = i + 1 < n ? (!turns[i + 1].isRep ? i + 1 : nextCust[i + 1]) : -1;
  }

  let totalWords = 0;
  let repWords = 0;
  // Raw speech-to-text without a single question mark: questions hide inside longer sentences.
  const unpunctuated = !turns.some((t) => t.text.includes('?'));
  const speakers = new Set<string>();
  for (const t of turns) {
    totalWords += t.words;
    // The talk share is the salesperson's own share of the call: a colleague's words (the solutions
    // engineer's demo) are not the rep's.
    if (t.key === repKey) repWords += t.words;
    speakers.add(t.key);
  }
  const talkShare = totalWords > 0 ? repWords / totalWords : 0;

  // Language of the call and the rep's form of address.
  let de = 0;
  let en = 0;
  let repDu = 0;
  let repSie = 0;
  let custDu = 0;
  let custSie = 0;
  for (const t of turns) {
    const sc = languageScores(t.text);
    de += sc.de;
    en += sc.en;
    if (sc.de >= sc.en && sc.de > 0) {
      const c = countFormsOfAddress(t.text);
      if (t.isRep) {
        repDu += c.du;
        repSie += c.sie;
      } else {
        custDu += c.du;
        custSie += c.sie;
      }
    }
  }
  const callLanguage: Language = en > de ? 'en' : de > en ? 'de' : requested;
  const mixedLanguage = Math.min(de, en) >= 0.2 * Math.max(de, en) && Math.min(de, en) >= 10;
  let formOfAddress: FormOfAddress | null = null;
  if (callLanguage === 'de') {
    if (repDu + repSie > 0) formOfAddress = repDu > repSie ? 'du' : 'Sie';
    else if (custDu + custSie > 0) formOfAddress = custDu > custSie ? 'du' : 'Sie';
    else formOfAddress = 'Sie';
  }

  // Monologues and duration.
  let monologueTurn: Turn | null = null;
  let monologueWords = 0;
  let monologueSeconds: number | null = null;
  const turnSeconds = (i: number): number | null => {
    if (!hasTimestamps) return null;
    const t = turns[i];
    const estimate = t.words / WORDS_PER_SECOND;
    if (t.start === null) return estimate;
    let stop: number | null = null;
    for (let j = i + 1; j < n && j <= i + 3; j++) {
      if (turns[j].start !== null) {
        stop = turns[j].start;
        break;
      }
    }
    if (stop === null) stop = t.end;
    if (stop === null || stop <= t.start) return estimate;
    return stop - t.start;
  };
  for (let i = 0; i < n; i++) {
    const t = turns[i];
    if (t.key !== repKey) continue;
    const secs = turnSeconds(i);
    const better = hasTimestamps ? (secs ?? 0) > (monologueSeconds ?? -1) : t.words > monologueWords;
    if (better || monologueTurn === null) {
      monologueTurn = t;
      monologueWords = t.words;
      monologueSeconds = secs;
    }
  }
  if (!hasTimestamps) monologueSeconds = null;
  else if (monologueSeconds !== null) monologueSeconds = Math.round(monologueSeconds);
  let durationSeconds: number | null = null;
  if (hasTimestamps) {
    let first: number | null = null;
    let last: number | null = null;
    for (const t of turns) {
      if (t.start !== null) {
        if (first === null) first = t.start;
        last = Math.max(last ?? 0, t.end ?? t.start + t.words / WORDS_PER_SECOND);
      }
    }
    if (first !== null && last !== null) durationSeconds = Math.round(last - first);
  }

  // One pass over the conversation.
  const repQuestions: Sentence[] = [];
  let discoveryQuestions = 0;
  let openDiscoveryQuestions = 0;
  const concessions: Sentence[] = [];
  // Where the customer asked for a better price or objected to it, and whether the rep asked a question since.
  let askedForMovement = false;
  let exploredSinceAsk = false;
  let openQuestions = 0;
  const thirds: [number, number, number] = [0, 0, 0];
  const pains: PainEvent[] = [];
  let impacts = 0;
  const objections: ObjectionEvent[] = [];
  const paraphrases: Sentence[] = [];
  const interruptions: Sentence[] = [];
  let finishRequest: Sentence | null = null;
  const pitches: Sentence[] = [];
  const linkedPitches: Sentence[] = [];
  const needPayoffs: Sentence[] = [];
  const riskyPromises: Sentence[] = [];
  let featureDump: Measurements['featureDump'] = null;
  let pitchBeforePain: Sentence | null = null;
  let qualifyingQuestions = 0;
  let agenda: Sentence | null = null;
  let purposeStated = false;
  let permissionAsked = false;
  let concernInvite: Sentence | null = null;
  let bestQuestion: Measurements['bestQuestion'] = null;
  const customerSentences: Sentence[] = [];
  const vocab = new Set<string>();
  // Every content word the customer said so far: what a rep's "you mentioned …" must quote (filled when needed).
  const saidWords = new Set<string>();
  let saidUpTo = 0;
  const said = (): Set<string> => {
    for (; saidUpTo < customerSentences.length; saidUpTo++) contentWords(customerSentences[saidUpTo].text, saidWords);
    return saidWords;
  };
  let lastPainTurn = -10;
  // The turns that named a pain (for the constant-time look-back of a pitch after a consequence).
  const painTurns = new Set<number>();
  let recapped = false;
  let prevCustomer: Turn | null = null;
  const recentCustomers: Turn[] = [];

  // The rep's own product, named in the introduction ("Olivia from Paydock", "Felix von Taskhive"):
  // a statement with it as the subject ("Paydock automates your accounts payable", "Taskhive
  // übernimmt das") is a pitch.
  const productPitch = productPitchRe(turns);
  const isPitch = (x: Sentence) => PITCH_RE.test(x.text) || (productPitch !== null && productPitch.test(x.text)) || pitchReplies.has(x);
  // A statement that presents the offer: pitch words, the product as its subject, or features.
  const offersSolution = (x: Sentence) => x.question === null && (PITCH_RE.test(x.text) || (productPitch !== null && productPitch.test(x.text)) || countMatches(FEATURE_RE, x.text) > 0);
  // Statements with features that answered a customer's pain without a question: pitches (filled
  // at the pain, before the rep's reply is read).
  const pitchReplies = new Set<Sentence>();

  // The rep's sentences naming integrations up to turn `upTo` ("we integrate with Shopify, Etsy …"), for onlyIntegratedPlatforms.
  const repIntegrations = (upTo: number): string =>
    turns
      .slice(0, upTo >= 0 ? upTo + 1 : n)
      .filter((x) => x.isRep)
      .flatMap((x) => x.sentences.filter((y) => INTEGRATION_RE.test(y.text)).map((y) => y.text))
      .join(' ');
  // The customer's turn agrees to the rep's dated proposal just before ("Tuesday at 7:30. Fine …", "Mittwoch geht.").
  const agreesToDate = (j: number): boolean => {
    const prev = j > 0 ? turns[j - 1] : null;
    if (!prev || !prev.isRep || turns[j].isRep || !prev.sentences.some((x) => DATE_RE.test(x.text))) return false;
    const answer = firstSentences(turns[j], 2);
    return (AGREE_RE.test(answer) || DATE_RE.test(answer)) && !/^\W*(?:nein|nee|no|nope)\b/i.test(answer) && !REFUSE_RE.test(firstSentences(turns[j], 1).slice(0, 20));
  };
  // A request to send something that is the invite to a meeting: in the turn that agrees to a dated
  // proposal, in the next customer turn after it, or in answer to the rep's question about the invite
  // or the e-mail address. Logistics, not a send-material brush-off.
  const sendsInvite = (i: number, s: Sentence): boolean => {
    const prev = i > 0 ? turns[i - 1] : null;
    if (prev?.isRep && prev.sentences.some((x) => x.question !== null && (LOGISTIC_Q_RE.test(x.text) || INVITE_RE.test(x.text)))) return true;
    if (agreesToDate(i) && s.question === null) return true;
    const before = i >= 2 ? turns[i - 2] : null;
    return before !== null && !before.isRep && agreesToDate(i - 2) && prev !== null && prev.isRep && (INVITE_RE.test(prev.text) || DATE_RE.test(prev.text) || AGREE_RE.test(prev.text));
  };

  for (let i = 0; i < n; i++) {
    const t = turns[i];
    if (t.isRep) {
      let turnLinked = false;
      let turnPitch = 0;
      const turnHasQuote = LINK_RE.test(t.text.replace(PROBLEM_LINK_RE, ' ')) && quotesCustomer(t.text, said);
      const turnHasLinkWords = turnHasQuote || PROBLEM_LINK_RE.test(t.text);
      // The customer has just described the benefit in answer to a need-payoff question: a pitch
      // right after it delivers what they said they want ("Eventhub macht genau das: …").
      const afterPayoff = i >= 2 && !turns[i - 1].isRep && needPayoffs.length > 0 && needPayoffs[needPayoffs.length - 1].turn === i - 2;
      // Likewise right after the customer spelled out the consequences of a pain in answer to the rep's
      // consequence question („Was hat das mit eurer Kalkulation gemacht?“ – „Wir mussten die Preise
      // anheben …“): a pitch then answers the problem just explored (coach review 8).
      const afterConsequence =
        i >= 2 && !turns[i - 1].isRep && turns[i - 2].isRep && !CUT_OFF_RE.test(turns[i - 1].text) &&
        (painTurns.has(i - 1) || painTurns.has(i - 3)) &&
        turns[i - 2].sentences.some((q) => q.question !== null && IMPLICATION_Q_RE.test(q.text));
      // The customer has just put a number on a problem they named or the rep recapped ("You mentioned your
      // store managers spend hours every week on the rota." – "Yes, around six hours a week each."): a
      // pitch right after it that takes up their words answers that problem.
      const afterImpact = i >= 1 && !turns[i - 1].isRep && (pains.length > 0 || recapped) && quantifiesImpact(turns[i - 1].text);
      // A pitch is judged on its whole turn: "That's exactly where Inspecto fits." followed by how it
      // solves what the customer described ("… photos attached … a client-ready report every month")
      // is tied to the customer, even though its first sentence alone names nothing of theirs.
      // Feature lists don't count towards it.
      let turnOverlapCache: number | null = null;
      const turnOverlap = (): number =>
        (turnOverlapCache ??= overlap(
          t.sentences
            .filter((x) => !x.question && countMatches(FEATURE_RE, x.text) < 3 && !commaList(x.text))
            .map((x) => x.text)
            .join(' '),
          vocab,
        ));
      for (const s of t.sentences) {
        if (s.question) {
          repQuestions.push(s);
          if (s.question === 'open') openQuestions++;
          // "Is this Karen?", "Have you got two minutes?", "What's the best email?", "What if I could get you 15 percent off?" explore nothing.
          if (explores(s)) {
            // A check-back („Hilft dir das beim Vergleich?“) confirms an answer; it is no discovery question (coach review 8).
            if (!CHECK_BACK_RE.test(s.text)) {
              discoveryQuestions++;
              if (s.question === 'open') openDiscoveryQuestions++;
            }
            if (askedForMovement) exploredSinceAsk = true;
          }
          const third = totalWords > 0 ? Math.min(2, Math.floor((3 * s.wordPos) / totalWords)) : 0;
          thirds[third]++;
          if (QUALIFY_RE.test(s.text)) qualifyingQuestions++;
          // A need-payoff question whose answer the rep cut off ("Well, it would mean I'm not —") let the
          // customer describe no benefit (coach review 8).
          if (NEED_PAYOFF_RE.test(s.text) && !(i + 1 < n && !turns[i + 1].isRep && CUT_OFF_RE.test(turns[i + 1].text) && (i + 2 >= n || turns[i + 2].isRep))) needPayoffs.push(s);
          if (!concernInvite && CONCERN_INVITE_RE.test(s.text)) concernInvite = s;
        }
        if (PARAPHRASE_RE.test(s.text)) paraphrases.push(s);
        // "Das kann ich Ihnen zusagen." after "Klappt das bis Montag?": a guarantee on a date, a delivery or a result.
        // "Das ist gar kein Problem, … garantiert …": reassurance is no hedge of the promise.
        if (!s.question && RISKY_PROMISE_RE.test(s.text) && !promiseHedged(s.text) && (PROMISE_TOPIC_RE.test(s.text) || (prevCustomer !== null && prevCustomer.index === i - 1 && PROMISE_TOPIC_RE.test(prevCustomer.text)))) {
          riskyPromises.push(s);
        }
        // Like the call's purpose: in the first quarter, or in the opening turns of a short call.
        if (!agenda && (s.wordPos <= totalWords * 0.25 || i < 6) && AGENDA_RE.test(s.text)) agenda = s;
        if (s.wordPos <= totalWords * 0.25 || i < 6) {
          if (CALL_PURPOSE_RE.test(s.text)) purposeStated = true;
          if (s.question && (PERMISSION_Q_RE.test(s.text) || ASK_PERMISSION_RE.test(s.text))) permissionAsked = true;
        }
        // A discount or a free extra the rep gives away: not asked for, before the objection was
        // explored, or without anything in return ("What if I could get you 15 percent off?",
        // "Trotzdem möchte ich Ihnen entgegenkommen: … fünf Prozent Rabatt"). A discount as the
        // direct reply to a price objection is one too (and the objection is given up).
        const concession = DISCOUNT_OFFER_RE.test(s.text) || FREE_EXTRA_RE.test(s.text);
        if (concession) {
          const traded = TRADE_RE.test(s.text) || t.sentences.some((x) => x !== s && TRADE_RE.test(x.text));
          if (!(askedForMovement && exploredSinceAsk && traded) && concessions.length < 3) concessions.push(s);
        }
        // A statement that ties back to the customer's words is a value statement even
        // without product words ("Du hattest gesagt ..., deshalb haben wir ...").
        // So is a comparison in the customer's own terms ("Our 142 includes the full implementation",
        // "Wenn wir den gleichen Wechselrhythmus vergleichen, sind wir ziemlich nah beieinander").
        const reframe = !s.question && !isPitch(s) && REFRAME_RE.test(s.text) && (pains.length > 0 || objections.length > 0) && overlap(s.text, vocab) >= 1;
        // A concession is no value statement, however it is phrased ("We also have a premium support tier … I could probably include it.").
        // The reason for the call ("Ich ruf an, weil du gesagt hast, eure Filialbestellungen laufen noch
        // per Fax.") quotes the customer but offers nothing: no value statement without an offer (coach review 6).
        const purposeOnly = CALL_PURPOSE_RE.test(s.text) && !isPitch(s);
        if (!s.question && !concession && !purposeOnly && (isPitch(s) || (LINK_RE.test(s.text) && s.words >= 8) || reframe)) {
          pitches.push(s);
          turnPitch++;
          // Shared words tie a statement to the customer, unless it is a feature list that merely contains them.
          const list = countMatches(FEATURE_RE, s.text) >= 3 || commaList(s.text);
          // A pitch can only be tied to a problem the customer named: before any pain or objection,
          // "that's exactly the size where Paydock shines" ties it to nothing. Quoting the customer
          // ("Last time you mentioned ...") refers to their words by itself.
          const problemNamed = pains.length > 0 || objections.length > 0;
          // Features thrown at a pain without a question ("The invoice fraud templates are some of our
          // most popular") share its words by construction: tied only when they say so.
          const featuresOnly = pitchReplies.has(s) && !PITCH_RE.test(s.text) && !(productPitch?.test(s.text) ?? false);
          const linked =
            reframe ||
            turnHasQuote ||
            ((problemNamed || recapped) && (turnHasLinkWords || (!list && !featuresOnly && (afterPayoff || afterConsequence || overlap(s.text, vocab) >= 2 || turnOverlap() >= 3 || (afterImpact && overlap(s.text, vocab) >= 1)))));
          if (linked) {
            linkedPitches.push(s);
            turnLinked = true;
          }
          // A recap of what the customer said before ("Last time you mentioned ...") is no pitch of the product.
          if (!pitchBeforePain && pains.length === 0 && repQuestions.length < 3 && isPitch(s)) pitchBeforePain = s;
        }
      }
      // A recap of the customer's problem from an earlier call ("Last time you told me …", "You mentioned …"
      // at the start): its words are the customer's vocabulary, as the customer said them then.
      if (turnHasQuote && !recapped && pains.length === 0 && t.sentences.some((x) => LINK_RE.test(x.text) && PAIN_RE.test(painText(x.text)))) {
        recapped = true;
        for (const x of t.sentences) if (LINK_RE.test(x.text)) contentWords(x.text, vocab);
      }
      // Mirroring: a short question that repeats the customer's last words, or a short statement made
      // mostly of them ("Ten hours a week per recruiter.").
      const first = t.sentences[0];
      // Cutting in with the customer's words ("Two days!" after "I basically spend two days just —") is
      // no mirror: the customer was not let finish (coach review 8).
      const cutIn = prevCustomer !== null && prevCustomer.index === i - 1 && CUT_OFF_RE.test(prevCustomer.text);
      if (prevCustomer && first && first.words <= 8 && !cutIn) {
        const last = new Set((prevCustomer.sentences[prevCustomer.sentences.length - 1]?.text.toLowerCase().match(WORD_RE) ?? []).slice(-10));
        const mine = (first.text.toLowerCase().match(WORD_RE) ?? []).filter((w) => w.length >= 3);
        const shared = mine.filter((w) => last.has(w)).length;
        // Also the customer's facts from anywhere in their turn, numbers included ("Von 9.000 auf 16.000?",
        // "Every other Friday reading tickets."): made mostly of them (coach review 8).
        const theirs = new Set(factWords(prevCustomer.text));
        const myFacts = factWords(first.text);
        const sharedFacts = myFacts.filter((w) => theirs.has(w)).length;
        const factMirror = sharedFacts >= 2 && sharedFacts >= 0.6 * myFacts.length;
        const mirror = first.question ? first.words <= 6 && (shared >= 2 || factMirror) : (shared >= 2 && shared >= 0.6 * mine.length) || factMirror;
        // A greeting with the customer's names ("Thanks Jess, and hi Alan, hi Raj.") is no mirror.
        if (mirror && paraphrases[paraphrases.length - 1] !== first && !salutation(first.text)) paraphrases.push(first);
      }
      // A summary: a short statement right after the customer's turn that restates their facts in
      // fewer words ("Drei Tage jeden Monat, plus Fehler in der Lohnabrechnung.", "Four misses in a
      // week, and a client already looking around.", "So about two thousand a month you can't see.").
      const summary = prevCustomer !== null && prevCustomer.index === i - 1 ? t.sentences.find((x) => x.words >= 3) : undefined;
      if (summary && prevCustomer && !cutIn && summary !== paraphrases[paraphrases.length - 1] && !GREETING_START_RE.test(summary.text) && !salutation(summary.text) && summarises(summary, prevCustomer, recentCustomers.slice(0, -1)) && !isPitch(summary)) paraphrases.push(summary);
      // Like the longest monologue, a feature dump is the salesperson's own (a colleague's demo is not).
      const features = t.key === repKey ? countMatches(FEATURE_RE, t.text) : 0;
      if (features >= 3 && t.words >= 50 && !turnLinked && !turnHasLinkWords && (!featureDump || features > featureDump.features)) {
        featureDump = { turn: t, features };
      } else if (t.key === repKey && turnPitch >= 3 && t.words >= 80 && !turnLinked && !turnHasLinkWords && !featureDump) {
        featureDump = { turn: t, features };
      }
      continue;
    }

    // Customer (everyone who is not the rep).
    prevCustomer = t;
    // Cut off: the turn breaks off mid-sentence and the rep speaks next; or the customer asks to be let finish.
    if (i + 1 < n && turns[i + 1].isRep && CUT_OFF_RE.test(t.text) && turns[i + 1].sentences.length > 0) interruptions.push(turns[i + 1].sentences[0]);
    if (!finishRequest) {
      const asked = t.sentences.find((x) => FINISH_REQUEST_RE.test(x.text));
      if (asked) {
        finishRequest = asked;
        const cut = i > 0 && turns[i - 1].isRep ? turns[i - 1].sentences[0] : undefined;
        if (cut && !interruptions.includes(cut)) interruptions.push(cut);
      }
    }
    // The last three customer turns within the last six turns: what a summary may take up.
    recentCustomers.push(t);
    while (recentCustomers.length > 3 || (recentCustomers.length > 0 && recentCustomers[0].index < i - 6)) recentCustomers.shift();
    const ri = nextRep[i];
    let reply = ri >= 0 && ri - i <= 3 ? turns[ri] : null;
    // The seller's side answers together: the solutions engineer's "It's really very intuitive" and
    // the rep's question right after it are one reply to the customer.
    if (reply && ri + 1 < n && turns[ri + 1].isRep && turns[ri + 1].key !== reply.key) {
      const more = turns[ri + 1];
      reply = { ...reply, text: `${reply.text} ${more.text}`, words: reply.words + more.words, sentences: [...reply.sentences, ...more.sentences] };
    }
    // A question that sells follows no pain up ("soll ich dir gleich den Vertrag schicken?", "Wäre es für Sie interessant, das automatisch auszuwerten?").
    const replyHasQuestion = reply !== null && reply.sentences.some((q) => q.question !== null && !sellingQuestion(q));
    const nci = reply ? nextCust[ri] : -1;
    const nextAnswer = nci >= 0 ? turns[nci] : null;
    const seenTypes = new Set<ObjectionType>();
    // Answers to the rep's own qualifying question ("Wer entscheidet?") are information, not objections.
    const prevTurn = i > 0 ? turns[i - 1] : null;
    // "How much of a discount?" right after the rep offered one asks about the offer; it is no new objection.
    const askedAboutOffer = prevTurn !== null && prevTurn.isRep && DISCOUNT_OFFER_RE.test(prevTurn.text);
    // The answer is information on the topic asked ("Wer entscheidet?" – "Mein Chef."), not an objection;
    // "nothing happens before Q3" after "Who signs?" still is one, and "Hast du dreißig Sekunden,
    // dann entscheidest du ...?" asks for time, not who decides.
    const qualifying = prevTurn !== null && prevTurn.isRep ? prevTurn.sentences.filter((q) => q.question !== null && QUALIFY_RE.test(q.text) && !PERMISSION_Q_RE.test(q.text)) : [];
    // "Who is she, and what will matter most to her?" after the customer named the partner who signs asks who decides too.
    const asksWhoDecides = prevTurn !== null && prevTurn.isRep && prevTurn.sentences.some((q) => q.question !== null && WHO_IS_Q_RE.test(q.text));
    const answersQualifying = (type: 'authority' | 'budget' | 'timing') => qualifying.some((q) => QUALIFY_TOPIC_RES[type].test(q.text)) || (type === 'authority' && asksWhoDecides);
    // "Was ist Ihnen am wichtigsten?" – "Dass meine Leute damit klarkommen." names a criterion, not an adoption objection.
    const answersCriteria = prevTurn !== null && prevTurn.isRep && prevTurn.sentences.some((q) => q.question !== null && CRITERIA_Q_RE.test(q.text));

    // The answer to the rep's question about an objection ("Was fehlt dir dort?" – "die Vertretung
    // klappt dort auch nicht automatisch") is the customer's vocabulary for the problem too.
    if (prevTurn !== null && prevTurn.isRep && prevTurn.sentences.some((q) => q.question !== null) && objections.some((o) => o.sentence.turn === i - 2)) {
      for (const x of t.sentences) contentWords(x.text, vocab);
    }
    if (!askedForMovement && t.sentences.some((x) => CONCESSION_ASK_RE.test(x.text))) {
      askedForMovement = true;
      exploredSinceAsk = false;
    }
    // The sentences of this turn that name a problem of the customer's (each judged once). The answer
    // to a need-payoff question is the benefit ("I'd see problems before the client does."), no new
    // pain; its words are the customer's vocabulary all the same.
    const answersPayoff = prevTurn !== null && prevTurn.isRep && needPayoffs.some((q) => q.turn === i - 1);
    if (answersPayoff) for (const x of t.sentences) contentWords(x.text, vocab);
    // „Leihgerät heißt, was kostet mich das?“ asks the price; it names no problem.
    const painful = new Set(answersPayoff ? [] : t.sentences.filter((s) => PAIN_RE.test(painText(s.text)) && !(s.question !== null && PRICE_QUESTION_RE.test(s.text))));
    const turnPain = painful.size > 0;
    // "Puh, das ist für uns echt viel." right after a price was named: the rep's turn before, or a
    // sentence of this turn that is no pain of the customer's ("Das kostet uns zwei Stunden am Tag" is one).
    // The rep's turn must be about the price: short, or ending with it ("… Pricing on Enterprise is 38 pounds per user.
    // – Okay. That's a lot." after a long feature walk-through is about the walk-through).
    const priceOnTable = (s: Sentence) =>
      (prevTurn !== null && prevTurn.isRep && prevTurn.words <= 60 && PRICE_MENTION_RE.test(prevTurn.text)) ||
      // A turn of up to a minute's talk that ends with the price ("Pricing starts at four dollars per device … fourteen thousand a year.").
      (prevTurn !== null && prevTurn.isRep && prevTurn.words <= 150 && prevTurn.sentences.slice(-2).some((x) => PRICE_MENTION_RE.test(x.text) && /\d|\b(?:euros?|dollars?|pounds?|franken|cent|bucks|thousand|tausend|hundert|hundred)\b/i.test(x.text))) ||
      t.sentences.some((x) => x.wordPos <= s.wordPos && PRICE_MENTION_RE.test(x.text) && !painful.has(x));
    // A price, budget or competitor objection that names no problem of the customer's: its numbers are no impact.
    const negotiating = (s: Sentence) =>
      !painful.has(s) &&
      (PRICE_NUMBER_RES.some((re) => re.test(s.text.replace(OBJECTION_NEGATION_RE, ' '))) || namesCompetitor(s.text) || NON_PROBLEM_NUMBER_RE.test(s.text) || (PRICE_CONTEXT_RE.test(s.text) && priceOnTable(s)));
    // The sentences of this turn that put a number on a problem (each judged once); a number
    // before the problem in the same turn ("Zwei bis drei Tage. Und es gibt immer wieder Fehler.") quantifies it too.
    const impactful = new Set(t.sentences.filter((s) => quantifiesImpact(s.text) && !negotiating(s)));
    const turnImpact = impactful.size > 0;
    for (const s of t.sentences) {
      customerSentences.push(s);
      const isPain = painful.has(s);
      // "12 Euro pro Nutzer im Monat ist für uns echt viel", "a quote that's thirty percent lower": the
      // numbers of a price or a competitor's quote are no impact of a problem.
      const hasImpact = impactful.has(s);
      if (hasImpact && (isPain || turnPain || i - lastPainTurn <= 4)) impacts++;
      if (isPain) {
        // The whole statement around a pain is the customer's vocabulary for it.
        if (lastPainTurn !== i) for (const x of t.sentences) contentWords(x.text, vocab);
        lastPainTurn = i;
        painTurns.add(i);
        const answerImpact = nextAnswer ? quantifiesImpact(nextAnswer.text) : false;
        const implicationAsked = reply ? reply.sentences.some((q) => q.question !== null && IMPLICATION_Q_RE.test(q.text)) : false;
        // The reply's statements that present the offer ("Mit Rechnungsprofi schreibst du …", "Wir haben
        // auch eine DATEV-Schnittstelle"): the pitch the moments name ("answered straight away with the
        // solution") is a pitch for the value score too, so both use this one notion.
        const offered = reply && !replyHasQuestion ? reply.sentences.filter(offersSolution) : [];
        for (const x of offered) pitchReplies.add(x);
        const pitched = offered.length > 0;
        const askedAbout = reply !== null && reply.sentences.some((q) => q.question !== null && !sellingQuestion(q) && asksAboutPain(q, t));
        const labelled = reply !== null && reply.sentences.some((q) => LABEL_RE.test(q.text) || PARAPHRASE_RE.test(q.text));
        pains.push({
          sentence: s,
          // A label or a paraphrase ("It sounds like billing has become ...") explores as a question does.
          // Only a question about it explores it: "Got it. And do your techs have tablets?" after "we still
          // miss calls" moves on (coach review 6). About it: a consequence question, an open question, a
          // closed one that refers back ("Und passieren da Fehler?") or shares the customer's words.
          explored: askedAbout || labelled,
          steppedOver: replyHasQuestion && !askedAbout && !labelled,
          // A number anywhere in the same statement quantifies it ("It's chaos. We get forty calls a day.").
          implication: implicationAsked || hasImpact || turnImpact || (replyHasQuestion && answerImpact),
          impact: hasImpact || turnImpact || (replyHasQuestion && answerImpact),
          pitchedNext: pitched,
          answersOpenQuestion: prevTurn !== null && prevTurn.isRep && prevTurn.sentences.some((q) => q.question === 'open' && !sellingQuestion(q)),
        });
      }
      const cleanedObj = s.text.replace(OBJECTION_NEGATION_RE, ' ');
      for (const type of OBJECTION_TYPES) {
        if (seenTypes.has(type)) continue;
        if ((type === 'authority' || type === 'budget' || type === 'timing') && answersQualifying(type)) continue;
        // "Was brauchen Sie aus Security-Sicht?" – "Wo liegen die Daten genau?": a question of the customer's raises a concern; it names no criterion.
        if (type === 'adoption' && answersCriteria && s.question === null) continue;
        if (askedAboutOffer && type === 'price' && /discount|rabatt|nachlass/i.test(s.text)) continue;
        // "da dachten wir, das läuft gut, und am Ende 9.000 Euro im Minus", "if we don't need the extra
        // person": a belief that proved wrong or a condition, not contentment with today.
        if (type === 'status_quo' && /\b(?:dachte|dachten|gedacht|hofften|thought|hoped)\b|\b(?:if|wenn|falls)\b(?! ich ehrlich| i'm honest| i am honest)/i.test(s.text)) continue;
        if (
          !OBJECTION_RES[type].test(type === 'timing' ? withoutThirdPartyTime(cleanedObj) : cleanedObj) &&
          !(type === 'competitor' && namesCompetitor(s.text)) &&
          !(type === 'adoption' && adoptionConcern(cleanedObj)) &&
          !(type === 'price' && (PRICE_CONTEXT_RE.test(cleanedObj) || FREE_NOW_RE.test(cleanedObj)) && priceOnTable(s))
        ) continue;
        // "We're on Shopify and Etsy" after "we integrate with Shopify, Etsy …" (or answered with "we
        // integrate with both"): the platforms the customer works on are context, no competitor.
        if (type === 'competitor' && onlyIntegratedPlatforms(s.text, repIntegrations(ri), reply !== null && INTEGRATES_ALL_RE.test(firstSentences(reply, 2)))) continue;
        // "Tuesday at 7:30. Fine, send me something.", "Schick's einfach an mich, ich leite es weiter." in
        // answer to "Welche Mail-Adresse hat dein Vater?": the invite to a meeting just agreed, logistics.
        if (type === 'send_material' && sendsInvite(i, s)) continue;
        // "Arbeiten Sie auch mit HubSpot?" asks about an integration; it is not an objection.
        if (type === 'competitor' && s.question) continue;
        // "Was hat Ihnen bei Conmoto gefallen?" – "… und waren etwas günstiger.": the answer to the rep's
        // question about a competitor explains that objection; it is no second one.
        // So is „Aber das brauchen wir eigentlich nicht“ about the competitor's extra feature.
        if ((type === 'price' || type === 'status_quo') && prevTurn !== null && prevTurn.isRep && prevTurn.sentences.some((q) => q.question !== null) && objections.some((o) => o.type === 'competitor' && o.sentence.turn === i - 2)) continue;
        // "Our compliance officer will never sign off on that.": a data-protection gate; the concern is adoption, not who decides (coach review 8).
        if (type === 'authority' && complianceGateOnly(s.text)) continue;
        // "Can I ask what exactly your compliance officer usually looks for?" – "A business associate agreement,
        // where the data is stored, …": the answer to the rep's question about an objection explains it; no second one of that type.
        if (prevTurn !== null && prevTurn.isRep && prevTurn.sentences.some((q) => q.question !== null) && objections.some((o) => o.type === type && o.sentence.turn === i - 2)) continue;
        // "How much cheaper?", "Wie viel günstiger wäre das?": an open question asks about the offer; it objects to nothing.
        if (type === 'price' && s.question === 'open') continue;
        // "One said they're looking at other 3PLs": the customer's own client looks elsewhere (a pain of theirs), not a competitor of ours.
        if (type === 'competitor' && THIRD_PARTY_REPORT_RE.test(s.text)) continue;
        // "It would have to fit with Cognism, not replace it. We just renewed.": a renewal after the
        // customer named the vendor they use is that competitor point again, not a second objection.
        if (type === 'status_quo' && (seenTypes.has('competitor') || objections.some((o) => o.type === 'competitor')) && LOCKED_IN_RE.test(s.text) && !OBJECTION_RES.status_quo.test(cleanedObj.replace(LOCKED_IN_RE, ' '))) continue;
        // "Unser alter Scanner läuft zwar seit Jahren ohne Probleme, aber die Listen stimmen oft nicht.": a problem after "but" is no contentment.
        if (type === 'status_quo' && PAIN_RE.test(painText(s.text.split(/\b(?:aber|but|except|nur dass|only that)\b/i).slice(1).join(' ')))) continue;
        // „Läuft eigentlich okay, die Buchung klappt. Aber es gibt keine Erinnerungs-SMS …“: the same with the problem in the next sentence.
        if (type === 'status_quo') {
          const nx = t.sentences[t.sentences.indexOf(s) + 1];
          if (nx && /^\W*(?:aber|but|nur|only|except|allerdings|however)\b/i.test(nx.text) && (painful.has(nx) || PAIN_RE.test(painText(nx.text)) || LACK_RE.test(nx.text)) && !OBJECTION_TYPES.some((o) => OBJECTION_RES[o].test(nx.text))) continue;
        }
        // "She wants chargebacks cut in half next year": a goal with a date, not "not now".
        if (type === 'timing' && GOAL_RE.test(s.text)) continue;
        // "I'm not really the right person for this anyway. I've got to run.", "Gut, ich muss gleich los,
        // die Lieferung kommt. Was machen wir?": leaving the call next to another objection is that one
        // brush-off, and with a question for what comes next it objects to nothing.
        if (
          type === 'timing' &&
          LEAVING_RE.test(cleanedObj) &&
          !OBJECTION_RES.timing.test(withoutThirdPartyTime(cleanedObj.replace(LEAVING_RE, ' '))) &&
          t.sentences.some((x) => x.question !== null || (x !== s && OBJECTION_TYPES.some((o) => o !== 'timing' && OBJECTION_RES[o].test(x.text.replace(OBJECTION_NEGATION_RE, ' ')))))
        ) continue;
        seenTypes.add(type);
        contentWords(s.text, vocab);
        const event = judgeObjection(type, s, reply, turns, nextRep, totalWords, unpunctuated);
        if (type === 'timing' && BUSY_NOW_RE.test(cleanedObj)) event.brushOff = true;
        // A brush-off turned into a dated callback the customer agrees to ("Wann passt es dir besser –
        // Donnerstag um 14 Uhr?" – "Donnerstag zwei geht.") is handled: the right outcome of such a call.
        if (event.brushOff && reply && event.quality < 3 && !event.capitulated && !event.defense && reply.sentences.some((x) => DATE_RE.test(x.text)) && nci >= 0 && agreesToDate(nci)) {
          event.quality = 3;
          event.ack = true;
        }
        objections.push(event);
        if (type === 'price' || type === 'budget') {
          // A price or budget objection asks for movement; an exploring question must come after it.
          if (!askedForMovement) exploredSinceAsk = false;
          askedForMovement = true;
        }
      }
    }

    // The best question: an open rep question right before this customer turn.
    const prev = i > 0 ? turns[i - 1] : null;
    if (prev && prev.isRep) {
      // Permission, logistics, identity checks and concessions ("What if I could get you 15 percent off?") are never the best question.
      const q = [...prev.sentences]
        .reverse()
        .find((s) => s.question === 'open' && !salutation(s.text) && ![LOGISTIC_Q_RE, GREETING_RE, PERMISSION_Q_RE, DISCOUNT_OFFER_RE, FREE_EXTRA_RE, PUSH_PITCH_RE].some((re) => re.test(s.text)));
      if (q) {
        // "Wir sind 40 Leute" is context: only time, money or what was lost counts as an impact.
        // Nor are the numbers of a price objection or a competitor's quote ("a quote from OptiDrive that's about thirty percent lower").
        const score = Math.min(t.words, 80) + (turnPain ? 40 : 0) + (turnImpact ? 60 : 0) + (IMPLICATION_Q_RE.test(q.text) ? 20 : 0);
        if (!bestQuestion || score > bestQuestion.score) bestQuestion = { sentence: q, score, impact: turnImpact, pain: turnPain };
      }
    }
  }

  return {
    turns,
    repKey,
    repLabel,
    totalWords,
    repWords,
    talkShare,
    speakers: speakers.size,
    monologueTurn,
    monologueWords,
    monologueSeconds,
    durationSeconds,
    repQuestions,
    discoveryQuestions,
    openDiscoveryQuestions,
    concessions,
    openQuestions,
    closedQuestions: repQuestions.length - openQuestions,
    questionsByThird: thirds,
    pains,
    impacts,
    objections,
    paraphrases,
    interruptions,
    finishRequest,
    pitches,
    linkedPitches,
    needPayoffs,
    riskyPromises,
    featureDump,
    pitchBeforePain,
    qualifyingQuestions,
    agenda,
    purposeAndPermission: purposeStated && permissionAsked,
    concernInvite,
    nextStep: findNextStep(turns, nextCust, totalWords),
    schedulingOnly: totalWords < 250 && pitches.length === 0 && !featureDump && turns.filter((t) => t.isRep).slice(0, 2).some((t) => SCHEDULING_PURPOSE_RE.test(t.text)),
    bestQuestion,
    callLanguage,
    mixedLanguage,
    formOfAddress,
    customerSentences,
  };
}

/**
 * "Die Köche haben im Service keine Zeit, am Tablet rumzutippen" describes the team's work, not a
 * brush-off: the sentence without that phrase decides whether it is a timing objection. A third
 * party without time for the offer ("Mein Chef hat keine Zeit für eine Demo") still is one.
 */
function withoutThirdPartyTime(text: string): string {
  // "Aber wir haben keine Zeit, das mal richtig zu analysieren": no time for a task of their own is a pain.
  const own = NO_TIME_TO_RE.exec(text);
  if (own && !OFFER_TIME_RE.test(own[0])) text = text.slice(0, own.index) + ' ' + text.slice(own.index + own[0].length);
  const m = THIRD_PARTY_NO_TIME_RE.exec(text);
  if (!m || OFFER_TIME_RE.test(text.slice(m.index))) return text;
  return text.slice(0, m.index) + ' ' + text.slice(m.index + m[0].length);
}

/** "We integrate with both", „Mit beiden haben wir eine Schnittstelle“: the reply takes the customer's platforms as integrations. */
const INTEGRATES_ALL_RE = rx(
  String.raw`\b(?:(?:integrat\w*|integrier\w*|connect\w*|works?|syncs?|plugs? into|schnittstelle\w*|angebunden|anbinden|anbindung\w*) (?:\S+ ){0,2}?(?:with |mit |to |zu |into )?(?:both|all of them|them all|all three|all those|beiden|beide|allen|allen dreien)|(?:mit |zu )?(?:beiden|allen) (?:\S+ ){0,3}?(?:integrier\w*|schnittstelle\w*|angebunden|anbindung\w*|verbunden))\b`,
);
/** The rep takes the decider in at once („Klar, das sollte Thomas auch mit entscheiden“, "Of course, he should be part of this"). */
const DECIDER_INCLUDED_RE = rx(
  String.raw`\b(?:(?:sollte|soll|muss|müsste|sollten|sollen) (?:\S+ ){0,3}?(?:auch |unbedingt |natürlich )?(?:mit ?entscheiden|dabei sein|mit dabei sein|mit am tisch sitzen|mitreden)|(?:should|has to|needs to|must) (?:\S+ ){0,2}?(?:be (?:part of|in on|involved in|at the table|there)|weigh in|have a say))\b`,
);
/** A label of the concern at the start of the reply: "So the fear is that …", „Die Sorge ist also, dass …“. */
const CONCERN_LABEL_RE = rx(
  String.raw`^\W*(?:(?:so|also|okay|ok|verstehe),?\s+)?(?:the|your|die|Ihre|deine|eure) (?:main |big |real |größte |eigentliche )?(?:fear|worry|concern|sorge|angst|befürchtung|bedenken)\s+(?:is|ist|sind|wäre)\b`,
);
/**
 * The customer is left to talk to the decider alone ("Sie können das mit Herrn Dr. Sommer besprechen",
 * "you can run it by your CFO", "Why don't you chat with Rob, and we'll touch base sometime after
 * that?", „Sprechen Sie das doch erst mit ihm durch“, "once you've talked to her").
 */
const CUSTOMER_ALONE_RE = rx(
  String.raw`\b(?:(?:Sie|du|ihr) (?:können|könnt|kannst|könnten|könntest) (?:das|es|dies|alles) (?:\S+ ){0,5}?(?:besprechen|bereden|durchgehen|zeigen|vorlegen|weitergeben)|(?:you|you guys) (?:can|could) (?:\S+ ){0,2}?(?:discuss|go over|run|share|show|take|pass) (?:it|this|that|them|everything)|(?:why don't you |why not |how about you |maybe you |(?:you|you guys) (?:can|could|might|should|may) (?:just |maybe |first |always )?)(?:first |just |quickly )?(?:chat|talk|speak|check|touch base|sync|sit down|confer) (?:\S+ ){0,2}?(?:with|to)|(?:sprich|sprechen Sie|besprich|besprechen Sie|klär|kläre|klären Sie|rede|red|reden Sie)\s+(?:(?:das|es|doch|einfach|erst|erstmal|mal|in ruhe|gern|gerne)\s+){0,3}mit|(?:wenn|sobald|nachdem) (?:Sie|du|ihr) (?:\S+ ){0,4}?mit (?:\S+ ){1,3}?(?:gesprochen|geredet|besprochen|geklärt|abgestimmt)|(?:once|after|when) you(?:'ve| have)? (?:\S+ )?(?:talked|spoken|chatted|checked|synced|discussed it|gone over it) (?:with|to))\b`,
);
/** The rep asks who a person is ("Who is she?", „Wer ist das bei Ihnen?“): the answer names the decider on request, no objection. */
const WHO_IS_Q_RE = rx(String.raw`\b(?:who(?:'s| is| are) (?:she|he|that|they|this person)|wer ist (?:sie|er|das|diese person)(?! (?:schon|denn) wieder))\b`);
/** A lack or a problem ("Aber es gibt keine Erinnerungs-SMS", "But the reports never match"). */
const LACK_RE = rx(String.raw`\b(?:kein\w*|nicht|nie|fehlt|fehlen|vergessen|vergisst|problem\w*|ärger\w*|schwierig\w*|no|not|n't|never|missing|lacks?|lacking|forget\w*|problems?|issues?|trouble)\b`);
/**
 * A question inside an acknowledgement in unpunctuated speech-to-text ("totally fair what would you
 * need to see to make a decision", „verstehe ich das ist ein fairer punkt im vergleich wozu wirkt es
 * für dich viel"): a W-word followed by a verb, after the acknowledgement that opens the sentence.
 */
const EMBEDDED_Q_RE = rx(
  String.raw`\b(?:(?:what|how|why|when|who|which|where)\s+(?:would|could|do|does|did|is|are|was|were|can|will|should|makes?|made|happens?|happened|changed?|matters?|exactly|much|many|long|often)|(?:was|wie|warum|wieso|weshalb|wann|wer|wozu|woran|womit|wofür|welche[rsnm]?)\s+(?:würde|würdest|wäre|müsste|müsstest|bräuchte|bräuchtest|könnte|sollte|wirkt|ist|sind|war|kostet|brauchst|braucht|brauchen|hast|habt|haben|hat|kann|kannst|können|genau|viel|lange|oft|fehlt|passt|spricht|meinst|macht|stört))\b`,
);
/** What a question about each kind of objection asks after ("What do you compare it with?", "Wer entscheidet mit?", "Wann passt es besser?"). */
const OBJECTION_TOPIC_RES: Record<ObjectionType, RegExp> = {
  price: rx(String.raw`\b(?:preis\w*|kost\w*|budget\w*|zahl\w*|geld|wert|rechn\w*|vergleich\w*|investi\w*|bewert\w*|beurteil\w*|evaluat\w*|price\w*|cost\w*|pay\w*|spend\w*|money|worth|compar\w*|invest\w*|math|numbers?|roi|value)\b`),
  budget: rx(String.raw`\b(?:budget\w*|preis\w*|kost\w*|zahl\w*|geld|freigabe|nächste[ns]? jahr|quartal|wann|price\w*|cost\w*|pay\w*|spend\w*|money|fiscal|next year|quarter|when|approv\w*|planning)\b`),
  timing: rx(String.raw`\b(?:wann|bis|zeit\w*|später|termin\w*|woche|monat\w*|jahr|passt|passiert|warten|bedeut\w*|entscheid\w*|when|until|time\w*|later|week|month|year|works?|better|happen\w*|wait\w*|mean|decid\w*|decision)\b`),
  competitor: rx(String.raw`\b(?:vergleich\w*|anders|unterschied\w*|besser|gefall\w*|wichtig\w*|kriteri\w*|entscheid\w*|auswahl|bewert\w*|beurteil\w*|compar\w*|different|difference|better|like|important|criteria|matter\w*|decid\w*|choos\w*|evaluat\w*)\b`),
  status_quo: rx(String.raw`\b(?:heute|derzeit|aktuell|bisher|momentan|läuft|funktioniert|zufrieden|today|currently|now|so far|works?|working|happy|set ?up|handle|covers?|cover)\b`),
  authority: rx(String.raw`\b(?:wer|entscheid\w*|dabei|beteiligt|wichtig|überzeug\w*|dazu\w*|einbind\w*|who|decid\w*|decision|involved|important|convince|bring|join|sign\w*|approv\w*)\b`),
  adoption: rx(String.raw`\b(?:mitarbeiter\w*|team|leute|prüf\w*|datenschutz\w*|sicherheit\w*|daten|schulung\w*|einführ\w*|staff|people|team|review\w*|security|data|privacy|training|rollout|adopt\w*|use)\b`),
  send_material: rx(String.raw`\b(?:unterlagen|infos?|material|anschauen|ansehen|entscheid\w*|interessier\w*|wichtig|info|information|look at|decid\w*|interest\w*|important|see)\b`),
};
/** A pointer back to what the customer just said, or a why/what-exactly ("Woran liegt das?", "What makes you say that?", "Compared to what?"). */
const OBJECTION_POINTER_RE = rx(
  String.raw`\b(?:das|dies|dem|daran|dabei|damit|darauf|dafür|dagegen|davon|dazu|dahinter|woran|warum|wieso|weshalb|inwiefern|genau|konkret|gemeint|passiert|schiefgegangen|schief|damals|letzte[nmrs]?|sorge\w*|bedenken|befürcht\w*|that|this|it|those|these|them|why|exactly|specifically|mean|went wrong|happened|back then|last one|concern\w*|worr\w*|fear\w*|behind)\b`,
);
/**
 * A rep question explores the objection only when it is about it (coach review 6, F-16): it takes up
 * a word of the objection's turn, points back to it or asks why, or asks what such an objection is
 * about (the price compared with what, who decides, when it suits better).
 */
function aboutObjection(q: Sentence, s: Sentence, type: ObjectionType, turn: Turn | undefined): boolean {
  if (OBJECTION_POINTER_RE.test(q.text) || OBJECTION_TOPIC_RES[type].test(q.text)) return true;
  const theirs = new Set(factWords(turn?.text ?? s.text));
  return factWords(q.text).some((w) => theirs.has(w) && !STOP.has(w));
}

function judgeObjection(
  type: ObjectionType,
  s: Sentence,
  reply: Turn | null,
  turns: Turn[],
  nextRep: number[],
  totalWords: number,
  unpunctuated = false,
): ObjectionEvent {
  const early = s.turn <= 4 || (totalWords > 0 && s.wordPos < totalWords * 0.2);
  if (!reply) return { type, sentence: s, quality: 0, ack: false, question: false, defense: false, response: null, early, capitulated: false };
  // "Verstehe. Soll ich Ihnen ein paar Unterlagen schicken?" gives up on the objection: an offer of
  // material is neither an acknowledgement that explores nor a question about it.
  const offer = reply.sentences.find((x) => OFFER_MATERIAL_RE.test(x.text)) ?? null;
  // "Verstehe, aber darf ich Ihnen trotzdem kurz erklären, …?" asks to pitch, not about the objection;
  // "And do you know when you'd want something in place?" after "We're also looking at Fieldpro" asks about something else.
  // "Why don't you chat with Rob?" hands the decider back to the customer; it asks nothing about the objection.
  const asks = (x: Sentence): boolean => {
    if (x.question !== null) return true;
    if (!unpunctuated) return false;
    const a = x.text.search(ACK_RE);
    if (a < 0 || a > 20) return false;
    const q = EMBEDDED_Q_RE.exec(x.text);
    return q !== null && q.index > a;
  };
  const firstQ = reply.sentences.findIndex(
    (x) => asks(x) && !LOGISTIC_Q_RE.test(x.text) && !OFFER_MATERIAL_RE.test(x.text) && !PUSH_PITCH_RE.test(x.text) && !(type === 'authority' && CUSTOMER_ALONE_RE.test(x.text)) && aboutObjection(x, s, type, turns[s.turn]),
  );
  if (offer && firstQ < 0) {
    return { type, sentence: s, quality: 0, ack: false, question: false, defense: false, response: offer, early, capitulated: 'material' };
  }
  // "Well, we could probably give you a discount." A discount before a single question concedes
  // the price without learning what it is measured against.
  // A free extra ("What if we set up the approval flow for you ourselves, free of charge …?") concedes the same way, also as a question.
  const discount = type === 'price' || type === 'budget' ? reply.sentences.findIndex((x) => DISCOUNT_OFFER_RE.test(x.text) || FREE_EXTRA_RE.test(x.text)) : -1;
  if (discount >= 0 && (firstQ < 0 || discount <= firstQ)) {
    return { type, sentence: s, quality: 0, ack: false, question: false, defense: false, response: reply.sentences[discount], early, capitulated: 'discount' };
  }
  // "We do have a smaller starter plan, which is quite affordable." gives in the same way.
  const cheaper = type === 'price' || type === 'budget' ? reply.sentences.findIndex((x) => x.question === null && CHEAPER_PLAN_RE.test(x.text)) : -1;
  if (cheaper >= 0 && (firstQ < 0 || cheaper < firstQ)) {
    return { type, sentence: s, quality: 0, ack: false, question: false, defense: false, response: reply.sentences[cheaper], early, capitulated: 'cheaper_plan' };
  }
  // "Wie wäre es, wenn wir uns am Dienstag zu dritt mit Herrn Schulte zusammensetzen?": bringing the
  // person who decides into a meeting handles an authority objection (MEDDPICC).
  // Not "dann schicke ich Ihnen das Angebot, und Sie können das mit Herrn Dr. Sommer besprechen": the customer alone with the decider.
  const invitesDecider = (x: Sentence) => (ATTENDEE_RE.test(x.text) || ATTENDEE_NAME_RE.test(x.text)) && (DATE_RE.test(x.text) || MEETING_RE.test(x.text)) && !CUSTOMER_ALONE_RE.test(x.text);
  // „Klar, das sollte Thomas auch mit entscheiden.“ – … – „Wollen wir uns nächste Woche zu dritt
  // zusammensetzen, mit Thomas?“: the decider included at once and invited in the rep's next turn (coach review 8).
  const includesDecider = type === 'authority' && firstQ < 0 && DECIDER_INCLUDED_RE.test(firstSentences(reply, 1));
  const laterRep = includesDecider && reply.index >= 0 && nextRep[reply.index] >= 0 && nextRep[reply.index] - reply.index <= 2 ? turns[nextRep[reply.index]] : null;
  const decider =
    type === 'authority'
      ? reply.sentences.find(invitesDecider) ?? laterRep?.sentences.find(invitesDecider) ?? null
      : null;
  if (decider && !reply.sentences.some((x) => DEFENSE_RE.test(x.text))) {
    return { type, sentence: s, quality: 3, ack: true, question: true, defense: false, response: decider, early, capitulated: false };
  }
  // "Totally. Why don't you chat with Rob, and we'll touch base sometime after that?": the customer is
  // left alone with the person who decides, before anything was asked about them: not handled.
  const alone = type === 'authority' && firstQ < 0 ? reply.sentences.find((x) => CUSTOMER_ALONE_RE.test(x.text)) : undefined;
  if (alone) return { type, sentence: s, quality: 0, ack: false, question: false, defense: false, response: alone, early, capitulated: false };
  const beforeQuestion = firstQ >= 0 ? reply.sentences.slice(0, firstQ) : reply.sentences;
  const opening = firstSentences(reply, 2);
  // Repeating the objection in a short statement and then asking about it ("Fünfzehn Prozent ist eine
  // klare Ansage. Darf ich fragen, woher die Zahl kommt?") acknowledges it as much as "Verstehe" does,
  // unless it argues back or pitches.
  const head = reply.sentences[0];
  const mirrorsObjection =
    firstQ >= 1 && head.question === null && head.words <= 8 && !DEFENSE_RE.test(head.text) && !COUNTER_RE.test(head.text) && !PITCH_RE.test(head.text) && sharedWords(head.text, s.text) >= 2;
  // "Of course. Who in HR makes that call?": a short "of course" acknowledges when a question follows;
  // alone ("Natürlich. Melden Sie sich einfach.") it waves the objection through.
  // "So the fear is that lettings get easier and lessons get squeezed." names the concern: a label acknowledges (coach review 8).
  const ack = ACK_RE.test(opening) || mirrorsObjection || (firstQ >= 1 && WEAK_ACK_RE.test(head.text)) || CONCERN_LABEL_RE.test(head.text);
  const question = firstQ >= 0;
  const defenseSentence = beforeQuestion.find((x) => DEFENSE_RE.test(x.text) || PUSH_PITCH_RE.test(x.text)) ?? null;
  const defense = defenseSentence !== null;
  let quality: HandlingQuality;
  if (question && ack) quality = 3;
  else if (question) quality = defense ? 1 : 2;
  else if (ack && !defense) quality = 2;
  else if (defense) quality = 1;
  else quality = 0;
  if (quality === 3) {
    // Check-back in this reply or the rep's next three turns: after exploring with a question or
    // two and answering ("Beantwortet das deine Frage zur Einrichtung?"). Not a date proposal's
    // "Does that work for you?", which closes on a meeting.
    let j = reply.index;
    for (let k = 0; k < 4 && j >= 0; k++) {
      if (CHECK_BACK_RE.test(turns[j].text) && !DATE_RE.test(turns[j].text)) {
        quality = 4;
        break;
      }
      j = nextRep[j];
    }
  }
  let response: Sentence | null;
  if (defenseSentence) response = defenseSentence;
  else if (question) response = reply.sentences.find((x) => ACK_RE.test(x.text)) ?? (mirrorsObjection ? head : reply.sentences[firstQ]);
  else response = reply.sentences.find((x) => x.words >= 3) ?? reply.sentences[0] ?? null;
  // "Ich kann gut verstehen … Die Kantine bei Hella hat das am Anfang ganz genauso gesehen … Festgestellt haben sie dann …"
  const feelFeltFound = ack && beforeQuestion.some((x) => FELT_RE.test(x.text)) && beforeQuestion.some((x) => FOUND_RE.test(x.text));
  return { type, sentence: s, quality, ack, question, defense, response, early, capitulated: false, feelFeltFound };
}

function findNextStep(turns: Turn[], nextCust: number[], totalWords: number): NextStepInfo {
  const n = turns.length;
  let from = n;
  while (from > 0 && (turns[from - 1].wordPos >= totalWords * 0.6 || n - (from - 1) <= 6)) from--;
  let invite = false;
  // The rep's latest dated proposal and the customer's latest dated statement.
  let repDated: { s: Sentence; agreed: boolean } | null = null;
  // `proposal`: the rep's dated question the customer answered ("Thursday at 3 works."), even when it
  // came just before the closing window.
  let custDated: { s: Sentence; agreed: boolean; proposal: Sentence | null } | null = null;
  let undated: Sentence | null = null;
  let vague: Sentence | null = null;
  // The customer's next turn agrees ("Maybe, yes.", "Ja, gerne.", "Sure."), not "No" or "Not sure".
  const agreedByNext = (i: number): boolean => {
    const ci = nextCust[i];
    if (ci < 0) return false;
    const answer = firstSentences(turns[ci], 2);
    return AGREE_RE.test(answer) && !/^\W*(?:nein|nee|no|nope)\b/i.test(answer) && !REFUSE_RE.test(firstSentences(turns[ci], 1).replace(/^\W*(?:maybe|vielleicht),?\s*/i, '').slice(0, 20));
  };
  for (let i = from; i < n; i++) {
    const t = turns[i];
    const prev = i > 0 ? turns[i - 1] : null;
    const meetingTurn =
      MEETING_RE.test(t.text) || INVITE_RE.test(t.text) || (prev !== null && (DATE_RE.test(prev.text) || MEETING_RE.test(prev.text)) && prev.isRep !== t.isRep);
    for (const s of t.sentences) {
      if (INVITE_RE.test(s.text)) invite = true;
      // "Das ist garantiert bis Montag fertig" promises a delivery; it proposes no meeting.
      // "Das Angebot mit den drei Monaten gilt bis Freitag" is an offer's deadline, no meeting.
      if (DATE_RE.test(s.text) && (meetingTurn || s.question) && !(t.isRep && RISKY_PROMISE_RE.test(s.text)) && !OFFER_DEADLINE_RE.test(s.text)) {
        if (!t.isRep) {
          const agreed = !REFUSE_RE.test(firstSentences(t, 1).slice(0, 30)) || AGREE_RE.test(s.text);
          const proposal = prev?.isRep ? prev.sentences.find((x) => DATE_RE.test(x.text) && x.question !== null) ?? null : null;
          // A later date of the customer's own ("I'll send them by Tuesday") does not replace the agreed answer to a proposal.
          if (!custDated || !custDated.agreed || (agreed && (proposal !== null || custDated.proposal === null))) custDated = { s, agreed, proposal };
          // Confirming with a date ("Dienstag um 10 passt") agrees to the rep's proposal.
          if (agreed && repDated && prev?.isRep) repDated.agreed = true;
        } else {
          const ci = nextCust[i];
          const answer = ci >= 0 ? firstSentences(turns[ci], 2) : '';
          const agreed = answer !== '' && AGREE_RE.test(answer) && !/^\s*(?:nein|no)\b/i.test(answer);
          // The latest dated proposal wins, unless only an earlier one was agreed to.
          if (!repDated || agreed || !repDated.agreed) repDated = { s, agreed };
        }
      } else if (
        UNDATED_RE.test(s.text) && meetingTurn && !PITCH_RE.test(s.text) && !(DELIVERY_RE.test(s.text) && !MEETING_RE.test(s.text) && !INVITE_RE.test(s.text)) &&
        !(t.isRep && ONE_SIDED_FOLLOW_UP_RE.test(s.text))
      ) {
        // "I'll get that to you this week" sends something; it agrees no meeting.
        // "mit unserem Baukasten bist du in zwei Wochen live" is a pitch, not a next step.
        // "I'll follow up sometime next week" is the rep's own follow-up, nothing agreed: vague.
        undated = s;
      } else if (t.isRep && s.question && MEETING_RE.test(s.text) && !OFFER_MATERIAL_RE.test(s.text) && agreedByNext(i)) {
        // "How about we set up a demo?" – "Maybe, yes. Send me some times.": a meeting agreed without a date.
        undated = s;
      } else if (VAGUE_RE.test(s.text) || (t.isRep && ONE_SIDED_FOLLOW_UP_RE.test(s.text) && UNDATED_RE.test(s.text))) {
        vague = s;
      }
    }
  }
  if (repDated || custDated) {
    const agreed = (repDated?.agreed ?? false) || (custDated?.agreed ?? false);
    const level = agreed && invite ? 5 : agreed || invite ? 4 : 3;
    // The agreed date is the next step: not a later "see you Thursday" that nobody answered.
    const sentence = repDated?.agreed ? repDated.s : custDated?.agreed ? (custDated.proposal ?? custDated.s) : ((repDated ?? custDated)?.s ?? null);
    return { level, kind: 'dated', sentence, invite, agreed };
  }
  if (undated) return { level: 3, kind: 'undated', sentence: undated, invite, agreed: false };
  if (vague) return { level: 2, kind: 'vague', sentence: vague, invite, agreed: false };
  return { level: 1, kind: 'none', sentence: null, invite, agreed: false };
}
