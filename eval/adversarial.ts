// Transcripts built to find slow paths in the analyzer's patterns (a security review found two
// regexes that were quadratic on long runs of one character). Each is `size` characters long;
// eval/run.ts checks that every one is analysed (or refused) as fast as a real transcript of that size.
const REP = 'Anna: Hallo, hier ist Anna von Nordlicht. Was kostet Sie das Problem im Monat?\n';
const CUSTOMER = 'Ben: Das Problem kostet uns';

function fill(prefix: string, unit: string, suffix: string, size: number): string {
  const n = Math.max(0, Math.floor((size - prefix.length - suffix.length) / unit.length));
  return prefix + unit.repeat(n) + suffix;
}

export function adversarialTranscripts(size: number): Record<string, string> {
  return {
    'spaces inside a line': fill(REP + CUSTOMER, ' ', 'x Euro.\n', size),
    'quotes inside a line': fill(`${REP + CUSTOMER} x`, '"', 'y Euro.\n', size),
    'tabs inside a line': fill(REP + CUSTOMER, '\t', 'x Euro.\n', size),
    'no-break spaces': fill(REP + CUSTOMER, '\u00a0', 'x Euro.\n', size),
    'dashes inside a line': fill(`${REP + CUSTOMER} x`, '–', 'y Euro.\n', size),
    'open angle brackets': fill('Anna: ', '<', '\n', size),
    'unclosed voice tags': fill('Anna: ', '<v ', '\n', size),
    'one long line': fill(`${REP}Ben: `, 'das kostet uns jede Woche viel Zeit und ', '.\n', size),
    'one word repeated': fill(`${REP}Ben: `, 'Problem ', '\n', size),
    'one letter': fill(`${REP}Ben: `, 'a', '\n', size),
    'digits, then money': fill(`${REP}Ben: `, '9', ' Euro\n', size),
    'digits alone': fill(`${REP}Ben: `, '9', '\n', size),
    'digits, then people': fill(`${REP}Ben: `, '9', ' Leute\n', size),
    'a number with separators': fill(`${REP}Ben: `, '1.2,', ' Stunden\n', size),
    'numbers and words': fill(`${REP}Ben: `, '12 Stunden ', '\n', size),
    'brackets': fill(`${REP}Ben: `, '([', '\n', size),
    'colons': fill(`${REP}Ben: `, 'a: ', '\n', size),
    'many speakers': fill(REP, 'X: ja\nY: nein\n', '', size),
    'timestamps': fill(REP, '[00:00:01] ', 'Ben: ja\n', size),
    'question marks': fill(`${REP}Ben: `, 'wie? ', '\n', size),
    'newlines': fill(REP, '\n', 'Ben: ja\n', size),
    'emoji': fill(`${REP}Ben: `, '😀', '\n', size),
  };
}
