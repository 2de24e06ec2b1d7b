import type { Role } from '../db/schema.ts';

export type Scope = 'read' | 'write';

/** Who is acting: an API key (keyId set) or a signed-in application user (keyId null). */
export interface Actor {
  teamId: string;
  userId: string;
  role: Role;
  name: string;
  email: string;
  keyId: string | null;
  scopes: ReadonlySet<Scope>;
}

/** Owners and managers see every row of their team; members see what decisions.md lists. */
export function seesAll(actor: Pick<Actor, 'role'>): boolean {
  return actor.role === 'owner' || actor.role === 'manager';
}
