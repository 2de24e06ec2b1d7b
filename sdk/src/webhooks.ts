// Verifying an RZ webhook delivery before trusting its body. RZ signs every delivery twice with
// the webhook's secret (whsec_...):
// - X-RZ-Signature: `sha256=` + hex HMAC-SHA256 of the raw body, keyed with the secret as text;
// - Standard Webhooks: webhook-id, webhook-timestamp (Unix seconds of the attempt) and
//   webhook-signature (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the
//   base64-decoded part after `whsec_`).
// verifyWebhook checks both and the timestamp's distance from now: a delivery captured and sent
// again later is refused (X-RZ-Signature alone has no time in it, so it cannot tell).
import { createHmac, timingSafeEqual } from 'node:crypto';

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** How far webhook-timestamp may be from now, in seconds (default 300, as Standard Webhooks advises). */
  toleranceSeconds?: number;
  /** The clock, for tests. */
  now?: Date;
}

/** A delivery's body: the event, and in `data` the row as the API returns it. */
export interface WebhookEvent<T = Record<string, unknown>> {
  id: string;
  event: string;
  created_at: string;
  data: T;
}

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

const PREFIX = 'whsec_';

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value[0] : value;
}

const sameBytes = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

/** True when `sha256=<hex>` is the HMAC-SHA256 of the raw body keyed with the secret. */
export function verifyRzSignature(rawBody: string | Uint8Array, signature: string | undefined, secret: string): boolean {
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec((signature ?? '').trim());
  if (!match || !secret) return false;
  return sameBytes(Buffer.from(match[1], 'hex'), createHmac('sha256', secret).update(rawBody).digest());
}

/** True when one of webhook-signature's `v1,<base64>` entries signs `id.timestamp.body`. */
export function verifyStandardSignature(rawBody: string | Uint8Array, id: string, timestamp: string, signatures: string, secret: string): boolean {
  const key = secret.startsWith(PREFIX) ? Buffer.from(secret.slice(PREFIX.length), 'base64') : Buffer.from(secret, 'utf8');
  const body = typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  // Space-separated, so a sender can sign with an old and a new secret at once.
  return signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2);
    return version === 'v1' && value !== undefined && sameBytes(Buffer.from(value, 'base64'), expected);
  });
}

/**
 * Checks a delivery and answers its parsed body; throws WebhookVerificationError otherwise.
 * rawBody must be the bytes as received, not re-serialised JSON.
 */
export function verifyWebhook<T = Record<string, unknown>>(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string, options: VerifyOptions = {}): WebhookEvent<T> {
  if (typeof secret !== 'string' || secret === '') throw new WebhookVerificationError('No webhook secret given.');
  if (!verifyRzSignature(rawBody, header(headers, 'x-rz-signature'), secret)) throw new WebhookVerificationError('X-RZ-Signature is missing or does not match the body.');
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError('The webhook-id, webhook-timestamp and webhook-signature headers are required.');
  if (!/^\d{1,12}$/.test(timestamp)) throw new WebhookVerificationError('webhook-timestamp is not Unix seconds.');
  const tolerance = options.toleranceSeconds ?? 300;
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - Number(timestamp)) > tolerance) throw new WebhookVerificationError(`webhook-timestamp is more than ${tolerance} s from now (a replayed or delayed delivery).`);
  if (!verifyStandardSignature(rawBody, id, timestamp, signatures, secret)) throw new WebhookVerificationError('webhook-signature does not match the body.');
  const text = typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8');
  try {
    return JSON.parse(text) as WebhookEvent<T>;
  } catch {
    throw new WebhookVerificationError('The body is not JSON.');
  }
}
