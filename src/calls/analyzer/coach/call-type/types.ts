// The call types the analyzer tells apart: what changes what a coach has the rep say at the end
// of the call. `other` is an unclear type (or the model unsure): the general lines are used.
export const CALL_TYPES = ['cold_call', 'discovery', 'demo', 'negotiation', 'renewal', 'churn_save', 'follow_up', 'inbound', 'upsell', 'other'] as const;
export type CallType = (typeof CALL_TYPES)[number];
