// Agreement with a sales coach on annotated calls (eval/COACH-ANNOTATION.md): the salesperson
// found, scores equal to the coach's or off by two or more, the biggest miss the coach's (same
// utterance as one the coach named, or on the dimension the coach named), objections found, and
// moments whose text contradicts their own quote.
//
//   npm run eval:agreement -- eval/dev            a folder of annotated calls
//   npm run eval:agreement -- eval/dev -v         every case's figures
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { analyseWithDetails } from '../src/calls/analyzer/coach/index.ts';
import { SCORE_DIMENSIONS, type AnalysisResult, type ScoreDimension } from '../src/calls/analyzer/types.ts';
import { contradictions } from './contradictions.ts';

export interface Annotation {
  rep_speaker?: string;
  scores?: Record<ScoreDimension, number>;
  objections?: Array<{ type: string; handled: boolean }>;
  biggest_miss?: Array<{ dimension: ScoreDimension; quote: string }>;
  repName?: string;
  repSpeaker?: string;
}

export interface AgreementFigures {
  calls: number;
  repFound: number;
  scores: number;
  exact: number;
  offByTwo: number;
  perDimension: Record<ScoreDimension, { exact: number; offByTwo: number; n: number }>;
  missCases: number;
  missMatch: number;
  missDimension: number;
  moments: number;
  contradicting: number;
  objectionTypes: { found: number; expected: number; extra: number };
}

const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

function sameSpot(a: string, b: string): boolean {
  const x = norm(a);
  const y = norm(b);
  if (!x || !y) return false;
  if (x.includes(y) || y.includes(x)) return true;
  const wa = new Set(x.split(' '));
  const wb = y.split(' ');
  const common = wb.filter((w) => wa.has(w)).length;
  return common / Math.min(wa.size, wb.length) >= 0.6;
}

/** The annotated calls of a folder and its subfolders (eval/dev holds earlier sealed sets). */
export function casesIn(dir: string): Array<{ name: string; dir: string; transcript: string; ann: Annotation }> {
  const out: Array<{ name: string; dir: string; transcript: string; ann: Annotation }> = [];
  for (const f of readdirSync(dir).sort()) {
    const path = join(dir, f);
    if (statSync(path).isDirectory()) {
      out.push(...casesIn(path));
      continue;
    }
    if (!['.txt', '.vtt', '.srt'].includes(extname(f))) continue;
    const name = basename(f, extname(f));
    // A transcript without its annotation (still being written) is not a case yet.
    if (!existsSync(join(dir, `${name}.json`))) continue;
    out.push({ name, dir, transcript: readFileSync(path, 'utf8'), ann: JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) as Annotation });
  }
  return out;
}

export function emptyFigures(): AgreementFigures {
  return { calls: 0, repFound: 0, scores: 0, exact: 0, offByTwo: 0, perDimension: Object.fromEntries(SCORE_DIMENSIONS.map((d) => [d, { exact: 0, offByTwo: 0, n: 0 }])) as AgreementFigures['perDimension'], missCases: 0, missMatch: 0, missDimension: 0, moments: 0, contradicting: 0, objectionTypes: { found: 0, expected: 0, extra: 0 } };
}

/** The figures every analyzer is measured by: salesperson, scores, objection types. Returns the case's line. */
export function tally(f: AgreementFigures, c: { name: string; ann: Annotation }, r: AnalysisResult): string[] {
  f.calls++;
  const repOk = !c.ann.rep_speaker || norm(r.rep_speaker) === norm(c.ann.rep_speaker);
  if (repOk) f.repFound++;
  const line: string[] = [`${c.name}: rep ${repOk ? 'ok' : `WRONG (${r.rep_speaker} for ${c.ann.rep_speaker})`}`];
  if (c.ann.scores) {
    for (const dim of SCORE_DIMENSIONS) {
      const diff = Math.abs(r.scores[dim] - c.ann.scores[dim]);
      f.scores++;
      f.perDimension[dim].n++;
      if (diff === 0) {
        f.exact++;
        f.perDimension[dim].exact++;
      }
      if (diff >= 2) {
        f.offByTwo++;
        f.perDimension[dim].offByTwo++;
      }
    }
    line.push(`scores ${SCORE_DIMENSIONS.map((dim) => `${r.scores[dim]}/${c.ann.scores![dim]}`).join(' ')}`);
  }
  if (c.ann.objections) {
    const expected = new Set(c.ann.objections.map((o) => o.type));
    const found = new Set(r.metrics.objections.map((o) => o.type));
    f.objectionTypes.expected += expected.size;
    f.objectionTypes.found += [...expected].filter((t) => found.has(t)).length;
    f.objectionTypes.extra += [...found].filter((t) => !expected.has(t)).length;
  }
  return line;
}

/** The biggest miss at one of the spots the coach named (the LLM names no dimension). */
export function sameMissSpot(ann: Annotation, quote: string): boolean {
  return (ann.biggest_miss ?? []).some((m) => sameSpot(quote, m.quote));
}

export function agreement(dir: string, verbose = false, repName: string | null = 'Jordan Blake'): AgreementFigures {
  const f = emptyFigures();
  for (const c of casesIn(dir)) {
    // As a dialer pushes it: a shared integration key whose owner is in no call.
    const d = analyseWithDetails({ transcript: c.transcript, language: 'en', repName: c.ann.repName ?? repName, repSpeaker: c.ann.repSpeaker });
    const r = d.result;
    const line = tally(f, c, r);
    if (c.ann.biggest_miss?.length) {
      f.missCases++;
      const spot = c.ann.biggest_miss.some((m) => sameSpot(r.biggest_miss.quote, m.quote));
      const dimOk = c.ann.biggest_miss.some((m) => m.dimension === d.kinds.miss.dimension);
      if (spot || dimOk) f.missMatch++;
      if (dimOk) f.missDimension++;
      line.push(`miss ${spot ? 'same spot' : dimOk ? 'same dimension' : `OTHER (${d.kinds.miss.kind} on ${d.kinds.miss.dimension}; coach: ${c.ann.biggest_miss.map((m) => m.dimension).join('/')})`}`);
    }
    const bad = contradictions(d);
    f.moments += 5;
    f.contradicting += bad.length;
    if (bad.length) line.push(`contradicting: ${bad.join('; ')}`);
    if (verbose) console.log(line.join(' | '));
  }
  return f;
}

export function printAgreement(label: string, f: AgreementFigures): void {
  const pct = (a: number, b: number) => (b === 0 ? '–' : `${Math.round((a / b) * 100)} %`);
  console.log(`${label}: ${f.calls} calls`);
  console.log(`  salesperson found     ${f.repFound}/${f.calls}`);
  console.log(`  scores exact          ${f.exact}/${f.scores} (${pct(f.exact, f.scores)}), off by two or more ${f.offByTwo} (${pct(f.offByTwo, f.scores)})`);
  for (const dim of SCORE_DIMENSIONS) {
    const p = f.perDimension[dim];
    console.log(`    ${dim.padEnd(20)} exact ${p.exact}/${p.n}, off by two ${p.offByTwo}`);
  }
  console.log(`  biggest miss          ${f.missMatch}/${f.missCases} (${pct(f.missMatch, f.missCases)}; on the coach's dimension ${f.missDimension})`);
  console.log(`  objection types       ${f.objectionTypes.found}/${f.objectionTypes.expected} found, ${f.objectionTypes.extra} extra`);
  console.log(`  contradicting moments ${f.contradicting}/${f.moments}`);
}

const isMain = process.argv[1] && import.meta.url.endsWith(basename(process.argv[1]));
if (isMain) {
  const args = process.argv.slice(2);
  const verbose = args.includes('-v');
  for (const dir of args.filter((a) => !a.startsWith('-'))) {
    if (!statSync(dir).isDirectory()) continue;
    printAgreement(dir, agreement(dir, verbose));
  }
}
