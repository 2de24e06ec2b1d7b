import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeTranscript } from '../../src/calls/analyzer/index.ts';

const neutral = [
  'Anna: Guten Tag Herr Brandt.',
  'Ben: Hallo. Wie lange dauert eine Einführung? Und was kostet das? Gibt es Rabatt?',
  'Anna: Etwa acht Wochen.',
  'Ben: Okay.',
].join('\n');

test('repSpeaker hint wins when that speaker is present (exact or by name tokens)', () => {
  assert.equal(analyzeTranscript({ transcript: neutral, language: 'de', repSpeaker: 'Anna' }).rep_speaker, 'Anna');
  assert.equal(analyzeTranscript({ transcript: neutral, language: 'de', repSpeaker: 'anna' }).rep_speaker, 'Anna');
  const full = 'Anna Schmidt: Hallo.\nBen Weber: Wie geht es? Was kostet das?\nAnna Schmidt: Gut.';
  assert.equal(analyzeTranscript({ transcript: full, language: 'de', repSpeaker: 'Anna' }).rep_speaker, 'Anna Schmidt');
  assert.equal(analyzeTranscript({ transcript: full, language: 'de', repSpeaker: 'Anna Schmidt' }).metrics.rep_detection, 'hint');
});

test('an absent repSpeaker hint falls through to the other rules', () => {
  const r = analyzeTranscript({ transcript: neutral, language: 'de', repSpeaker: 'Carla' });
  assert.notEqual(r.metrics.rep_detection, 'hint');
});

test('role labels: Verkäufer/Agent/Sales/Berater vs Kunde/Customer/Interessent', () => {
  const cases: Array<[string, string]> = [
    ['Kunde: Was kostet das? Und wie lange dauert es?\nVerkäufer: Guten Tag.\nKunde: Hm?', 'Verkäufer'],
    ['Customer: How much is it? How long does it take?\nAgent: Hello there.\nCustomer: Okay?', 'Agent'],
    ['Interessent: Was machen Sie genau? Wer sind Sie?\nBerater: Wir helfen Teams.', 'Berater'],
    ['Prospect: Who is this? What do you want?\nTom (Sales): This is Tom.', 'Tom (Sales)'],
    ['Kundin: Wie bitte? Wer ist da?\nLena: Lena hier.', 'Lena'],
  ];
  for (const [t, rep] of cases) {
    const r = analyzeTranscript({ transcript: t, language: 'de' });
    assert.equal(r.rep_speaker, rep, t);
    assert.equal(r.metrics.rep_detection, 'role_label', t);
  }
});

test("the key owner's name: full name, first name or last name", () => {
  const t = 'Julia Krämer: Hallo.\nThomas Brandt: Was kostet das? Wie lange dauert es? Wer macht das?\nJulia Krämer: Gerne.';
  for (const repName of ['Julia Krämer', 'Julia', 'Frau J. Krämer']) {
    const r = analyzeTranscript({ transcript: t, language: 'de', repName });
    assert.equal(r.rep_speaker, 'Julia Krämer', repName);
    assert.equal(r.metrics.rep_detection, 'rep_name', repName);
  }
});

test('who introduces the company: "hier ist X von Y", "this is X from Y", "ich rufe an wegen"', () => {
  const de = 'Herr Maier: Ja? Wer ist da? Worum geht es? Was wollen Sie?\nTom: Hallo Herr Maier, hier ist Tom Becker von der Nordlicht GmbH.\nHerr Maier: Aha.';
  const r1 = analyzeTranscript({ transcript: de, language: 'de' });
  assert.equal(r1.rep_speaker, 'Tom');
  assert.equal(r1.metrics.rep_detection, 'introduction');
  const en = 'Mark: Hello? Who is this? What is it about?\nJake: Hi Mark, this is Jake from Hirebase.\nMark: Okay.';
  assert.equal(analyzeTranscript({ transcript: en, language: 'en' }).rep_speaker, 'Jake');
  const call = 'A: Ja bitte? Was gibt es? Wer spricht?\nB: Guten Tag, ich rufe an wegen Ihrer Anfrage.\nA: Ach so.';
  assert.equal(analyzeTranscript({ transcript: call, language: 'de' }).rep_speaker, 'B');
});

test('last resort: who asks the most questions', () => {
  const t = 'Eva: Wir sind zwölf Leute.\nMax: Wie arbeitet ihr heute? Was nervt am meisten? Wer entscheidet?\nEva: Ich.\nMax: Und bis wann?';
  const r = analyzeTranscript({ transcript: t, language: 'de' });
  assert.equal(r.rep_speaker, 'Max');
  assert.equal(r.metrics.rep_detection, 'questions');
});
