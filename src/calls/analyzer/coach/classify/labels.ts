// The utterance labels of training/LABELS.md, in its order. The model's weight columns and
// classify()'s probabilities use this order, so a change here needs `npm run train`.

export const LABELS = [
  // Conversation
  'greeting',
  'goodbye',
  'self_intro',
  'call_purpose',
  'gatekeeper',
  'small_talk',
  'interruption_protest',
  // Questions: the form
  'question_open',
  'question_closed',
  'question_tag',
  'question_leading',
  // Questions of the salesperson: the purpose
  'ask_situation',
  'ask_pain',
  'ask_impact',
  'ask_need_payoff',
  'ask_qualify',
  'ask_logistics',
  'check_back',
  'explore_objection',
  // What the customer says
  'situation',
  'pain',
  'impact',
  'interest',
  'agreement',
  // Objections
  'objection_price',
  'objection_timing',
  'objection_competitor',
  'objection_status_quo',
  'objection_authority',
  'objection_send_material',
  'objection_trust',
  'objection_adoption',
  // What the salesperson does
  'acknowledge',
  'label',
  'mirror',
  'summary',
  'defend',
  'pitch_feature',
  'value_tied',
  'proof',
  'guarantee',
  'concession',
  'next_step_proposal',
  'next_step_dated',
] as const;

export type Label = (typeof LABELS)[number];

const LABEL_SET: ReadonlySet<string> = new Set(LABELS);

export function isLabel(s: string): s is Label {
  return LABEL_SET.has(s);
}
