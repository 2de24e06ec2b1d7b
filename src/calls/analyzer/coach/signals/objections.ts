// The customer's objections and how the seller's reply handled each, on the LAER steps:
// acknowledge (or label, mirror, summarise), explore with a question, answer, check back.
// Arguing back caps the handling at 1; a concession as the only answer is giving in.
import type { Label } from '../classify/labels.ts';
import type { Utterance } from '../utterances/types.ts';
import { wordsOf } from '../utterances/sentences.ts';
import { OBJECTION_LABELS, PITCH_LABELS, type Sides, has, isCustomerU, isQuestion, sellerReply, sure } from './sides.ts';

export type ObjectionType = 'price' | 'timing' | 'competitor' | 'status_quo' | 'authority' | 'send_material' | 'trust' | 'adoption';

export interface Objection {
  type: ObjectionType;
  utterance: Utterance;
  reply: Utterance[];
  acknowledged: boolean;
  explored: boolean;
  answered: boolean;
  checkedBack: boolean;
  defended: boolean;
  conceded: boolean;
  /** 0 (ignored or argued) to 4 (all four LAER steps). */
  quality: number;
}

const RESTATED_WITHIN_TURNS = 6;

const typeOf = (l: Label) => l.slice('objection_'.length) as ObjectionType;

export function customerObjections(s: Sides): Objection[] {
  const out: Objection[] = [];
  const lastTurnOf = new Map<Label, number>();
  for (const u of s.call.utterances) {
    if (!isCustomerU(s, u)) continue;
    for (const l of OBJECTION_LABELS) {
      if (!u.labels.has(l)) continue;
      // The same concern restated within a few turns is one objection, not a new one.
      const last = lastTurnOf.get(l);
      lastTurnOf.set(l, u.turn);
      if (last !== undefined && u.turn - last <= RESTATED_WITHIN_TURNS) continue;
      out.push(handling(typeOf(l), u, sellerReply(s, u.turn)));
    }
  }
  return out;
}

function handling(type: ObjectionType, utterance: Utterance, reply: Utterance[]): Objection {
  const acknowledged = reply.some((r) => has(r, 'acknowledge', 'label', 'mirror', 'summary')) || repeatsObjection(utterance, reply[0]);
  const explored = reply.some((r) => has(r, 'explore_objection') || (isQuestion(r) && !has(r, 'check_back', 'next_step_proposal', 'next_step_dated', 'ask_logistics')));
  // A concrete next step answers a concern too ("bring her along on Thursday" to "I don't decide alone").
  const answered = reply.some((r) => has(r, ...PITCH_LABELS, 'next_step_proposal', 'next_step_dated')) || reply.reduce((n, r) => n + r.words, 0) >= 25;
  const checkedBack = reply.some((r) => has(r, 'check_back'));
  const defended = reply.some((r) => sure(r, 'defend'));
  const conceded = reply.some((r) => has(r, 'concession'));
  let quality = Number(acknowledged) + Number(explored) + Number(answered) + Number(checkedBack);
  if (defended) quality = Math.min(quality, 1);
  if (conceded && !explored) quality = Math.min(quality, 1);
  return { type, utterance, reply, acknowledged, explored, answered, checkedBack, defended, conceded, quality };
}

/** A short first reply that repeats the customer's words ("Can't keep up?") acknowledges them. */
function repeatsObjection(objection: Utterance, first: Utterance | undefined): boolean {
  if (!first || first.words > 6) return false;
  const said = new Set(wordsOf(objection.text).map((w) => w.toLowerCase()));
  const words = wordsOf(first.text).map((w) => w.toLowerCase());
  return words.length > 0 && words.filter((w) => said.has(w)).length / words.length >= 0.5;
}
