// The coaching's moments: true to their quote, five different places of the call, the biggest
// miss on the weakest dimension, and a line to say instead built from what this customer said.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyseWithDetails, analyzeTranscript } from '../../src/calls/analyzer/coach/index.ts';
import { contradictions } from '../../eval/contradictions.ts';
import { corpus, corpusFiles } from './helpers.ts';

// Every fifth call of the development corpus: all formats and languages, quick enough for a test.
const sample = corpusFiles().filter((_, i) => i % 5 === 0);

test('no moment contradicts its own quote (a miss is never quoted at the very thing it asks for)', () => {
  const bad: string[] = [];
  for (const f of sample) bad.push(...contradictions(analyseWithDetails({ transcript: corpus(f), language: 'en' })).map((b) => `${f}: ${b}`));
  assert.deepEqual(bad, []);
});

test('the biggest miss lies on one of the lowest-scored dimensions that has a miss, and quotes the salesperson', () => {
  for (const f of sample) {
    const d = analyseWithDetails({ transcript: corpus(f), language: 'de' });
    const r = d.result;
    if ((r.metrics.speakers ?? 2) < 2) continue;
    assert.equal(r.biggest_miss.speaker, r.rep_speaker, f);
    const missScore = r.scores[d.kinds.miss.dimension];
    // A dimension scored lower than the miss's is allowed only when the call offers no miss there.
    const lowerWithMiss = d.kinds.candidates.filter((c) => !c.positive && r.scores[c.dimension] < missScore);
    assert.deepEqual(lowerWithMiss.map((c) => c.kind), [], `${f}: miss on ${d.kinds.miss.dimension}=${missScore}`);
  }
});

test('strongest moment, biggest miss and the three moments quote five different places', () => {
  for (const f of sample) {
    const r = analyzeTranscript({ transcript: corpus(f), language: 'en' });
    if ((r.metrics.speakers ?? 2) < 2 || (r.metrics.words ?? 0) < 60) continue;
    const quotes = [r.strongest_moment.quote, r.biggest_miss.quote, ...r.moments.map((m) => m.quote)];
    assert.equal(new Set(quotes).size, 5, `${f}: ${quotes.join(' | ')}`);
  }
});

test("what to say instead takes up this customer's own words, said before the miss, in du or Sie as the rep spoke", () => {
  const calls: Array<[string, RegExp, RegExp]> = [
    [
      [
        'Verkäufer: Hey Lea, hier ist Jonas von Taktwerk. Wie planst du gerade die Schichten im Café?',
        'Lea: Mit einer WhatsApp-Gruppe, das ist echt chaotisch.',
        'Verkäufer: Mit Taktwerk planst du alles in einer App, mit Tauschbörse, Zeiterfassung, Lohnexport und Dashboard.',
        'Lea: Ehrlich gesagt ist mir das für unseren kleinen Laden viel zu teuer.',
        'Verkäufer: Nein, wir sind echt günstig, das stimmt so nicht.',
        'Lea: Na gut. Tschüss.',
      ].join('\n'),
      /\b(du|dich|dir)\b/,
      /\b(Sie|Ihnen)\b/,
    ],
    [
      [
        'Verkäufer: Guten Tag Frau Berger, hier ist Jonas Weber von Taktwerk. Wie planen Sie die Schichten in Ihren Filialen?',
        'Kundin: Mit Excel, und jede Woche fällt eine Schicht aus, weil keiner den Plan gesehen hat.',
        'Verkäufer: Mit Taktwerk planen Sie alles in einer App, mit Tauschbörse, Zeiterfassung, Lohnexport und Dashboard.',
        'Kundin: Das ist uns ehrlich gesagt viel zu teuer.',
        'Verkäufer: Nein, das stimmt so nicht, wir sind günstiger als alle anderen.',
        'Kundin: Na gut. Auf Wiederhören.',
      ].join('\n'),
      /\b(Sie|Ihnen)\b/,
      /\b(du|dich|dir|dein)\b/,
    ],
  ];
  for (const [transcript, form, otherForm] of calls) {
    const r = analyzeTranscript({ transcript, language: 'en' });
    const say = r.biggest_miss.what_to_say_instead;
    const echo = /„([^“]+)“/.exec(say)?.[1];
    assert.ok(echo, say);
    const before = transcript.slice(0, transcript.indexOf(r.biggest_miss.quote));
    assert.ok(before.includes(echo), `${echo} was said before "${r.biggest_miss.quote}"`);
    assert.match(say, form);
    assert.doesNotMatch(say, otherForm);
  }
});

test('in a call too short for five real moments, each text still says what its quote is', () => {
  const calls = [
    "Seller: Hello Jane, it's Tom from Acme. I'm calling about your sales calls.\nBuyer: Hi Tom.\nSeller: Do you have two minutes?\nBuyer: Not really, what is it about?\nSeller: We help teams coach their calls.\nBuyer: Okay bye.",
    'Tim: Hallo Frau Berg, hier ist Tim von Acme.\nKunde: Ja, kurz.\nTim: Wie organisieren Sie heute Ihre Vertriebsgespräche?\nKunde: Worum geht es?\nTim: Haben Sie kurz Zeit?',
  ];
  for (const language of ['en', 'de'] as const) {
    for (const transcript of calls) {
      const d = analyseWithDetails({ transcript, language });
      const shown = [d.kinds.strongest, d.kinds.miss, ...d.kinds.moments];
      for (const c of shown) {
        const byRep = c.quote.key === d.result.rep_speaker.toLowerCase();
        // The customer's words are never described as something the salesperson did.
        if (!byRep) assert.equal(c.kind, 'customer_line', `${c.quote.text} (${c.kind})`);
        // A line praised as a question is one.
        if (c.kind === 'rep_question') assert.ok(c.quote.text.trim().endsWith('?'), c.quote.text);
        if (c.kind === 'rep_statement') assert.ok(!c.quote.text.trim().endsWith('?'), c.quote.text);
      }
      assert.equal(new Set(shown.map((c) => c.quote.index)).size, 5);
    }
  }
});
