// The Team page's domain rules (members and API keys), shared by the application and tests.
// Only owners and managers administer a team; only owners grant or touch the owner role, and
// the last active owner cannot be demoted or deactivated (a team must stay administrable:
// IdentityService.updateUser holds that rule for the CLI too).
import type { Db } from '../db/database.ts';
import type { Role, UserTable } from '../db/schema.ts';
import { type Actor, seesAll } from '../common/actor.ts';
import { forbidden, notFound, validation } from '../errors/app-error.ts';
import { IdentityService, mayRevokeKeyOf, ROLES } from './identity.service.ts';
import { checkPassword } from './password.ts';

export interface KeyListItem {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  user_id: string;
  user_name: string;
  created_by: string;
  created_by_name: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  /** Whether the listing user may revoke it (mayRevokeKeyOf): the page offers Revoke only then. */
  revocable: boolean;
}

export class TeamAdminService {
  constructor(private readonly db: Db, private readonly identity: IdentityService, private readonly endSessions: (userId: string) => Promise<unknown>) {}

  requireAdmin(actor: Actor): void {
    if (!seesAll(actor)) throw forbidden('Only owners and managers manage the team.');
  }

  members(actor: Actor): Promise<UserTable[]> {
    this.requireAdmin(actor);
    return this.identity.repo.teamUsers(actor.teamId);
  }

  private async member(actor: Actor, userId: string): Promise<UserTable> {
    const user = await this.identity.repo.user(userId);
    if (!user || user.team_id !== actor.teamId) throw notFound('User');
    return user;
  }

  private parseRole(raw: unknown): Role {
    if (!ROLES.includes(raw as Role)) throw validation('role', 'role must be owner, manager or member.');
    return raw as Role;
  }

  async addMember(actor: Actor, input: { email: string; name?: string; role: string; password: string }) {
    this.requireAdmin(actor);
    const role = this.parseRole(input.role);
    if (role === 'owner' && actor.role !== 'owner') throw forbidden('Only owners can add owners.');
    return this.identity.addUser({ teamId: actor.teamId, email: input.email, role, name: input.name, password: input.password });
  }

  async changeRole(actor: Actor, userId: string, rawRole: string) {
    this.requireAdmin(actor);
    const role = this.parseRole(rawRole);
    const user = await this.member(actor, userId);
    if ((role === 'owner' || user.role === 'owner') && actor.role !== 'owner') throw forbidden('Only owners can grant or change the owner role.');
    return this.identity.updateUser(user.id, { role });
  }

  /** Deactivated users cannot sign in; their keys answer 401 at once (authenticate checks active). */
  async setActive(actor: Actor, userId: string, active: boolean) {
    this.requireAdmin(actor);
    const user = await this.member(actor, userId);
    if (user.id === actor.userId && !active) throw validation('user', 'You cannot deactivate yourself.');
    if (user.role === 'owner' && actor.role !== 'owner') throw forbidden('Only owners can deactivate or reactivate owners.');
    const out = await this.identity.updateUser(user.id, { active });
    if (!active) await this.endSessions(user.id);
    return out;
  }

  /**
   * A new password for someone who lost theirs (there is no mail-based reset). Owners set anyone's,
   * managers only non-owners' (else a manager could sign in as an owner). Their sessions end.
   */
  async setPassword(actor: Actor, userId: string, rawPassword: string) {
    this.requireAdmin(actor);
    if (!userId) throw validation('user', 'A user is required.');
    const user = await this.member(actor, userId);
    if (user.id === actor.userId) throw validation('user', 'Change your own password on your profile.');
    if (user.role === 'owner' && actor.role !== 'owner') throw forbidden("Only owners can set an owner's password.");
    const password = checkPassword(rawPassword);
    const out = await this.identity.updateUser(user.id, { password });
    await this.endSessions(user.id);
    return out;
  }

  /** The paid product (needed to push calls) is the owners' decision: it is what the team pays for. */
  async setPaid(actor: Actor, userId: string, paid: boolean) {
    if (actor.role !== 'owner') throw forbidden('Only owners can switch the paid product.');
    const user = await this.member(actor, userId);
    return this.identity.updateUser(user.id, { paid });
  }

  async keys(actor: Actor): Promise<KeyListItem[]> {
    this.requireAdmin(actor);
    const [keys, users] = await Promise.all([this.identity.repo.teamKeys(actor.teamId), this.identity.repo.teamUsers(actor.teamId)]);
    const names = new Map(users.map((u) => [u.id, u.name]));
    const roles = new Map(users.map((u) => [u.id, u.role]));
    return keys.map((k) => ({
      id: k.id, name: k.name, prefix: k.prefix, scopes: k.scopes.split(','), user_id: k.user_id, user_name: names.get(k.user_id) ?? k.user_id,
      created_by: k.created_by, created_by_name: names.get(k.created_by) ?? k.created_by, created_at: k.created_at,
      last_used_at: k.last_used_at, revoked_at: k.revoked_at, revocable: mayRevokeKeyOf(actor, roles.get(k.user_id) ?? 'owner'),
    }));
  }

  /** A key acts for the user who created it (decisions.md), so the creator is the key owner. */
  async createKey(actor: Actor, input: { name: string; scopes: string[] }) {
    this.requireAdmin(actor);
    // The application asks for a name; the CLI falls back to "API key".
    if (!input.name.trim()) throw validation('name', 'Give the key a name.');
    return this.identity.createKey({ userId: actor.userId, scopes: input.scopes, name: input.name, createdBy: actor.userId });
  }

  async revokeKey(actor: Actor, keyId: string) {
    this.requireAdmin(actor);
    return this.identity.revokeKey(keyId, actor);
  }
}
