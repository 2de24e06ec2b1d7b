// Coach review 5: everyday pains and how often they happen, summaries as mirrors, one notion of
// "pitch" for the value score and the moments, colloquial call purposes, and the few-questions text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeTranscript, explainScores } from '../../src/calls/analyzer/builtin/index.ts';
import { corpus } from './helpers.ts';

const texts = (r: ReturnType<typeof analyzeTranscript>) =>
  [r.strongest_moment, r.biggest_miss, ...r.moments].flatMap((m) => [m.why, m.coaching]).concat(r.biggest_miss.what_to_say_instead, r.commitment);

test('everyday wordings of time lost, chasing people and missed work are pains (H3)', () => {
  const pains = (customer: string, language: 'de' | 'en') =>
    analyzeTranscript({ transcript: `Rep: Hi, this is Tom from Nordlicht. How are things?\nKunde: ${customer}\nRep: Okay.`, language }).metrics.pains;
  for (const line of [
    'When someone calls in sick I spend my whole morning chasing replacements.',
    'Our managers spend hours every week on the rota.',
    'Last month we missed two office cleanings.',
    'Then I end up calling around for cover.',
    'Ich verbringe dann den ganzen Vormittag damit, Ersatz zu suchen.',
    'Dann muss ich allen hinterhertelefonieren.',
    'Letzten Monat haben wir zwei Reinigungen verpasst.',
  ]) assert.equal(pains(line, 'en'), 1, line);
  for (const line of ['I missed your call yesterday.', 'Sie haben nichts verpasst.']) assert.equal(pains(line, 'en'), 0, line);
});

test('a pain followed up with "how often" and answered with a frequency gets both discovery items (H3)', () => {
  const r = analyzeTranscript({ transcript: corpus('en_review5_12_chasing_replacements.txt'), language: 'en' });
  assert.ok(r.scores.discovery >= 3, JSON.stringify(r.scores));
  assert.ok((r.metrics.pain_impacts ?? 0) >= 1);
  const explain = explainScores({ transcript: corpus('en_review5_12_chasing_replacements.txt'), language: 'en' });
  assert.ok(explain.discovery.some((x) => /followed up/.test(x)) && explain.discovery.some((x) => /impact quantified/.test(x)), explain.discovery.join(' | '));
});

test('a short restatement of the customer\'s facts is a summary and counts for listening (M2)', () => {
  const call = (summary: string) => `Rep: Hi Tom, this is Ann from Pickly. How are things in the warehouse?
Customer: Honestly not great. Last week we missed it four times, and one client said they are looking around.
Rep: ${summary} What is causing the delays?
Customer: The pick lists are not sorted.`;
  const paraphrased = (summary: string) => explainScores({ transcript: call(summary), language: 'en' }).listening.some((x) => /paraphrased or mirrored/.test(x));
  assert.ok(paraphrased('Four times in a week.'));
  assert.ok(paraphrased('Four misses in a week, and a client already looking around.'));
  // Not a restatement: an argument or a pitch that reuses the customer's words.
  assert.ok(!paraphrased('Our platform sorts every pick list, so you never miss a week again.'));
  const de = explainScores({ transcript: corpus('de_sie_review5_04_mirror_summary.txt'), language: 'de' });
  assert.ok(de.listening.some((x) => /paraphrased or mirrored/.test(x)), de.listening.join(' | '));
});

test('the pitch the moments name is a pitch for the value score: never "=2 no pitch" next to "answered with the solution" (M8)', () => {
  for (const [file, language] of [['de_du_review5_08_colloquial_purpose.txt', 'de'], ['en_review5_12_chasing_replacements.txt', 'en']] as const) {
    const explain = explainScores({ transcript: corpus(file), language });
    assert.ok(!explain.value.includes('=2 no pitch'), `${file}: ${explain.value.join(' | ')}`);
  }
  // A recap of the customer's problem from an earlier call, the customer's number on it, and the pitch right after it: tied.
  const r = analyzeTranscript({ transcript: corpus('en_review5_16_tied_recap_pitch.txt'), language: 'en' });
  assert.ok(r.scores.value >= 3, JSON.stringify(r.scores));
  assert.match(r.strongest_moment.quote, /^Shiftboard builds/);
});

test('a colloquial purpose („Ich ruf an, weil …“, "I am calling you because …") is an upfront contract with the permission question (M6)', () => {
  for (const [opener, language] of [
    ['Ich ruf an, weil wir Handwerksbetrieben helfen, Rechnungen schneller zu schreiben.', 'de'],
    ['Ich meld mich, weil wir Handwerksbetrieben helfen, Rechnungen schneller zu schreiben.', 'de'],
    ['I am calling you because we help facility managers schedule their crews.', 'en'],
  ] as const) {
    const call = `Rep: Hey Nina, hier ist Jonas von Rechnungsprofi. Hast du kurz zwei Minuten?\nKundin: Kurz, ja.\nRep: ${opener} Wie machst du das heute?\nKundin: Mit Word, das dauert.\nRep: Verstehe. Ich schick dir was.\nKundin: Okay.`;
    const r = analyzeTranscript({ transcript: call, language });
    assert.ok(!texts(r).some((t) => /kein Ziel und kein Ablauf|No goal or agenda/.test(t)), opener);
  }
});

test('without a single question the coaching says to ask questions, and two open questions are "both open" (M9, L5)', () => {
  for (const language of ['de', 'en'] as const) {
    const none = texts(analyzeTranscript({ transcript: corpus('en_review5_16_tied_recap_pitch.txt'), language })).join('\n');
    assert.doesNotMatch(none, /Turn closed questions|Geschlossene Fragen in kalibrierte/);
    const two = texts(analyzeTranscript({ transcript: corpus('en_review5_12_chasing_replacements.txt'), language })).join('\n');
    assert.doesNotMatch(two, /2 davon offen|2 of them open|stayed the only one|blieb nur bei ihr/);
    assert.match(two, /beide offen|both of them open/);
    // The customer's request for material is no point of theirs to quote back.
    assert.doesNotMatch(two, /“Can you send me something/);
  }
});
