// A language's coaching texts: why and coaching per moment kind (in the requested coaching
// language), what to say instead (in the call's language, du or Sie as a parameter), the
// commitment, and the transcript notes. Templates fill {name} from the moment's parameters;
// {{du form|Sie form}} picks the salesperson's form of address.
import type { FormOfAddress } from '../../types.ts';
import type { CallType } from '../call-type/types.ts';
import type { MomentKind } from '../moments/types.ts';

export interface KindTexts {
  why: string;
  coaching: string;
}

export interface Catalogue {
  moments: Record<MomentKind, KindTexts>;
  /** What to say instead, per miss kind; `echo` variants quote the customer's words as {echo}. */
  say: Partial<Record<MomentKind, { echo?: string; plain: string }>>;
  /** Per objection type: what to say instead after that objection (with {echo}). */
  sayObjection: Record<string, string>;
  /**
   * Where the call's type (call-type/) changes what a coach has the rep say: per type, lines that
   * replace `say` (a renewal closes on its terms, a churn save on a fix by a date) and
   * `sayObjection`. A type or kind without a line keeps the general one.
   */
  sayByCallType: Partial<Record<CallType, Partial<Record<MomentKind, { echo?: string; plain: string }>>>>;
  sayObjectionByCallType: Partial<Record<CallType, Record<string, string>>>;
  commitment: Partial<Record<MomentKind, string>>;
  objectionNames: Record<string, string>;
  notes: Record<string, string>;
}

export type Params = Record<string, string | number>;

const FORM_RE = /\{\{([^{}|]*)\|([^{}]*)\}\}/g;
const PARAM_RE = /\{(\w+)\}/g;

/** Fill a template: {{du|Sie}} by the form of address (the Sie form when none), then {name}. */
export function fill(template: string, params: Params, form: FormOfAddress | null = null): string {
  return template
    .replace(FORM_RE, (_, du: string, sie: string) => (form === 'du' ? du : sie))
    .replace(PARAM_RE, (m, name: string) => (name in params ? String(params[name]) : m));
}
