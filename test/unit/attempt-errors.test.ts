// The delivery log shows what the sender logged for each attempt in the interface language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { attemptErrorText } from '../../src/web/form-errors.ts';
import { translator } from '../../src/web/i18n.ts';

test('the sender\'s attempt errors read in German in the German interface; technical ones stay as logged', () => {
  const de = translator('de');
  assert.equal(attemptErrorText(de, 'HTTP status 500'), 'HTTP-Status 500');
  assert.equal(attemptErrorText(de, 'timeout after 10000 ms'), 'keine Antwort innerhalb von 10000 ms');
  assert.equal(attemptErrorText(de, 'redirect not followed'), 'eine Weiterleitung, der nicht gefolgt wurde');
  assert.match(attemptErrorText(de, 'interrupted: the sending process stopped during this attempt'), /^unterbrochen: /);
  assert.equal(attemptErrorText(de, 'connect ECONNREFUSED 127.0.0.1:9'), 'connect ECONNREFUSED 127.0.0.1:9');
  assert.equal(attemptErrorText(translator('en'), 'HTTP status 502'), 'HTTP status 502');
});
