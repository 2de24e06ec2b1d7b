// Webhook signatures.
//
// X-RZ-Signature (public-api.md §5): `sha256=` + hex HMAC-SHA256 of the raw body. The HMAC
// key is the webhook secret exactly as shown to the user, as UTF-8 bytes, `whsec_` prefix
// included: a receiver does `createHmac('sha256', secret)` with the string it was given
// (see verifyWebhook in src/verify-webhook.ts).
//
// Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature): the signed
// content is `${id}.${unixSeconds}.${body}`, signature `v1,` + base64 HMAC-SHA256. Per that
// spec the key is the base64 part after `whsec_`. Our secrets always have that form
// (generateWebhookSecret), so the official `standardwebhooks` library verifies them as they
// are. A secret without the prefix is used as its UTF-8 bytes (the library would instead
// base64-decode it; we never issue such secrets).

import { createHmac, randomBytes } from 'node:crypto';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** `sha256=<hex HMAC-SHA256 of body>` keyed with the secret's UTF-8 bytes. */
export function signRzSignature(secret: string, body: string | Buffer): string {
  return 'sha256=' + createHmac('sha256', secret).update(body).digest('hex');
}

/** The HMAC key of the Standard Webhooks signature for one of our secrets. */
export function standardWebhookKey(secret: string): Buffer {
  if (secret.startsWith(WEBHOOK_SECRET_PREFIX)) {
    return Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  }
  return Buffer.from(secret, 'utf8');
}

export interface StandardWebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export function standardWebhookHeaders(input: {
  id: string;
  timestamp: Date;
  body: string;
  secret: string;
}): StandardWebhookHeaders {
  const ts = Math.floor(input.timestamp.getTime() / 1000);
  const signature = createHmac('sha256', standardWebhookKey(input.secret))
    .update(`${input.id}.${ts}.${input.body}`)
    .digest('base64');
  return {
    'webhook-id': input.id,
    'webhook-timestamp': String(ts),
    'webhook-signature': `v1,${signature}`,
  };
}

/** A new webhook secret: `whsec_` + base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64');
}
