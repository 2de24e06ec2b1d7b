// Opaque ids with a type prefix that sort by creation time: prefix_ + ULID
// (48-bit millisecond time + 80 random bits, Crockford base32). Monotonic within a process,
// so rows created in the same millisecond still sort in creation order (keyset pagination relies on it).
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export const ID_PREFIX = {
  team: 'tm',
  user: 'us',
  key: 'key',
  company: 'co',
  contact: 'ct',
  deal: 'dl',
  stageHistory: 'sh',
  task: 'tk',
  activity: 'ac',
  call: 'cl',
  job: 'jb',
  event: 'ev',
  webhook: 'wh',
  delivery: 'dv',
  attempt: 'at',
  session: 'ss',
  login: 'la',
  handoff: 'ho',
} as const;
export type IdKind = keyof typeof ID_PREFIX;

/** Whether a value has the shape of an id of ours (prefix_ + 26 ULID characters): user input naming a record. */
export function looksLikeId(value: string): boolean {
  return /^[a-z]{2,3}_[0-9A-HJKMNP-TV-Z]{26}$/.test(value);
}

let lastTime = 0;
let lastRandom: number[] = [];

function encodeTime(ms: number): string {
  let out = '';
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[ms % 32] + out;
    ms = Math.floor(ms / 32);
  }
  return out;
}

function freshRandom(): number[] {
  const bytes = randomBytes(16);
  const digits: number[] = [];
  for (let i = 0; i < 16; i++) digits.push(bytes[i] % 32);
  // Keep the top digit small so increments never overflow 16 digits in practice.
  digits[0] = digits[0] % 16;
  return digits;
}

function increment(digits: number[]): number[] {
  const next = digits.slice();
  for (let i = next.length - 1; i >= 0; i--) {
    if (next[i] < 31) {
      next[i]++;
      return next;
    }
    next[i] = 0;
  }
  return freshRandom();
}

export function ulid(now = Date.now()): string {
  if (now <= lastTime) {
    lastRandom = increment(lastRandom);
    now = lastTime;
  } else {
    lastTime = now;
    lastRandom = freshRandom();
  }
  return encodeTime(now) + lastRandom.map((d) => ALPHABET[d]).join('');
}

export function newId(kind: IdKind): string {
  return `${ID_PREFIX[kind]}_${ulid()}`;
}

const ID_SHAPE = /^[a-z]{2,3}_[0-9A-HJKMNP-TV-Z]{26}$/;
export function isIdOf(kind: IdKind, value: string): boolean {
  return ID_SHAPE.test(value) && value.startsWith(`${ID_PREFIX[kind]}_`);
}
