// Application sign-in: password check with throttling, sessions (cookie token stored only as a
// hash), and the per-session CSRF token. No Fastify here: the web plugin handles cookies.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db, DialectName } from '../db/database.ts';
import type { UserTable } from '../db/schema.ts';
import type { Actor } from '../common/actor.ts';
import { newId } from '../lib/ids.ts';
import { nowIso } from '../lib/time.ts';
import { normalizeEmail } from '../identity/identity.service.ts';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../identity/password.ts';
import { SessionRepository } from './session.repository.ts';

export const SESSION_DAYS = 14;
/** Failed sign-ins allowed per window, per email and per client address. */
export const THROTTLE = { windowMinutes: 15, perEmail: 10, perIp: 30 };

export interface WebSession {
  id: string;
  csrf: string;
  user: UserTable;
  /** Whether the user's team's licence is in force (the application's one licence rule). */
  licenceActive: boolean;
  /** Shown in the page header: which team the user is working in. */
  teamName: string;
}

export type SignInResult =
  | { ok: true; token: string; session: WebSession }
  | { ok: false; reason: 'invalid' | 'throttled' | 'deactivated' };

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokensEqual(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A signed-in user acts like their own read+write key: one visibility rule for API and application. */
export function actorOf(user: UserTable): Actor {
  return { teamId: user.team_id, userId: user.id, role: user.role, name: user.name, email: user.email, keyId: null, scopes: new Set(['read', 'write']) };
}

export class SessionService {
  readonly repo: SessionRepository;

  constructor(private readonly db: Db, private readonly dialect: DialectName) {
    this.repo = new SessionRepository(db);
  }

  async signIn(rawEmail: string, password: string, ip: string): Promise<SignInResult> {
    const email = normalizeEmail(rawEmail).slice(0, 254);
    const now = new Date();
    const since = new Date(now.getTime() - THROTTLE.windowMinutes * 60_000).toISOString();
    // The attempt counts as a failure from before its password is checked (the check takes long
    // enough for many concurrent guesses to arrive); a success takes it back below.
    const reserved = await this.repo.reserveAttempt(this.dialect, { id: newId('login'), email, ip, attempted_at: now.toISOString() }, { since, ...THROTTLE });
    if (!reserved) return { ok: false, reason: 'throttled' };

    const user = await this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    const ok = await verifyPassword(password, user?.password_hash ?? dummyHash());
    if (!user || !ok || user.active !== 1) {
      // Old attempts are only needed for the window; drop them as we go.
      await this.repo.purgeAttempts(new Date(now.getTime() - 24 * 3600_000).toISOString());
      // Only someone who knows the password learns the account is deactivated (no account probing).
      return { ok: false, reason: user && ok ? 'deactivated' : 'invalid' };
    }
    await this.repo.clearFailures(email);
    if (needsRehash(user.password_hash!)) await this.repo.replacePasswordHash(user.id, user.password_hash!, await hashPassword(password));
    const { token, session } = await this.createSession(user);
    return { ok: true, token, session };
  }

  async createSession(user: UserTable): Promise<{ token: string; session: WebSession }> {
    const token = randomToken();
    const csrf = randomToken();
    const now = new Date();
    // Expired sessions are dropped as new ones are made, so the table needs no separate sweeper.
    await this.purgeExpired();
    await this.repo.insert({
      id: sha256(token), user_id: user.id, csrf_token: csrf, created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_DAYS * 86400_000).toISOString(),
    });
    const team = await this.db.selectFrom('teams').select(['licence', 'name']).where('id', '=', user.team_id).executeTakeFirst();
    return { token, session: { id: sha256(token), csrf, user, licenceActive: team?.licence === 'active', teamName: team?.name ?? '' } };
  }

  /** The session of a cookie token; null when unknown, expired, or the user is deactivated. */
  async resolve(token: string | undefined): Promise<WebSession | null> {
    if (!token || token.length > 100) return null;
    const found = await this.repo.withUser(sha256(token), nowIso());
    if (!found || found.user.active !== 1) return null;
    return { id: found.session.id, csrf: found.session.csrf_token, user: found.user, licenceActive: found.licence === 'active', teamName: found.teamName };
  }

  signOut(sessionId: string): Promise<unknown> {
    return this.repo.delete(sessionId);
  }

  /** Ends every session of a user (deactivation, password change elsewhere). */
  endSessionsOf(userId: string, exceptSessionId?: string): Promise<unknown> {
    return this.repo.deleteForUser(userId, exceptSessionId);
  }

  purgeExpired(): Promise<unknown> {
    return this.repo.deleteExpired(nowIso());
  }
}
