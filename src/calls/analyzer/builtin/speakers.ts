// Who is the salesperson? Rules in order: the push's repSpeaker hint, role labels, the key
// owner's name, who answers an inbound call or introduces the company (unless another speaker
// clearly sells: presents, sets the agenda, proposes the next step), who sells, who asks the most
// questions.

import { AGENDA_RE, DATE_RE, HOST_RE, INBOUND_CALLER_RE, INBOUND_HOST_RE, INTRO_RE, PITCH_RE, PRESENT_RE, SELLER_NEXT_RE } from './lexicon.ts';
import { labelKey } from './transcript.ts';
import { rx } from './regex.ts';
import type { Turn } from './turns.ts';

export type RepReason = 'hint' | 'role_label' | 'rep_name' | 'inbound' | 'introduction' | 'selling' | 'questions' | 'single_speaker';

const REP_ROLES = new Set([
  'agent', 'rep', 'sales', 'salesperson', 'seller', 'verkäufer', 'verkäuferin', 'vertrieb', 'vertriebler',
  'vertrieblerin', 'berater', 'beraterin', 'kundenberater', 'kundenberaterin', 'account', 'ae', 'sdr', 'bdr',
  'consultant', 'vertriebsmitarbeiter', 'vertriebsmitarbeiterin', 'salesrep', 'verkauf', 'außendienst', 'innendienst',
]);
const CUSTOMER_ROLES = new Set([
  'customer', 'client', 'kunde', 'kundin', 'interessent', 'interessentin', 'prospect', 'lead', 'buyer', 'käufer',
  'käuferin', 'gast', 'guest', 'angerufener', 'angerufene',
]);

function tokens(label: string): string[] {
  return label.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

export function roleOf(label: string): 'rep' | 'customer' | null {
  const t = tokens(label);
  if (t.some((x) => REP_ROLES.has(x))) return 'rep';
  if (t.some((x) => CUSTOMER_ROLES.has(x))) return 'customer';
  return null;
}

interface SpeakerStats {
  key: string;
  label: string;
  words: number;
  questions: number;
  firstTurn: number;
  introTurn: number | null;
  host: number;
  /** What a salesperson does: presents or shares the screen, sets the agenda, proposes a dated next step, sends the invite; pitch sentences count once each, at most three. */
  selling: number;
  pitch: number;
  /** Inbound call: says they called the vendor (filled the form, saw the ad) / answers such a call ("thanks for calling"). */
  caller: boolean;
  answersInbound: boolean;
  turns: number;
}

/** An introduction weighs this much against selling signals: a customer's "Ich bin X von Y" in a round of introductions loses to a speaker who clearly sells. */
const INTRO_WEIGHT = 3;
/** Answering an inbound call outweighs an introduction; calling in cancels one and counts against the caller. */
const INBOUND_WEIGHT = INTRO_WEIGHT + 2;

export interface RepDetection {
  key: string;
  reason: RepReason;
  /**
   * Colleagues the salesperson brought along and introduced ("Ich hab Tobi mitgebracht, er ist bei
   * uns Solutions Engineer", "I brought Dana, one of our solutions engineers"): on the seller's side
   * in every measurement, never the customer. `key` stays the one salesperson of the contract.
   */
  colleagues: string[];
}

export function detectRep(
  turns: Turn[],
  labels: Map<string, string>,
  hints: { repSpeaker?: string | null; repName?: string | null },
): RepDetection {
  const rep = pickRep(turns, labels, hints);
  return { ...rep, colleagues: rep.key ? introducedColleagues(turns, labels, rep.key) : [] };
}

/**
 * The rep introduces a colleague by first name: "Ich hab Tobi mitgebracht", "mit dabei ist meine
 * Kollegin Jana", "mein Kollege Felix", "I brought Dana", "with me is my colleague Sam", "joined by
 * Priya". The name is checked for a capital after matching (the pattern is case-insensitive).
 */
const COLLEAGUE_INTRO_RE = rx(
  String.raw`\b(?:(?:ich hab|ich habe|hab ich|habe ich|wir haben|haben wir)\s+(?:(?:heute|auch|noch|mal|euch|dir|Ihnen|gleich)\s+){0,3}(?:(?:meinen|meine|unseren|unsere)\s+(?:\S+\s+)?(?:kollegen|kollegin)\s+)?([\p{L}]+)\s+(?:(?:\S+\s+){0,3}?(?:mitgebracht|dazugeholt|dazugebeten|mit dabei|dabei))|(?:mit dabei ist|dabei ist|bei mir ist|mit mir ist|neben mir sitzt)\s+(?:(?:heute|auch|noch)\s+){0,2}(?:(?:mein|meine|unser|unsere)\s+(?:\S+\s+)?(?:kollege|kollegin)\s+)?([\p{L}]+)|(?:mein|meine|unser|unsere)\s+(?:\S+\s+)?(?:kollege|kollegin)\s+([\p{L}]+)|(?:i|we)(?:'ve| have)?\s+(?:also\s+)?brought\s+(?:along\s+)?(?:(?:my|our)\s+(?:\S+\s+)?colleague\s+)?([\p{L}]+)|(?:joined by|with me (?:today )?is|i have with me|i've got with me)\s+(?:(?:my|our)\s+(?:\S+\s+)?colleague\s+)?([\p{L}]+)|(?:my|our)\s+(?:\S+\s+)?colleague\s+([\p{L}]+))`,
  'giu',
);
/** What makes an introduced person a colleague when the label does not carry the name ("Speaker 3"): a role on the seller's side. */
const COLLEAGUE_ROLE_RE = rx(
  String.raw`\b(?:kolleg\w*|engineer\w*|solutions?|berater\w*|spezialist\w*|expert\w*|techniker\w*|architekt\w*|colleagues?|specialists?|consultants?|architects?|onboarding|implementation|customer success|bei uns|one of ours?)\b`,
);
/** Labels without a name ("Speaker 3", "Sprecher 2", "Participant 4"). */
const GENERIC_LABEL_RE = /^(?:speaker|sprecher(?:in)?|person|teilnehmer(?:in)?|participant|unknown|guest|spk|s)\s*[-_]?\s*\d+$/i;
const NOT_A_NAME = new Set(['sie', 'ihnen', 'euch', 'dir', 'dich', 'ihn', 'ihm', 'uns', 'das', 'die', 'der', 'den', 'ein', 'eine', 'einen', 'along', 'you', 'up', 'in', 'some', 'a', 'the', 'our', 'my', 'here', 'him', 'her', 'them']);

function introducedColleagues(turns: Turn[], labels: Map<string, string>, repKey: string): string[] {
  const found = new Set<string>();
  const keys = [...new Set(turns.map((t) => t.key))].filter((k) => k !== repKey);
  const labelOf = (k: string) => labels.get(k) ?? turns.find((t) => t.key === k)?.speaker ?? k;
  for (const t of turns) {
    if (t.key !== repKey || t.index >= 15) continue;
    COLLEAGUE_INTRO_RE.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = COLLEAGUE_INTRO_RE.exec(t.text)) !== null) {
      const name = m.slice(1).find((x) => x !== undefined) ?? '';
      if (name.length < 2 || !/^\p{Lu}/u.test(name) || NOT_A_NAME.has(name.toLowerCase())) continue;
      const n = name.toLowerCase();
      // "Tobi" for "Tobias Krämer": a first name or its short form.
      const byName = keys.filter((k) => roleOf(labelOf(k)) !== 'customer' && tokens(labelOf(k)).some((x) => x === n || (n.length >= 3 && x.startsWith(n)) || (x.length >= 3 && n.startsWith(x))));
      if (byName.length === 1) {
        found.add(byName[0]);
        continue;
      }
      if (byName.length > 1) continue;
      // "Speaker 3": the introduced colleague is who greets right after the introduction, a speaker
      // not heard before who asks or sells for the seller's side later on.
      const sentence = t.text.slice(m.index, m.index + m[0].length + 80);
      if (!COLLEAGUE_ROLE_RE.test(sentence)) continue;
      const heard = new Set(turns.slice(0, t.index + 1).map((x) => x.key));
      const next = turns.slice(t.index + 1, t.index + 3).find((x) => x.key !== repKey && !heard.has(x.key) && GENERIC_LABEL_RE.test(labelOf(x.key).trim()));
      if (!next) continue;
      const sells = turns.some((x) => x.key === next.key && x.sentences.some((s) => s.question !== null || PITCH_RE.test(s.text) || PRESENT_RE.test(s.text)));
      if (sells) found.add(next.key);
    }
  }
  return [...found];
}

function pickRep(
  turns: Turn[],
  labels: Map<string, string>,
  hints: { repSpeaker?: string | null; repName?: string | null },
): Omit<RepDetection, 'colleagues'> {
  const stats = new Map<string, SpeakerStats>();
  for (const t of turns) {
    let s = stats.get(t.key);
    if (!s) {
      s = { key: t.key, label: labels.get(t.key) ?? t.speaker, words: 0, questions: 0, firstTurn: t.index, introTurn: null, host: 0, selling: 0, pitch: 0, caller: false, answersInbound: false, turns: 0 };
      stats.set(t.key, s);
    }
    s.words += t.words;
    let asks = false;
    for (const sen of t.sentences) {
      if (sen.question) {
        s.questions++;
        asks = true;
      }
      if (PRESENT_RE.test(sen.text)) s.selling += 2;
      if (SELLER_NEXT_RE.test(sen.text)) s.selling += 2;
      if (!sen.question && s.pitch < 3 && PITCH_RE.test(sen.text)) s.pitch++;
    }
    // "Passt Ihnen Dienstag um 10?": a dated proposal; the agenda at the start.
    if (asks && DATE_RE.test(t.text)) s.selling += 2;
    if (t.index < 12 && AGENDA_RE.test(t.text)) s.selling += 2;
    if (s.introTurn === null && t.index < 12 && INTRO_RE.test(t.text)) s.introTurn = t.index;
    if (t.index < 12 && HOST_RE.test(t.text)) s.host++;
    // Both said at the start of the call: the caller's reason in their first two turns, the
    // answer in the first turn ("thanks for calling, bye" at the end of a cold call says nothing).
    s.turns++;
    if (t.index < 8 && s.turns <= 2 && INBOUND_CALLER_RE.test(t.text)) s.caller = true;
    if (t.index < 6 && s.turns === 1 && INBOUND_HOST_RE.test(t.text)) s.answersInbound = true;
  }
  const all = [...stats.values()];
  if (all.length === 0) return { key: '', reason: 'single_speaker' };
  if (all.length === 1) return { key: all[0].key, reason: 'single_speaker' };

  // 1. The hint from the push.
  const hint = hints.repSpeaker?.trim();
  if (hint) {
    const hk = labelKey(hint);
    const exact = all.find((s) => s.key === hk);
    if (exact) return { key: exact.key, reason: 'hint' };
    const ht = tokens(hint);
    const partial = all.find((s) => {
      const st = tokens(s.label);
      return ht.length > 0 && (ht.every((x) => st.includes(x)) || (st.length > 0 && st.every((x) => ht.includes(x))));
    });
    if (partial) return { key: partial.key, reason: 'hint' };
  }

  // 2. Role labels.
  const repRoles = all.filter((s) => roleOf(s.label) === 'rep');
  if (repRoles.length > 0) {
    repRoles.sort((a, b) => b.words - a.words);
    return { key: repRoles[0].key, reason: 'role_label' };
  }
  const candidates = all.filter((s) => roleOf(s.label) !== 'customer');
  if (candidates.length === 1) return { key: candidates[0].key, reason: 'role_label' };
  const pool = candidates.length > 0 ? candidates : all;

  // 3. The key owner's name: full name, then first name, then last name.
  const name = hints.repName?.trim();
  if (name) {
    const nk = labelKey(name);
    const nt = tokens(name);
    const full = pool.find((s) => s.key === nk || (nt.length > 1 && nt.every((x) => tokens(s.label).includes(x))));
    if (full) return { key: full.key, reason: 'rep_name' };
    if (nt.length > 0) {
      const firstMatches = pool.filter((s) => tokens(s.label)[0] === nt[0]);
      if (firstMatches.length === 1) return { key: firstMatches[0].key, reason: 'rep_name' };
      const last = nt[nt.length - 1];
      const lastMatches = nt.length > 1 ? pool.filter((s) => tokens(s.label).includes(last)) : [];
      if (lastMatches.length === 1) return { key: lastMatches[0].key, reason: 'rep_name' };
      const anyMatches = pool.filter((s) => tokens(s.label).includes(nt[0]));
      if (anyMatches.length === 1) return { key: anyMatches[0].key, reason: 'rep_name' };
    }
  }

  // 4. Who introduces the company ("hier ist X von Y", "this is X from Y"), and 5. who sells
  // (presents, sets the agenda, proposes a dated next step, sends the invite, pitches). In a
  // round of introductions the customer says "Ich bin Martin Vogel von Vogel Haustechnik" too:
  // an introduction counts INTRO_WEIGHT, so a speaker who clearly sells still wins.
  // On an inbound call the caller introduces their own company too ("hier ist Sabine Wolter von
  // der Wolter Logistik, ich habe das Formular ausgefüllt"): the speaker who answers it ("schön,
  // dass Sie anrufen", "what made you reach out?") outweighs that, and the caller's introduction
  // counts against them.
  const introduced = (s: SpeakerStats) => s.introTurn !== null && !s.caller;
  const weight = (s: SpeakerStats) => s.selling + s.pitch + (introduced(s) ? INTRO_WEIGHT : 0)
    + (s.answersInbound && !s.caller ? INBOUND_WEIGHT : 0) - (s.caller && !s.answersInbound ? INBOUND_WEIGHT : 0);
  const intro = [...pool].sort((a, b) => weight(b) - weight(a) || (a.introTurn ?? Infinity) - (b.introTurn ?? Infinity));
  if (weight(intro[0]) > 0 && (intro.length < 2 || weight(intro[0]) > weight(intro[1]) || introduced(intro[0]))) {
    const reason: RepReason = intro[0].answersInbound && !intro[0].caller ? 'inbound' : introduced(intro[0]) ? 'introduction' : 'selling';
    return { key: intro[0].key, reason };
  }

  // 6. Who asks the most questions (then: who hosts the call, who spoke first).
  const byQuestions = [...pool].sort((a, b) => b.questions - a.questions || b.host - a.host || a.firstTurn - b.firstTurn);
  return { key: byQuestions[0].key, reason: 'questions' };
}
