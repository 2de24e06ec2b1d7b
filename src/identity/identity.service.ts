// Teams, users and API keys: used by the CLI, the API (authentication) and the application.
import { createHash, randomBytes } from 'node:crypto';
import { lockNames, type Db, type DialectName } from '../db/database.ts';
import { ROLES, type ApiKeyTable, type Role, type TeamTable, type UserTable } from '../db/schema.ts';
import { AppError, forbidden, validation } from '../errors/app-error.ts';
import { newId } from '../lib/ids.ts';
import { nowIso } from '../lib/time.ts';
import { MAX_LENGTH, cleanText } from '../common/text.ts';
import { type Actor, type Scope, seesAll } from '../common/actor.ts';
import { IdentityRepository } from './identity.repository.ts';
import { checkPassword, hashPassword } from './password.ts';
import { TurnBatcher } from '../lib/turn-batcher.ts';
import { lookUpKeyAndCount, type KeyWithCount } from '../db/round-trips.ts';
import { noteCreditsSet } from '../limits/allowance.service.ts';

export const DEFAULT_STAGES = [
  { key: 'lead', label: 'Lead' },
  { key: 'qualified', label: 'Qualified' },
  { key: 'proposal', label: 'Proposal' },
  { key: 'negotiation', label: 'Negotiation' },
];

export { ROLES };
// The address forms mail systems deliver to: a dot-atom local part (RFC 5322, Unicode letters
// allowed as in RFC 6531) and a host name of two or more labels, none empty or hyphen-edged.
const EMAIL_LOCAL = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
const EMAIL_LABEL = /^[\p{L}\p{N}]([\p{L}\p{N}-]*[\p{L}\p{N}])?$/u;

export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  if (email.length > 254) return false;
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  return at > 0 && local.length <= 64 && EMAIL_LOCAL.test(local) && labels.length >= 2
    && labels.every((l) => l.length <= 63 && EMAIL_LABEL.test(l)) && !/^\d+$/.test(labels[labels.length - 1]);
}

export function hashKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function teamJson(t: TeamTable) {
  return {
    id: t.id, name: t.name, licence: t.licence, request_limit: t.request_limit, call_limit: t.call_limit,
    team_cap: t.team_cap, spend_limit_cents: t.spend_limit_cents, created_at: t.created_at, updated_at: t.updated_at,
  };
}

export function userJson(u: UserTable) {
  return {
    id: u.id, team_id: u.team_id, email: u.email, name: u.name, role: u.role, active: u.active === 1,
    consent: u.consent === 1, consent_at: u.consent_at, paid: u.paid === 1, personal_pool: u.personal_pool,
    credits: u.credits, locale: u.locale, created_at: u.created_at, updated_at: u.updated_at,
  };
}

/** What an operator sees of a key: never the secret, nor its hash. */
export function keyJson(k: ApiKeyTable) {
  return {
    id: k.id, team_id: k.team_id, user_id: k.user_id, name: k.name, prefix: k.prefix, scopes: k.scopes.split(','),
    created_by: k.created_by, created_at: k.created_at, last_used_at: k.last_used_at, revoked_at: k.revoked_at,
  };
}

export interface AuthenticatedKey {
  actor: Actor;
  licence: 'active' | 'inactive';
  requestLimit: number;
}

export interface TeamUpdate {
  licence?: 'active' | 'inactive';
  request_limit?: number;
  call_limit?: number;
  team_cap?: number | null;
  spend_limit_cents?: number | null;
  name?: string;
}

export interface UserUpdate {
  role?: Role;
  consent?: boolean;
  paid?: boolean;
  personal_pool?: number | null;
  credits?: number;
  active?: boolean;
  name?: string;
  locale?: string;
  password?: string;
}

export class IdentityService {
  readonly repo: IdentityRepository;
  // last_used_at is written at most once a minute per key, not on every request.
  private readonly touched = new Map<string, number>();
  // Requests with the same key in one event-loop turn share one lookup, started after they all
  // arrived: a revocation committed before a request still answers that request 401.
  // Batched by secret, so a busy key is hashed once per turn, not once per request.
  private readonly lookups = new TurnBatcher<string, Awaited<ReturnType<IdentityRepository['keyByHash']>>>(
    (secret) => secret,
    async (secret, calls) => Array(calls).fill(await this.repo.keyByHash(hashKey(secret))),
  );

  private readonly countedLookups = new TurnBatcher<{ secret: string; period: string; kind: string }, { row: KeyWithCount | undefined; count: number | null }>(
    ({ secret, period, kind }) => `${secret}\u0000${period}\u0000${kind}`,
    async ({ secret, period, kind }, calls) => {
      const row = await lookUpKeyAndCount(this.db, hashKey(secret), { period, kind, by: calls }, new Date());
      const total = row?.request_count ?? null;
      return Array.from({ length: calls }, (_, i) => ({ row, count: total === null ? null : total - calls + 1 + i }));
    },
  );

  constructor(private readonly db: Db, private readonly dialect: DialectName) {
    this.repo = new IdentityRepository(db);
  }

  /**
   * The owner's password, when given, is held to the application's rule (checkPassword) after
   * name and email, so a form hears of its fields in their order; the CLI gets the same rule.
   */
  async createTeam(input: { name: string; ownerEmail: string; ownerName?: string; ownerPassword?: string }) {
    const name = cleanText(input.name, 'name', MAX_LENGTH.name);
    if (!name) throw validation('name', 'Team name must not be empty.');
    const ownerName = cleanText(input.ownerName, 'owner_name', MAX_LENGTH.name);
    const email = normalizeEmail(input.ownerEmail);
    if (!isValidEmail(email)) throw validation('email', 'Owner email is not a valid email address.');
    if (await this.repo.userByEmail(email)) throw validation('email', 'A user with this email already exists.');
    const password = input.ownerPassword === undefined ? undefined : checkPassword(input.ownerPassword);
    const now = nowIso();
    const teamId = newId('team');
    const ownerId = newId('user');
    const passwordHash = password ? await hashPassword(password) : null;
    await this.db.transaction().execute(async (tx) => {
      await tx.insertInto('teams').values({
        id: teamId, name, licence: 'active', request_limit: 5000, call_limit: 50, team_cap: null,
        spend_limit_cents: null, created_at: now, updated_at: now,
      }).execute();
      await tx.insertInto('pipeline_stages')
        .values(DEFAULT_STAGES.map((s, i) => ({ team_id: teamId, key: s.key, label: s.label, position: i + 1 })))
        .execute();
      await tx.insertInto('users').values({
        id: ownerId, team_id: teamId, email, name: ownerName || email.split('@')[0], role: 'owner',
        password_hash: passwordHash, active: 1, consent: 0, consent_at: null, paid: 0, personal_pool: null,
        credits: 0, locale: 'en', created_at: now, updated_at: now,
      }).execute();
    });
    return { team_id: teamId, owner_id: ownerId };
  }

  /** Checks the fields in the order of the application's form: name, email, role, then the password (checkPassword). */
  async addUser(input: { teamId: string; email: string; role: string; name?: string; password?: string }) {
    const team = await this.repo.team(input.teamId);
    if (!team) throw new AppError('not_found', `Team ${input.teamId} not found.`);
    const name = cleanText(input.name, 'name', MAX_LENGTH.name);
    const email = normalizeEmail(input.email);
    if (!isValidEmail(email)) throw validation('email', 'email is not a valid email address.');
    if (await this.repo.userByEmail(email)) throw validation('email', 'A user with this email already exists.');
    if (!ROLES.includes(input.role as Role)) throw validation('role', 'role must be owner, manager or member.');
    const password = input.password === undefined ? undefined : checkPassword(input.password);
    const now = nowIso();
    const id = newId('user');
    await this.db.insertInto('users').values({
      id, team_id: team.id, email, name: name || email.split('@')[0], role: input.role as Role,
      password_hash: password ? await hashPassword(password) : null, active: 1, consent: 0,
      consent_at: null, paid: 0, personal_pool: null, credits: 0, locale: 'en', created_at: now, updated_at: now,
    }).execute();
    return { user_id: id };
  }

  async createKey(input: { userId: string; scopes?: string[]; name?: string; createdBy?: string }) {
    const user = await this.repo.user(input.userId);
    if (!user) throw new AppError('not_found', `User ${input.userId} not found.`);
    if (!user.active) throw validation('user', 'User is deactivated.');
    const scopes = parseScopes(input.scopes ?? ['read', 'write']);
    const name = cleanText(input.name, 'name', MAX_LENGTH.key_name) ?? 'API key';
    const secret = `rz_${randomBytes(32).toString('base64url')}`;
    const id = newId('key');
    await this.db.insertInto('api_keys').values({
      id, team_id: user.team_id, user_id: user.id, name, prefix: secret.slice(0, 11),
      key_hash: hashKey(secret), scopes: scopes.join(','), created_by: input.createdBy ?? user.id,
      created_at: nowIso(), last_used_at: null, revoked_at: null,
    }).execute();
    return { key_id: id, key: secret, scopes };
  }

  /**
   * `by`: the user revoking, held to `mayRevokeKeyOf` (the application's Team page). Without it
   * the operator revokes (`rz key revoke`), who stands above a team's roles.
   */
  async revokeKey(keyId: string, by?: Actor) {
    const key = await this.repo.key(keyId);
    if (!key || (by && key.team_id !== by.teamId)) throw new AppError('not_found', `Key ${keyId} not found.`);
    if (by && !mayRevokeKeyOf(by, (await this.repo.user(key.user_id))?.role ?? 'owner')) throw forbidden("Only owners can revoke an owner's keys.");
    if (!key.revoked_at) await this.db.updateTable('api_keys').set({ revoked_at: nowIso() }).where('id', '=', keyId).execute();
    return { key_id: keyId, revoked: true as const };
  }

  /** For the operator (`rz team list`): every team, oldest first. */
  async listTeams() {
    return { teams: (await this.repo.teams()).map(teamJson) };
  }

  /** For the operator (`rz user list`): a team's users, oldest first, without password hashes. */
  async listUsers(teamId: string) {
    if (!(await this.repo.team(teamId))) throw new AppError('not_found', `Team ${teamId} not found.`);
    return { users: (await this.repo.teamUsers(teamId)).map(userJson) };
  }

  /** For the operator (`rz key list`): a user's keys, revoked ones included, oldest first. */
  async listKeys(userId: string) {
    if (!(await this.repo.user(userId))) throw new AppError('not_found', `User ${userId} not found.`);
    return { keys: (await this.repo.userKeys(userId)).map(keyJson) };
  }

  async updateTeam(teamId: string, patch: TeamUpdate) {
    const team = await this.repo.team(teamId);
    if (!team) throw new AppError('not_found', `Team ${teamId} not found.`);
    const name = patch.name === undefined ? undefined : cleanText(patch.name, 'name', MAX_LENGTH.name);
    if (name === null) throw validation('name', 'Team name must not be empty.');
    if (nothingGiven(patch)) return teamJson(team);
    await this.db.updateTable('teams').set({ ...patch, ...(name !== undefined ? { name } : {}), updated_at: nowIso() }).where('id', '=', teamId).execute();
    return teamJson((await this.repo.team(teamId))!);
  }

  async updateUser(userId: string, patch: UserUpdate) {
    const user = await this.repo.user(userId);
    if (!user) throw new AppError('not_found', `User ${userId} not found.`);
    if (nothingGiven(patch)) return userJson(user);
    const now = nowIso();
    const set: Partial<UserTable> = { updated_at: now };
    if (patch.role !== undefined) set.role = patch.role;
    if (patch.consent !== undefined) {
      set.consent = patch.consent ? 1 : 0;
      set.consent_at = patch.consent ? (user.consent_at ?? now) : null;
    }
    if (patch.paid !== undefined) set.paid = patch.paid ? 1 : 0;
    if (patch.personal_pool !== undefined) set.personal_pool = patch.personal_pool;
    if (patch.credits !== undefined) set.credits = patch.credits;
    if (patch.active !== undefined) set.active = patch.active ? 1 : 0;
    if (patch.name !== undefined) {
      const name = cleanText(patch.name, 'name', MAX_LENGTH.name);
      if (!name) throw validation('name', 'name must not be empty.');
      set.name = name;
    }
    if (patch.locale !== undefined) set.locale = patch.locale;
    if (patch.password !== undefined) set.password_hash = await hashPassword(checkPassword(patch.password));
    await this.db.transaction().execute(async (tx) => {
      const losesAnOwner = user.role === 'owner' && ((patch.role !== undefined && patch.role !== 'owner') || patch.active === false);
      if (losesAnOwner) await lockNames(this.dialect, tx, [`team-owners:${user.team_id}`]);
      await tx.updateTable('users').set(set).where('id', '=', userId).execute();
      if (losesAnOwner) await requireAnActiveOwner(tx, user.team_id, patch.role !== undefined && patch.role !== 'owner' ? 'role' : 'user');
      if (patch.credits !== undefined) await noteCreditsSet(tx, userId, user.credits, patch.credits);
      // Deactivation ends the user's keys for good: reactivating the user must not bring
      // keys back that an owner believed dead (new keys can be made after reactivation).
      if (patch.active === false) {
        await tx.updateTable('api_keys').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
      }
    });
    return userJson((await this.repo.user(userId))!);
  }

  /** Resolves a bearer secret to the acting user with their current role; null = 401. */
  async authenticate(secret: string): Promise<AuthenticatedKey | null> {
    if (!acceptableSecret(secret)) return null;
    const row = await this.lookups.call(secret);
    if (!row || !usable(row)) return null;
    const now = Date.now();
    const last = this.touched.get(row.key_id) ?? (row.last_used_at ? Date.parse(row.last_used_at) : 0);
    if (now - last > 60_000) {
      this.touched.set(row.key_id, now);
      await this.repo.touchKey(row.key_id, new Date(now).toISOString());
    }
    return authenticatedKey(row);
  }

  /**
   * PostgreSQL: authenticate, and count the request on the team's counter of `kind` in `period`,
   * in one statement (round-trips.ts); last_used_at is written in it, at most once a minute.
   * Requests with the same key in one event-loop turn share the statement and are counted by
   * their number, each answered with its own position in the count (as RequestLimitService's).
   * Null for a key that does not authenticate (nothing counted).
   */
  async authenticateCounting(secret: string, counter: { period: string; kind: string }): Promise<{ auth: AuthenticatedKey; count: number } | null> {
    if (!acceptableSecret(secret)) return null;
    const { row, count } = await this.countedLookups.call({ secret, ...counter });
    if (!row || !usable(row) || count === null) return null;
    return { auth: authenticatedKey(row), count };
  }
}

function acceptableSecret(secret: string): boolean {
  return secret.startsWith('rz_') && secret.length <= 200;
}

type KeyRow = Pick<KeyWithCount, 'revoked_at' | 'active' | 'user_team_id' | 'team_id' | 'user_id' | 'role' | 'name' | 'email' | 'key_id' | 'scopes' | 'licence' | 'request_limit'>;

/** A key that is not revoked, of an active user still in the key's team. */
function usable(row: KeyRow): boolean {
  return !row.revoked_at && row.active === 1 && row.user_team_id === row.team_id;
}

function authenticatedKey(row: KeyRow): AuthenticatedKey {
  return {
    actor: {
      teamId: row.team_id, userId: row.user_id, role: row.role, name: row.name, email: row.email,
      keyId: row.key_id, scopes: new Set(row.scopes.split(',') as Scope[]),
    },
    licence: row.licence,
    requestLimit: row.request_limit,
  };
}

/**
 * A team keeps at least one active owner (application, CLI alike): checked after the update, in
 * its transaction, so the refusal rolls it back. Writing first holds SQLite's write lock; on
 * PostgreSQL the caller holds the team's lock, so two owners demoting each other at once cannot
 * both pass.
 */
async function requireAnActiveOwner(tx: Db, teamId: string, field: string): Promise<void> {
  const r = await tx.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('team_id', '=', teamId).where('role', '=', 'owner').where('active', '=', 1).executeTakeFirstOrThrow();
  if (Number(r.n) === 0) throw validation(field, 'The team needs at least one active owner.');
}

/**
 * Who may revoke whose API keys: owners any key of their team, managers the keys of members and
 * managers. A manager revoking an owner's keys could cut off the team's administration (its
 * integrations run on them); a leaked owner key goes to an owner or the operator.
 */
export function mayRevokeKeyOf(actor: Pick<Actor, 'role'>, keyUserRole: Role): boolean {
  return seesAll(actor) && (keyUserRole !== 'owner' || actor.role === 'owner');
}

export function parseScopes(raw: string[]): Scope[] {
  const scopes = [...new Set(raw.map((s) => s.trim()).filter(Boolean))];
  if (scopes.length === 0 || scopes.some((s) => s !== 'read' && s !== 'write')) {
    throw validation('scopes', 'scopes must be read, write or read,write.');
  }
  return (['read', 'write'] as const).filter((s) => scopes.includes(s));
}

/** An update naming no field (`rz team update TEAM` with no options) changes nothing, not even updated_at. */
function nothingGiven(patch: object): boolean {
  return Object.values(patch).every((v) => v === undefined);
}
