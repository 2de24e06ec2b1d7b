import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { measureTranscript } from '../../src/calls/analyzer/coach/index.ts';
import { callTerms, callTextModel, textScores, type CallTerms, type CallTextModel } from '../../src/calls/analyzer/coach/rubric/call-text.ts';
import { fitCallText, solveSpd } from '../../src/calls/analyzer/coach/rubric/call-text-fit.ts';
import { scoredCallsHash } from '../../scripts/train-scores.ts';

test('the committed call-text model was fitted on the committed coach-scored calls', () => {
  const model = callTextModel();
  assert.ok(model, 'src/calls/analyzer/coach/rubric/call-text-model.json is missing: run `npm run train`');
  assert.equal(model.data_hash, scoredCallsHash(fileURLToPath(new URL('../..', import.meta.url))), 'scored calls changed: run `npm run train`');
  assert.ok(Object.keys(model.terms).length > 1000);
});

test("a call's terms keep the salesperson's and the customer's words apart, pairs within a turn, and leave a seller's colleague out", () => {
  const transcript = [
    'Anna: Hello Ben, this is Anna from Nordlicht. I have brought Tom along, our engineer.',
    'Tom: Hi Ben, I will show you the screens.',
    'Ben: Hi. Our routes take two hours every morning.',
    'Anna: Two hours every morning?',
  ].join('\n');
  const { signals } = measureTranscript({ transcript, language: 'en', repSpeaker: 'Anna' });
  assert.ok(signals.sides.colleagues.has('tom'), 'Tom is on the seller\'s side');
  const terms = callTerms(signals);
  assert.equal(terms.get('r:hours'), 1);
  assert.equal(terms.get('c:hours'), 1);
  assert.equal(terms.get('r:two_hours'), 1);
  assert.equal(terms.get('r:nordlicht'), 1);
  assert.equal(terms.get('r:screens'), undefined, 'the colleague\'s words are nobody\'s');
  assert.equal(terms.get('c:screens'), undefined);
  assert.equal(terms.get('r:engineer_two'), undefined, 'no pair across two turns');
});

test('Cholesky solve: the solution satisfies the system for each right-hand side', () => {
  const A = [Float64Array.from([4, 1, 0]), Float64Array.from([1, 3, 1]), Float64Array.from([0, 1, 2])];
  const B = [[1, 0], [2, 1], [3, -1]];
  const x = solveSpd(A, B);
  for (let i = 0; i < 3; i++) {
    for (let d = 0; d < 2; d++) assert.ok(Math.abs(A[i].reduce((a, v, j) => a + v * x[j][d], 0) - B[i][d]) < 1e-12);
  }
});

test('the call-text model learns which words go with a higher score, and refits to the same numbers', () => {
  // Calls where the salesperson asks "why" get discovery 5, the others 1; listening is always 3.
  const docs: CallTerms[] = [];
  const scores: number[][] = [];
  for (let i = 0; i < 40; i++) {
    const asks = i % 2 === 0;
    const filler = [`r:word${i % 7}`, `c:word${i % 5}`, 'r:hello', 'c:hello'];
    docs.push(new Map([...filler, ...(asks ? ['r:why', 'r:why_is'] : ['r:features'])].map((t) => [t, 1 + (i % 3)])));
    scores.push([asks ? 4 : 0, 2]);
  }
  const fit = fitCallText(docs, scores, 0.05, 3);
  assert.deepEqual(fitCallText(docs, scores, 0.05, 3), fit);
  const model: CallTextModel = { version: 1, data_hash: '', ...fit };
  const asking = textScores(model, new Map([['r:why', 1], ['r:hello', 1]]));
  const pitching = textScores(model, new Map([['r:features', 1], ['r:hello', 1]]));
  assert.ok(asking[0] > 3 && pitching[0] < 1, `discovery: ${asking[0]} vs ${pitching[0]}`);
  assert.ok(Math.abs(asking[1] - 2) < 1e-6, 'a dimension the words do not explain stays at its mean');
  assert.deepEqual(textScores(model, new Map([['r:never_seen', 3]])), model.mean, 'unknown words predict the mean');
});
