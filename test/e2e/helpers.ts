// Plain-HTTP access to the application for tests: a cookie jar, CSRF tokens read from forms.
import type { Services } from '../../src/services.ts';
import { checkPassword, hashPassword } from '../../src/identity/password.ts';

export const PASSWORD = 'correct horse battery';

export class WebClient {
  private cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = attrs.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim()) || /^max-age=0$/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async get(path: string): Promise<{ status: number; text: string; location: string | null; headers: Headers }> {
    const res = await fetch(this.baseUrl + path, { redirect: 'manual', headers: { cookie: this.cookieHeader() } });
    this.remember(res);
    return { status: res.status, text: await res.text(), location: res.headers.get('location'), headers: res.headers };
  }

  /** `referer` is the page the form was on (the application sends refused forms back there). */
  async post(path: string, fields: Record<string, string | string[]>, opts: { csrf?: string | null; referer?: string; accept?: string } = {}): Promise<{ status: number; text: string; location: string | null; type: string }> {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
    if (opts.csrf !== null) body.set('_csrf', opts.csrf ?? (await this.csrf()));
    const res = await fetch(this.baseUrl + path, {
      method: 'POST', redirect: 'manual', body,
      headers: { cookie: this.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded', ...(opts.referer ? { referer: this.baseUrl + opts.referer } : {}), ...(opts.accept ? { accept: opts.accept } : {}) },
    });
    this.remember(res);
    return { status: res.status, text: await res.text(), location: res.headers.get('location'), type: res.headers.get('content-type') ?? '' };
  }

  /** The CSRF token of this browser, as a page's forms carry it. */
  async csrf(): Promise<string> {
    const page = await this.get(this.cookies.has('rz_session') ? '/profile' : '/signin');
    const m = /name="_csrf" value="([^"]+)"/.exec(page.text);
    if (!m) throw new Error(`no CSRF token on the page (status ${page.status})`);
    return m[1];
  }

  async signIn(email: string, password = PASSWORD): Promise<void> {
    const r = await this.post('/signin', { email, password });
    if (r.status !== 303) throw new Error(`sign-in failed: ${r.status}`);
  }

  hasSession(): boolean {
    return this.cookies.has('rz_session');
  }
}

// One hash per password and test process: a hash at today's scrypt cost takes seconds on a busy
// machine, and fixture users need not have salts of their own.
const hashes = new Map<string, Promise<string>>();

/** Gives fixture users (made without passwords) a password so they can sign in. */
export async function setPasswords(services: Services, userIds: string[], password = PASSWORD): Promise<void> {
  if (!hashes.has(password)) hashes.set(password, hashPassword(checkPassword(password)));
  const hash = await hashes.get(password)!;
  for (const id of userIds) await services.handle.db.updateTable('users').set({ password_hash: hash }).where('id', '=', id).execute();
}

export async function emailOf(services: Services, userId: string): Promise<string> {
  return (await services.identity.repo.user(userId))!.email;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until fn gives a truthy value (background work: analyses, webhook deliveries). */
export async function waitFor<T>(what: string, fn: () => Promise<T | undefined | null | false>, timeoutMs = 180_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}
