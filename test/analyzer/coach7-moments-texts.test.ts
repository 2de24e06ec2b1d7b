// Coach review 7: the choice and the text of the coaching – lines that fit the call type (no
// cold-call line for a customer, a follow-up or a referral), no biggest miss at the rep's best lines,
// echoes that are whole clauses, the decider named in the line, and where a miss is quoted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeTranscript } from '../../src/calls/analyzer/builtin/index.ts';
import { brokenEcho, echoPhrase, standsAlone } from '../../src/calls/analyzer/builtin/echo.ts';
import { EXISTING_CUSTOMER_RE, namedDecider, OWN_QUESTION_RE, RECALL_ONLY_RE, WARM_CALL_REP_RE } from '../../src/calls/analyzer/builtin/moments.ts';
import { objectionCommitment, objectionSay } from '../../src/calls/analyzer/builtin/texts.ts';
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
