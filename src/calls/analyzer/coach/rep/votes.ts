// How much one utterance with a label says about its speaker's side of the table: a plain vote
// that finds colleagues on the seller's side (the salesperson is found by the learned weights of
// rep-weights.json; a colleague is a second seller, which those weights do not rank).
import type { Label } from '../classify/labels.ts';

export const SELLER_VOTES: Partial<Record<Label, number>> = {
  self_intro: 1,
  call_purpose: 3,
  ask_situation: 1,
  ask_pain: 1.5,
  ask_impact: 1.5,
  ask_need_payoff: 1.5,
  ask_qualify: 1,
  ask_logistics: 0.5,
  check_back: 1,
  explore_objection: 1.5,
  label: 1,
  summary: 1,
  mirror: 0.5,
  pitch_feature: 1.5,
  value_tied: 2,
  proof: 1.5,
  guarantee: 1,
  concession: 2,
  next_step_proposal: 1.5,
  next_step_dated: 0.5,
};

export const BUYER_VOTES: Partial<Record<Label, number>> = {
  situation: 1,
  pain: 1.5,
  impact: 1.5,
  interest: 1,
  agreement: 0.5,
  gatekeeper: 1,
  objection_price: 2.5,
  objection_timing: 2.5,
  objection_competitor: 2.5,
  objection_status_quo: 2.5,
  objection_authority: 2.5,
  objection_send_material: 2.5,
  objection_trust: 2.5,
  objection_adoption: 2.5,
  interruption_protest: 1,
};
