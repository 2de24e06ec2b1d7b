// Who is the salesperson? Rules in order: the push's repSpeaker hint, role labels, the key
// owner's name, who answers an inbound call or introduces the company (unless another speaker
// clearly sells: presents, sets the agenda, proposes the next step), who sells, who asks the most
// questions.

import { AGENDA_RE, DATE_RE, HOST_RE, INBOUND_CALLER_RE, INBOUND_HOST_RE, INTRO_RE, PITCH_RE, PRESENT_RE, SELLER_NEXT_RE } from './lexicon.ts';
import { labelKey } from './transcript.ts';
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
}

export function detectRep(
  turns: Turn[],
  labels: Map<string, string>,
  hints: { repSpeaker?: string | null; repName?: string | null },
): RepDetection {
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
