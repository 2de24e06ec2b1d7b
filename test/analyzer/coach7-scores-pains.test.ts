// Coach review 7: the discovery, listening and value scores, pains and impacts, and the phrasings
// that feed them (tag questions, summaries over several answers, interruptions, tied pitches,
// check-backs, concern invites, the guarantee hedge, numbers that are no problem, speech-to-text questions).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeTranscript, explainScores } from '../../src/calls/analyzer/builtin/index.ts';
import {
  AGREEMENT_TAG_RE,
  CHECK_BACK_RE,
  CONCERN_INVITE_RE,
  CUT_OFF_RE,
  FINISH_REQUEST_RE,
  NON_PROBLEM_NUMBER_RE,
  PAIN_RE,
  PITCH_RE,
  PROBLEM_LINK_RE,
  painText,
  promiseHedged,
  quantifiesImpact,
} from '../../src/calls/analyzer/builtin/lexicon.ts';
import { classifyQuestion } from '../../src/calls/analyzer/builtin/turns.ts';
import { corpus } from './helpers.ts';

const isPain = (s: string) => PAIN_RE.test(painText(s));
const explain = (name: string, language: 'de' | 'en' = 'de') => explainScores({ transcript: corpus(name), language });

test('everyday pains of review 7 are pains, in both languages (M8)', () => {
  for (const line of [
    'Our laundry service keeps shorting us on towels.',
    'Twice last month we had to run to Target and buy bath towels before check-in.',
    'Rain days are the worst.',
    'And then the crews are sitting in the yard drinking coffee until we figure out where they go.',
    'We had guests waiting in the lobby.',
    'We comped two rooms, that is about six hundred dollars.',
    'Plus a one-star review that mentioned the wait.',
    'December was brutal, we had fourteen percent at the Eastside clinic.',
    'Holidays, people just forget.',
    "And my front desk is so busy they don't have time to call everybody the day before.",
    'samstag sonntag ist die hölle da steht die schlange bis raus auf den parkplatz',
    'ich seh wirklich wie leute umdrehen und wieder gehen',
    'und die kommen dann oft auch nicht wieder',
    'Die drei Tage haben uns rund 1,2 Millionen Euro gekostet.',
    'Die Monteure sitzen dann im Hof rum.',
  ])
    assert.ok(isPain(line), line);
  for (const line of [
    'The delivery came on time, we were never short.',
    'That was the best season we ever had.',
    'Customers can book online.',
    'The guests love the new towels.',
    'Die Lizenz hat uns 89 Euro im Monat gekostet.',
    'Die Halle ist toll, die Leute kommen gern wieder.',
    'We are busy, but we have it under control.',
  ])
    assert.ok(!isPain(line), line);
});

test('amounts like „vierhundert euro“, „ne stunde“ and "fourteen percent" are impacts; a headcount is not (M8)', () => {
  for (const line of ['das sind bei vierzehn euro eintritt schon vierhundert euro', 'so ne stunde jeden abend', 'we had fourteen percent at the Eastside clinic', 'about a thousand dollars of crew time'])
    assert.ok(quantifiesImpact(line), line);
  for (const line of ['wir sind ne kleine halle', 'Wir sind vierzehn Leute.', 'We have fourteen employees.']) assert.ok(!quantifiesImpact(line), line);
});

test('impacts are counted in the review 7 calls that lost them (M8)', () => {
  for (const [name, language] of [
    ['de_du_review7_01_stt_boulderhalle.txt', 'de'],
    ['en_review7_10_rambler_landscaping.txt', 'en'],
    ['en_review7_13_referral_linen.txt', 'en'],
  ] as const) {
    const r = analyzeTranscript({ transcript: corpus(name), language });
    assert.ok((r.metrics.pain_impacts ?? 0) >= 1, name);
  }
});

test('agreement tags are no discovery question; a tag about the customer still is (M2)', () => {
  for (const q of [
    'Ich hab heute ein bisschen was vorbereitet und zeig dir direkt das Tool, okay?',
    'Und wir hören uns dann nächste Woche, okay?',
    'Let me show you the dashboard first, alright?',
    'Ich schick dir das dann per Mail, oder?',
    "We'll start with the demo, right?",
    'Das ist echt simpel, oder?',
    'Pretty cool, right?',
  ])
    assert.ok(AGREEMENT_TAG_RE.test(q), q);
  for (const q of [
    'Ich hab gesehen, ihr habt seit letztem Jahr einen Onlineshop für eure Weine, richtig?',
    'Sie haben zwölf Gasstapler, richtig?',
    'So you guys are residential HVAC, right?',
    'Das kostet euch jede Woche Zeit, oder?',
    'Okay?',
  ])
    assert.ok(!AGREEMENT_TAG_RE.test(q), q);
  const d = explain('de_du_review7_02_anglizismen_featuredump.txt');
  assert.ok(!d.discovery.some((x) => x.startsWith('+1 questions')), d.discovery.join('; '));
});

test('a pain the open question drew out and the rep answered with a feature tour earns no discovery point (M2)', () => {
  const d = explain('de_du_review7_02_anglizismen_featuredump.txt');
  assert.ok(!d.discovery.some((x) => /drew out|impact quantified/.test(x)), d.discovery.join('; '));
  const r = analyzeTranscript({ transcript: corpus('de_du_review7_02_anglizismen_featuredump.txt'), language: 'de' });
  assert.ok(r.scores.discovery <= 2, String(r.scores.discovery));
  // A pain drawn out and then explored with a question still earns the point.
  const good = explain('de_du_review7_01_stt_boulderhalle.txt');
  assert.ok(good.discovery.some((x) => x.includes('pain was followed up')), good.discovery.join('; '));
});

test('a pitch that points at the problem just described is tied to it (M4)', () => {
  for (const line of [
    "That's exactly what Voltwise is built for.",
    "that's exactly what stockwise does",
    'Genau dafür ist Versandheld gebaut.',
    'Genau das löst Terminfix.',
  ])
    assert.ok(PROBLEM_LINK_RE.test(line), line);
  for (const line of ["That's exactly what I meant.", "That's exactly what you said.", 'Genau das macht Sinn.', 'Genau das macht es so spannend.', "That's what Voltwise does."])
    assert.ok(!PROBLEM_LINK_RE.test(line), line);
  const r = analyzeTranscript({ transcript: corpus('en_review7_12_vague_touch_base_coldstorage.srt'), language: 'en' });
  assert.ok(r.scores.value >= 3, String(r.scores.value));
});

test('a summary of the last few answers counts as listening, in unpunctuated speech-to-text too (M1)', () => {
  const l = explain('de_du_review7_01_stt_boulderhalle.txt').listening;
  assert.ok(l.some((x) => x.includes('paraphrased')), l.join('; '));
  // A short statement that shares nothing with the customer's last answer is no summary of the answers before.
  const call = [
    'Rep: How do you plan the crews today?',
    'Customer: On a whiteboard, and I move every job by phone when it rains, which takes the whole morning.',
    'Rep: And how many crews do you have?',
    'Customer: Six crews, three guys each.',
    'Rep: Whiteboard, phone, whole morning when it rains.',
    'Customer: Yes.',
  ].join('\n');
  const e = explainScores({ transcript: call, language: 'en' }).listening;
  assert.ok(!e.some((x) => x.includes('paraphrased')), e.join('; '));
});

test('interruptions and a request to finish cost listening points (M3)', () => {
  for (const line of ['Darf ich kurz ausreden?', 'Lassen Sie mich bitte ausreden.', 'Ich war noch nicht fertig.', 'Let me finish.', 'Can I finish?', 'You keep interrupting me.'])
    assert.ok(FINISH_REQUEST_RE.test(line), line);
  for (const line of ['Darf ich kurz was fragen?', 'Wann ist das Projekt fertig?', "Let me finish the setup tomorrow and I'll call you.", 'Can I finish the trial early?'])
    assert.ok(!FINISH_REQUEST_RE.test(line), line);
  assert.ok(CUT_OFF_RE.test('Also bei uns ist das Problem vor allem, dass mein Vater –'));
  assert.ok(CUT_OFF_RE.test('And then we …'));
  assert.ok(!CUT_OFF_RE.test('Wir nutzen das DHL-Portal – seit Jahren.'));
  assert.ok(!CUT_OFF_RE.test('Das ist ein Vor- und Nachteil.'));
  const l = explain('de_du_review7_04_unterbrecher_weingut.txt').listening;
  assert.ok(l.some((x) => x.startsWith('-1 cut the customer off')), l.join('; '));
  assert.ok(l.some((x) => x.startsWith('-1 the customer asked to be let finish')), l.join('; '));
  const r = analyzeTranscript({ transcript: corpus('de_du_review7_04_unterbrecher_weingut.txt'), language: 'de' });
  assert.ok(r.scores.listening <= 2, String(r.scores.listening));
  // The rep asking to finish is no interruption by the rep.
  const call = ['Verkäufer: Wie planen Sie das heute?', 'Kunde: Mit Excel.', 'Verkäufer: Lassen Sie mich kurz ausreden, dann zeige ich Ihnen das.', 'Kunde: Gut.'].join('\n');
  assert.ok(!explainScores({ transcript: call, language: 'de' }).listening.some((x) => x.includes('let finish')));
});

test("the rep's pitch is seen in natural phrasings (M3)", () => {
  for (const line of [
    'Bei uns läuft das komplett automatisch, die Bestellung kommt aus dem Shop.',
    'So was passiert mit uns nicht mehr, weil alles digital ist.',
    'Wir haben auch eine Schnittstelle zu Shopify, WooCommerce und Shopware.',
    'genau da setzt griffbrett an die zehnerkarten liegen in der app',
  ])
    assert.ok(PITCH_RE.test(line), line);
  for (const line of ['Bei uns läuft das Gespräch heute etwas anders.', 'Das ist mit uns nicht passiert.', 'Haben Sie eine Schnittstelle zu DATEV?', 'Genau da setzt sie dann wieder an.'])
    assert.ok(!PITCH_RE.test(line), line);
});

test('check-backs in natural word order (M6)', () => {
  for (const line of [
    'Wäre das für dich so machbar?',
    'Wäre das für Sie eine Grundlage, mit der Sie in die Vorlage gehen können?',
    'Ist das für dich so okay?',
    'Könnten Sie damit leben?',
  ])
    assert.ok(CHECK_BACK_RE.test(line), line);
  for (const line of ['Das wäre für uns machbar gewesen.', 'Die Grundlage ist ein Vertrag über zwölf Monate.', 'Damit leben viele Kunden seit Jahren.']) assert.ok(!CHECK_BACK_RE.test(line), line);
});

test('concern invites with „gegen … sprechen könnte“ (H7)', () => {
  for (const line of [
    'Gibt es etwas, das aus Ihrer Sicht gegen so eine Umstellung sprechen könnte?',
    'Was könnte aus deiner Sicht dagegen sprechen?',
    'Is there anything that would speak against it?',
  ])
    assert.ok(CONCERN_INVITE_RE.test(line), line);
  for (const line of ['Ich spreche gegen zehn noch mit meinem Chef.', 'Wir sprechen dann über den Preis.', 'Let me speak to the team.']) assert.ok(!CONCERN_INVITE_RE.test(line), line);
  const r = explain('de_sie_review7_08_discovery_ohne_pitch_spedition.txt').objection_handling;
  assert.ok(r.some((x) => x.includes('invited concerns')), r.join('; '));
});

test('a negation hedges a guarantee only in its own clause (H5)', () => {
  assert.ok(!promiseHedged('Sie werden das nicht bereuen, Sie haben garantiert ab der ersten Woche dreißig Prozent mehr Online-Buchungen.'));
  assert.ok(!promiseHedged("You won't regret it, I guarantee you'll see thirty percent more bookings."));
  assert.ok(promiseHedged('Das kann ich Ihnen nicht garantieren.'));
  assert.ok(promiseHedged("I can't guarantee thirty percent more bookings."));
  assert.ok(promiseHedged('Das kann ich Ihnen garantieren, wenn die Daten bis Freitag da sind.'));
  assert.ok(!promiseHedged('Das ist gar kein Problem, die Umstellung ist garantiert bis Ende Februar durch.'));
  const r = analyzeTranscript({ transcript: corpus('de_sie_review7_07_ja_zu_schnell_autohaus.txt'), language: 'de' });
  const quotes = [r.strongest_moment?.quote, r.biggest_miss?.quote, ...(r.moments ?? []).map((x) => x.quote)].join(' | ');
  assert.match(quotes, /garantiert/);
});

test('a sign-off threshold, a requirement and a margin are no quantified problem (M7)', () => {
  for (const line of [
    'She signs anything over five thousand a year.',
    'Alles über zehntausend Euro muss der Vorstand freigeben.',
    'Und wir brauchen einen aktuellen Penetrationstest-Bericht, nicht älter als zwölf Monate.',
    'And honestly, they give us 30 percent margin, so 20 isn\'t really attractive.',
  ])
    assert.ok(NON_PROBLEM_NUMBER_RE.test(line), line);
  for (const line of ['We lose about nine thousand dollars a month in empty slots.', 'Die drei Tage haben uns rund 1,2 Millionen Euro gekostet.', 'It takes us over two hours every morning.'])
    assert.ok(!NON_PROBLEM_NUMBER_RE.test(line), line);
  const r = analyzeTranscript({ transcript: corpus('en_review7_09_vet_price_give_get.txt'), language: 'en' });
  const praised = [r.strongest_moment, ...(r.moments ?? [])].filter((x) => x && /concrete number|konkrete Zahl/i.test(x.why));
  assert.ok(!praised.some((x) => /Who is she/.test(x!.quote)), JSON.stringify(praised));
});

test('speech-to-text: a question at the end of an acknowledging turn (M1)', () => {
  assert.equal(classifyQuestion('verstehe ich das ist ein fairer punkt im vergleich wozu wirkt es für dich viel', true), 'open');
  assert.equal(classifyQuestion('got it that makes sense so what would you need to see', true), 'open');
  assert.equal(classifyQuestion('dann sind das im monat rund achthundert euro gegen hundertneunundvierzig beantwortet das deine frage zum preis', true), 'closed');
  assert.equal(classifyQuestion('so that adds up to two thousand a month does that answer your question', true), 'closed');
  assert.equal(classifyQuestion('genau da setzt griffbrett an die zehnerkarten liegen in der app', true), null);
  assert.equal(classifyQuestion("and that's what makes it special for the team", true), null);
  assert.equal(classifyQuestion('wir zeigen dir dann wie das für dich aussieht.', true), null);
});
