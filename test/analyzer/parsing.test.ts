import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTranscript } from '../../src/calls/analyzer/coach/parse/transcript.ts';
import { splitSentences } from '../../src/calls/analyzer/coach/utterances/sentences.ts';
import { buildCall } from '../../src/calls/analyzer/coach/utterances/build.ts';

function speakersAndTexts(t: string) {
  const p = parseTranscript(t);
  return { p, rows: p.segments.map((s) => [p.labels.get(s.key), s.text, s.start]) };
}

test('plain "Name: text" lines, continuation lines belong to the previous speaker', () => {
  const { p, rows } = speakersAndTexts('Anna Schmidt: Hallo Herr Maier.\nWie geht es Ihnen?\nHerr Maier: Gut, danke.\n');
  assert.equal(p.format, 'labelled');
  assert.deepEqual(rows, [
    ['Anna Schmidt', 'Hallo Herr Maier.', null],
    ['Anna Schmidt', 'Wie geht es Ihnen?', null],
    ['Herr Maier', 'Gut, danke.', null],
  ]);
  assert.equal(p.hasTimestamps, false);
});

test('timestamps before the name: [hh:mm:ss], [mm:ss], bare hh:mm:ss and (mm:ss)', () => {
  for (const [line2, secs] of [
    ['[00:01:05] Ben: Hi.', 65],
    ['[01:05] Ben: Hi.', 65],
    ['00:01:05 Ben: Hi.', 65],
    ['(01:05) Ben: Hi.', 65],
    ['01:05 - Ben: Hi.', 65],
  ] as const) {
    const { p, rows } = speakersAndTexts(`[00:00:01] Anna: Hallo.\n${line2}\n`);
    assert.equal(p.hasTimestamps, true, line2);
    assert.deepEqual(rows[1], ['Ben', 'Hi.', secs], line2);
  }
});

test('timestamps after the name: Name (hh:mm:ss): text, Name [mm:ss]: text, Name [mm:ss] text', () => {
  for (const line of ['Ben (00:01:05): Hi there.', 'Ben [01:05]: Hi there.', 'Ben [01:05] Hi there.']) {
    const { rows } = speakersAndTexts(`Anna (00:00:01): Hallo.\n${line}\nAnna (00:01:10): Tschüss.\n`);
    assert.deepEqual(rows[1], ['Ben', 'Hi there.', 65], line);
  }
});

test('Teams/Otter export: name and time on one line, text below, header lines dropped', () => {
  const t = 'Transkript: Erstgespräch\nDatum: 06.02.\n\nLisa Neumann   0:03\nGuten Morgen.\nZweite Zeile.\n\nJens Hansen   0:19\nHallo.\n\nLisa Neumann   0:26\nSuper.\n';
  const { p, rows } = speakersAndTexts(t);
  assert.deepEqual(rows, [
    ['Lisa Neumann', 'Guten Morgen.', 3],
    ['Lisa Neumann', 'Zweite Zeile.', null],
    ['Jens Hansen', 'Hallo.', 19],
    ['Lisa Neumann', 'Super.', 26],
  ]);
  assert.equal(p.labels.size, 2);
});

test('role labels are speakers even when they speak once', () => {
  const { p } = speakersAndTexts('Verkäufer: Guten Tag.\nKunde: Hallo.\nVerkäufer: Wie geht es?\n');
  assert.deepEqual([...p.labels.values()], ['Verkäufer', 'Kunde']);
});

test('"Wichtig:" or a URL inside spoken text is not a speaker label', () => {
  const t = 'Anna: Hallo Ben.\nBen: Hallo Anna.\nAnna: Eine Sache noch.\nWichtig: wir brauchen das bis Freitag.\nBen: Schau auf https://example.com nach.\n';
  const { p, rows } = speakersAndTexts(t);
  assert.deepEqual([...p.labels.values()], ['Anna', 'Ben']);
  assert.deepEqual(rows[3], ['Anna', 'Wichtig: wir brauchen das bis Freitag.', null]);
  assert.equal(rows[4][1], 'Schau auf https://example.com nach.');
});

test('WebVTT with <v> voice tags, NOTE blocks, cue identifiers and cue times', () => {
  const t = 'WEBVTT\nKind: captions\n\nNOTE ein Kommentar\nüber zwei Zeilen\n\n1\n00:00:01.000 --> 00:00:04.000\n<v Anna Schmidt>Hallo <i>Ben</i>, wie geht es?</v>\n\n00:00:04.500 --> 00:00:06.000\n<v.loud Ben>Gut!</v>\n\n00:00:06.500 --> 00:00:08.000\nund dir?\n';
  const { p, rows } = speakersAndTexts(t);
  assert.equal(p.format, 'webvtt');
  assert.deepEqual(rows, [
    ['Anna Schmidt', 'Hallo', 1],
    ['Anna Schmidt', 'Ben', null],
    ['Anna Schmidt', ', wie geht es?', null],
    ['Ben', 'Gut!', 4.5],
    ['Ben', 'und dir?', 6.5],
  ]);
  for (const s of p.segments) assert.ok(t.includes(s.text), `segment is verbatim: ${s.text}`);
});

test('WebVTT with "Name: text" payloads and SRT subtitles', () => {
  const vtt = 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nSophie: Hi Tim.\n\n00:00:03.500 --> 00:00:05.000\nTim: Hallo.\n';
  assert.deepEqual(speakersAndTexts(vtt).rows, [
    ['Sophie', 'Hi Tim.', 1],
    ['Tim', 'Hallo.', 3.5],
  ]);
  const srt = '1\n00:00:01,000 --> 00:00:03,000\nOlivia: Hi James.\n\n2\n00:00:03,500 --> 00:00:05,000\nJames: Hi.\n';
  const { p, rows } = speakersAndTexts(srt);
  assert.equal(p.format, 'srt');
  assert.deepEqual(rows, [
    ['Olivia', 'Hi James.', 1],
    ['James', 'Hi.', 3.5],
  ]);
});

test('no labels: dialogue lines alternate between two speakers, prose is one speaker', () => {
  const dialogue = parseTranscript('Guten Tag, hier ist Peter.\nHallo, worum geht es?\nUm Ihre Termine.\nAh, okay.\n');
  assert.equal(dialogue.format, 'unlabelled');
  assert.deepEqual(dialogue.notes, ['no_speaker_labels', 'alternating_speakers_assumed']);
  assert.deepEqual(
    dialogue.segments.map((s) => dialogue.labels.get(s.key)),
    ['Speaker 1', 'Speaker 2', 'Speaker 1', 'Speaker 2'],
  );
  const prose = parseTranscript('we talked about the renewal and\nthe customer said the budget is gone and\nwe should call back in spring');
  assert.deepEqual(prose.notes, ['no_speaker_labels', 'single_speaker_assumed']);
  assert.equal(prose.labels.size, 1);
});

test('a single labelled speaker is still recognised', () => {
  const p = parseTranscript('Ryan Cole: Hi Michelle, this is Ryan. Call me back.');
  assert.deepEqual([...p.labels.values()], ['Ryan Cole']);
  assert.deepEqual(p.notes, []);
});

test('sentences are exact substrings; abbreviations, ordinals and dates do not split', () => {
  const text = 'Passt Ihnen Dienstag, der 8. April, um 10 Uhr? Dr. Maier kommt auch, z. B. am 14.3. um 9 Uhr. Gut!';
  const parts = splitSentences(text);
  assert.deepEqual(
    parts.map((p) => p.text),
    ['Passt Ihnen Dienstag, der 8. April, um 10 Uhr?', 'Dr. Maier kommt auch, z. B. am 14.3. um 9 Uhr.', 'Gut!'],
  );
  for (const p of parts) assert.equal(text.slice(p.offset, p.offset + p.text.length), p.text);
});

test('turns merge consecutive segments of one speaker; each sentence is an utterance', () => {
  const t = 'Anna: Hallo. Wie läuft das heute bei Ihnen?\nAnna: Und haben Sie ein CRM?\nBen: Nein. What do you mean?\nAnna: Okay, und was kostet Sie das? Das ist teuer, oder?\nBen: Erzählen Sie mal.';
  const call = buildCall(parseTranscript(t));
  assert.equal(call.turns.length, 4);
  assert.deepEqual(call.turns[0].utterances.map((u) => u.text), ['Hallo.', 'Wie läuft das heute bei Ihnen?', 'Und haben Sie ein CRM?']);
  assert.deepEqual(call.utterances.map((u) => u.questionMark), [false, true, true, false, true, true, true, false]);
});

test('long unpunctuated speech-to-text is cut into utterances of about thirty words, each verbatim', () => {
  const words = Array.from({ length: 95 }, (_, i) => `wort${i}`).join(' ');
  const parts = splitSentences(words);
  assert.ok(parts.length >= 3 && parts.every((p) => p.text.split(' ').length <= 45), String(parts.length));
  for (const p of parts) assert.equal(words.slice(p.offset, p.offset + p.text.length), p.text);
  assert.equal(parts.map((p) => p.text).join(' '), words);
});

test('speaker labels of a name with the company, as dialers write them, are speakers', () => {
  const t = 'Anna Weber (Lumen GmbH): Hallo Herr Kraus.\nJonas Kraus - Kraus Haustechnik: Hallo.\nAnna Weber (Lumen GmbH): Wie planen Sie heute?\nJonas Kraus - Kraus Haustechnik: Mit Excel.';
  assert.deepEqual([...parseTranscript(t).labels.values()], ['Anna Weber (Lumen GmbH)', 'Jonas Kraus - Kraus Haustechnik']);
});

test('a name, a comma and the company is a speaker label; a comma in speech is not', () => {
  const t = 'Fiona Marsh, Marsh Bakeries: Hello?\nGareth Price, Coldline Leasing: You are through to sales.\nFiona Marsh, Marsh Bakeries: We need vans.\nGareth Price, Coldline Leasing: How many?';
  assert.deepEqual([...parseTranscript(t).labels.values()], ['Fiona Marsh, Marsh Bakeries', 'Gareth Price, Coldline Leasing']);
  const speech = 'Anna: Wie läuft das heute?\nBen: Ja, genau: mit Excel.\nAnna: Und dann?\nBen: Ja, genau: per Hand.';
  assert.deepEqual([...parseTranscript(speech).labels.values()], ['Anna', 'Ben']);
});

test('a hard-wrapped utterance is joined back: a sentence across the line break is one sentence, verbatim', () => {
  const t = 'Anna: Unsere Software erstellt die Rechnungen automatisch aus Ihren  \r\n   Aufträgen. Das spart Zeit.\nAnna: Passt Ihnen\nDienstag?\nBen: Ja.\nDas passt.\nBen: Bis dann.\n';
  const { rows } = speakersAndTexts(t);
  assert.deepEqual(rows, [
    ['Anna', 'Unsere Software erstellt die Rechnungen automatisch aus Ihren  \r\n   Aufträgen. Das spart Zeit.', null],
    ['Anna', 'Passt Ihnen\nDienstag?', null],
    ['Ben', 'Ja.', null],
    ['Ben', 'Das passt.', null],
    ['Ben', 'Bis dann.', null],
  ]);
  for (const [, text] of rows) assert.ok(t.includes(text as string), 'each segment is a substring of the transcript');
  const sentences = buildCall(parseTranscript(t)).utterances.map((u) => u.text);
  assert.ok(sentences.includes('Unsere Software erstellt die Rechnungen automatisch aus Ihren  \r\n   Aufträgen.'));
});

test('a long label with the company and the team in brackets is still one speaker', () => {
  const long = 'Dr. Anna-Maria Weber-Schulz (Lumen Logistik GmbH & Co. KG, Vertrieb Süd)';
  const t = `${long}: Guten Tag, Herr Kraus.\nJonas Kraus: Hallo.\n${long}: Wie planen Sie heute Ihre Touren?\nJonas Kraus: Mit Excel.`;
  assert.deepEqual([...parseTranscript(t).labels.values()], [long, 'Jonas Kraus']);
  // Prose with a colon stays text.
  assert.deepEqual([...parseTranscript('Anna: Wichtig ist eines: der Preis.\nBen: Ja.\nAnna: Gut.').labels.values()], ['Anna', 'Ben']);
});
