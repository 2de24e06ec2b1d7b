// Who is the salesperson. The hints a push can give come first (the dialer's rep_speaker, role
// labels, the key owner's name); without them, what each speaker did decides, weighed by the
// logistic model of rep-weights.json (speaker-features.ts): introducing oneself and the call's
// purpose, asking about the other's business, presenting and proposing next steps are the
// seller's; objections, pains and describing one's own setup are the buyer's.
import type { Label } from '../classify/labels.ts';
import { labelKey } from '../parse/transcript.ts';
import { LANGUAGES } from '../lang/index.ts';
import type { Call } from '../utterances/types.ts';
import { SELLER_VOTES, BUYER_VOTES } from './votes.ts';
import { repWeights, sellerScore } from './learned-rep.ts';
import { namedBeforeSpeaking, speakerFeatures } from './speaker-features.ts';

export type RepReason = 'hint' | 'role_label' | 'rep_name' | 'utterances' | 'single_speaker';

export interface RepFinding {
  key: string;
  label: string;
  reason: RepReason;
  /** Speakers on the seller's side besides the rep (a solutions engineer brought along). */
  colleagues: Set<string>;
}

export interface RepHints {
  repSpeaker?: string | null;
  repName?: string | null;
}

const tokensOf = (s: string) => s.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

export function findRep(call: Call, hints: RepHints): RepFinding {
  const keys = speakerKeys(call);
  const votes = voteBySpeaker(call);
  const pick = (key: string, reason: RepReason): RepFinding => ({ key, label: call.labels.get(key) ?? key, reason, colleagues: colleaguesOf(call, key, votes) });
  if (keys.length <= 1) return pick(keys[0] ?? '', 'single_speaker');
  const hinted = matchLabel(keys, hints.repSpeaker, true);
  if (hinted) return pick(hinted, 'hint');
  const byRole = roleLabelled(keys);
  if (byRole) return pick(byRole, 'role_label');
  const byName = matchLabel(keys, hints.repName, false);
  if (byName) return pick(byName, 'rep_name');
  const learned = repWeights();
  const features = learned ? speakerFeatures(call) : null;
  const score = (k: string) => (learned && features ? sellerScore(learned, features.get(k) ?? {}) : (votes.get(k) ?? 0));
  let best = keys[0];
  for (const k of keys) if (score(k) > score(best)) best = k;
  return pick(best, 'utterances');
}

/** Speakers in the order they first speak. */
function speakerKeys(call: Call): string[] {
  const seen: string[] = [];
  for (const t of call.turns) if (!seen.includes(t.key)) seen.push(t.key);
  return seen;
}

/** The label itself (`exact`) or all parts of a name found in exactly one label. */
export function matchLabel(keys: string[], hint: string | null | undefined, exact: boolean): string | null {
  if (!hint || !hint.trim()) return null;
  const k = labelKey(hint);
  if (keys.includes(k)) return k;
  const parts = tokensOf(hint);
  if (parts.length === 0) return null;
  const full = keys.filter((key) => parts.every((p) => tokensOf(key).includes(p)));
  if (full.length === 1) return full[0];
  if (exact) return null;
  // The key owner's first or last name alone, when only one speaker carries it.
  for (const p of [parts[0], parts[parts.length - 1]]) {
    const one = keys.filter((key) => tokensOf(key).includes(p));
    if (one.length === 1) return one[0];
  }
  return null;
}

function roleOf(key: string): 'rep' | 'customer' | null {
  const t = tokensOf(key);
  const spaced = ` ${t.join(' ')} `;
  // A seller's team named after the buyer ("Customer Success") is the seller's side.
  for (const lang of Object.values(LANGUAGES)) {
    if (lang.roles.sellerTeams.some((p) => spaced.includes(` ${p} `))) return 'rep';
  }
  for (const lang of Object.values(LANGUAGES)) {
    if (t.some((x) => lang.roles.rep.includes(x))) return 'rep';
  }
  for (const lang of Object.values(LANGUAGES)) {
    if (t.some((x) => lang.roles.customer.includes(x))) return 'customer';
  }
  return null;
}

/** A speaker labelled as the seller, or the only speaker not labelled as the buyer. */
function roleLabelled(keys: string[]): string | null {
  const roles = keys.map(roleOf);
  const reps = keys.filter((_, i) => roles[i] === 'rep');
  if (reps.length === 1) return reps[0];
  const others = keys.filter((_, i) => roles[i] !== 'customer');
  if (others.length === 1 && roles.some((r) => r === 'customer')) return others[0];
  return null;
}

/** Seller votes minus buyer votes, summed over each speaker's utterances. */
function voteBySpeaker(call: Call): Map<string, number> {
  const votes = new Map<string, number>();
  for (const u of call.utterances) {
    let v = 0;
    for (const l of u.labels) v += (SELLER_VOTES[l as Label] ?? 0) - (BUYER_VOTES[l as Label] ?? 0);
    votes.set(u.key, (votes.get(u.key) ?? 0) + v);
  }
  return votes;
}

/**
 * The seller's colleagues: another speaker who sells about as much as the rep (half the rep's net
 * vote), or whom the rep named before they first spoke ("with me is Dana") and who leans to the
 * seller's side.
 */
function colleaguesOf(call: Call, rep: string, votes: Map<string, number>): Set<string> {
  const out = new Set<string>();
  const repVote = votes.get(rep) ?? 0;
  const namedByRep = namedBeforeSpeaking(call).get(rep) ?? new Set<string>();
  for (const [k, v] of votes) {
    if (k === rep) continue;
    if ((repVote > 0 && v >= repVote * 0.5 && v >= 4) || (v > 0 && namedByRep.has(k))) out.add(k);
  }
  return out;
}
