// How the call ended: the last next step the seller proposed in the second half of the call,
// whether it has a day or time, whether the customer agreed, and whether an invite was named.
import type { LanguagePack } from '../lang/types.ts';
import { LABELS } from '../classify/labels.ts';
import type { Utterance } from '../utterances/types.ts';
import { type Sides, has, isCustomerU, isSeller, sellerReply } from './sides.ts';

const PROPOSAL = LABELS.indexOf('next_step_proposal');
const LATE_PROPOSAL = 0.3;

export type NextStepKind = 'dated' | 'undated' | 'vague' | 'none';

export interface NextStep {
  kind: NextStepKind;
  /** 1 none, 2 vague, 3 proposed or undated, 4 dated and agreed (or with an invite), 5 both. */
  level: number;
  proposal: Utterance | null;
  agreed: boolean;
  invite: boolean;
}

export function nextStep(s: Sides, lang: LanguagePack): NextStep {
  const half = s.call.totalWords / 2;
  const late = s.call.utterances.filter((u) => u.wordPos >= half || s.call.totalWords <= 120);
  // Late in a call a next step is what people talk about: there a weaker sign of a proposal counts
  // (in a very short call every line is "late", so there only the label does).
  const proposals = late.filter((u) => isSeller(s, u.key) && (has(u, 'next_step_proposal', 'next_step_dated') || (u.wordPos >= half && u.probs[PROPOSAL] >= LATE_PROPOSAL)));
  if (proposals.length === 0) return withoutProposal(s, late);
  const after = s.call.utterances.slice(proposals[0].index);
  const isDated = (u: Utterance) => has(u, 'next_step_dated') || (has(u, 'next_step_proposal', 'agreement') && lang.dateTime.test(u.text));
  const dated = after.some(isDated);
  const agreed = after.some((u) => isCustomerU(s, u) && has(u, 'agreement'));
  const invite = after.some((u) => lang.invite.test(u.text));
  const proposal = proposals.find(isDated) ?? proposals[proposals.length - 1];
  if (dated) return { kind: 'dated', level: agreed && invite ? 5 : agreed || invite ? 4 : 3, proposal, agreed, invite };
  if (agreed) return { kind: 'undated', level: 3, proposal, agreed, invite };
  return { kind: 'vague', level: 2, proposal, agreed, invite };
}

/** "Just send me something" at the end, answered with a promise to send: a vague next step. */
function withoutProposal(s: Sides, late: Utterance[]): NextStep {
  const material = late.find((u) => isCustomerU(s, u) && has(u, 'objection_send_material'));
  const reply = material ? (sellerReply(s, material.turn)[0] ?? null) : null;
  if (reply) return { kind: 'vague', level: 2, proposal: reply, agreed: false, invite: false };
  return { kind: 'none', level: 1, proposal: null, agreed: false, invite: false };
}
