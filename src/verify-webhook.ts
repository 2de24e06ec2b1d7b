// Helper for webhook receivers: checks the X-RZ-Signature header of a delivery.
//
//   import { verifyWebhook } from 'rz/verify-webhook';
//   if (!verifyWebhook(rawBody, req.headers['x-rz-signature'], secret)) return reply(401);
//
// rawBody must be the body exactly as received (bytes or the undecoded string), not a
// re-serialised JSON object. The secret is the one shown when the webhook was created,
// used as it is (with its `whsec_` prefix).

import { createHmac, timingSafeEqual } from 'node:crypto';

const HEADER = /^sha256=([0-9a-fA-F]{64})$/;

/** True when the header is `sha256=<hex HMAC-SHA256 of rawBody keyed with secret>`. Never throws. */
export function verifyWebhook(
  rawBody: string | Buffer,
  signatureHeader: string | undefined | null,
  secret: string,
): boolean {
  try {
    if (typeof secret !== 'string' || secret === '') return false;
    if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array)) return false;
    if (typeof signatureHeader !== 'string') return false;
    const match = HEADER.exec(signatureHeader.trim());
    if (!match) return false;
    const given = Buffer.from(match[1], 'hex');
    const expected = createHmac('sha256', secret).update(rawBody).digest();
    return given.length === expected.length && timingSafeEqual(given, expected);
  } catch {
    return false;
  }
}
