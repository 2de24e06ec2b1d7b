// Who is the salesperson? Rules in order: the push's repSpeaker hint, role labels, the key
// owner's name, who introduces the company, who asks the most questions.

import { HOST_RE, INTRO_RE } from './lexicon.ts';
import { labelKey } from './transcript.ts';
import type { Turn } from './turns.ts';

export type RepReason = 'hint' | 'role_label' | 'rep_name' | 'introduction' | 'questions' | 'single_speaker';

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
}

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
      s = { key: t.key, label: labels.get(t.key) ?? t.speaker, words: 0, questions: 0, firstTurn: t.index, introTurn: null, host: 0 };
      stats.set(t.key, s);
    }
    s.words += t.words;
    for (const sen of t.sentences) if (sen.question) s.questions++;
    if (s.introTurn === null && t.index < 12 && INTRO_RE.test(t.text)) s.introTurn = t.index;
    if (t.index < 12 && HOST_RE.test(t.text)) s.host++;
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

  // 4. Who introduces the company ("hier ist X von Y", "this is X from Y").
  const intro = pool.filter((s) => s.introTurn !== null).sort((a, b) => (a.introTurn as number) - (b.introTurn as number));
  if (intro.length > 0) return { key: intro[0].key, reason: 'introduction' };

  // 5. Who asks the most questions (then: who hosts the call, who spoke first).
  const byQuestions = [...pool].sort((a, b) => b.questions - a.questions || b.host - a.host || a.firstTurn - b.firstTurn);
  return { key: byQuestions[0].key, reason: 'questions' };
}
