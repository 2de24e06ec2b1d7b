// Deal value input (decisions.md): value_eur as a number or as text people type ("12.500",
// "12,5k", "€ 12.500,50"), or value_cents as an integer. Everything ends as integer cents,
// computed from the decimal digits (never through binary floating point) so 0.1 + 0.2 stays 30 cents.
import { validation } from '../errors/app-error.ts';

/** 100 billion euros: anything above is a typo or an attack, not a deal. */
export const MAX_VALUE_CENTS = 10_000_000_000_000;

export interface DealValueInput {
  value_eur?: unknown;
  value_cents?: unknown;
}

/**
 * The value in cents a request asks for: undefined when it names none, null when it clears
 * the value (`null`), else the cents. Throws 422 with `field` for anything else.
 */
export function parseDealValue(input: DealValueInput): number | null | undefined {
  // A value next to a null alternative is one value (forms and flows often send the other as null).
  const eur = input.value_eur;
  const cents = input.value_cents;
  if (eur !== undefined && eur !== null && cents !== undefined && cents !== null) throw validation('value_eur', 'Send value_eur or value_cents, not both.');
  if (cents !== undefined && cents !== null) return parseCents(cents);
  if (eur !== undefined && eur !== null) return parseEur(eur);
  return eur === null || cents === null ? null : undefined;
}

export function parseCents(raw: unknown): number {
  if (typeof raw !== 'number' || !Number.isFinite(raw)) throw validation('value_cents', 'value_cents must be an integer amount in cents.');
  if (!Number.isInteger(raw)) throw validation('value_cents', 'value_cents must be an integer amount in cents.');
  return checkRange(raw, 'value_cents');
}

export function parseEur(raw: unknown): number {
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) throw validation('value_eur', 'value_eur must be a finite number.');
    if (raw < 0) throw validation('value_eur', 'value_eur must not be negative.');
    // The shortest decimal text of a JS number is what the client wrote (1.005 -> "1.005"),
    // so rounding it as decimal digits gives the cents the client meant.
    const text = String(raw);
    const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
    if (!m) return checkRange(Math.round(raw * 100), 'value_eur'); // exponent forms: tiny or huge
    return checkRange(toCents(m[1], m[2] ?? ''), 'value_eur');
  }
  if (typeof raw !== 'string') throw validation('value_eur', 'value_eur must be a number or a text such as "12.500" or "12,5k".');
  return checkRange(parseEurText(raw), 'value_eur');
}

function checkRange(cents: number, field: string): number {
  if (cents < 0) throw validation(field, `${field} must not be negative.`);
  if (!Number.isSafeInteger(cents) || cents > MAX_VALUE_CENTS) throw validation(field, `${field} is too large (at most 100,000,000,000 EUR).`);
  return cents;
}

const UNPARSEABLE = 'value_eur is not an amount; use a number or a text such as "12500", "12.500", "12.500,50", "12,500.50" or "12,5k".';

/** Thousands groups after the first: each exactly three digits; the first one to three digits. */
function isGrouped(groups: string[]): boolean {
  return /^\d{1,3}$/.test(groups[0]) && groups.slice(1).every((g) => /^\d{3}$/.test(g));
}

function parseEurText(raw: string): number {
  let t = raw.normalize('NFKC').trim();
  // Currency marks before or after the amount: "€ 12.500", "EUR 12.500", "12.500 €", "12.500 EUR".
  t = t.replace(/^(?:€|eur)\s*/i, '').replace(/\s*(?:€|eur)$/i, '').trim();
  if (/^[-−]/.test(t)) throw validation('value_eur', 'value_eur must not be negative.');
  let factor = 0; // power of ten applied after parsing: "k" = thousand
  const k = /^(.*?)\s*k$/i.exec(t);
  if (k) {
    t = k[1];
    factor = 3;
  }
  // Spaces between groups of three digits are thousands separators too ("12 500").
  if (/^\d{1,3}(?: \d{3})+(?:[.,]\d+)?$/.test(t)) t = t.replace(/ /g, '');
  if (!/^\d[\d.,]*$/.test(t) || /[.,]$/.test(t)) throw validation('value_eur', UNPARSEABLE);

  const dots = t.split('.').length - 1;
  const commas = t.split(',').length - 1;
  let intPart: string;
  let frac = '';
  if (dots > 0 && commas > 0) {
    // Both present: the one that comes last is the decimal separator, and it occurs once.
    const decimalSep = t.lastIndexOf('.') > t.lastIndexOf(',') ? '.' : ',';
    const thousandsSep = decimalSep === '.' ? ',' : '.';
    const [whole, decimals, ...rest] = t.split(decimalSep);
    if (rest.length > 0 || !isGrouped(whole.split(thousandsSep))) throw validation('value_eur', UNPARSEABLE);
    intPart = whole.split(thousandsSep).join('');
    frac = decimals;
  } else if (dots + commas > 1) {
    // One kind of separator several times: thousands groups ("1.234.567").
    const groups = t.split(dots > 0 ? '.' : ',');
    if (!isGrouped(groups)) throw validation('value_eur', UNPARSEABLE);
    intPart = groups.join('');
  } else if (dots + commas === 1) {
    const [whole, after] = t.split(/[.,]/);
    // decisions.md: a single "." or "," followed by exactly three digits is a thousands separator.
    if (after.length === 3) intPart = whole + after;
    else {
      intPart = whole;
      frac = after;
    }
  } else {
    intPart = t;
  }
  if (factor) {
    const padded = frac.padEnd(factor, '0');
    intPart += padded.slice(0, factor);
    frac = padded.slice(factor);
  }
  return toCents(intPart, frac);
}

/** Integer and fraction digits to cents, rounding half up on the third decimal. */
function toCents(intDigits: string, fracDigits: string): number {
  const int = intDigits.replace(/^0+(?=\d)/, '');
  if (int.length > 16) return Number.POSITIVE_INFINITY; // caught by the range check
  const cents = Number(int) * 100 + Number((fracDigits + '00').slice(0, 2));
  return fracDigits.length > 2 && Number(fracDigits[2]) >= 5 ? cents + 1 : cents;
}
