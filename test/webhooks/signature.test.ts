import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import {
  generateWebhookSecret,
  signRzSignature,
  standardWebhookHeaders,
  standardWebhookKey,
} from '../../src/webhooks/signature.ts';
import { verifyWebhook } from '../../src/verify-webhook.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const BODY = '{"id":"evt_01","event":"deal.created","created_at":"2025-01-02T03:04:05.000Z","data":{"id":"deal_1"}}';

describe('signRzSignature', () => {
  it('is sha256= + hex HMAC-SHA256 of the body, keyed with the secret string', () => {
    const expected = 'sha256=' + createHmac('sha256', Buffer.from(SECRET, 'utf8')).update(Buffer.from(BODY, 'utf8')).digest('hex');
    assert.equal(signRzSignature(SECRET, BODY), expected);
  });

  it('matches a fixed vector (RFC 4231 test case 2)', () => {
    // key "Jefe", data "what do ya want for nothing?"
    assert.equal(
      signRzSignature('Jefe', 'what do ya want for nothing?'),
      'sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('signs non-ASCII bodies as UTF-8', () => {
    const body = '{"name":"Jürgen 🚀"}';
    const expected = createHmac('sha256', SECRET).update(Buffer.from(body, 'utf8')).digest('hex');
    assert.equal(signRzSignature(SECRET, body), `sha256=${expected}`);
    assert.equal(signRzSignature(SECRET, Buffer.from(body, 'utf8')), `sha256=${expected}`);
  });
});

describe('standardWebhookHeaders', () => {
  const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';

  it('computes v1,<base64 HMAC> of id.timestamp.body with the base64 key after whsec_', () => {
    const timestamp = new Date('2025-01-02T03:04:05.678Z');
    const ts = Math.floor(timestamp.getTime() / 1000);
    const key = Buffer.from(SECRET.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key).update(`${id}.${ts}.${BODY}`).digest('base64');
    assert.deepEqual(standardWebhookHeaders({ id, timestamp, body: BODY, secret: SECRET }), {
      'webhook-id': id,
      'webhook-timestamp': String(ts),
      'webhook-signature': `v1,${expected}`,
    });
    assert.equal(String(ts), '1735787045');
  });

  it('matches the signature of the standardwebhooks library', () => {
    const timestamp = new Date(1614265330 * 1000);
    const lib = new Webhook(SECRET).sign(id, timestamp, BODY);
    assert.equal(standardWebhookHeaders({ id, timestamp, body: BODY, secret: SECRET })['webhook-signature'], lib);
  });

  it('is accepted by Webhook.verify of the standardwebhooks library', () => {
    const secret = generateWebhookSecret();
    const headers = standardWebhookHeaders({ id, timestamp: new Date(), body: BODY, secret });
    const payload = new Webhook(secret).verify(BODY, { ...headers });
    assert.deepEqual(payload, JSON.parse(BODY));
  });

  it('is refused by Webhook.verify for a tampered body or another secret', () => {
    const secret = generateWebhookSecret();
    const headers = { ...standardWebhookHeaders({ id, timestamp: new Date(), body: BODY, secret }) };
    assert.throws(() => new Webhook(secret).verify(BODY.replace('deal_1', 'deal_2'), headers), WebhookVerificationError);
    assert.throws(() => new Webhook(generateWebhookSecret()).verify(BODY, headers), WebhookVerificationError);
  });

  it('uses the UTF-8 bytes of a secret without the whsec_ prefix', () => {
    assert.deepEqual(standardWebhookKey('plain secret'), Buffer.from('plain secret', 'utf8'));
    const timestamp = new Date(1700000000 * 1000);
    const expected = createHmac('sha256', 'plain secret').update(`a.1700000000.b`).digest('base64');
    assert.equal(
      standardWebhookHeaders({ id: 'a', timestamp, body: 'b', secret: 'plain secret' })['webhook-signature'],
      `v1,${expected}`,
    );
  });
});

describe('generateWebhookSecret', () => {
  it('is whsec_ + base64 of 32 random bytes, different every time', () => {
    const a = generateWebhookSecret();
    const b = generateWebhookSecret();
    assert.notEqual(a, b);
    for (const s of [a, b]) {
      assert.match(s, /^whsec_[A-Za-z0-9+/]{43}=$/);
      assert.equal(Buffer.from(s.slice(6), 'base64').length, 32);
      assert.equal(standardWebhookKey(s).length, 32);
    }
  });
});

describe('verifyWebhook', () => {
  const good = signRzSignature(SECRET, BODY);

  it('accepts the signature of the raw body, as string or Buffer', () => {
    assert.equal(verifyWebhook(BODY, good, SECRET), true);
    assert.equal(verifyWebhook(Buffer.from(BODY, 'utf8'), good, SECRET), true);
  });

  it('accepts upper-case hex and surrounding whitespace', () => {
    assert.equal(verifyWebhook(BODY, 'sha256=' + good.slice(7).toUpperCase(), SECRET), true);
    assert.equal(verifyWebhook(BODY, `  ${good} `, SECRET), true);
  });

  it('accepts a signature computed independently by a receiver', () => {
    const secret = generateWebhookSecret();
    const header = 'sha256=' + createHmac('sha256', secret).update(BODY).digest('hex');
    assert.equal(verifyWebhook(BODY, header, secret), true);
  });

  const bad: Array<[string, string | Buffer, string | null | undefined, string]> = [
    ['tampered body', BODY.replace('deal_1', 'deal_2'), good, SECRET],
    ['body with an extra space', BODY + ' ', good, SECRET],
    ['re-serialised body', JSON.stringify(JSON.parse(BODY), null, 2), good, SECRET],
    ['wrong secret', BODY, good, SECRET + 'x'],
    ['empty secret', BODY, good, ''],
    ['missing prefix', BODY, good.slice('sha256='.length), SECRET],
    ['other algorithm prefix', BODY, 'sha1=' + good.slice(7), SECRET],
    ['Standard Webhooks format', BODY, 'v1,' + Buffer.from(good.slice(7), 'hex').toString('base64'), SECRET],
    ['truncated hex', BODY, good.slice(0, -2), SECRET],
    ['extra hex', BODY, good + '00', SECRET],
    ['odd-length hex', BODY, good.slice(0, -1), SECRET],
    ['non-hex characters', BODY, 'sha256=' + 'z'.repeat(64), SECRET],
    ['two signatures', BODY, `${good},${good}`, SECRET],
    ['garbage', BODY, 'garbage', SECRET],
    ['prefix only', BODY, 'sha256=', SECRET],
    ['empty header', BODY, '', SECRET],
    ['undefined header', BODY, undefined, SECRET],
    ['null header', BODY, null, SECRET],
    ['empty body', '', good, SECRET],
  ];
  for (const [name, body, header, secret] of bad) {
    it(`refuses: ${name}`, () => {
      assert.equal(verifyWebhook(body, header, secret), false);
    });
  }

  it('never throws on inputs of the wrong type', () => {
    const anyVerify = verifyWebhook as (...args: unknown[]) => boolean;
    assert.equal(anyVerify(undefined, good, SECRET), false);
    assert.equal(anyVerify({ id: 1 }, good, SECRET), false);
    assert.equal(anyVerify(BODY, 42, SECRET), false);
    assert.equal(anyVerify(BODY, ['sha256=x'], SECRET), false);
    assert.equal(anyVerify(BODY, good, undefined), false);
    assert.equal(anyVerify(BODY, good, Buffer.from(SECRET)), false);
  });

  it('signs an empty body too (and verifies it)', () => {
    assert.equal(verifyWebhook('', signRzSignature(SECRET, ''), SECRET), true);
  });
});

describe('package exports', () => {
  it('exposes verifyWebhook as rz and rz/verify-webhook', async () => {
    const root = await import('rz');
    const sub = await import('rz/verify-webhook');
    assert.equal(root.verifyWebhook, verifyWebhook);
    assert.equal(sub.verifyWebhook, verifyWebhook);
  });
});
