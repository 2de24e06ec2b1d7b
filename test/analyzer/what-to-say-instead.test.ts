import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyseWithDetails } from '../../src/calls/analyzer/coach/index.ts';
import { contradictingLabels } from '../../src/calls/analyzer/coach/moments/contradicted-by.ts';
import { firstNameOf } from '../../src/calls/analyzer/coach/render/address.ts';
import { corpus, corpusFiles } from './helpers.ts';

test('a first name is taken only from a label that is a person’s full name', () => {
  const cases: Array<[string, string | null]> = [
    ['Thomas Berger (Berger Logistik GmbH)', 'Thomas'], ['Priya Raman', 'Priya'], ['Anna-Lena Voss', 'Anna-Lena'],
    ['Speaker 2', null], ['Kunde', null], ['Customer', null], ['Lindner', null], ['lea', null],
    ['Herr Müller', null], ['Dr. Anna Weber', null], ['Client Services', null], ['sprecher 2', null],
  ];
  for (const [label, want] of cases) assert.equal(firstNameOf(label), want, label);
});

const noCloseCall = (customer: string) => [
  `Dan Miller: Hi, Dan from Routewise here. How do you plan your delivery routes today?`,
  `${customer}: We plan them by hand every morning, and it takes my dispatcher two hours a day.`,
  `Dan Miller: Two hours every day? What does that cost you over a month?`,
  `${customer}: Roughly four thousand dollars a month in overtime, and drivers start late.`,
  `Dan Miller: I see. What happens when a driver starts late?`,
  `${customer}: Customers call us angry, we lose a few of them every quarter.`,
  `Dan Miller: So the manual planning costs you overtime and customers. Our planner builds the routes for you automatically each morning, so your dispatcher gets those two hours back.`,
  `${customer}: That sounds useful, honestly.`,
  `Dan Miller: Great. Thanks for your time today, have a good one.`,
  `${customer}: You too, bye.`,
].join('\n');

test('a missing next step is answered with the customer’s own problem, addressed by first name', () => {
  const d = analyseWithDetails({ transcript: noCloseCall('Priya Raman'), language: 'en' });
  assert.equal(d.kinds.miss.kind, 'no_close');
  const say = d.result.biggest_miss.what_to_say_instead;
  assert.match(say, /^Priya, /, say);
  const echo = /"([^"]+)"/.exec(say)?.[1];
  assert.ok(echo, say);
  // The problem with its cost, not the goodbye or the last polite remark.
  assert.ok(/by hand|overtime|two hours|four thousand|angry/.test(echo), say);
});

test('a customer known only by a role label or addressed with Sie gets no first name', () => {
  const say = analyseWithDetails({ transcript: noCloseCall('Customer'), language: 'en' }).result.biggest_miss.what_to_say_instead;
  assert.doesNotMatch(say, /^\p{L}+, /u, say);
  const de = analyseWithDetails({ transcript: corpus('de_sie_discovery_poor.txt'), language: 'de' }).result.biggest_miss.what_to_say_instead;
  assert.doesNotMatch(de, /^Thomas, /, de);
});

test('no moment is chosen whose own quote does what its text says is missing', () => {
  for (const file of corpusFiles()) {
    const d = analyseWithDetails({ transcript: corpus(file), language: 'en' });
    for (const c of [d.kinds.strongest, d.kinds.miss, ...d.kinds.moments]) {
      assert.deepEqual(contradictingLabels(c.kind, c.quote.text, c.quote.labels), [], `${file}: ${c.kind} at "${c.quote.text}"`);
    }
  }
});
