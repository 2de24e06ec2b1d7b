// One-time hand-overs from a form post to the page its 303 redirect opens (post/redirect/get):
// a rejected form's input with its message, or a secret that is shown once (a new API key, a
// webhook's signing secret). Kept in the database so any server process can answer the redirect,
// and encrypted with a key derived from the browser's session token, which the database never
// holds (it keeps only the token's hash): a copy of the database reveals nothing.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { newId } from '../lib/ids.ts';
import { nowIso } from '../lib/time.ts';
import { HandoffRepository } from './handoff.repository.ts';

/** A redirect is followed at once; this only bounds what an abandoned one leaves behind. */
export const HANDOFF_MINUTES = 10;

/** A form the services refused: what was typed (never passwords), and why. */
export interface RejectedForm {
  /** The form's action path, which identifies the form on the page. */
  action: string;
  values: Record<string, string | string[]>;
  message: string;
  /** The field the services named, if any. */
  field: string | null;
}

export interface Handoffs {
  form?: RejectedForm;
  key?: { name: string; key: string };
  webhook?: { id: string; secret: string };
}

const keyOf = (sessionToken: string) => createHash('sha256').update(`rz-handoff\u0000${sessionToken}`).digest();

function seal(sessionToken: string, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(sessionToken), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

function open(sessionToken: string, payload: string): unknown {
  const [iv, tag, body] = payload.split('.').map((p) => Buffer.from(p, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', keyOf(sessionToken), iv);
  decipher.setAuthTag(tag);
  return JSON.parse(Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8'));
}

export class HandoffService {
  private readonly repo: HandoffRepository;

  constructor(db: Db) {
    this.repo = new HandoffRepository(db);
  }

  async put<K extends keyof Handoffs>(session: { id: string; token: string }, kind: K, value: NonNullable<Handoffs[K]>): Promise<void> {
    const now = Date.now();
    // Abandoned hand-overs are dropped as new ones are made, so no sweeper is needed.
    await this.repo.deleteExpired(new Date(now).toISOString());
    await this.repo.insert({
      id: newId('handoff'), session_id: session.id, kind, payload: seal(session.token, value),
      expires_at: new Date(now + HANDOFF_MINUTES * 60_000).toISOString(),
    });
  }

  /** Everything handed to this session, once; the newest of each kind wins. */
  async take(session: { id: string; token: string }): Promise<Handoffs> {
    const rows = await this.repo.take(session.id, nowIso());
    const out: Record<string, unknown> = {};
    for (const r of rows.sort((x, y) => x.id.localeCompare(y.id))) {
      try {
        out[r.kind] = open(session.token, r.payload);
      } catch {
        // a row that does not open (damaged) is skipped: the page shows without it
      }
    }
    return out as Handoffs;
  }
}
