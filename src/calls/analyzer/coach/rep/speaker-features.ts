// What one speaker did in the call, as numbers the learned rep finder weighs: how often each
// label occurs in their utterances (log-scaled) and which labels they used in their first turns
// (introductions and purpose come early). Who spoke first and who talked most are left out on
// purpose: they say more about how a data set was written than about who sells.
import { LABELS } from '../classify/labels.ts';
import { LANGUAGES } from '../lang/index.ts';
import type { Call } from '../utterances/types.ts';

export type SpeakerFeatures = Record<string, number>;

const EARLY_TURNS = 4;
// Both sides ask questions; what they ask about (the ask_* labels) says who sells, the form does not.
const QUESTION_FORMS = new Set<string>(['question_open', 'question_closed', 'question_tag', 'question_leading']);

export function speakerFeatures(call: Call): Map<string, SpeakerFeatures> {
  const out = new Map<string, SpeakerFeatures>();
  const turnsSeen = new Map<string, number>();
  const counts = new Map<string, Map<string, number>>();
  let currentTurn = -1;
  for (const u of call.utterances) {
    if (u.turn !== currentTurn) {
      currentTurn = u.turn;
      turnsSeen.set(u.key, (turnsSeen.get(u.key) ?? 0) + 1);
    }
    const c = counts.get(u.key) ?? new Map<string, number>();
    counts.set(u.key, c);
    const early = (turnsSeen.get(u.key) ?? 0) <= EARLY_TURNS;
    for (const l of u.labels) {
      c.set(l, (c.get(l) ?? 0) + 1);
      if (early && (l === 'self_intro' || l === 'call_purpose' || l === 'greeting' || l === 'gatekeeper')) c.set(`early_${l}`, (c.get(`early_${l}`) ?? 0) + 1);
    }
  }
  const total = (l: string) => [...counts.values()].reduce((a, c) => a + (c.get(l) ?? 0), 0);
  for (const [key, c] of counts) {
    const f: SpeakerFeatures = {};
    for (const l of LABELS) if (!QUESTION_FORMS.has(l)) f[l] = Math.log1p(c.get(l) ?? 0);
    for (const l of ['self_intro', 'call_purpose', 'greeting', 'gatekeeper']) f[`early_${l}`] = Math.log1p(c.get(`early_${l}`) ?? 0);
    // Who of the call's speakers did most of the asking, telling of problems, pitching and proposing:
    // a share says it in a two-line call as well as in a long one.
    for (const l of SHARED) {
      const all = total(l);
      f[`share_${l}`] = all === 0 ? 0 : (c.get(l) ?? 0) / all;
    }
    out.set(key, f);
  }
  // Who brought whom: in a call with colleagues the salesperson introduces the others ("I've
  // brought Tom along"); a solutions engineer who then does most of the talking does not.
  for (const [key, named] of namedBeforeSpeaking(call)) {
    const mine = out.get(key);
    if (mine) mine.names_others_first = Math.log1p(named.size);
    for (const other of named) {
      const theirs = out.get(other);
      if (theirs) theirs.named_first_by_other = 1;
    }
  }
  for (const f of out.values()) {
    f.names_others_first ??= 0;
    f.named_first_by_other ??= 0;
  }
  return out;
}

const ROLE_WORDS = new Set(Object.values(LANGUAGES).flatMap((l) => [...l.roles.rep, ...l.roles.customer]));

/** The first name a label gives a speaker, when it looks like one ("Tom Becker" -> "tom"). */
function firstName(label: string): string | null {
  const first = label.toLowerCase().split(/[^\p{L}]+/u).find(Boolean);
  return first && first.length >= 3 && !ROLE_WORDS.has(first) && !/^(speaker|sprecher)$/.test(first) ? first : null;
}

/** Per speaker, the other speakers they named before those first spoke. */
export function namedBeforeSpeaking(call: Call): Map<string, Set<string>> {
  const firstAt = new Map<string, number>();
  for (const u of call.utterances) if (!firstAt.has(u.key)) firstAt.set(u.key, u.index);
  const names = [...firstAt.keys()].map((k) => ({ key: k, name: firstName(call.labels.get(k) ?? k) })).filter((x) => x.name !== null);
  const out = new Map<string, Set<string>>();
  for (const u of call.utterances) {
    const words = new Set(u.text.toLowerCase().split(/[^\p{L}]+/u));
    for (const { key, name } of names) {
      if (key === u.key || (firstAt.get(key) ?? 0) <= u.index || !words.has(name as string)) continue;
      const set = out.get(u.key) ?? new Set<string>();
      set.add(key);
      out.set(u.key, set);
    }
  }
  return out;
}

const SHARED = ['ask_situation', 'ask_pain', 'ask_impact', 'ask_need_payoff', 'ask_qualify', 'situation', 'pain', 'impact', 'pitch_feature', 'value_tied', 'next_step_proposal'];
