import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bucketByWeek, isoWeekOf, recurringMisses, spreadOf, weekWindow } from '../../src/calls/coaching-stats.ts';
import type { Scores } from '../../src/calls/analyzer/types.ts';

const scores = (v: number, next = v): Scores => ({ discovery: v, listening: v, value: v, objection_handling: v, next_step: next });

describe('ISO weeks (UTC)', () => {
  it('puts Monday 00:00 and Sunday 23:59:59.999 in one week, the next Monday in the next', () => {
    assert.deepEqual(isoWeekOf('2026-11-16T00:00:00.000Z'), { year: 2026, week: 47, start: '2026-11-16T00:00:00.000Z' });
    assert.equal(isoWeekOf('2026-11-22T23:59:59.999Z').start, '2026-11-16T00:00:00.000Z');
    assert.equal(isoWeekOf('2026-11-23T00:00:00.000Z').week, 48);
  });

  it('counts weeks across a year boundary as ISO 8601 does', () => {
    // 29 Dec 2025 (Monday) starts week 1 of 2026; 1 Jan 2027 (Friday) is in week 53 of 2026.
    assert.deepEqual(isoWeekOf('2025-12-31T12:00:00.000Z'), { year: 2026, week: 1, start: '2025-12-29T00:00:00.000Z' });
    assert.deepEqual(isoWeekOf('2027-01-01T08:00:00.000Z'), { year: 2026, week: 53, start: '2026-12-28T00:00:00.000Z' });
    assert.deepEqual(isoWeekOf('2027-01-04T00:00:00.000Z'), { year: 2027, week: 1, start: '2027-01-04T00:00:00.000Z' });
    assert.deepEqual(isoWeekOf('2021-01-03T23:00:00.000Z'), { year: 2020, week: 53, start: '2020-12-28T00:00:00.000Z' });
  });

  it('gives a window of consecutive weeks ending with the current one, across the new year', () => {
    const w = weekWindow(new Date('2026-01-02T10:00:00.000Z'), 4);
    assert.deepEqual(w.map((x) => `${x.year}-W${x.week}`), ['2025-W50', '2025-W51', '2025-W52', '2026-W1']);
    assert.deepEqual(w.map((x) => x.start.slice(0, 10)), ['2025-12-08', '2025-12-15', '2025-12-22', '2025-12-29']);
  });
});

describe('weekly averages', () => {
  const weeks = weekWindow(new Date('2026-01-02T10:00:00.000Z'), 4);

  it('averages two calls made in the same minute into one week, one point', () => {
    const points = bucketByWeek([
      { at: '2025-12-16T09:15:10.000Z', scores: scores(2) },
      { at: '2025-12-16T09:15:40.000Z', scores: scores(5) },
    ], weeks);
    assert.equal(points[1].calls, 2);
    assert.equal(points[1].means.discovery, 3.5);
  });

  it('keeps empty weeks as gaps (null), not zeros, and leaves out calls outside the window', () => {
    const points = bucketByWeek([
      { at: '2025-12-08T00:00:00.000Z', scores: scores(4, 2) },
      { at: '2026-01-01T18:00:00.000Z', scores: scores(1) }, // a Thursday of 2026-W1
      { at: '2025-12-07T23:59:59.999Z', scores: scores(5) }, // the Sunday before the window
    ], weeks);
    assert.deepEqual(points.map((p) => p.calls), [1, 0, 0, 1]);
    assert.deepEqual(points.map((p) => p.means.next_step), [2, null, null, 1]);
    assert.equal(points[3].year, 2026);
  });

  it('gives only gaps without calls', () => {
    assert.ok(bucketByWeek([], weeks).every((p) => p.calls === 0 && Object.values(p.means).every((v) => v === null)));
  });
});

describe('spread of scores', () => {
  it('gives min, quartiles, median, max and the count of each score', () => {
    assert.deepEqual(spreadOf([5, 1, 3, 3, 4]), { n: 5, min: 1, q1: 3, median: 3, q3: 4, max: 5, counts: [1, 0, 2, 1, 1] });
    assert.deepEqual(spreadOf([2, 4]), { n: 2, min: 2, q1: 2.5, median: 3, q3: 3.5, max: 4, counts: [0, 1, 0, 1, 0] });
    assert.deepEqual(spreadOf([3]), { n: 1, min: 3, q1: 3, median: 3, q3: 3, max: 3, counts: [0, 0, 1, 0, 0] });
  });

  it('is null without values', () => {
    assert.equal(spreadOf([]), null);
  });
});

describe('recurring misses', () => {
  it('groups by method, most frequent first, calls newest first, misses without a method last', () => {
    const m = recurringMisses([
      { id: 'a', at: '2026-01-01T10:00:00.000Z', missMethod: 'trial_close' },
      { id: 'b', at: '2026-01-02T10:00:00.000Z', missMethod: null },
      { id: 'c', at: '2026-01-03T10:00:00.000Z', missMethod: 'spin_implication' },
      { id: 'd', at: '2026-01-04T10:00:00.000Z', missMethod: 'trial_close' },
      { id: 'e', at: '2026-01-05T10:00:00.000Z', missMethod: null },
      { id: 'f', at: '2026-01-06T10:00:00.000Z', missMethod: null },
    ]);
    assert.deepEqual(m.map((g) => [g.method, g.count]), [['trial_close', 2], ['spin_implication', 1], [null, 3]]);
    assert.deepEqual(m[0].calls.map((c) => c.id), ['d', 'a']);
  });
});
