import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_VALUE_CENTS, parseDealValue, parseEur } from '../../src/common/money.ts';
import { AppError } from '../../src/errors/app-error.ts';

function fails(fn: () => unknown, field: string): void {
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof AppError, `expected AppError, got ${String(err)}`);
    assert.equal(err.code, 'validation_error');
    assert.equal(err.status, 422);
    assert.equal(err.extra.field, field);
    return true;
  });
}

describe('deal value: value_eur text and numbers', () => {
  // Every case of the decisions.md table, then edge cases.
  const table: Array<[string | number, number]> = [
    [12500, 1_250_000],
    ['12500', 1_250_000],
    ['12.500', 1_250_000],
    ['12,500', 1_250_000],
    ['12.500,50', 1_250_050],
    ['12,500.50', 1_250_050],
    ['€ 12.500', 1_250_000],
    ['12.5k', 1_250_000],
    ['12,5k', 1_250_000],
    ['12k', 1_200_000],
    ['12K', 1_200_000],
    ['EUR 12.500', 1_250_000],
  ];
  for (const [input, cents] of table) {
    it(`${JSON.stringify(input)} is ${cents} cents`, () => assert.equal(parseEur(input), cents));
  }

  const edges: Array<[string | number, number]> = [
    ['1.234.567', 123_456_700],
    ['1,234,567', 123_456_700],
    ['1,234,567.89', 123_456_789],
    ['1.234.567,89', 123_456_789],
    ['0,5', 50],
    ['12.50', 1250],
    ['12,5', 1250],
    ['12.5', 1250],
    ['1.5k', 150_000],
    ['0.25k', 25_000],
    ['12.5000', 1250],
    ['12.345,678', 1_234_568], // rounded half up to cents
    ['0,0051', 1],
    ['0,0049', 0],
    ['0,500', 50_000], // the rule holds literally: one separator + three digits = thousands
    ['12.500 €', 1_250_000],
    ['€12.500', 1_250_000],
    ['12.500 EUR', 1_250_000],
    ['eur 12k', 1_200_000],
    ['  42  ', 4200],
    ['12 500', 1_250_000],
    ['12\u00a0500,50', 1_250_050],
    ['0', 0],
    [0, 0],
    [12.5, 1250],
    [1.005, 101],
    [0.1, 10],
    [99.999, 10000],
    [1e-7, 0],
  ];
  for (const [input, cents] of edges) {
    it(`${JSON.stringify(input)} is ${cents} cents`, () => assert.equal(parseEur(input), cents));
  }

  const bad: Array<unknown> = [
    '', '   ', 'abc', '12..5', '12,,5', '12.', '.5', '12.5.6k', '1.23.4', '12,50.000', '1.000,00,00',
    '12 k k', 'k', '€', '12e3', '0x10', 'Infinity', 'NaN', '+12', '12 50', true, {}, [], '-12', '-12.500', '€ -5', '-1k',
    -1, -0.01, Number.POSITIVE_INFINITY, Number.NaN, 1e12, '100.000.000.001', '1e21', 1e21,
  ];
  for (const input of bad) {
    it(`${JSON.stringify(String(input))} (${typeof input}) is refused with field value_eur`, () => fails(() => parseEur(input), 'value_eur'));
  }

  it('accepts exactly the maximum and refuses one cent more', () => {
    assert.equal(parseEur(MAX_VALUE_CENTS / 100), MAX_VALUE_CENTS);
    assert.equal(parseEur('100.000.000.000'), MAX_VALUE_CENTS);
    fails(() => parseEur('100.000.000.000,01'), 'value_eur');
  });
});

describe('deal value: value_eur or value_cents', () => {
  it('takes value_cents as an integer', () => {
    assert.equal(parseDealValue({ value_cents: 1_250_050 }), 1_250_050);
    assert.equal(parseDealValue({ value_cents: 0 }), 0);
  });

  it('returns undefined when neither is given and null when one is cleared', () => {
    assert.equal(parseDealValue({}), undefined);
    assert.equal(parseDealValue({ value_eur: null }), null);
    assert.equal(parseDealValue({ value_cents: null }), null);
    assert.equal(parseDealValue({ value_eur: null, value_cents: null }), null);
  });

  it('takes the value given when the other alternative is sent as null', () => {
    assert.equal(parseDealValue({ value_eur: null, value_cents: 100 }), 100);
    assert.equal(parseDealValue({ value_eur: '12k', value_cents: null }), 1_200_000);
  });

  it('refuses both, negative, fractional, non-finite or absurd cents with the right field', () => {
    fails(() => parseDealValue({ value_eur: 1, value_cents: 100 }), 'value_eur');
    fails(() => parseDealValue({ value_cents: -1 }), 'value_cents');
    fails(() => parseDealValue({ value_cents: 1.5 }), 'value_cents');
    fails(() => parseDealValue({ value_cents: '100' }), 'value_cents');
    fails(() => parseDealValue({ value_cents: Number.POSITIVE_INFINITY }), 'value_cents');
    fails(() => parseDealValue({ value_cents: MAX_VALUE_CENTS + 1 }), 'value_cents');
    fails(() => parseDealValue({ value_eur: 'zwölf' }), 'value_eur');
  });
});
