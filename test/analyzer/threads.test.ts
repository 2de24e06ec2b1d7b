// The service runs the built-in analysis in worker threads, so the event loop (every API request
// of `rz serve`) keeps turning while a long transcript is analysed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AnalysisError, analyzeTranscript, BuiltinAnalyzer } from '../../src/calls/analyzer/index.ts';
import { AnalysisThreads } from '../../src/calls/analyzer/coach/analysis-threads.ts';

/** A labelled call of about `chars` characters. */
function longTranscript(chars: number): string {
  const lines = [
    'Anna: Wie läuft die Rechnungsstellung bei Ihnen heute, Herr Brandt?',
    'Herr Brandt: Wir tippen alles in Excel ab, das kostet uns jede Woche zehn Stunden.',
    'Anna: Was bedeutet das für Ihr Team am Monatsende?',
    'Herr Brandt: Überstunden und Fehler, die Kunden rufen dann an.',
  ];
  const out: string[] = [];
  for (let n = 0, i = 0; n < chars; i++) {
    const line = `${lines[i % lines.length]} (${i})`;
    out.push(line);
    n += line.length + 1;
  }
  return out.join('\n');
}

test('the event loop keeps turning while a long transcript is analysed, and the result is the same as in-line', async (t) => {
  const transcript = longTranscript(500_000);
  // A pool of its own with a ten-minute limit: at load 60 on two cores this half second of work
  // took longer than the service's 30 s limit. (BuiltinAnalyzer uses the shared pool: next test.)
  const pool = new AnalysisThreads(1, 600_000);
  t.after(() => pool.close());
  await pool.analyze({ transcript: 'Anna: Hallo.\nHerr Brandt: Hallo.', language: 'de' }); // the thread is started
  let turns = 0;
  let done = false;
  const spin = () => { if (!done) { turns++; setImmediate(spin); } };
  const running = pool.analyze({ transcript, language: 'en' }).finally(() => { done = true; });
  setImmediate(spin);
  const result = await running;
  assert.ok(turns >= 5, `the loop turned ${turns} times during the analysis`);
  assert.deepEqual(result, analyzeTranscript({ transcript, language: 'en' }));
});

test('an unusable transcript fails with an AnalysisError from the thread', async () => {
  await assert.rejects(new BuiltinAnalyzer().analyze({ transcript: '... 123', language: 'de' }), (e: unknown) => e instanceof AnalysisError && /no words/.test(e.message));
});

test('a thread that stops fails its analysis, and the next analysis gets a new thread', async (t) => {
  const pool = new AnalysisThreads(1);
  t.after(() => pool.close());
  const first = pool.analyze({ transcript: longTranscript(200_000), language: 'de' });
  await pool.close();
  await assert.rejects(first, /analysis thread/);
  const input = { transcript: 'Anna: Wie viele Stunden kostet Sie das pro Woche?\nHerr Brandt: Zehn.', language: 'de' } as const;
  assert.deepEqual(await pool.analyze(input), analyzeTranscript(input));
  await pool.close();
});

test('an analysis past its time limit fails for good (AnalysisError) and its thread is replaced for the next one', async (t) => {
  // A limit a hundred times what a small call takes, so load cannot push the queued call past
  // it; the slow one (sixteen times the longest real transcript, about 3 s of CPU on this
  // machine) takes about three times the limit even on a quiet, fast machine.
  const pool = new AnalysisThreads(1, 1_000);
  t.after(() => pool.close());
  const slow = pool.analyze({ transcript: longTranscript(8_000_000), language: 'de' });
  const queued = pool.analyze({ transcript: 'Anna: Wie viele Stunden kostet Sie das pro Woche?\nHerr Brandt: Zehn.', language: 'de' });
  await assert.rejects(slow, (e: unknown) => e instanceof AnalysisError && /took longer than/.test(e.message));
  const input = { transcript: 'Anna: Wie viele Stunden kostet Sie das pro Woche?\nHerr Brandt: Zehn.', language: 'de' } as const;
  assert.deepEqual(await queued, analyzeTranscript(input));
  await pool.close();
});
