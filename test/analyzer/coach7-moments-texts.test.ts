// Coach review 7: the choice and the text of the coaching – lines that fit the call type (no
// cold-call line for a customer, a follow-up or a referral), no biggest miss at the rep's best lines,
// echoes that are whole clauses, the decider named in the line, and where a miss is quoted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeTranscript } from '../../src/calls/analyzer/builtin/index.ts';
import { brokenEcho, echoPhrase, standsAlone } from '../../src/calls/analyzer/builtin/echo.ts';
import { buildCandidates, EXISTING_CUSTOMER_RE, namedDecider, OWN_QUESTION_RE, RECALL_ONLY_RE, selectMoments, WARM_CALL_REP_RE } from '../../src/calls/analyzer/builtin/moments.ts';
import { buildTurns } from '../../src/calls/analyzer/builtin/turns.ts';
import { parseTranscript } from '../../src/calls/analyzer/builtin/transcript.ts';
import { detectRep } from '../../src/calls/analyzer/builtin/speakers.ts';
import { measure } from '../../src/calls/analyzer/builtin/measure.ts';
import { objectionCommitment, objectionSay } from '../../src/calls/analyzer/builtin/texts.ts';
import { AGENDA_RE } from '../../src/calls/analyzer/builtin/lexicon.ts';
import { corpus } from './helpers.ts';

const all = (r: ReturnType<typeof analyzeTranscript>) => [r.strongest_moment, r.biggest_miss, ...r.moments];
const COLD_LINE_RE = /unangekündigt|out of the blue|30 Sekunden|30 seconds|cold call|Kaltakquise/i;

test('a call to someone who knows the company is recognised (existing customer, renewal, referral, inbound, follow-up)', () => {
  for (const t of [
    'Ich rufe an, weil Ihr Vertrag im März ausläuft und ich mit Ihnen über das neue Modul sprechen wollte.',
    'Marco at the Harborview suggested I give you a call.',
    'You signed up for our webinar on demand charges last week.',
    'Sie hatten sich auf der Messe für unsere Terminbuchung interessiert.',
    'I wanted to talk about your renewal in April.',
    'Thanks for getting back to me so quickly.',
  ]) assert.ok(WARM_CALL_REP_RE.test(t), t);
  // A cold call's opening is none of these.
  for (const t of [
    'Ich rufe an, weil wir Dienstpläne für Pflegedienste digitalisieren.',
    "I'm calling because we help body shops get insurance claims paid faster.",
    'Wir haben einen neuen Vertrag für Energiekunden.',
    'I saw your company is hiring drivers.',
  ]) assert.ok(!WARM_CALL_REP_RE.test(t), t);
  assert.ok(EXISTING_CUSTOMER_RE.test('Ihre Software ist seit dem Update vor drei Wochen eine Zumutung.'));
  assert.ok(EXISTING_CUSTOMER_RE.test('Your app keeps logging my techs out since the update.'));
  assert.ok(!EXISTING_CUSTOMER_RE.test('Wir nutzen eine eigene Software für die Termine.'));
  assert.ok(!EXISTING_CUSTOMER_RE.test('Our system is fine, thanks.'));
});

test('an early brush-off in a warm call gets no cold-call line and no "next cold call" commitment (H1, H2)', () => {
  for (const mode of ['Sie', 'du', 'en'] as const) {
    const warm = objectionSay(mode, 'voss_accusation_audit', 'Das passt gerade nicht', 'timing', false, undefined, true);
    assert.ok(!COLD_LINE_RE.test(warm), warm);
    assert.match(warm, /Das passt gerade nicht/);
    // A cold call keeps its line.
    assert.match(objectionSay(mode, 'voss_accusation_audit', null, 'timing', false, undefined, false), /unangekündigt|out of the blue/);
  }
  assert.ok(!/Sie\b/.test(objectionSay('du', 'voss_accusation_audit', null, 'timing', false, undefined, true)));
  for (const lang of ['de', 'en'] as const) {
    assert.ok(!COLD_LINE_RE.test(objectionCommitment(lang, 'voss_accusation_audit', false, true)));
    assert.match(objectionCommitment(lang, 'voss_accusation_audit', false, false), /cold call|Kaltakquise/);
  }
  // Whole calls: an angry existing customer and a follow-up negotiation.
  for (const [file, lang] of [['de_sie_review7_06_feindselig_tierarzt.txt', 'de'], ['en_review7_09_vet_price_give_get.txt', 'en']] as const) {
    for (const language of ['de', 'en'] as const) {
      const r = analyzeTranscript({ transcript: corpus(file), language });
      assert.ok(!COLD_LINE_RE.test(r.biggest_miss.what_to_say_instead), `${file}: ${r.biggest_miss.what_to_say_instead}`);
      assert.ok(!COLD_LINE_RE.test(r.commitment), `${file}: ${r.commitment}`);
      assert.equal(r.call_language, lang);
    }
  }
  // A small cold call with an early brush-off keeps the cold-call line; the same call as a renewal does not.
  const call = (opening: string) =>
    `Verkäufer: Guten Tag Herr Weber, hier ist Anna von Planfix. ${opening} Haben Sie kurz Zeit?\nKunde: Ich habe gerade keine Zeit für so was.\nVerkäufer: Wir haben eine App, mit der Ihre Pflegekräfte Schichten tauschen können, und ein Dashboard für die Leitung.\nKunde: Hm.\nVerkäufer: Dazu kommt eine Schnittstelle zur Abrechnung und ein Modul für die Tourenplanung.\nKunde: Okay, schicken Sie mal was.\nVerkäufer: Mache ich, schönen Tag noch.\n`;
  const cold = analyzeTranscript({ transcript: call('Ich rufe an, weil wir Dienstpläne für Pflegedienste digitalisieren.'), language: 'de' });
  const warm = analyzeTranscript({ transcript: call('Ich rufe an, weil Ihr Vertrag im März ausläuft.'), language: 'de' });
  const coldLines = [cold.biggest_miss.what_to_say_instead, cold.commitment].join(' ');
  const warmLines = [warm.biggest_miss.what_to_say_instead, warm.commitment].join(' ');
  if (cold.biggest_miss.method === 'voss_accusation_audit') assert.match(coldLines, /unangekündigt|Kaltakquise/);
  assert.ok(!COLD_LINE_RE.test(warmLines), warmLines);
});

test('no biggest miss at the rep\'s mirror, need-payoff question or the turn with the dated proposal (H4, H3, M10)', () => {
  for (const language of ['de', 'en'] as const) {
    const r03 = analyzeTranscript({ transcript: corpus('de_du_review7_03_winback_fahrradladen.vtt'), language });
    assert.notEqual(r03.biggest_miss.quote, 'Drei, vier No-Shows die Woche?');
    const r10 = analyzeTranscript({ transcript: corpus('en_review7_10_rambler_landscaping.txt'), language });
    assert.ok(!/^What would it mean for you/.test(r10.biggest_miss.quote), r10.biggest_miss.quote);
    // The accusation-audit stretch goal is never quoted in the turn with the dated proposal.
    const r13 = analyzeTranscript({ transcript: corpus('en_review7_13_referral_linen.txt'), language });
    for (const m of [r13.biggest_miss, ...r13.moments]) {
      if (m.method === 'voss_accusation_audit') assert.ok(!/Rather than me pitching you/.test(m.quote), m.quote);
    }
  }
});

test('echoes stand alone: no cut after a negation, no relative clause without its noun, no "plus", no noun before its apposition', () => {
  // Cut after the negation: the words it negates are left behind.
  assert.ok(brokenEcho('Das ist jetzt nicht Ihr Ernst, oder?', 'Das ist jetzt nicht'));
  assert.ok(!standsAlone('Das ist jetzt nicht Ihr Ernst, oder?', 'Das ist jetzt nicht'));
  assert.ok(brokenEcho("It's just not what we need right now.", "It's just not"));
  // A negation at the clause's own end is a whole clause.
  assert.ok(!brokenEcho('Das brauchen wir nicht.', 'Das brauchen wir nicht'));
  assert.ok(!brokenEcho("We're honestly not, no.", "We're honestly not"));
  // A copula with a particle after it is still cut after the copula.
  assert.ok(brokenEcho('Das ist jetzt eine Zumutung.', 'Das ist jetzt'));
  assert.ok(!brokenEcho('Das ist jetzt eine Zumutung.', 'Das ist jetzt eine Zumutung'));
  // A German relative clause without the noun it belongs to.
  const sixty = 'Und wenn die Beanstandungen wegfallen, sind das bei uns locker zwanzig Stunden Disposition im Monat, die ich wiederbekomme.';
  assert.ok(brokenEcho(sixty, 'die ich wiederbekomme'));
  assert.ok(!brokenEcho('Die Fahrer, die ich habe, sind gut.', 'Die Fahrer bleiben'));
  assert.ok(!brokenEcho('Die Fässer kommen einfach nicht zurück.', 'Die Fässer kommen einfach nicht zurück'));
  // After the fronted wenn-clause, neither the verb nor its subject starts the echo.
  assert.equal(echoPhrase(sixty, /zwanzig/), 'bei uns locker zwanzig Stunden Disposition im Monat');
  // "plus …" adds to what was said: not the echo's start.
  const linen = "We comped two rooms, that's about six hundred dollars, plus a one-star review that mentioned the wait.";
  assert.ok(!/^plus\b/i.test(echoPhrase(linen) ?? ''), echoPhrase(linen) ?? '');
  assert.equal(echoPhrase('Plus, the invoices are late every month.'), 'the invoices are late every month');
  // A short noun phrase before its apposition says nothing alone.
  const freight = 'Another company, Transdoc, they make us an offer for two euro per declaration.';
  assert.ok(!standsAlone(freight, 'Another company'));
  assert.ok(standsAlone('Another company offered us two euro, Transdoc, last week.', 'Another company offered us two euro'));
});

test('a greeting reply like "Ja, ich erinnere mich." is never echoed (H5)', () => {
  for (const t of ['Ah ja, hallo. Ja, ich erinnere mich.'.split('. ')[1], 'Ja, ich erinnere mich.', 'Sure, I remember you.', 'Yes, I remember.'])
    assert.ok(RECALL_ONLY_RE.test(t), t);
  for (const t of ['Ich erinnere mich, dass die Abrechnung damals drei Tage gedauert hat und wir alles nachbuchen mussten.', 'I remember the last rollout took us six weeks and two people quit over it.'])
    assert.ok(!RECALL_ONLY_RE.test(t), t);
  for (const language of ['de', 'en'] as const) {
    const r = analyzeTranscript({ transcript: corpus('de_sie_review7_07_ja_zu_schnell_autohaus.txt'), language });
    assert.ok(!/erinnere/.test(r.biggest_miss.what_to_say_instead), r.biggest_miss.what_to_say_instead);
  }
});

test('the decider the customer named is named in the line, with their name when given (H6)', () => {
  const rob = namedDecider("But I'd need to get our CFO, Rob, to look at this. He signs off on anything like that.");
  assert.equal(rob?.en, 'Rob');
  assert.equal(rob?.pronEn, 'him');
  const wagner = namedDecider('Das muss ich mit unserem Geschäftsführer, Herrn Wagner, besprechen.');
  assert.equal(wagner?.Sie, 'Herrn Wagner');
  assert.equal(wagner?.pronDe, 'ihn');
  // Without a name: the role, as before.
  assert.equal(namedDecider('I need to check with our CFO. She is out this week.')?.en, 'your CFO');
  assert.equal(namedDecider('I need to check with my partner and then we decide.')?.en, 'your partner');
  assert.equal(namedDecider('Ich geb das dann an unseren Geschäftsführer weiter, der unterschreibt bei uns alle Verträge.')?.Sie, 'Ihrem Geschäftsführer');
  // 12: the loose close is quoted at the rep's own proposal and its line brings Rob in.
  for (const language of ['de', 'en'] as const) {
    const r = analyzeTranscript({ transcript: corpus('en_review7_12_vague_touch_base_coldstorage.srt'), language });
    assert.equal(r.biggest_miss.speaker, r.rep_speaker);
    assert.match(r.biggest_miss.what_to_say_instead, /\bRob\b/);
    assert.ok(!/who else/i.test(r.biggest_miss.what_to_say_instead));
  }
});

test('an authority objection given up is the miss at the rep, and its line names the person (choice logic, given detection)', () => {
  const call = `Verkäuferin: Guten Tag Herr Brandt, hier ist Lea von Planwerk. Ich rufe an, weil wir Werkstätten bei der Terminplanung helfen. Wie planen Sie heute Ihre Termine?
Kunde: Mit einem Kalender an der Wand, und jeden Montag telefonieren zwei Leute den halben Tag hinterher.
Verkäuferin: Was kostet Sie das im Monat ungefähr?
Kunde: Bestimmt zwanzig Stunden im Monat.
Verkäuferin: Mit Planwerk buchen Ihre Kunden online, und der Termin landet direkt im Kalender.
Kunde: Klingt gut, aber das muss ich mit meinem Chef besprechen.
Verkäuferin: Klar, kein Problem, dann schicke ich Ihnen die Unterlagen per Mail.
Kunde: Ja, machen Sie das.
Verkäuferin: Schönen Tag noch.
`;
  const r = analyzeTranscript({ transcript: call, language: 'de' });
  const authority = r.metrics.objections.find((o) => o.type === 'authority');
  if (authority && !authority.handled && r.biggest_miss.method === 'meddpicc') {
    assert.equal(r.biggest_miss.speaker, r.rep_speaker);
    assert.match(r.biggest_miss.what_to_say_instead, /Ihrem Chef/);
  }
  assert.ok(authority, JSON.stringify(r.metrics.objections));
});

test('a question of the rep\'s own is never praised as a mirror; the opening miss is not at an identity check (L2, L5)', () => {
  for (const t of ['and what happens between the counts', 'Und wie macht ihr das heute?', 'So what does that mean for the team?'])
    assert.ok(OWN_QUESTION_RE.test(t), t);
  for (const t of ['fifteen grand in july alone', 'So two days a month on corrections.', 'Zwei Notfälle doppelt gebucht.', 'Three times in a week?'])
    assert.ok(!OWN_QUESTION_RE.test(t), t);
  for (const language of ['de', 'en'] as const) {
    const r16 = analyzeTranscript({ transcript: corpus('en_review7_16_stt_lowercase_hvac.txt'), language });
    for (const m of all(r16)) if (m.method === 'voss_mirror' && m.why.includes('mirror')) assert.notEqual(m.quote, 'and what happens between the counts');
    const r15 = analyzeTranscript({ transcript: corpus('en_review7_15_hostile_optout_bodyshop.txt'), language });
    for (const m of [r15.biggest_miss, ...r15.moments]) if (m.method === 'sandler_upfront_contract') assert.notEqual(m.quote, 'Hi, is this Gary?');
  }
});

test('interruptions (as measured: `interruptions`, `finishRequest`) make a listening miss with a mirror, quoted at the rep where the customer was cut off at a problem (04)', () => {
  const parsed = parseTranscript(corpus('de_du_review7_04_unterbrecher_weingut.txt'));
  const turns = buildTurns(parsed);
  const rep = detectRep(turns, parsed.labels, {});
  const m = measure(turns, rep.key, parsed.hasTimestamps, 'de', rep.colleagues);
  // Without interruptions there is no such candidate.
  assert.ok(!buildCandidates({ ...m, interruptions: [], finishRequest: null }).some((x) => x.kind === 'interruption'));
  // The customer turns that break off with a dash before the rep speaks, and the request to finish.
  const cut = turns.filter((t) => !t.isRep && /[–—-]\s*$/.test(t.text) && turns[t.index + 1]?.isRep).map((t) => turns[t.index + 1].sentences[0]);
  assert.ok(cut.length >= 2, String(cut.length));
  for (const c of cut) assert.ok(m.interruptions.includes(c), c.text);
  assert.match(m.finishRequest?.text ?? '', /ausreden/);
  const candidates = buildCandidates(m);
  const miss = candidates.find((x) => x.kind === 'interruption');
  assert.ok(miss);
  assert.equal(miss.dimension, 'listening');
  assert.equal(miss.method, 'voss_mirror');
  assert.ok(turns[miss.sentence.turn].isRep);
  // At a problem the customer was describing (the December parcels), not at the first cut-off anywhere.
  assert.match(turns[miss.sentence.turn - 1].text, /Dezember|Pakete|falsche/);
  // With listening among the lowest scores it is the biggest miss, before the material given up at the close.
  const sel = selectMoments(candidates, { discovery: 1, listening: 1, value: 1, objection_handling: 1, next_step: 2 });
  assert.equal(sel.miss.kind, 'interruption');
  // With listening above the lowest, the lowest dimension keeps its miss.
  const other = selectMoments(candidates, { discovery: 1, listening: 3, value: 2, objection_handling: 1, next_step: 2 });
  assert.notEqual(other.miss.kind, 'interruption');
  // The rendered line apologises, echoes the customer's words and keeps du.
  const r = analyzeTranscript({ transcript: corpus('de_du_review7_04_unterbrecher_weingut.txt'), language: 'de' });
  assert.equal(r.form_of_address, 'du');
  const say = objectionSay('du', 'voss_accusation_audit', null, 'timing', false, undefined, true);
  assert.ok(!/Sie\b/.test(say));
});

test('a missing close is quoted at what the rep settled for, never at a logistics question after it (L4, 07)', () => {
  for (const language of ['de', 'en'] as const) {
    const r = analyzeTranscript({ transcript: corpus('de_sie_review7_07_ja_zu_schnell_autohaus.txt'), language });
    for (const m of all(r)) if (m.method === 'calendar_close') assert.notEqual(m.quote, 'Welche E-Mail-Adresse nehme ich?');
    assert.ok(all(r).some((m) => /warte ich einfach auf die Unterschrift/.test(m.quote)), all(r).map((m) => m.quote).join(' | '));
  }
  // A call that ends on a real question keeps it: „Wann passt es Ihnen nächste Woche?“ is no logistics question.
  const call = `Verkäufer: Guten Tag Frau Roth, hier ist Jan von Lagerwerk. Ich rufe an, weil wir Lager mit Scannern ausstatten.\nKundin: Aha, und was kostet das?\nVerkäufer: Das hängt von der Größe ab, meistens um die 300 Euro im Monat.\nKundin: Hm, schicken Sie mir das mal.\nVerkäufer: Mache ich. Wann passt es Ihnen nächste Woche für ein kurzes Gespräch?\nKundin: Mal sehen.\n`;
  const r = analyzeTranscript({ transcript: call, language: 'de' });
  assert.ok(all(r).some((m) => /Wann passt es Ihnen/.test(m.quote) || /Mache ich/.test(m.quote)), all(r).map((m) => m.quote).join(' | '));
});

test('an agenda in the opening may say "and then we decide together …" (11)', () => {
  for (const t of [
    "Today I'd like to understand how your team does customs declarations, and then we decide together if a demo makes sense.",
    'Ich würde gern verstehen, wie ihr das heute macht, und dann entscheiden wir gemeinsam, ob eine Demo Sinn ergibt.',
    'Wir schauen uns Ihre Abläufe an und entscheiden zusammen, ob ein Test passt.',
  ]) assert.ok(AGENDA_RE.test(t), t);
  for (const t of ["We'll decide together with our CFO next month.", 'Das entscheiden wir zusammen mit dem Vorstand.', 'Then we decided to drop the old system.'])
    assert.ok(!AGENDA_RE.test(t), t);
});
