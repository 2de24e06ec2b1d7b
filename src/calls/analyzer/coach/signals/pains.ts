// The customer's pains and quantified impacts, and whether the rep explored them: a question
// (or a summary, a label) in the rep's reply, rather than a pitch or the next topic.
import type { LanguagePack } from '../lang/types.ts';
import type { Utterance } from '../utterances/types.ts';
import { DISCOVERY_LABELS, type Sides, has, isCustomerU, isQuestion, sellerReply } from './sides.ts';

export interface Pain {
  utterance: Utterance;
  impact: boolean;
  /** The rep's reply asked into it, summarised or labelled it. */
  explored: boolean;
  /** The rep drew it out: it answers the rep's open question. */
  drawnOut: boolean;
  /** The rep's reply (empty when the call ends there). */
  reply: Utterance[];
}

export function customerPains(s: Sides, lang: LanguagePack): Pain[] {
  const out: Pain[] = [];
  const seenTurns = new Set<number>();
  for (const u of s.call.utterances) {
    if (!isCustomerU(s, u)) continue;
    const impact = has(u, 'impact') || (has(u, 'pain') && lang.quantity.test(u.text));
    if (!has(u, 'pain') && !impact) continue;
    if (seenTurns.has(u.turn)) {
      // One pain per customer turn; a later sentence of the same turn may add the impact.
      if (impact) out[out.length - 1].impact = true;
      continue;
    }
    seenTurns.add(u.turn);
    const reply = sellerReply(s, u.turn);
    const explored = reply.slice(0, 3).some((r) => (isQuestion(r) && has(r, ...DISCOVERY_LABELS, 'question_open')) || has(r, 'summary', 'label', 'mirror'));
    out.push({ utterance: u, impact, explored, drawnOut: drawnOut(s, u.turn), reply });
  }
  return out;
}

function drawnOut(s: Sides, turn: number): boolean {
  const before = s.call.turns[turn - 1];
  if (!before || before.key !== s.rep) return false;
  return before.utterances.some((q) => isQuestion(q) && has(q, 'question_open'));
}
